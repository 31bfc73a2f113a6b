"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { ReasonField } from "@/components/ui/reason-field";
import { resolveNoShowReportAction } from "@/lib/engagements/actions/no-show-claims";
import { resolveNoShowReportSchema } from "@/lib/engagements/schemas/no-show-claims";
import { useActionRunner } from "@/components/ui/use-action-runner";

/** The admin's decision on an expert's report that the client did not attend: a note both sides read, then for one side. */
export function ResolveNoShowReportForm({ claimId, fee }: { claimId: string; fee: string }) {
  const { pending, run } = useActionRunner();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const resolve = (side: "expert" | "client") => {
    const parsed = resolveNoShowReportSchema.safeParse({ claimId, for: side, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please write a note");
      return;
    }
    setError(null);
    run(() => resolveNoShowReportAction(parsed.data), side === "expert" ? "Fee paid to the expert" : "Report dismissed");
  };
  return (
    <div className="grid gap-2">
      <ReasonField label="Note to both sides" value={note} onChange={setNote} error={error} maxLength={1000} />
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          trigger={
            <Button size="sm" disabled={pending}>
              {pending && <Spinner />} The client missed it: pay the fee
            </Button>
          }
          title="Pay the client no-show fee?"
          description={`${fee} is booked to the expert's Available balance and added to the client's bill; both sides read your note. This cannot be undone.`}
          confirmLabel="Pay the fee"
          onConfirm={() => resolve("expert")}
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" disabled={pending}>
              The session ran: dismiss
            </Button>
          }
          title="Dismiss the report?"
          description="Nothing is booked by the report; the client's own record of the session stands. Both sides read your note."
          confirmLabel="Dismiss the report"
          onConfirm={() => resolve("client")}
        />
      </div>
    </div>
  );
}
