"use client";

import { useCallback, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { confirmPasswordAction } from "@/lib/accounts/actions/security";
import type { ActionResult } from "@/lib/accounts/action";

/**
 * Money actions need the password entered recently. `withReauth(call)` runs the action; when
 * the server answers REAUTH_REQUIRED it asks for the password in a dialog, confirms it on
 * the server, and runs the action once more. Cancelling returns the first answer.
 */
export function useReauth() {
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);
  const [open, setOpen] = useState(false);

  const withReauth = useCallback(async <T,>(call: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> => {
    const first = await call();
    if (first.ok || first.code !== "REAUTH_REQUIRED") return first;
    const confirmed = await new Promise<boolean>((resolve) => {
      resolver.current = resolve;
      setOpen(true);
    });
    return confirmed ? call() : first;
  }, []);

  const finish = (confirmed: boolean) => {
    setOpen(false);
    resolver.current?.(confirmed);
    resolver.current = null;
  };

  return { withReauth, dialog: <ReauthDialog open={open} onDone={finish} /> };
}

function ReauthDialog({ open, onDone }: { open: boolean; onDone: (confirmed: boolean) => void }) {
  const id = useId();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const result = await confirmPasswordAction({ password: String(new FormData(event.currentTarget).get("password") ?? "") });
    setPending(false);
    if (!result.ok) {
      setError(result.fieldErrors?.password?.[0] ?? result.message);
      return;
    }
    setError(undefined);
    onDone(true);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setError(undefined);
          onDone(false);
        }
      }}
    >
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>Confirm your password</DialogTitle>
            <DialogDescription>
              For your security, enter your password again before changing payout details, cashing out or exporting payment or tax details.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <Input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              autoFocus
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              required
            />
            <FieldError id={`${id}-error`}>{error}</FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onDone(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending ? "Confirming…" : "Confirm"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
