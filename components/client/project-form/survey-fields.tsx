"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { PARTICIPANT_PLACEHOLDER } from "@/lib/engagements/survey-links";
import type { FormKit } from "@/components/client/project-form/form-kit";

/** A survey's own fields: the link out (with the participant id placeholder) and the screen-out and over-quota pay. */
export function SurveyFields({ kit }: { kit: FormKit }) {
  const { values, set, errors, id, fieldProps } = kit;
  return (
    <>
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={id("surveyUrl")}>Survey link</Label>
        <Input
          {...fieldProps("surveyUrl")}
          aria-describedby={[errors.surveyUrl ? `${id("surveyUrl")}-error` : null, `${id("surveyUrl")}-help`].filter(Boolean).join(" ")}
          value={values.surveyUrl}
          onChange={(e) => set("surveyUrl", e.target.value)}
          type="url"
          inputMode="url"
          placeholder={`https://your-survey-tool.example/s/123?pid=${PARTICIPANT_PLACEHOLDER}`}
          maxLength={2000}
          required
        />
        <p id={`${id("surveyUrl")}-help`} className="text-xs text-muted-foreground">
          Any survey tool. Put {PARTICIPANT_PLACEHOLDER} where each expert&apos;s id goes: they get their own link with an opaque id, never
          a name or e-mail.
        </p>
        <FieldError id={`${id("surveyUrl")}-error`}>{errors.surveyUrl?.[0]}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("screenOutPay")}>Screen-out pay ($)</Label>
        <Input
          {...fieldProps("screenOutPay")}
          value={values.screenOutPay}
          onChange={(e) => set("screenOutPay", e.target.value)}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
        />
        <FieldError id={`${id("screenOutPay")}-error`}>{errors.screenOutPay?.[0]}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("overQuotaPay")}>Over-quota pay ($)</Label>
        <Input
          {...fieldProps("overQuotaPay")}
          value={values.overQuotaPay}
          onChange={(e) => set("overQuotaPay", e.target.value)}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
        />
        <FieldError id={`${id("overQuotaPay")}-error`}>{errors.overQuotaPay?.[0]}</FieldError>
      </div>
    </>
  );
}
