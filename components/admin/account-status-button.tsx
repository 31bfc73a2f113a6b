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
import { accountOpenItemsAction, setAccountDisabledAction } from "@/lib/admin/actions/users";
import { AccountOpenItemsList } from "@/components/admin/account-open-items";
import type { AccountOpenItems } from "@/lib/admin/account-holds";

type Loaded = { state: "loading" } | { state: "error"; message: string } | { state: "done"; items: AccountOpenItems };

/**
 * Disable (with a confirmation that says what stops and lists what the account has open) or
 * re-enable an account.
 */
export function AccountStatusButton({ userId, email, disabled, zone }: { userId: string; email: string; disabled: boolean; zone: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Loaded>({ state: "loading" });
  const [, startTransition] = useTransition();

  async function loadOpenItems(isOpen: boolean) {
    if (!isOpen) return;
    setOpen({ state: "loading" });
    const result = await accountOpenItemsAction({ userId });
    setOpen(result.ok ? { state: "done", items: result.data } : { state: "error", message: result.message });
  }

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
    <AlertDialog onOpenChange={(o) => void loadOpenItems(o)}>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={busy} aria-busy={busy} aria-label={`Disable ${email}`}>
          {busy ? "Disabling…" : "Disable"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Disable {email}?</AlertDialogTitle>
          <AlertDialogDescription>
            They are signed out everywhere at once and cannot sign in until an admin enables the account again. Their open projects are
            paused and their profile leaves the directory, search and the public page; new invites and applications are refused. Enabling
            the account restores all of it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <section aria-label="What the account has open" aria-busy={open.state === "loading"}>
          {open.state === "loading" && <p className="text-sm text-muted-foreground">Loading what the account has open…</p>}
          {open.state === "error" && (
            <p role="alert" className="text-sm text-destructive">
              {open.message}
            </p>
          )}
          {open.state === "done" && <AccountOpenItemsList items={open.items} zone={zone} />}
        </section>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => apply(true)}>Disable account</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
