"use client";

import { useState } from "react";
import Link from "next/link";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { ActionResult } from "@/lib/actions/action";
import { useEmailRequest } from "@/components/auth/use-email-request";

type Action<T> = (input: unknown) => Promise<ActionResult<T>>;

export function RequestResetForm({ action }: { action: Action<{ sent: true }> }) {
  const { error, answer, pending, onSubmit } = useEmailRequest(action);
  const sent = answer !== null;

  if (sent) {
    return (
      <Alert role="status">
        <AlertTitle>Check your e-mail</AlertTitle>
        <AlertDescription>
          If an account exists for that address, we have sent a link to reset the password. The link works once and expires in 1 hour.
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="reset-email">Email</Label>
        <Input id="reset-email" name="email" type="email" autoComplete="email" aria-invalid={Boolean(error)} aria-describedby={error ? "reset-email-error" : undefined} required />
        <FieldError id="reset-email-error">{error}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>{pending ? "Sending…" : "Send Reset Link"}</Button>
      <p className="text-center text-sm"><Link href="/login" className="text-primary underline underline-offset-4">Back to sign in</Link></p>
    </form>
  );
}

export function NewPasswordForm({ token, action }: { token: string; action: Action<{ reset: true }> }) {
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string>();
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    const result = await action({ token, password: form.get("password"), confirmPassword: form.get("confirmPassword") });
    setPending(false);
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {});
      setMessage(result.fieldErrors ? undefined : result.message);
      return;
    }
    toast.success("Password updated", { description: "Sign in with your new password." });
    setDone(true);
  }

  if (done) {
    return (
      <Alert role="status">
        <AlertTitle>Password updated</AlertTitle>
        <AlertDescription>
          Your password has been changed and every other session has been signed out.{" "}
          <Link href="/login" className="font-medium underline">Sign in</Link>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {message && (
        <Alert variant="destructive">
          <AlertTitle>Could not reset the password</AlertTitle>
          <AlertDescription>
            {message} <Link href="/reset-password" className="font-medium underline">Request a new link</Link>
          </AlertDescription>
        </Alert>
      )}
      <div className="space-y-2">
        <Label htmlFor="new-password">New password</Label>
        <Input id="new-password" name="password" type="password" autoComplete="new-password" aria-invalid={Boolean(errors.password)} aria-describedby={errors.password ? "new-password-error" : "new-password-hint"} required />
        <p id="new-password-hint" className="text-xs text-muted-foreground">At least 8 characters.</p>
        <FieldError id="new-password-error">{errors.password?.[0]}</FieldError>
      </div>
      <div className="space-y-2">
        <Label htmlFor="confirm-new-password">Confirm new password</Label>
        <Input id="confirm-new-password" name="confirmPassword" type="password" autoComplete="new-password" aria-invalid={Boolean(errors.confirmPassword)} aria-describedby={errors.confirmPassword ? "confirm-new-password-error" : undefined} required />
        <FieldError id="confirm-new-password-error">{errors.confirmPassword?.[0]}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>{pending ? "Saving…" : "Set New Password"}</Button>
    </form>
  );
}
