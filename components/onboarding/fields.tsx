"use client";

import { useId, useState } from "react";
import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { pickValue, type Option } from "@/lib/vocabulary/options";
import { controlProps, Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import type { Errors } from "@/components/onboarding/types";

/** A labelled select over one vocabulary list; `placeholder` adds an empty first choice (the value null). */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  error,
  required = false,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  value: string | null;
  options: readonly Option<V>[];
  onChange: (next: V | null) => void;
  error?: string[];
  required?: boolean;
  placeholder?: string;
  className?: string;
}) {
  return (
    <Field id={id} label={label} required={required} error={error}>
      <NativeSelect
        {...describedBy(id, { x: error }, "x")}
        value={value ?? ""}
        onChange={(e) => onChange(pickValue(options, e.target.value))}
        wrapperClassName={className}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** Props tying an input to its hint and the error of one of the step's fields (the layer's `controlProps`). */
export function describedBy(id: string, errors: Errors, key: string, hasHint = false) {
  return controlProps(id, errors[key], { hint: hasHint });
}

/** Text tags added with Enter or the plus button: trimmed, unique (case-insensitive). */
export function TagInput({
  id,
  label,
  values,
  onChange,
  error,
  required,
  hint,
  placeholder,
}: {
  id: string;
  label: string;
  values: string[];
  onChange: (next: string[]) => void;
  error?: string[];
  required?: boolean;
  hint?: string;
  placeholder?: string;
}) {
  const [draft, setDraft] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const listId = useId();
  function add() {
    const tag = draft.trim();
    if (!tag) return;
    if (values.some((v) => v.toLowerCase() === tag.toLowerCase())) {
      setNote(`"${tag}" is already in the list`);
      return;
    }
    onChange([...values, tag]);
    setDraft("");
    setNote(null);
  }
  return (
    <Field id={id} label={label} error={error ?? (note ? [note] : undefined)} required={required} hint={hint}>
      <div className="flex gap-2">
        <Input
          {...describedBy(id, { x: error ?? (note ? [note] : undefined) }, "x", Boolean(hint))}
          value={draft}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" size="icon" onClick={add} aria-label={`Add ${label.toLowerCase()}`}>
          <Plus aria-hidden className="size-4" />
        </Button>
      </div>
      {values.length > 0 && (
        <ul id={listId} aria-label={label} className="flex flex-wrap gap-2 pt-1">
          {values.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground">
              {tag}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-background focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Remove ${tag}`}
                onClick={() => onChange(values.filter((v) => v !== tag))}
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Field>
  );
}

/** A group of checkboxes (native inputs: labelled, keyboard-operable, testable). */
export function CheckboxGroup<V extends string>({
  id,
  legend,
  options,
  values,
  onChange,
  error,
  required,
  max,
}: {
  id: string;
  legend: string;
  options: readonly { value: V; label: string }[];
  values: readonly V[];
  onChange: (next: V[]) => void;
  error?: string[];
  required?: boolean;
  max?: number;
}) {
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={Boolean(error)}>
      <legend className="text-sm font-medium">
        {legend}
        {required && (
          <span aria-hidden className="text-destructive">
            {" "}
            *
          </span>
        )}
        {required && <span className="sr-only"> (required)</span>}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => {
          const checked = values.includes(o.value);
          const disabled = !checked && max !== undefined && values.length >= max;
          return (
            <label key={o.value} className="flex items-center gap-2 text-sm has-[:disabled]:opacity-60">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={checked}
                disabled={disabled}
                onChange={(e) => onChange(e.target.checked ? [...values, o.value] : values.filter((v) => v !== o.value))}
              />
              {o.label}
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`}>{error?.[0]}</FieldError>
    </fieldset>
  );
}
