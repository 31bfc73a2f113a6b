"use client";

import { useState } from "react";
import type { ActionResult } from "@/lib/actions/action";

/**
 * The one-field "send me an e-mail" forms (reset link, new verification link): post the form's
 * e-mail, show the field's error or keep what the server answered.
 */
export function useEmailRequest<T>(action: (input: unknown) => Promise<ActionResult<T>>) {
  const [error, setError] = useState<string>();
  const [answer, setAnswer] = useState<T | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const result = await action({ email: new FormData(event.currentTarget).get("email") });
    setPending(false);
    if (!result.ok) {
      setError(result.fieldErrors?.email?.[0] ?? result.message);
      return;
    }
    setError(undefined);
    setAnswer(result.data);
  }

  return { error, answer, pending, onSubmit };
}
