"use client";

import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";
import { CheckboxGroup, SelectField } from "@/components/onboarding/fields";
import { AvailabilityGrid } from "@/components/onboarding/availability-grid";
import { ConflictDeclarationsForm } from "@/components/onboarding/conflict-declarations-form";
import type { StepFieldsProps } from "@/components/onboarding/step-props";
import { MAX_HOURS } from "@/lib/experts/profile/steps/preferences";
import { CHOOSABLE_AVAILABILITY } from "@/lib/vocabulary/availability";
import { INTERVIEW_PREFERENCES, RESEARCH_TYPES } from "@/lib/vocabulary/research";

const TOGGLES = [
  { key: "isPublicProfile", label: "Public profile", hint: "Verified experts with a public profile appear in client search." },
  { key: "showOrganization", label: "Show organization", hint: "Clients see your school or district." },
  { key: "showExperience", label: "Show experience", hint: "Clients see your years of experience." },
  { key: "showRates", label: "Show rates", hint: "Clients see your hourly rate range." },
  { key: "showContactInfo", label: "Show contact info", hint: "Clients see your contact details. Off by default." },
] as const;

export function PreferencesFields({ values, errors, set }: StepFieldsProps<"preferences">) {
  const maxHours = values.maxHoursPerWeek ?? MAX_HOURS.default;
  return (
    <div className="space-y-6">
      <CheckboxGroup
        id="preferences-researchTypes"
        legend="Research types"
        required
        options={RESEARCH_TYPES}
        values={values.researchTypes ?? []}
        onChange={(next) => set("researchTypes", next)}
        error={errors.researchTypes}
      />
      <CheckboxGroup
        id="preferences-interviewPreferences"
        legend="Interview preferences"
        required
        options={INTERVIEW_PREFERENCES}
        values={values.interviewPreferences ?? []}
        onChange={(next) => set("interviewPreferences", next)}
        error={errors.interviewPreferences}
      />
      <SelectField
        id="preferences-availabilityStatus"
        label="Availability status"
        required
        error={errors.availabilityStatus}
        className="max-w-xs"
        value={values.availabilityStatus}
        options={CHOOSABLE_AVAILABILITY}
        onChange={(v) => set("availabilityStatus", v)}
      />
      <section aria-labelledby="preferences-grid-title" className="space-y-2">
        <h3 id="preferences-grid-title" className="text-sm font-medium">
          Weekly availability
        </h3>
        <p className="text-xs text-muted-foreground">
          Select the hours you are usually free (in your time zone). They become the times you can pick for a study, every week; change them
          later in the Availability Calendar. Use the arrow keys to move between cells.
        </p>
        <AvailabilityGrid value={values.availabilityHours ?? {}} onChange={(next) => set("availabilityHours", next)} />
      </section>
      <div className="space-y-2">
        <Label id="preferences-maxHours-label">Maximum hours per week: {maxHours}</Label>
        <Slider
          aria-labelledby="preferences-maxHours-label"
          min={MAX_HOURS.min}
          max={MAX_HOURS.max}
          step={1}
          value={[maxHours]}
          onValueChange={([v]) => set("maxHoursPerWeek", v)}
          className="max-w-sm"
        />
      </div>
      <fieldset className="min-w-0 space-y-3">
        <legend className="text-sm font-medium">Profile visibility</legend>
        {TOGGLES.map((t) => (
          <div key={t.key} className="flex items-start justify-between gap-4">
            <div>
              <Label htmlFor={`preferences-${t.key}`}>{t.label}</Label>
              <p id={`preferences-${t.key}-hint`} className="text-xs text-muted-foreground">
                {t.hint}
              </p>
            </div>
            <Switch
              id={`preferences-${t.key}`}
              aria-describedby={`preferences-${t.key}-hint`}
              checked={values[t.key] === true}
              onCheckedChange={(c) => set(t.key, c)}
            />
          </div>
        ))}
      </fieldset>
      <ConflictDeclarationsForm />
    </div>
  );
}
