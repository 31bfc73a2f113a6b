"use client";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { ActionResult } from "@/lib/accounts/action";
import { useEmailRequest } from "@/components/auth/use-email-request";
import { useErrorFocus } from "@/components/ui/use-form-errors";

type Action = (input: unknown) => Promise<ActionResult<{ email: string }>>;

/** Asks for a new verification link with a POST (the server action); the page itself only shows this form. */
export function ResendVerificationForm({ email, action }: { email: string; action: Action }) {
  const { error, answer, pending, formAction, email: typed, report } = useEmailRequest(action, email);
  const { ref, announcement } = useErrorFocus(report);
  const sent = answer?.email ?? null;

  if (sent) {
    return (
      <Alert role="status">
        <AlertTitle>Verification e-mail sent</AlertTitle>
        <AlertDescription>If an unverified account exists for {sent}, a new link has been sent. It is valid for 24 hours.</AlertDescription>
      </Alert>
    );
  }
  return (
    <form ref={ref} action={formAction} noValidate className="space-y-4">
      {announcement}
      <div className="space-y-2">
        <Label htmlFor="resend-email">Email</Label>
        <Input
          id="resend-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={typed}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "resend-email-error" : undefined}
          required
        />
        <FieldError id="resend-email-error">{error}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Sending…" : "Send a New Link"}
      </Button>
    </form>
  );
}
