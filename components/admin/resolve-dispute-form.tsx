"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ReasonField } from "@/components/ui/reason-field";
import { resolveDisputeAction } from "@/app/money/actions";
import { resolveDisputeSchema } from "@/lib/validation/money";
import { useActionRunner } from "@/components/client/use-action-runner";

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
        <Button size="sm" disabled={pending} onClick={() => resolve("expert")}>{pending && <Spinner />} Release to the expert</Button>
        <Button size="sm" variant="outline" disabled={pending} onClick={() => resolve("client")}>Return to the client</Button>
      </div>
    </div>
  );
}
