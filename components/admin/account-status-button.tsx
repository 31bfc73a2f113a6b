"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { setAccountDisabledAction } from "@/app/admin/users/actions";

/** Disable (with a confirmation: it signs the person out everywhere) or re-enable an account. */
export function AccountStatusButton({ userId, email, disabled }: { userId: string; email: string; disabled: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [, startTransition] = useTransition();

  async function apply(next: boolean) {
    setBusy(true);
    const result = await setAccountDisabledAction({ userId, disabled: next });
    setBusy(false);
    if (!result.ok) {
      toast.error("Could not update the account", { description: result.message });
      return;
    }
    toast.success(next ? "Account disabled" : "Account enabled", { description: email });
    startTransition(() => router.refresh());
  }

  if (disabled) {
    return (
      <Button size="sm" variant="outline" onClick={() => apply(false)} disabled={busy} aria-busy={busy} aria-label={`Enable ${email}`}>
        {busy ? "Enabling…" : "Enable"}
      </Button>
    );
  }
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={busy} aria-busy={busy} aria-label={`Disable ${email}`}>
          {busy ? "Disabling…" : "Disable"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Disable {email}?</AlertDialogTitle>
          <AlertDialogDescription>
            They are signed out everywhere at once and cannot sign in until an admin enables the account again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => apply(true)}>Disable account</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
