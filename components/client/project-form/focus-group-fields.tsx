"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { describeZone } from "@/lib/platform/format";
import type { FormKit } from "@/components/client/project-form/form-kit";

/** A focus group's own fields: the backup seat fee and, for a new one, its first session. */
export function FocusGroupFields({ kit, isNew }: { kit: FormKit; isNew: boolean }) {
  const { values, set, errors, id, fieldProps } = kit;
  return (
    <>
      <Field
        id={id("backupFee")}
        label="Backup seat fee ($)"
        error={errors.backupFee}
        hint="Paid to an expert who kept a backup seat free when they were not needed."
      >
        <Input
          {...fieldProps("backupFee")}
          value={values.backupFee}
          onChange={(e) => set("backupFee", e.target.value)}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
        />
      </Field>
      {isNew && (
        <fieldset className="grid gap-3 rounded-md border p-3 sm:col-span-2">
          <legend className="px-1 text-sm font-medium">First session (optional: you can add sessions later)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id={id("firstSessionAt")} label={<>Starts ({describeZone(values.timeZone)})</>} error={errors.firstSessionAt}>
              <Input
                {...fieldProps("firstSessionAt")}
                type="datetime-local"
                value={values.firstSessionAt}
                onChange={(e) => set("firstSessionAt", e.target.value)}
              />
            </Field>
            <Field id={id("firstSessionSeats")} label="Seats" error={errors.firstSessionSeats}>
              <Input
                {...fieldProps("firstSessionSeats")}
                type="number"
                min={2}
                max={50}
                inputMode="numeric"
                value={values.firstSessionSeats}
                onChange={(e) => set("firstSessionSeats", e.target.value)}
              />
            </Field>
            <Field id={id("firstSessionBackupSeats")} label="Backup seats" error={errors.firstSessionBackupSeats}>
              <Input
                {...fieldProps("firstSessionBackupSeats")}
                type="number"
                min={0}
                max={10}
                inputMode="numeric"
                value={values.firstSessionBackupSeats}
                onChange={(e) => set("firstSessionBackupSeats", e.target.value)}
              />
            </Field>
          </div>
        </fieldset>
      )}
    </>
  );
}
