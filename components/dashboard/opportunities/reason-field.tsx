import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FieldError } from "@/components/ui/field-error";
import { REASON_MAX, reasonSchema } from "@/lib/engagements/schemas/engagements";

export { REASON_MAX };

/** The server's rule for a required reason, checked before sending so the message sits under the field at once. */
export function reasonError(reason: string): string | null {
  const parsed = reasonSchema.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Please give a reason");
}

/** The required "Reason (shared with the client)" field of the cancel and reschedule dialogs. */
export function ReasonField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={`${id}-reason`}>Reason (shared with the client)</Label>
      <Textarea
        id={`${id}-reason`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={REASON_MAX}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reason-error` : undefined}
      />
      <FieldError id={`${id}-reason-error`}>{error}</FieldError>
    </div>
  );
}
