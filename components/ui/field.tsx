import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";

// The one labelled form field: every form builds its rows with it, so the required mark, the
// screen reader's "(required)", the hint and the error (one message, tied by id) read the same
// everywhere. The input inside names `${id}-error` (and `${id}-hint`) in its aria-describedby.

/** A labelled field with its error tied by aria-describedby (see `describedBy` in components/onboarding/fields.tsx). */
export function Field({
  id,
  label,
  error,
  required = false,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string[];
  required?: boolean;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden className="text-destructive">
            {" "}
            *
          </span>
        )}
        {required && <span className="sr-only"> (required)</span>}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error?.[0]}</FieldError>
    </div>
  );
}
