"use client";

import { DecideWithNote } from "@/components/admin/decide-with-note";
import { resolveDisputeAction } from "@/lib/engagements/actions/earnings-review";
import { resolveDisputeSchema } from "@/lib/engagements/schemas/earnings-review";

/** The admin's decision on one dispute: a note both sides read, then for the expert or for the client. */
export function ResolveDisputeForm({ earningId }: { earningId: string }) {
  return (
    <DecideWithNote
      note={resolveDisputeSchema.shape.note}
      decide={(side, note) => resolveDisputeAction({ earningId, for: side, note })}
      choices={[
        {
          side: "expert",
          button: "Release to the expert",
          title: "Release the earning to the expert?",
          description:
            "The amount moves to the expert's Available balance and stays on the client's bill; both sides read your note. This cannot be undone.",
          confirmLabel: "Release to the expert",
          success: "Resolved for the expert",
        },
        {
          side: "client",
          button: "Return to the client",
          title: "Return the earning to the client?",
          description:
            "The amount comes off the client's bill and the expert is not paid for it; both sides read your note. This cannot be undone.",
          confirmLabel: "Return to the client",
          success: "Resolved for the client",
        },
      ]}
    />
  );
}
