"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { OUTSIDE_ACTIVITY_TEXT } from "@/lib/content/attestations";

/** "This work is permitted by my employer's outside-activity policy." — asked before accepting or applying (issue 17 §2). */
export function OutsideActivityField({ id, checked, onChange, error }: { id: string; checked: boolean; onChange: (checked: boolean) => void; error?: string | null }) {
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-2">
        <Checkbox id={id} checked={checked} onCheckedChange={(c) => onChange(c === true)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
        <Label htmlFor={id} className="leading-snug">{OUTSIDE_ACTIVITY_TEXT}</Label>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export const OUTSIDE_ACTIVITY_MISSING = "Please confirm your employer's outside-activity policy permits this work.";
