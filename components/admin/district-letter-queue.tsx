"use client";

import { Button } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { reviewApprovalLetterAction } from "@/lib/projects/actions/district-letters";
import { letterRejectReasonSchema } from "@/lib/projects/schemas/district-letters";
import { formatDateTime, formatDay } from "@/lib/platform/format";
import type { LetterQueueItem } from "@/lib/projects/district-letters";

/** The letters waiting for a check, each with its PDF, the study, the district and the last day it states. */
export function DistrictLetterQueue({ letters, zone }: { letters: LetterQueueItem[]; zone: string }) {
  const { pending, run, runUntilDone } = useActionRunner();
  if (letters.length === 0) return <p className="text-sm text-muted-foreground">No letter waits for a check.</p>;
  return (
    <ul className="grid gap-3">
      {letters.map((l) => (
        <li key={l.id} className="grid gap-2 rounded-lg border p-4 text-sm" data-testid="district-letter">
          <p className="font-medium">
            {l.district}
            {l.state ? `, ${l.state}` : ""}: “{l.projectTitle}” ({l.organization})
          </p>
          <p>
            The letter states the approval holds until <strong>{formatDay(l.statedExpiresOn)}</strong>. Uploaded{" "}
            {formatDateTime(l.uploadedAt, zone)}.
          </p>
          <p>
            <a
              href={`/api/district-letters/${l.id}`}
              target="_blank"
              rel="noreferrer"
              className="text-primary underline underline-offset-4"
            >
              Open {l.fileName}
            </a>{" "}
            ({Math.max(1, Math.round(l.sizeBytes / 1024))} KB)
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={pending}
              onClick={() => run(() => reviewApprovalLetterAction({ letterId: l.id, decision: "accept" }), "Letter accepted")}
            >
              Accept the letter
            </Button>
            <ReasonDialog
              trigger={
                <Button size="sm" variant="outline">
                  Reject
                </Button>
              }
              title={`Reject the letter for ${l.district}?`}
              description="The researcher reads your reason, and the district stays as it was."
              label="Reason (the researcher reads it)"
              reason={letterRejectReasonSchema}
              cancelLabel="Keep it"
              confirmLabel="Reject the letter"
              onConfirm={(reason) =>
                runUntilDone(() => reviewApprovalLetterAction({ letterId: l.id, decision: "reject", reason }), "Letter rejected")
              }
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
