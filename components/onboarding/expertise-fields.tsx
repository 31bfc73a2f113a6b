"use client";

import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { SelectField, TagInput, describedBy } from "@/components/onboarding/fields";
import { str, type StepFieldsProps } from "@/components/onboarding/step-props";
import { DISTRICT_SIZES, DISTRICT_TYPES, URBANICITY } from "@/lib/vocabulary/districts";

export function ExpertiseFields({ values, errors, set }: StepFieldsProps<"expertise">) {
  return (
    <div className="space-y-4">
      <Field id="expertise-yearsExperience" label="Years of experience" required error={errors.yearsExperience}>
        <Input
          {...describedBy("expertise-yearsExperience", errors, "yearsExperience")}
          type="number"
          inputMode="numeric"
          min={0}
          max={50}
          step={1}
          className="max-w-32"
          value={str(values.yearsExperience)}
          onChange={(e) => set("yearsExperience", e.target.value === "" ? null : Number(e.target.value))}
        />
      </Field>
      <TagInput
        id="expertise-tags"
        label="Focus areas"
        required
        hint="Add at least 2, e.g. Literacy, STEM, Special Education. Press Enter or the plus button to add each one."
        values={values.tags ?? []}
        onChange={(next) => set("tags", next)}
        error={errors.tags}
        placeholder="Type a focus area"
      />
      <TagInput
        id="expertise-toolsPlatforms"
        label="Tools and platforms"
        hint="e.g. Google Classroom, Canvas, PowerSchool."
        values={values.toolsPlatforms ?? []}
        onChange={(next) => set("toolsPlatforms", next)}
        error={errors.toolsPlatforms}
        placeholder="Type a tool"
      />
      <TagInput
        id="expertise-certifications"
        label="Certifications"
        hint="Licences and certifications, e.g. Superintendent license (CA), National Board Certified Teacher."
        values={values.certifications ?? []}
        onChange={(next) => set("certifications", next)}
        error={errors.certifications}
        placeholder="Type a certification"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          placeholder="Not specified"
          id="expertise-districtType"
          label="District type"
          value={values.districtType}
          options={DISTRICT_TYPES}
          error={errors.districtType}
          onChange={(v) => set("districtType", v)}
        />
        <SelectField
          placeholder="Not specified"
          id="expertise-districtSize"
          label="District size"
          value={values.districtSize}
          options={DISTRICT_SIZES}
          error={errors.districtSize}
          onChange={(v) => set("districtSize", v)}
        />
        <SelectField
          placeholder="Not specified"
          id="expertise-urbanicity"
          label="Urbanicity"
          value={values.urbanicity}
          options={URBANICITY}
          error={errors.urbanicity}
          onChange={(v) => set("urbanicity", v)}
        />
      </div>
    </div>
  );
}
