"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { controlProps } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/platform/utils";

/** A sentence the person attests to by ticking it, with its one error message under it. */
export function AttestationCheckbox({
  id,
  label,
  checked,
  onChange,
  error,
  required = false,
  labelClassName,
}: {
  id: string;
  label: React.ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
  /** Marks the sentence as one the form cannot go without (the red asterisk). */
  required?: boolean;
  labelClassName?: string;
}) {
  return (
    <>
      <div className="flex items-start gap-2">
        <Checkbox checked={checked} onCheckedChange={(c) => onChange(c === true)} {...controlProps(id, error)} />
        <Label htmlFor={id} className={cn("leading-snug", labelClassName)}>
          {label}
          {required && (
            <span aria-hidden className="text-destructive">
              {" "}
              *
            </span>
          )}
        </Label>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </>
  );
}
