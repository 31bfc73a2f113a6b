"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PARTICIPANT_PLACEHOLDER } from "@/lib/engagements/survey-links";
import type { FormKit } from "@/components/client/project-form/form-kit";

/** A survey's own fields: the link out (with the participant id placeholder) and the screen-out and over-quota pay. */
export function SurveyFields({ kit }: { kit: FormKit }) {
  const { values, set, errors, id, fieldProps } = kit;
  return (
    <>
      <Field
        id={id("surveyUrl")}
        label="Survey link"
        error={errors.surveyUrl}
        className="sm:col-span-2"
        hint={
          <>
            Any survey tool. Put {PARTICIPANT_PLACEHOLDER} where each expert&apos;s id goes: they get their own link with an opaque id,
            never a name or e-mail.
          </>
        }
      >
        <Input
          {...fieldProps("surveyUrl")}
          value={values.surveyUrl}
          onChange={(e) => set("surveyUrl", e.target.value)}
          type="url"
          inputMode="url"
          placeholder={`https://your-survey-tool.example/s/123?pid=${PARTICIPANT_PLACEHOLDER}`}
          maxLength={2000}
          required
        />
      </Field>
      <Field id={id("screenOutPay")} label="Screen-out pay ($)" error={errors.screenOutPay}>
        <Input
          {...fieldProps("screenOutPay")}
          value={values.screenOutPay}
          onChange={(e) => set("screenOutPay", e.target.value)}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
        />
      </Field>
      <Field id={id("overQuotaPay")} label="Over-quota pay ($)" error={errors.overQuotaPay}>
        <Input
          {...fieldProps("overQuotaPay")}
          value={values.overQuotaPay}
          onChange={(e) => set("overQuotaPay", e.target.value)}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
        />
      </Field>
    </>
  );
}
