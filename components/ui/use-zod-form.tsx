"use client";

import { useState } from "react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, output } from "zod/v4/core";
import { useErrorFocus } from "@/components/ui/use-form-errors";

// The form layer: Conform reads the form and checks it with the same zod schema the server
// action parses, and ties each field to its one error message (`fields.x.errors`, `errorId`).
// useErrorFocus keeps the accessible behaviour every form has: after a submit with errors the
// first invalid field takes the focus and a live region says how many errors there are.

/** The name Conform gives its own intents (validate on input); a plain submit has none. */
const INTENT = "__intent__";

type Refusal = { message: string; fieldErrors?: Record<string, string[]> };

export function useZodForm<Schema extends $ZodType<Record<string, unknown>>>({
  schema,
  id,
  onValid,
}: {
  schema: Schema;
  id?: string;
  /** Runs with the parsed value once the form is valid. */
  onValid: (value: output<Schema>) => void;
}) {
  const focus = useErrorFocus();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]>>();
  const [form, fields] = useForm<Record<string, unknown>, output<Schema>>({
    id,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      // The schema's own messages: form values are read as typed (an empty field is "", not missing).
      const submission = parseWithZod(formData, { schema, disableAutoCoercion: true });
      if (!formData.has(INTENT) && submission.status === "error") focus.reportErrors(Object.keys(submission.error ?? {}).length);
      return submission;
    },
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === "success") onValid(submission.value);
    },
  });

  /** The server's refusal: its field errors beside their fields, focused and counted as the browser's are. */
  function refuse(refusal: Refusal) {
    const fieldErrors = refusal.fieldErrors ?? {};
    setLastResult({ status: "error", error: fieldErrors });
    focus.reportErrors(Math.max(Object.keys(fieldErrors).length, 1));
  }

  return { form, fields, refuse, announcement: focus.announcement, formProps: { ...getFormProps(form), ref: focus.ref } };
}
