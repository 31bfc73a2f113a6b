"use client";

import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { Textarea } from "@/components/ui/textarea";
import { Field } from "@/components/ui/field";
import { CheckboxGroup, describedBy } from "@/components/onboarding/fields";
import { str, type StepFieldsProps } from "@/components/onboarding/step-props";
import { MAX_IMPROVEMENT_AREAS, PULSE_DEFAULT } from "@/lib/experts/profile/steps/pulse";
import { IMPROVEMENT_AREAS, PULSE_AREAS, pulseLevel, type PulseArea } from "@/lib/vocabulary/research";

export function PulseFields({ values, errors, set }: StepFieldsProps<"pulse">) {
  const scores: Partial<Record<PulseArea, number>> = values.pulseScores ?? {};
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted-foreground">
        Rate yourself from 1 to 10 in each area: 1-2 Beginner, 3-4 Developing, 5-6 Proficient, 7-8 Advanced, 9-10 Expert.
      </p>
      {PULSE_AREAS.map((area) => {
        const score = scores[area.value] ?? PULSE_DEFAULT;
        return (
          <div key={area.value} className="space-y-2">
            <div className="flex items-center justify-between gap-2">
              <Label id={`pulse-${area.value}-label`}>{area.label}</Label>
              <span className="text-sm tabular-nums" aria-hidden>
                {score} · {pulseLevel(score)}
              </span>
            </div>
            <Slider
              aria-labelledby={`pulse-${area.value}-label`}
              aria-valuetext={`${score}, ${pulseLevel(score)}`}
              min={1}
              max={10}
              step={1}
              value={[score]}
              onValueChange={([v]) =>
                set("pulseScores", {
                  ...(Object.fromEntries(PULSE_AREAS.map((a) => [a.value, scores[a.value] ?? PULSE_DEFAULT])) as Record<PulseArea, number>),
                  [area.value]: v,
                })
              }
            />
          </div>
        );
      })}
      <CheckboxGroup
        id="pulse-improvementAreas"
        legend={`Areas you want to grow in (up to ${MAX_IMPROVEMENT_AREAS})`}
        options={IMPROVEMENT_AREAS}
        values={values.improvementAreas ?? []}
        max={MAX_IMPROVEMENT_AREAS}
        onChange={(next) => set("improvementAreas", next)}
        error={errors.improvementAreas}
      />
      <Field id="pulse-additionalNotes" label="Additional notes" error={errors.additionalNotes}>
        <Textarea
          {...describedBy("pulse-additionalNotes", errors, "additionalNotes")}
          rows={3}
          maxLength={2000}
          value={str(values.additionalNotes)}
          onChange={(e) => set("additionalNotes", e.target.value)}
        />
      </Field>
    </div>
  );
}
