"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { FORMAT_UNITS, formatOf, hasLocation, LOCATION_TYPES, perUnit } from "@/lib/vocabulary/studies";
import { POLICY } from "@/lib/money/policy";
import { formatMoney } from "@/lib/platform/format";
import { capitalize } from "@/components/client/project-form/project-form-values";
import type { FormKit } from "@/components/client/project-form/form-kit";

type Props = {
  kit: FormKit;
  /** Billing roles set the budget; everyone else sees it read-only. */
  budgetEditable: boolean;
  zones: { value: string; label: string }[];
  /** The earliest deadline, YYYY-MM-DD. */
  today: string;
};

/** Every study's terms: where, the incentive, the budget, the length, how many, by when and in which zone. */
export function TermsFields({ kit, budgetEditable, zones, today }: Props) {
  const { values, set, errors, id, fieldProps } = kit;
  return (
    <>
      {hasLocation(formatOf(values.projectType)) ? (
        <Field id={id("locationType")} label="Location Type" error={errors.locationType}>
          <NativeSelect {...fieldProps("locationType")} value={values.locationType} onChange={(e) => set("locationType", e.target.value)}>
            {LOCATION_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <Field
        id={id("compensation")}
        label={<>Incentive {perUnit(formatOf(values.projectType))} ($)</>}
        error={errors.compensation}
        hint={POLICY.incentiveChange}
      >
        <Input
          {...fieldProps("compensation")}
          value={values.compensation}
          onChange={(e) => set("compensation", e.target.value)}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          required
        />
      </Field>
      {budgetEditable ? (
        <Field
          id={id("budget")}
          label="Budget ($, optional)"
          error={errors.budget}
          hint="The most this project may commit in incentives. Leave empty for no limit."
        >
          <Input
            {...fieldProps("budget")}
            value={values.budget}
            onChange={(e) => set("budget", e.target.value)}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
          />
        </Field>
      ) : (
        <div className="grid gap-1.5" data-testid="budget-read-only">
          <p className="text-sm font-medium">Budget</p>
          <p className="text-sm">{values.budget ? formatMoney(Math.round(Number(values.budget) * 100)) : "No budget set"}</p>
          <p className="text-xs text-muted-foreground">
            The most this project may commit in incentives, bonuses and fees. Your organization&apos;s owners, admins and finance members
            set it on the billing page.
          </p>
        </div>
      )}
      <Field
        id={id("durationMinutes")}
        label={<>{values.projectType === "survey" ? "Survey length (minutes)" : "Session length (minutes)"}</>}
        error={errors.durationMinutes}
      >
        <Input
          {...fieldProps("durationMinutes")}
          value={values.durationMinutes}
          onChange={(e) => set("durationMinutes", e.target.value)}
          type="number"
          min={5}
          max={480}
          step={5}
          required
        />
      </Field>
      <Field
        id={id("quota")}
        label={<>{capitalize(FORMAT_UNITS[formatOf(values.projectType)].many)} wanted</>}
        error={errors.quota}
        hint={
          values.projectType === "survey"
            ? "The survey closes itself when this many responses are in; anyone already answering may still finish."
            : "A goal, not a limit: you may accept more experts than this."
        }
      >
        <Input
          {...fieldProps("quota")}
          value={values.quota}
          onChange={(e) => set("quota", e.target.value)}
          type="number"
          min={1}
          max={500}
          step={1}
          required
        />
      </Field>
      <Field id={id("deadline")} label="Deadline" error={errors.deadline}>
        <Input
          {...fieldProps("deadline")}
          value={values.deadline}
          onChange={(e) => set("deadline", e.target.value)}
          type="date"
          min={today}
          required
        />
      </Field>
      <Field id={id("timeZone")} label="Time zone" error={errors.timeZone} className="sm:col-span-2">
        <NativeSelect {...fieldProps("timeZone")} value={values.timeZone} onChange={(e) => set("timeZone", e.target.value)}>
          {zones.map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </>
  );
}
