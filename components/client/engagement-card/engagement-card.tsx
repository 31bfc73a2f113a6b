import Link from "next/link";
import { Mail } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { EngagementHistory } from "@/components/engagements/engagement-history";
import { EngagementActions } from "@/components/client/engagement-actions/engagement-actions";
import { BonusList } from "@/components/client/bonus-list";
import { MessageThreadButton } from "@/components/engagements/message-thread";
import { ReplaceButton } from "@/components/client/replace-button";
import { EngagementRatings } from "@/components/ratings/rating-scores";
import { RateDialog } from "@/components/ratings/rate-dialog";
import { ConflictNotice } from "@/components/engagements/conflict-notice";
import { SurveyParticipantId, SurveyPlace, SurveyReview } from "@/components/client/engagement-card/survey-parts";
import { FocusGroupPlace } from "@/components/client/engagement-card/focus-group-parts";
import { ProposedTimes, SessionDetails } from "@/components/client/engagement-card/interview-parts";
import { BonusOffer, EarningStatus } from "@/components/client/engagement-card/after-parts";
import { WhatTheySaid } from "@/components/client/engagement-card/what-they-said";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import { stateLabel } from "@/lib/engagements/states";
import { perUnit, type StudyFormat } from "@/lib/vocabulary/studies";
import { CLIENT_DIMENSIONS, EXPERT_DIMENSIONS } from "@/lib/experts/schemas/ratings";
import type { PipelineEngagement } from "@/lib/engagements/views";
import type { BonusView } from "@/lib/engagements/bonuses";
import type { EarningView } from "@/lib/money/earnings";
import type { ClientSideRatings } from "@/lib/experts/ratings";
import { ConsentWithdrawnFlag } from "@/components/study-consent/consent-withdrawn-flag";

type BadgeVariant = "success" | "warning" | "secondary" | "destructive" | "outline" | "default";
const STATE_VARIANT: Partial<Record<PipelineEngagement["state"], BadgeVariant>> = {
  applied: "default",
  accepted: "success",
  scheduled: "success",
  completed: "secondary",
  declined: "outline",
  cancelled: "outline",
  no_show: "destructive",
  screened_out: "outline",
  submitted: "warning",
  over_quota: "outline",
  rejected: "destructive",
};

export type EngagementCardProps = {
  /** Whether the reader's role runs the project: without it the card shows what happened and offers nothing to do. */
  run: boolean;
  e: PipelineEngagement;
  /** Why accepting this expert cannot be covered now (budget, funds or credit), shown before the click. */
  acceptRefusal?: string | null;
  /** Messages from the expert the client has not read yet. */
  unread?: number;
  format: StudyFormat;
  /** The applicants waiting to take the place of an expert who did not attend or cancelled. */
  waiting: number;
  zone: string;
  now: number;
  earning: EarningView | null;
  /** The bonuses paid or asked for on this engagement, each with where it is. */
  bonuses?: BonusView[];
  ratings: ClientSideRatings | null;
};

/**
 * One expert in the project's pipeline: who they are, what they said, the session or response and
 * its money, and what the client may do next (decided by the service: `e.moves`).
 */
