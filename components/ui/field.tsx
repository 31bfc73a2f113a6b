import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { cn } from "@/lib/platform/utils";

// The one labelled form field: every form builds its rows with it, so the required mark, the
// screen reader's "(required)", the hint and the error (one message, tied by id) read the same
// everywhere. The input inside names `${id}-error` (and `${id}-hint`) in its aria-describedby.

/**
 * The wiring of the input inside a `Field`: its id, whether it is invalid, and what it is
 * described by (its hint, then its error when there is one).
 */
export function controlProps(id: string, error?: readonly string[] | string | null, { hint = false }: { hint?: boolean } = {}) {
  const ids = [hint ? `${id}-hint` : null, error?.length ? `${id}-error` : null].filter(Boolean);
  return { id, "aria-invalid": Boolean(error?.length), "aria-describedby": ids.length ? ids.join(" ") : undefined };
}

/** A labelled field with its error tied by aria-describedby (the input takes `controlProps`). */
export function Field({
  id,
  label,
  error,
  required = false,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: string[];
  required?: boolean;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
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
