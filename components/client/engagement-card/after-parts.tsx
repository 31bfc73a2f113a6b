import { BonusDialog } from "@/components/client/bonus-dialogs";
import { DisputeDialog } from "@/components/client/dispute-dialog";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import { EARNING_KIND_LABELS } from "@/lib/money/policy";
import type { EarningView } from "@/lib/money/earnings";
import type { PipelineEngagement } from "@/lib/engagements/views";

// The parts of a pipeline card once the expert took part: the bonus, the pay and its review.

/** Send a bonus, with the id a bonus list may name for this engagement. */
export function BonusOffer({ e }: { e: PipelineEngagement }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <BonusDialog engagementId={e.id} expertName={e.expert.name} />
      {/* A survey's bonus list may name the participant id shown above; other studies' the engagement id. */}
      {!e.participantId && (
        <span className="text-xs text-muted-foreground">
          Engagement id <span className="font-mono select-all">{e.id}</span>
        </span>
      )}
    </div>
  );
}

/** What the session cost and where its money is; within the review window, the dispute button. */
export function EarningStatus({
  earning,
  zone,
  expertName,
  now,
  mayDispute,
}: {
  earning: EarningView;
  zone: string;
  expertName: string;
  now: number;
  mayDispute: boolean;
}) {
  const inReview = earning.state === "pending_qc" && new Date(earning.qcEndsAt).getTime() > now;
  const what = EARNING_KIND_LABELS[earning.kind] ?? "Incentive";
  return (
    <div className="grid gap-1" data-testid="earning-status">
      <p className="text-xs font-medium text-muted-foreground">Payment</p>
      <p>
        {what} {formatMoney(earning.amountCents)} ·{" "}
        {earning.state === "pending_qc" && <>in quality review until {formatDateTime(earning.qcEndsAt, zone)}</>}
        {earning.state === "disputed" && <>in dispute: our team will resolve it</>}
        {earning.state === "available" && <>released to the expert</>}
        {earning.state === "refunded" && <>returned to you</>}
      </p>
      {earning.resolutionNote && <p className="text-muted-foreground">Resolution: {earning.resolutionNote}</p>}
      {mayDispute && inReview && earning.kind !== "late_cancel_fee" && earning.kind !== "survey" && (
        <DisputeDialog earningId={earning.id} expertName={expertName} />
      )}
    </div>
  );
}
