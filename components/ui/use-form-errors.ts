"use client";

import { useRef, useState } from "react";

type Refusal = { message: string; fieldErrors?: Record<string, string[]> };

/**
 * A form's refusal from the server: field errors beside their fields with the first one (in
 * `fieldNames` order) focused, anything else as one message for the whole form.
 */
export function useFormErrors(fieldNames: readonly string[]) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string>();

  function show(refusal: Refusal) {
    const fieldErrors = refusal.fieldErrors ?? {};
    setErrors(fieldErrors);
    setMessage(Object.keys(fieldErrors).length ? undefined : refusal.message);
    const first = fieldNames.find((name) => fieldErrors[name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  function clear() {
    setErrors({});
    setMessage(undefined);
  }

  return { form, errors, message, show, clear };
}
