"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldError } from "@/components/ui/field-error";
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
        <div className="grid gap-1.5">
          <Label htmlFor={id("locationType")}>Location Type</Label>
          <NativeSelect {...fieldProps("locationType")} value={values.locationType} onChange={(e) => set("locationType", e.target.value)}>
            {LOCATION_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${id("locationType")}-error`}>{errors.locationType?.[0]}</FieldError>
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={id("compensation")}>Incentive {perUnit(formatOf(values.projectType))} ($)</Label>
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
        <FieldError id={`${id("compensation")}-error`}>{errors.compensation?.[0]}</FieldError>
        <p id={`${id("compensation")}-help`} className="text-xs text-muted-foreground">
          {POLICY.incentiveChange}
        </p>
      </div>
      {budgetEditable ? (
        <div className="grid gap-1.5">
          <Label htmlFor={id("budget")}>Budget ($, optional)</Label>
          <Input
            {...fieldProps("budget")}
            value={values.budget}
            onChange={(e) => set("budget", e.target.value)}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
          />
          <FieldError id={`${id("budget")}-error`}>{errors.budget?.[0]}</FieldError>
          <p id={`${id("budget")}-help`} className="text-xs text-muted-foreground">
            The most this project may commit in incentives. Leave empty for no limit.
          </p>
        </div>
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
      <div className="grid gap-1.5">
        <Label htmlFor={id("durationMinutes")}>
          {values.projectType === "survey" ? "Survey length (minutes)" : "Session length (minutes)"}
        </Label>
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
        <FieldError id={`${id("durationMinutes")}-error`}>{errors.durationMinutes?.[0]}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("quota")}>{capitalize(FORMAT_UNITS[formatOf(values.projectType)].many)} wanted</Label>
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
        <p id={`${id("quota")}-help`} className="text-xs text-muted-foreground">
          {values.projectType === "survey"
            ? "The survey closes itself when this many responses are in; anyone already answering may still finish."
            : "A goal, not a limit: you may accept more experts than this."}
        </p>
        <FieldError id={`${id("quota")}-error`}>{errors.quota?.[0]}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("deadline")}>Deadline</Label>
        <Input
          {...fieldProps("deadline")}
          value={values.deadline}
          onChange={(e) => set("deadline", e.target.value)}
          type="date"
          min={today}
          required
        />
        <FieldError id={`${id("deadline")}-error`}>{errors.deadline?.[0]}</FieldError>
      </div>
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={id("timeZone")}>Time zone</Label>
        <NativeSelect {...fieldProps("timeZone")} value={values.timeZone} onChange={(e) => set("timeZone", e.target.value)}>
          {zones.map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id("timeZone")}-error`}>{errors.timeZone?.[0]}</FieldError>
      </div>
    </>
  );
}
