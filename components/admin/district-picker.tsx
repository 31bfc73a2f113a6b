"use client";

import Link from "next/link";
import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { leaveExpertDistrictAction, linkExpertDistrictAction } from "@/lib/experts/actions/district-link";
import type { DistrictCandidate } from "@/lib/districts/match-domain";

type Expert = { expertId: string; name: string; organizationName: string | null; state: string | null };

/**
 * One expert in the district review: link them to a candidate district (or any district by its
 * LEAID), or, when `mayLeave`, leave them without one.
 */
export function DistrictPicker({ expert, candidates, mayLeave }: { expert: Expert; candidates: DistrictCandidate[]; mayLeave: boolean }) {
  const id = useId();
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [busy, setBusy] = useState(false);
  const [leaid, setLeaid] = useState("");
  const [error, setError] = useState<string | null>(null);
  const name = expert.name || "Unnamed expert";

  async function link(value: string) {
    setBusy(true);
    const res = await linkExpertDistrictAction({ expertId: expert.expertId, leaid: value });
    setBusy(false);
    if (!res.ok) {
      setError(res.message);
      toast.error("District not linked", { description: res.message });
      return;
    }
    setError(null);
    toast.success("District linked", { description: `${name}: ${res.data.name}, ${res.data.state}.` });
    startTransition(() => router.refresh());
  }

  async function leave() {
    setBusy(true);
    const res = await leaveExpertDistrictAction({ expertId: expert.expertId });
    setBusy(false);
    if (!res.ok) {
      toast.error("Not changed", { description: res.message });
      return;
    }
    toast.success("Left without a district", { description: name });
    startTransition(() => router.refresh());
  }

  return (
    <div className="space-y-2 rounded-md border p-3" data-testid="district-pick">
      <p>
        <Link href={`/admin/experts/${expert.expertId}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {name}
        </Link>
        {expert.organizationName ? ` (${expert.organizationName}${expert.state ? `, ${expert.state}` : ""})` : ""}
      </p>
      {candidates.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Candidate districts for ${name}`}>
          {candidates.map((c) => (
            <li key={c.leaid}>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => link(c.leaid)}>
                Link to {c.name}, {c.state} ({c.leaid})
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void link(leaid);
        }}
      >
        <div className="grid gap-1">
          <Label htmlFor={`${id}-leaid`}>Another district&apos;s LEAID</Label>
          <Input
            id={`${id}-leaid`}
            value={leaid}
            inputMode="numeric"
            maxLength={7}
            className="w-32"
            onChange={(e) => setLeaid(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <Button type="submit" size="sm" disabled={busy}>
          Link by LEAID
        </Button>
        {mayLeave && (
          <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={leave}>
            Leave without a district
          </Button>
        )}
      </form>
      <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
    </div>
  );
}
