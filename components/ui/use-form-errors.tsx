"use client";

import { useEffect, useRef, useState } from "react";

/** "3 errors in the form. …": what a screen reader hears after a submit with errors. */
export function errorCountMessage(count: number) {
  return `${count} ${count === 1 ? "error" : "errors"} in the form. Please correct the ${count === 1 ? "highlighted field" : "highlighted fields"}.`;
}

/** One submit's outcome: how many errors it found, numbered so the same count twice is a new event. */
export type ErrorReport = { count: number; attempt: number };

/**
 * After a submit with errors: the first field marked aria-invalid (or an element marked
 * data-form-error, for a message about the whole form) takes the focus and is scrolled to the
 * middle of the screen (a sticky header would hide a field scrolled to the top; on a phone the
 * error is then in view), and a live region announces how many errors there are.
 *
 * Put `ref` on the form and render `announcement` inside it. Then either call
 * `reportErrors(n)` after setting the field errors (0 when the form is fine again), or, for a
 * form on useActionState, pass the report kept in the action's state.
 */
export function useErrorFocus<T extends HTMLElement = HTMLFormElement>(fromState?: ErrorReport) {
  const ref = useRef<T>(null);
  const [own, setOwn] = useState<ErrorReport>({ count: 0, attempt: 0 });
  const report = fromState ?? own;

  // Runs after React has rendered the new aria-invalid marks.
  useEffect(() => {
    if (report.count === 0) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: "center", behavior: "instant" });
  }, [report.count, report.attempt]);

  const reportErrors = (count: number) => setOwn((r) => ({ count, attempt: r.attempt + 1 }));
  const announcement = (
    <p className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="form-error-count">
      {/* The same words twice in a row are not read again: every other attempt ends in a no-break space. */}
      {report.count ? errorCountMessage(report.count) + (report.attempt % 2 ? "" : "\u00a0") : ""}
    </p>
  );
  return { ref, reportErrors, announcement };
}

type Refusal = { message: string; fieldErrors?: Record<string, string[]> };

/**
 * A form's refusal from the server: field errors beside their fields, the first one focused and
 * the count announced (useErrorFocus), anything else as one message for the whole form.
 */
export function useFormErrors(fieldNames: readonly string[]) {
  const { ref: form, reportErrors, announcement } = useErrorFocus();
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string>();

  function show(refusal: Refusal) {
    const fieldErrors = refusal.fieldErrors ?? {};
    const shown = fieldNames.filter((name) => fieldErrors[name]).length;
    setErrors(fieldErrors);
    // A refusal that names no field of this form is said as one message.
    setMessage(shown ? undefined : refusal.message);
    reportErrors(Math.max(shown, 1));
  }

  function clear() {
    setErrors({});
    setMessage(undefined);
    reportErrors(0);
  }

  return { form, errors, message, show, clear, announcement };
}