export function EngagementCard({
  e,
  format,
  zone,
  now,
  earning,
  bonuses = [],
  ratings,
  waiting,
  unread = 0,
  acceptRefusal = null,
  run,
}: EngagementCardProps) {
  const session = e.session && e.session.status !== "cancelled" ? e.session : null;
  const who = [e.expert.roleTitle, e.expert.organization, e.expert.state].filter(Boolean).join(" · ");
  return (
    <article
      className="grid gap-3 rounded-lg border bg-card p-4 text-sm shadow-sm"
      aria-labelledby={`engagement-${e.id}`}
      data-testid="engagement-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={`engagement-${e.id}`} className="text-base font-semibold">
            <Link href={`/experts/${e.expert.id}`} className="text-primary underline-offset-4 hover:underline">
              {e.expert.name}
            </Link>
          </h4>
          {who && <p className="text-muted-foreground">{who}</p>}
        </div>
        <Badge variant={e.sample?.waitlisted ? "warning" : (STATE_VARIANT[e.state] ?? "outline")} data-testid="engagement-state">
          {e.sample?.waitlisted ? "Waitlisted: sample cell full" : stateLabel(e.state, format)}
        </Badge>
      </div>
      {e.districtApproval && (
        <p className="text-xs text-success-foreground" data-testid="district-approved">
          {e.districtApproval}
        </p>
      )}
      <ConsentWithdrawnFlag withdrawnAt={e.consentWithdrawnAt} participantId={e.participantId ?? e.id} zone={zone} />
      {e.participantId && <SurveyParticipantId participantId={e.participantId} />}
      {e.sample && (
        <p className="text-xs text-muted-foreground" data-testid="sample-cell-of">
          {e.sample.cell === "outside" ? "Outside the sample plan (cell not known)" : `Sample cell: ${e.sample.cell}`}
          {e.sample.waitlisted && " · its cell is full: accept once a place in it frees"}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        {e.origin === "invite" ? "You invited" : "Applied"} · {formatDateTime(e.createdAt, zone)} ·{" "}
        <span data-testid="engagement-incentive">
          {formatMoney(e.incentiveCents)} {perUnit(format)}
        </span>
      </p>
      {format === "survey" && <SurveyPlace e={e} zone={zone} />}
      {e.state !== "declined" && e.state !== "screened_out" && (
        <div>
          <MessageThreadButton engagementId={e.id} otherName={e.expert.name} unread={unread} timeZone={zone} />
        </div>
      )}
      {e.place && <FocusGroupPlace place={e.place} zone={zone} />}
      {e.moves.approve && <SurveyReview e={e} earning={earning} />}
      <ConflictNotice note={e.conflictNote} side="client" />
      {e.declinePayment && (
        <p className="text-muted-foreground" data-testid="declined-pay">
          Declined pay: the expert takes part unpaid, and this engagement is not billed.
        </p>
      )}
      {e.expert.email && (
        <p className="flex items-center gap-1 break-all">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${e.expert.email}`}>
            {e.expert.email}
          </a>
        </p>
      )}
      <WhatTheySaid e={e} />
      {e.state === "accepted" && e.proposals.length > 0 && <ProposedTimes proposals={e.proposals} zone={zone} />}
      {e.session && <SessionDetails e={{ ...e, session: e.session }} zone={zone} run={run} />}
      {e.state === "cancelled" && (
        <p className="text-muted-foreground">
          {e.lateCancel ? "Cancelled late (under 24 hours)." : "Cancelled."}
          {e.cancelReason ? ` “${e.cancelReason}”` : ""}
        </p>
      )}
      {e.moves.replace && <ReplaceButton engagementId={e.id} expertName={e.expert.name} waiting={waiting} />}
      {e.moves.bonus && <BonusOffer e={e} />}
      {bonuses.length > 0 && <BonusList bonuses={bonuses} zone={zone} />}
      {earning && <EarningStatus earning={earning} zone={zone} expertName={e.expert.name} now={now} mayDispute={run} />}
      {ratings && (
        <EngagementRatings
          {...ratings}
          timeZone={zone}
          note={ratings.mine?.privateNote}
          mineDims={EXPERT_DIMENSIONS}
          theirDims={CLIENT_DIMENSIONS}
          otherName={e.expert.name}
          rateButton={run ? <RateDialog engagementId={e.id} otherName={e.expert.name} rater="client" /> : null}
        />
      )}
      {run && (
        <EngagementActions
          engagementId={e.id}
          expertName={e.expert.name}
          timeZone={zone}
          allowed={e.moves}
          session={
            session
              ? {
                  startsAt: new Date(session.startsAt).toISOString(),
                  agreedAt: session.agreedAt ? new Date(session.agreedAt).toISOString() : null,
                  meetingUrl: session.meetingUrl,
                }
              : null
          }
          started={session ? new Date(session.startsAt).getTime() <= now : false}
          incentiveCents={e.declinePayment ? 0 : e.incentiveCents}
          acceptRefusal={acceptRefusal}
        />
      )}
      <EngagementHistory events={e.history} timeZone={zone} />
    </article>
  );
}
