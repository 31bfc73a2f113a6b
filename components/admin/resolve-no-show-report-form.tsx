"use client";

import { DecideWithNote } from "@/components/admin/decide-with-note";
import { resolveNoShowReportAction } from "@/lib/engagements/actions/no-show-claims";
import { resolveNoShowReportSchema } from "@/lib/engagements/schemas/no-show-claims";

/** The admin's decision on an expert's report that the client did not attend: a note both sides read, then for one side. */
export function ResolveNoShowReportForm({ claimId, fee }: { claimId: string; fee: string }) {
  return (
    <DecideWithNote
      note={resolveNoShowReportSchema.shape.note}
      decide={(side, note) => resolveNoShowReportAction({ claimId, for: side, note })}
      choices={[
        {
          side: "expert",
          button: "The client missed it: pay the fee",
          title: "Pay the client no-show fee?",
          description: `${fee} is booked to the expert's Available balance and added to the client's bill; both sides read your note. This cannot be undone.`,
          confirmLabel: "Pay the fee",
          success: "Fee paid to the expert",
        },
        {
          side: "client",
          button: "The session ran: dismiss",
          title: "Dismiss the report?",
          description: "Nothing is booked by the report; the client's own record of the session stands. Both sides read your note.",
          confirmLabel: "Dismiss the report",
          success: "Report dismissed",
        },
      ]}
    />
  );
}
