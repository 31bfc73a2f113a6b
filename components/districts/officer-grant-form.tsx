"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useRouter } from "next/navigation";
import { grantDistrictOfficerAction } from "@/lib/districts/actions/research-policies";
import { inviteDistrictOfficerAction } from "@/lib/experts/actions/officer-invites";

const INVITE_TOASTS = {
  granted: "Officer added",
  already: "Already an officer of this district",
  invited: "Invitation sent: they become an officer once their school e-mail is verified",
  resent: "Invitation sent again",
} as const;

/**
 * Grants the district research officer role to an account whose verified school e-mail is on the
 * district or, with `invite`, invites a colleague by their school e-mail (with or without an account).
 */
export function OfficerGrantForm({ leaid, label, invite = false }: { leaid: string; label: string; invite?: boolean }) {
  const id = useId();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setBusy(true);
    const email = String(new FormData(form).get("email") ?? "");
    const res = invite
      ? await inviteDistrictOfficerAction({ leaid, email })
      : await grantDistrictOfficerAction({ leaid, email }).then((r) =>
          r.ok ? { ...r, data: { outcome: r.data.created ? ("granted" as const) : ("already" as const) } } : r,
        );
    setBusy(false);
    if (!res.ok) return setError(res.fieldErrors?.email?.[0] ?? res.message);
    setError(null);
    form.reset();
    toast.success(INVITE_TOASTS[res.data.outcome]);
    router.refresh();
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
      <div className="flex-1 space-y-1">
        <Label htmlFor={`${id}-email`}>{label}</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Adding…" : invite ? "Invite" : "Add officer"}
      </Button>
    </form>
  );
}
