"use client";

import { UserX } from "lucide-react";
import { reportClientNoShowAction } from "@/lib/engagements/actions/no-show-claims";
import { reportNoShowSchema } from "@/lib/engagements/schemas/no-show-claims";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { useEngagementAction } from "@/components/engagements/use-engagement-action";
import { POLICY } from "@/lib/money/policy";

/**
 * After the start, the expert reports that the client did not run the session, with a reason:
 * the report books nothing by itself; our team reads both sides and decides.
 */
export function ClientNoShowDialog({ engagementId, title }: { engagementId: string; title: string }) {
  const { run } = useEngagementAction();
  return (
    <ReasonDialog
      trigger={
        <Button size="sm" variant="outline">
          <UserX aria-hidden="true" /> Client Did Not Attend
        </Button>
      }
      title="Report that the client did not attend?"
      description={
        <>
          Use this when the client did not run the session of “{title}”. {POLICY.clientNoShow}
        </>
      }
      label="What happened (the client and our team read it)"
      reason={reportNoShowSchema.shape.reason}
      cancelLabel="Keep as it is"
      confirmLabel="Send Report"
      pendingLabel="Sending…"
      onConfirm={(reason) =>
        run(() => reportClientNoShowAction({ engagementId, reason }), {
          success: "Report Sent",
          successDescription: "The client has been told; our team will decide and tell you both.",
          failure: "Report Failed",
        })
      }
    />
  );
}
