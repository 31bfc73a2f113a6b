"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { describeZone } from "@/lib/platform/format";
import type { FormKit } from "@/components/client/project-form/form-kit";

/** A focus group's own fields: the backup seat fee and, for a new one, its first session. */
export function FocusGroupFields({ kit, isNew }: { kit: FormKit; isNew: boolean }) {
  const { values, set, errors, id, fieldProps } = kit;
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={id("backupFee")}>Backup seat fee ($)</Label>
        <Input
          {...fieldProps("backupFee")}
          aria-describedby={[errors.backupFee ? `${id("backupFee")}-error` : null, `${id("backupFee")}-help`].filter(Boolean).join(" ")}
          value={values.backupFee}
          onChange={(e) => set("backupFee", e.target.value)}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
        />
        <p id={`${id("backupFee")}-help`} className="text-xs text-muted-foreground">
          Paid to an expert who kept a backup seat free when they were not needed.
        </p>
        <FieldError id={`${id("backupFee")}-error`}>{errors.backupFee?.[0]}</FieldError>
      </div>
      {isNew && (
        <fieldset className="grid gap-3 rounded-md border p-3 sm:col-span-2">
          <legend className="px-1 text-sm font-medium">First session (optional: you can add sessions later)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor={id("firstSessionAt")}>Starts ({describeZone(values.timeZone)})</Label>
              <Input
                {...fieldProps("firstSessionAt")}
                type="datetime-local"
                value={values.firstSessionAt}
                onChange={(e) => set("firstSessionAt", e.target.value)}
              />
              <FieldError id={`${id("firstSessionAt")}-error`}>{errors.firstSessionAt?.[0]}</FieldError>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={id("firstSessionSeats")}>Seats</Label>
              <Input
                {...fieldProps("firstSessionSeats")}
                type="number"
                min={2}
                max={50}
                inputMode="numeric"
                value={values.firstSessionSeats}
                onChange={(e) => set("firstSessionSeats", e.target.value)}
              />
              <FieldError id={`${id("firstSessionSeats")}-error`}>{errors.firstSessionSeats?.[0]}</FieldError>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={id("firstSessionBackupSeats")}>Backup seats</Label>
              <Input
                {...fieldProps("firstSessionBackupSeats")}
                type="number"
                min={0}
                max={10}
                inputMode="numeric"
                value={values.firstSessionBackupSeats}
                onChange={(e) => set("firstSessionBackupSeats", e.target.value)}
              />
              <FieldError id={`${id("firstSessionBackupSeats")}-error`}>{errors.firstSessionBackupSeats?.[0]}</FieldError>
            </div>
          </div>
        </fieldset>
      )}
    </>
  );
}
