"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/accounts/action";
import type { ErrorReport } from "@/components/ui/use-form-errors";

type State<T> = { error?: string; answer: T | null; email: string; report: ErrorReport };

/**
 * The one-field "send me an e-mail" forms (reset link, new verification link) on useActionState:
 * post the form's e-mail, then show the field's error or keep what the server answered. The
 * typed address comes back in the state (the input's defaultValue) because React resets a form
 * after its action.
 */
export function useEmailRequest<T>(action: (input: unknown) => Promise<ActionResult<T>>, initialEmail = "") {
  const [state, formAction, pending] = useActionState(
    async (prev: State<T>, form: FormData): Promise<State<T>> => {
      const email = String(form.get("email") ?? "");
      const result = await action({ email });
      const attempt = prev.report.attempt + 1;
      if (!result.ok)
        return { error: result.fieldErrors?.email?.[0] ?? result.message, answer: null, email, report: { count: 1, attempt } };
      return { answer: result.data, email, report: { count: 0, attempt } };
    },
    { answer: null, email: initialEmail, report: { count: 0, attempt: 0 } },
  );
  return { ...state, pending, formAction };
}
