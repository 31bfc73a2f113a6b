"use client";

import { cancelEngagementAction } from "@/lib/engagements/actions/engagements";
import { cancelSchema } from "@/lib/engagements/schemas/engagements";
import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { useEngagementAction } from "@/components/engagements/use-engagement-action";

/** The words of the dialog: an interview's session, a focus group's seat, or the engagement itself. */
function wordsFor(title: string, when: string | null, seat: "seat" | "backup" | null) {
  if (seat) {
    const place = seat === "backup" ? "backup seat" : "seat";
    return {
      trigger: `Give up your ${place}`,
      title: `Give up your ${place}?`,
      // Someone holding one seat must not read this as cancelling the whole group.
      body: `You leave “${title}”${when ? ` on ${when}` : ""}; the group still meets${seat === "seat" ? ", and your seat is offered to the next person waiting" : ""}. The client is told why. This cannot be undone.`,
      keep: `Keep my ${place}`,
      confirm: `Give up ${place}`,
      success: seat === "backup" ? "Backup Seat Given Up" : "Seat Given Up",
    };
  }
  const what = when ? "Session" : "Engagement";
  return {
    trigger: `Cancel ${what}`,
    title: `Cancel this ${what.toLowerCase()}?`,
    body: `${when ? `“${title}” on ${when} will be cancelled` : `“${title}” will be cancelled`} and the client told why. This cannot be undone.`,
    keep: `Keep ${what}`,
    confirm: `Cancel ${what}`,
    success: `${what} Cancelled`,
  };
}

/**
 * Cancel an accepted or scheduled engagement, confirmed, with the reason the client reads.
 * A focus group's seat-holder gives up their seat: the group itself goes on. A missing reason
 * keeps the dialog open with the message under the field.
 */
export function CancelEngagementDialog({
  engagementId,
  title,
  when,
  seat = null,
}: {
  engagementId: string;
  title: string;
  when: string | null;
  /** The focus-group place the expert holds, if any. */
  seat?: "seat" | "backup" | null;
}) {
  const { run } = useEngagementAction();
  const words = wordsFor(title, when, seat);
  return (
    <ReasonDialog
      trigger={
        <Button size="sm" variant="outline" className="text-destructive">
          {words.trigger}
        </Button>
      }
      title={words.title}
      description={words.body}
      label="Reason (shared with the client)"
      reason={cancelSchema.shape.reason}
      required
      cancelLabel={words.keep}
      confirmLabel={words.confirm}
      pendingLabel="Cancelling…"
      onConfirm={(reason) =>
        run(() => cancelEngagementAction({ engagementId, reason }), {
          success: words.success,
          successDescription: "The client has been told, with your reason.",
          failure: "Cancel Failed",
        })
      }
    />
  );
}
