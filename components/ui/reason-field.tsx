"use client";

import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FieldError } from "@/components/ui/field-error";
import { REASON_MAX, reasonSchema } from "@/lib/engagements/schemas/engagements";

/** The server's rule for a required reason, checked before sending so the message sits under the field at once. */
export function reasonError(reason: string): string | null {
  const parsed = reasonSchema.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Please give a reason");
}

/**
 * A labelled free-text reason (decline, cancel, reschedule, no-show, dispute, resolution note)
 * with its error announced next to it and tied to the field for screen readers.
 */
export function ReasonField({
  id: givenId,
  required = false,
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
  /** The textarea's id, when the form moves the focus to it itself. */
  id?: string;
  required?: boolean;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={maxLength}
        required={required || undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <FieldError id={`${id}-error`}>{error ?? null}</FieldError>
    </div>
  );
}
