"use client";

import { useActionState } from "react";
import Link from "next/link";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { ActionResult } from "@/lib/accounts/action";
import { useEmailRequest } from "@/components/auth/use-email-request";
import { useErrorFocus, type ErrorReport } from "@/components/ui/use-form-errors";

type Action<T> = (input: unknown) => Promise<ActionResult<T>>;

export function RequestResetForm({ action }: { action: Action<{ sent: true }> }) {
  const { error, answer, pending, formAction, email, report } = useEmailRequest(action);
  const { ref, announcement } = useErrorFocus(report);
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
    <form ref={ref} action={formAction} noValidate className="space-y-4">
      {announcement}
      <div className="space-y-2">
        <Label htmlFor="reset-email">Email</Label>
        <Input
          id="reset-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "reset-email-error" : undefined}
          required
        />
        <FieldError id="reset-email-error">{error}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Sending…" : "Send Reset Link"}
      </Button>
      <p className="text-center text-sm">
        <Link href="/login" className="text-primary underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}

type NewPasswordState = { errors: Record<string, string[] | undefined>; message?: string; done: boolean; report: ErrorReport };

export function NewPasswordForm({ token, action }: { token: string; action: Action<{ reset: true }> }) {
  const [{ errors, message, done, report }, formAction, pending] = useActionState(
    async (prev: NewPasswordState, form: FormData): Promise<NewPasswordState> => {
      const result = await action({ token, password: form.get("password"), confirmPassword: form.get("confirmPassword") });
      const attempt = prev.report.attempt + 1;
      if (!result.ok) {
        const errors = result.fieldErrors ?? {};
        return {
          errors,
          message: result.fieldErrors ? undefined : result.message,
          done: false,
          report: { count: Math.max(Object.keys(errors).length, 1), attempt },
        };
      }
      toast.success("Password updated", { description: "Sign in with your new password." });
      return { errors: {}, done: true, report: { count: 0, attempt } };
    },
    { errors: {}, done: false, report: { count: 0, attempt: 0 } },
  );
  const { ref, announcement } = useErrorFocus(report);

  if (done) {
    return (
      <Alert role="status">
        <AlertTitle>Password updated</AlertTitle>
        <AlertDescription>
          Your password has been changed and every other session has been signed out.{" "}
          <Link href="/login" className="font-medium underline">
            Sign in
          </Link>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <form ref={ref} action={formAction} noValidate className="space-y-4">
      {announcement}
      {message && (
        <Alert variant="destructive" tabIndex={-1} data-form-error>
          <AlertTitle>Could not reset the password</AlertTitle>
          <AlertDescription>
            {message}{" "}
            <Link href="/reset-password" className="font-medium underline">
              Request a new link
            </Link>
          </AlertDescription>
        </Alert>
      )}
      <div className="space-y-2">
        <Label htmlFor="new-password">New password</Label>
        <Input
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? "new-password-error" : "new-password-hint"}
          required
        />
        <p id="new-password-hint" className="text-xs text-muted-foreground">
          At least 8 characters.
        </p>
        <FieldError id="new-password-error">{errors.password?.[0]}</FieldError>
      </div>
      <div className="space-y-2">
        <Label htmlFor="confirm-new-password">Confirm new password</Label>
        <Input
          id="confirm-new-password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.confirmPassword)}
          aria-describedby={errors.confirmPassword ? "confirm-new-password-error" : undefined}
          required
        />
        <FieldError id="confirm-new-password-error">{errors.confirmPassword?.[0]}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Saving…" : "Set New Password"}
      </Button>
    </form>
  );
}
