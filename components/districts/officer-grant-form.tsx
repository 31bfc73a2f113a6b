"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { grantDistrictOfficerAction } from "@/lib/districts/actions/research-policies";

/** Grants the district research officer role to an account whose verified school e-mail is on the district. */
export function OfficerGrantForm({ leaid, label }: { leaid: string; label: string }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setBusy(true);
    const res = await grantDistrictOfficerAction({ leaid, email: String(new FormData(form).get("email") ?? "") });
    setBusy(false);
    if (!res.ok) return setError(res.fieldErrors?.email?.[0] ?? res.message);
    setError(null);
    form.reset();
    toast.success(res.data.created ? "Officer added" : "Already an officer of this district");
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
        {busy ? "Adding…" : "Add officer"}
      </Button>
    </form>
  );
}
