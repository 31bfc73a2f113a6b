"use client";

import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { useFormErrors } from "@/components/ui/use-form-errors";
import { Alert, AlertDescription } from "@/components/ui/alert";
import type { ActionResult } from "@/lib/accounts/action";

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
type Action = (input: Fields) => Promise<ActionResult<{ otherSessionsEnded: number }>>;

const FIELDS = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  {
    name: "newPassword",
    label: "New password",
    autoComplete: "new-password",
    hint: "At least 8 characters; avoid common passwords and words about you.",
  },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
] as const;
const FIELD_NAMES = FIELDS.map((f) => f.name);

export function ChangePasswordForm({ action }: { action: Action }) {
  const { form, errors, message, show, clear, announcement } = useFormErrors(FIELD_NAMES);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPending(true);
    const value = (name: keyof Fields) => String(data.get(name) ?? "");
    const result = await action({
      currentPassword: value("currentPassword"),
      newPassword: value("newPassword"),
      confirmPassword: value("confirmPassword"),
    });
    setPending(false);
    if (!result.ok) return show(result);
    clear();
    form.current?.reset();
    const ended = result.data.otherSessionsEnded;
    toast.success("Password changed", {
      description: ended ? `${ended} other session${ended === 1 ? " was" : "s were"} signed out.` : "Your other sessions were signed out.",
    });
  }

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="max-w-md space-y-4" aria-label="Change password">
      {announcement}
      {message && (
        <Alert variant="destructive">
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      )}
      {FIELDS.map((f) => {
        const error = errors[f.name]?.[0];
        const hintId = "hint" in f ? `${f.name}-hint` : undefined;
        return (
          <div key={f.name} className="space-y-2">
            <Label htmlFor={`security-${f.name}`}>{f.label}</Label>
            <Input
              id={`security-${f.name}`}
              name={f.name}
              type="password"
              autoComplete={f.autoComplete}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${f.name}-error` : hintId}
              required
            />
            {"hint" in f && (
              <p id={hintId} className="text-xs text-muted-foreground">
                {f.hint}
              </p>
            )}
            <FieldError id={`${f.name}-error`}>{error}</FieldError>
          </div>
        );
      })}
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Changing…" : "Change Password"}
      </Button>
    </form>
  );
}
