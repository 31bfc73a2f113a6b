"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { ReasonField } from "@/components/ui/reason-field";
import { resolveDisputeAction } from "@/lib/engagements/actions/earnings-review";
import { resolveDisputeSchema } from "@/lib/engagements/schemas/earnings-review";
import { useActionRunner } from "@/components/ui/use-action-runner";

/** The admin's decision on one dispute: a note both sides read, then for the expert or for the client. */
export function ResolveDisputeForm({ earningId }: { earningId: string }) {
  const { pending, run } = useActionRunner();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const resolve = (side: "expert" | "client") => {
    const parsed = resolveDisputeSchema.safeParse({ earningId, for: side, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please write a note");
      return;
    }
    setError(null);
    run(() => resolveDisputeAction(parsed.data), side === "expert" ? "Resolved for the expert" : "Resolved for the client");
  };
  return (
    <div className="grid gap-2">
      <ReasonField label="Note to both sides" value={note} onChange={setNote} error={error} maxLength={1000} />
      <div className="flex flex-wrap gap-2">
        {/* Money moves either way: asked first. */}
        <ConfirmDialog
          trigger={
            <Button size="sm" disabled={pending}>
              {pending && <Spinner />} Release to the expert
            </Button>
          }
          title="Release the earning to the expert?"
          description="The amount moves to the expert's Available balance and stays on the client's bill; both sides read your note. This cannot be undone."
          confirmLabel="Release to the expert"
          onConfirm={() => resolve("expert")}
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" disabled={pending}>
              Return to the client
            </Button>
          }
          title="Return the earning to the client?"
          description="The amount comes off the client's bill and the expert is not paid for it; both sides read your note. This cannot be undone."
          confirmLabel="Return to the client"
          onConfirm={() => resolve("client")}
        />
      </div>
    </div>
  );
}
