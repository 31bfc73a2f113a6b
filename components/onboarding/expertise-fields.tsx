"use client";

import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Field, TagInput, describedBy } from "@/components/onboarding/fields";
import { list, str, type StepFieldsProps } from "@/components/onboarding/step-props";
import { DISTRICT_SIZES, DISTRICT_TYPES, URBANICITY } from "@/lib/vocabulary/districts";

function Choice({ id, label, name, options, values, errors, set }: StepFieldsProps & { id: string; label: string; name: string; options: readonly { value: string; label: string }[] }) {
  return (
    <Field id={id} label={label} error={errors[name]}>
      <NativeSelect {...describedBy(id, errors, name)} value={str(values[name])} onChange={(e) => set(name, e.target.value || null)}>
        <option value="">Not specified</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

export function ExpertiseFields(props: StepFieldsProps) {
  const { values, errors, set } = props;
  return (
    <div className="space-y-4">
      <Field id="expertise-yearsInRole" label="Years of experience" required error={errors.yearsInRole}>
        <Input
          {...describedBy("expertise-yearsInRole", errors, "yearsInRole")}
          type="number"
          inputMode="numeric"
          min={0}
          max={50}
          step={1}
          className="max-w-32"
          value={str(values.yearsInRole)}
          onChange={(e) => set("yearsInRole", e.target.value === "" ? null : Number(e.target.value))}
        />
      </Field>
      <TagInput
        id="expertise-expertiseTags"
        label="Focus areas"
        required
        hint="Add at least 2, e.g. Literacy, STEM, Special Education. Press Enter or the plus button to add each one."
        values={list(values.expertiseTags)}
        onChange={(next) => set("expertiseTags", next)}
        error={errors.expertiseTags}
        placeholder="Type a focus area"
      />
      <TagInput
        id="expertise-tools"
        label="Tools and platforms"
        hint="e.g. Google Classroom, Canvas, PowerSchool."
        values={list(values.tools)}
        onChange={(next) => set("tools", next)}
        error={errors.tools}
        placeholder="Type a tool"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Choice {...props} id="expertise-districtType" label="District type" name="districtType" options={DISTRICT_TYPES} />
        <Choice {...props} id="expertise-districtSizeBand" label="District size" name="districtSizeBand" options={DISTRICT_SIZES} />
        <Choice {...props} id="expertise-urbanicity" label="Urbanicity" name="urbanicity" options={URBANICITY} />
      </div>
    </div>
  );
}
