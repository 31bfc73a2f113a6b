"use client";

import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FieldError } from "@/components/ui/field-error";
import { REASON_MAX } from "@/lib/engagements/schemas/engagements";

/**
 * A labelled free-text reason (decline, cancel, reschedule, no-show, dispute, resolution note)
 * with its error announced next to it and tied to the field for screen readers.
 */
export function ReasonField({
  label,
  value,
  onChange,
  error,
  maxLength = REASON_MAX,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={maxLength}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-error`}>{error ?? null}</FieldError>
    </div>
  );
}
