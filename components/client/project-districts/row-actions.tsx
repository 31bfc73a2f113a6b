"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { removeProjectDistrictAction, requestDistrictApprovalAction } from "@/lib/projects/actions/district-approvals";

type Props = { approvalId: string; district: string; status: string; askable: boolean; required: "yes" | "no" | "unknown" };

/** "Request approval" (with what the packet should add: instruments, IRB letter, consent document), or removing a district not yet asked. */
export function DistrictRowActions({ approvalId, district, status, askable, required }: Props) {
  const id = useId();
  const { pending, run } = useActionRunner();
  const [open, setOpen] = useState(false);
  const canAsk = required !== "no" && (status === "not_requested" || status === "declined" || status === "approved");
  if (!canAsk && status !== "not_requested") return null;

  function send(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const extras = {
      instruments: String(f.get("instruments") ?? ""),
      irbLetter: String(f.get("irbLetter") ?? ""),
      consentDocument: String(f.get("consentDocument") ?? ""),
    };
    run(
      () => requestDistrictApprovalAction({ approvalId, extras }),
      "Approval requested",
      (ok) => ok && setOpen(false),
    );
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {canAsk && askable ? (
          <Button type="button" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={`${id}-form`}>
            {status === "not_requested" ? "Request approval" : "Ask again"}
          </Button>
        ) : null}
        {status === "not_requested" ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={pending}
            aria-label={`Remove ${district}`}
            onClick={() => run(() => removeProjectDistrictAction({ approvalId }), "District removed")}
          >
            Remove
          </Button>
        ) : null}
      </div>
      {canAsk && !askable ? (
        <p className="text-xs text-muted-foreground">
          This district has no research officer or office e-mail on file yet, so it cannot be asked here.
        </p>
      ) : null}
      {open ? (
        <form id={`${id}-form`} onSubmit={send} className="grid gap-2 rounded-md bg-muted/40 p-3">
          <p className="text-sm">
            The packet carries the study&apos;s title, purpose, format, the time it asks of staff, its dates and your organization&apos;s
            contact. Add what the office asks for:
          </p>
          <Label htmlFor={`${id}-instruments`}>Instruments (the survey link or the interview guide)</Label>
          <Textarea id={`${id}-instruments`} name="instruments" maxLength={2000} rows={3} />
          <Label htmlFor={`${id}-irb`}>IRB letter (a link)</Label>
          <Textarea id={`${id}-irb`} name="irbLetter" maxLength={500} rows={1} />
          <Label htmlFor={`${id}-consent`}>Consent document (a link)</Label>
          <Textarea id={`${id}-consent`} name="consentDocument" maxLength={500} rows={1} />
          <Button type="submit" size="sm" disabled={pending} className="justify-self-start">
            {pending ? "Sending…" : `Send to ${district}`}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
