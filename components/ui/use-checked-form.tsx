"use client";

import { useState } from "react";
import { getFormProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useErrorFocus } from "@/components/ui/use-form-errors";

// The form layer's core: Conform reads the form and ties each field to its one error message
// (`fields.x.errors`, `errorId`); useErrorFocus keeps the accessible behaviour every form has:
// after a submit with errors the first invalid field takes the focus and a live region says how
// many errors there are. `useZodForm` checks with a zod schema; a public page that keeps zod out
// of its first load (the contact form) gives its own `check` over the same rules.

/** The name Conform gives its own intents (validate on input); a plain submit has none. */
const INTENT = "__intent__";

export type FieldErrors = Record<string, string[]>;
/** A form's values as submitted: text as typed ("" for an empty field), files as File. */
export type Submitted = Record<string, unknown>;
export type Checked<Value> = { value: Value; error?: undefined } | { value?: undefined; error: FieldErrors };
type Refusal = { message: string; fieldErrors?: FieldErrors };

export function useCheckedForm<Value>({
  check,
  id,
  onValid,
  onInvalid,
}: {
  /** The form's rule: the parsed value, or one message (at least) per invalid field. */
  check: (submitted: Submitted) => Checked<Value>;
  id?: string;
  /** Runs with the parsed value (and the form's own data, for an action that takes FormData) once the form is valid. */
  onValid: (value: Value, formData: FormData) => void;
  /** Runs after a submit the rule refused (not on the checks while typing), e.g. for a toast. */
  onInvalid?: (errors: FieldErrors) => void;
}) {
  const focus = useErrorFocus();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]>>();
  const [form, fields] = useForm<Record<string, unknown>, Value>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parse<Value, string[]>(formData, {
        resolve: (payload) => {
          const checked = check(payload);
          return checked.error ? { error: checked.error } : { value: checked.value };
        },
      });
      if (!formData.has(INTENT) && submission.status === "error") {
        const errors = Object.fromEntries(Object.entries(submission.error ?? {}).filter(([, v]) => v?.length)) as FieldErrors;
        focus.reportErrors(Object.keys(errors).length);
        onInvalid?.(errors);
      }
      return submission;
    },
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status === "success") onValid(submission.value, formData);
    },
  });

  /**
   * The server's refusal: its field errors beside their fields, focused and counted as the
   * browser's are. A refusal without field errors clears them; its message is the caller's to show.
   */
  function refuse(refusal: Refusal) {
    const fieldErrors = refusal.fieldErrors ?? {};
    setLastResult({ status: "error", error: fieldErrors });
    focus.reportErrors(Object.keys(fieldErrors).length);
  }

  return { form, fields, refuse, announcement: focus.announcement, formProps: { ...getFormProps(form), ref: focus.ref } };
}
