"use client";

import { Label } from "@/components/ui/label";
import { AttestationCheckbox } from "@/components/ui/attestation-checkbox";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { ScreenerBuilder, newQuestion } from "@/components/client/screener-builder";
import { PROJECT_VISIBILITIES } from "@/lib/vocabulary/studies";
import { RESEARCH_ATTESTATION_TEXT } from "@/lib/accounts/attestations";
import type { FormKit } from "@/components/client/project-form/form-kit";

type Props = {
  kit: FormKit;
  isNew: boolean;
  /** How many experts answered the current screener (a change then saves a new version). */
  answeredScreener: number;
  /** The form's id base: the screener builder's ids start with it. */
  idBase: string;
};

/** Who may see the project, its optional screener, and (new projects) the research attestation. */
export function VisibilityAndScreener({ kit, isNew, answeredScreener, idBase }: Props) {
  const { values, set, setValues, errors, id } = kit;
  const screenerError = errors.screener?.[0];
  return (
    <>
      <fieldset className="grid gap-2" aria-describedby={errors.visibility ? `${id("visibility")}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Visibility</legend>
        {PROJECT_VISIBILITIES.map((v) => (
          <label key={v.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="visibility"
              value={v.value}
              checked={values.visibility === v.value}
              onChange={() => set("visibility", v.value)}
              className="size-4 accent-primary"
            />
            {v.label}
          </label>
        ))}
        <FieldError id={`${id("visibility")}-error`}>{errors.visibility?.[0]}</FieldError>
      </fieldset>

      <div className="grid gap-3 rounded-md border border-dashed p-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id={id("screenerOn")}
            checked={values.screenerOn}
            onCheckedChange={(checked) =>
              setValues((v) => ({
                ...v,
                screenerOn: checked === true,
                screener: checked === true && v.screener.length === 0 ? [newQuestion([])] : v.screener,
              }))
            }
          />
          <Label htmlFor={id("screenerOn")}>Screen applicants with questions (optional)</Label>
        </div>
        {values.screenerOn && (
          <>
            {!isNew && answeredScreener > 0 && (
              <p className="text-sm text-muted-foreground">
                {answeredScreener === 1 ? "1 expert has" : `${answeredScreener} experts have`} answered this screener. Changing it saves a
                new version; their answers stay with the version they saw.
              </p>
            )}
            <ScreenerBuilder
              idBase={idBase}
              questions={values.screener}
              onChange={(screener) => set("screener", screener)}
              errors={errors}
            />
            {screenerError && (
              <p role="alert" tabIndex={-1} data-form-error className="text-sm text-destructive">
                {screenerError}
              </p>
            )}
          </>
        )}
      </div>

      {isNew && (
        <div className="grid gap-1">
          <AttestationCheckbox
            id={id("researchAttested")}
            label={RESEARCH_ATTESTATION_TEXT}
            checked={values.researchAttested}
            onChange={(checked) => set("researchAttested", checked)}
            error={errors.researchAttested?.[0]}
          />
        </div>
      )}
    </>
  );
}
