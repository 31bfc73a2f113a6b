"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/accounts/action";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import { workEmailRequestSchema } from "@/lib/experts/schemas/work-email";
import { useStepPart } from "@/components/ui/step-parts";

type Props = {
  defaultValue?: string;
  submitLabel: string;
  onSent: (email: string) => void;
  action: (input: { workEmail: string }) => Promise<ActionResult<{ email: string }>>;
  /** Onboarding: the field is optional and says so. */
  optional?: boolean;
};

/**
 * The work e-mail input and its "send link" button. Its own small form (not part of the
 * surrounding step's form), so the address is never saved without its confirmation link.
 * Inside an onboarding step, Save & Continue sends the link for an address typed and not yet
 * sent, so it is not left behind.
 */
export function WorkEmailField({ defaultValue = "", submitLabel, onSent, action, optional }: Props) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  /** Null once the link is on its way, else the problem (also shown under the field). */
  async function send(): Promise<string | null> {
    const parsed = workEmailRequestSchema.safeParse({ workEmail: value });
    if (!parsed.success) {
      const problem = fieldErrorsOf(parsed.error).workEmail?.[0] ?? "Enter a valid e-mail address.";
      setError(problem);
      return problem;
    }
    setError(null);
    setSending(true);
    const res = await action(parsed.data);
    setSending(false);
    if (!res.ok) {
      const problem = res.fieldErrors?.workEmail?.[0] ?? res.message;
      setError(problem);
      return problem;
    }
    setSent(value);
    onSent(res.data.email);
    return null;
  }

  useStepPart(async () => (value.trim() === "" || value === sent ? null : send()));

  return (
    <div className="grid gap-1.5 sm:max-w-md">
      <Label htmlFor={id}>School or district e-mail{optional ? " (optional)" : ""}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          type="email"
          inputMode="email"
          autoComplete="work email"
          placeholder="name@yourdistrict.org"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends the link, and never submits a surrounding form.
            if (e.key === "Enter") {
              e.preventDefault();
              void send();
            }
          }}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        />
        <Button type="button" onClick={() => void send()} disabled={sending} aria-busy={sending} className="shrink-0">
          {sending ? "Sending…" : submitLabel}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Personal (Gmail, Outlook…) and disposable addresses can&apos;t be verified.
      </p>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
