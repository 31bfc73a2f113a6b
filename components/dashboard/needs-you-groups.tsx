import Link from "next/link";
import { StartSurveyLink } from "@/components/dashboard/opportunities/start-survey-link";
import { SurveyCodeDialog } from "@/components/dashboard/opportunities/survey-code-dialog";
import { boardListOf } from "@/lib/engagements/board-lists";
import { FocusGroupStatus } from "@/components/dashboard/opportunities/focus-group-status";
import { seatButtons } from "@/components/dashboard/opportunities/opportunity-actions";
import { Badge } from "@/components/ui/badge";
import { InviteActions } from "@/components/dashboard/opportunities/invite-actions";
import { PickTimeDialog } from "@/components/dashboard/opportunities/pick-time-dialog";
import { SessionLinks } from "@/components/engagements/session-links";
import { SessionTimeStatus } from "@/components/engagements/session-time";
import { EARNING_STATE } from "@/components/dashboard/earnings-list";
import { dashboardHref, type OpportunityListName } from "@/components/dashboard/dashboard-tab-names";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import { VERIFICATION_DUE_BUSINESS_DAYS } from "@/lib/experts/verification-rules";
import type { PendingVerification } from "@/lib/experts/own-verification";
import { cn } from "@/lib/platform/utils";
import type { ExpertAttention } from "@/lib/engagements/attention";
import type { OpportunityItem } from "@/lib/engagements/view-types";
import { perUnit } from "@/lib/vocabulary/studies";

// The groups of the expert's "Needs you" section: each what waits on the expert, with the button
// that does it or the links a session needs. Times are in the expert's zone, named.

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";
const rowsClass = "grid divide-y text-sm [&>li]:py-3 [&>li:first-child]:pt-0 [&>li:last-child]:pb-0";

function When({ at, timeZone }: { at: Date; timeZone: string }) {
  return <time dateTime={new Date(at).toISOString()}>{formatDateTime(at, timeZone, { weekday: true })}</time>;
}

/** The Opportunities list an engagement is in, for the link to its card. */
const listOf = (item: OpportunityItem): OpportunityListName =>
  item.state && item.origin ? boardListOf({ state: item.state, origin: item.origin, format: item.format }) : "open";

/** A study's title, linking to its card in the Opportunities list where it has the full details. */
function StudyLink({ item, list }: { item: OpportunityItem; list: OpportunityListName }) {
  return (
    <Link className={linkClass} href={dashboardHref(list, { engagement: item.engagementId ?? undefined })}>
      {item.title}
    </Link>
  );
}

/** One study waiting on the expert: its link, what it waits for, then the buttons that do it. */
function StudyRow({
  item,
  list,
  about,
  children,
}: {
  item: OpportunityItem;
  list: OpportunityListName;
  about: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <li className="grid gap-2">
      <div>
        <StudyLink item={item} list={list} />
        {about}
      </div>
      {children}
    </li>
  );
}

/** Invitations to answer, with the card's own Accept and Decline. */
export function Invitations({ items, timeZone }: { items: ExpertAttention["invitations"]; timeZone: string }) {
  return (
    <ul className={rowsClass}>
      {items.map((item) => (
        <StudyRow
          key={item.engagementId}
          item={item}
          list="invited"
          about={
            <p className="text-muted-foreground">
              {item.clientOrganization} · {formatMoney(item.compensationCents)}
              {item.deadline ? (
                <>
                  {" "}
                  · Deadline <When at={item.deadline} timeZone={timeZone} />
                </>
              ) : null}
            </p>
          }
        >
          <InviteActions
            engagementId={item.engagementId!}
            title={item.title}
            pay={formatMoney(item.compensationCents)}
            per={perUnit(item.format)}
          />
        </StudyRow>
      ))}
    </ul>
  );
}

/** Accepted studies waiting for the expert to pick a time. */
export function TimesToPick({ items, timeZone }: { items: ExpertAttention["timesToPick"]; timeZone: string }) {
  return (
    <ul className={rowsClass}>
      {items.map((item) => (
        <StudyRow
          key={item.engagementId}
          item={item}
          list="invited"
          about={
            <p className="text-muted-foreground">
              {item.proposals.length > 0
                ? `Accepted. The client proposed ${item.proposals.length === 1 ? "a time" : `${item.proposals.length} times`}; pick one or one of yours.`
                : "Accepted. Pick a time from your availability."}
            </p>
          }
        >
          <div>
            <PickTimeDialog engagementId={item.engagementId!} title={item.title} proposals={item.proposals} timeZone={timeZone} />
          </div>
        </StudyRow>
      ))}
    </ul>
  );
}

/** Focus groups whose seat the expert chooses. */
export function SeatsToChoose({ items, timeZone }: { items: ExpertAttention["seatsToChoose"]; timeZone: string }) {
  return (
    <ul className={rowsClass}>
      {items.map((item) => (
        <StudyRow key={item.engagementId} item={item} list="invited" about={<FocusGroupStatus item={item} timeZone={timeZone} />}>
          <div className="flex flex-wrap gap-2">{seatButtons(item, timeZone)}</div>
        </StudyRow>
      ))}
    </ul>
  );
}

/** Surveys to take on the expert's own time, with the code to enter at the end. */
export function SurveysToTake({ items }: { items: ExpertAttention["surveysToTake"] }) {
  return (
    <ul className={rowsClass}>
      {items.map((item) => (
        <StudyRow
          key={item.engagementId}
          item={item}
          list={listOf(item)}
          about={
            <p className="text-muted-foreground">
              {item.survey?.startedAt
                ? "Started: finish it on your own time."
                : `About ${item.estimatedDurationMinutes} minutes, on your own time.`}{" "}
              {formatMoney(item.compensationCents)}
            </p>
          }
        >
          <div className="flex flex-wrap gap-2">
            <StartSurveyLink engagementId={item.engagementId!} started={!!item.survey?.startedAt} />
            <SurveyCodeDialog engagementId={item.engagementId!} title={item.title} />
          </div>
        </StudyRow>
      ))}
    </ul>
  );
}

/** The next sessions, with the links each needs, and the way to all of them. */
export function UpcomingSessions({ items, total, timeZone }: { items: ExpertAttention["upcoming"]; total: number; timeZone: string }) {
  return (
    <>
      <ul className={rowsClass}>
        {items.map((item) => (
          <li key={item.engagementId} className="grid gap-1">
            <StudyLink item={item} list="scheduled" />
            <p>
              <When at={item.session!.startsAt} timeZone={timeZone} />
            </p>
            <SessionLinks engagementId={item.engagementId!} session={item.session!} title={item.title} />
            <SessionTimeStatus
              engagementId={item.engagementId!}
              viewer="expert"
              otherName="the client"
              session={item.session!}
              timeZone={timeZone}
            />
          </li>
        ))}
      </ul>
      {total > items.length ? (
        <p className="mt-3 text-sm">
          <Link className={linkClass} href={dashboardHref("scheduled")}>
            All {total} scheduled sessions
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** What is under quality review, earning by earning, until it can be cashed out. */
export function PaymentsInReview({ inReview, timeZone }: { inReview: ExpertAttention["inReview"]; timeZone: string }) {
  return (
    <div className="grid gap-3 text-sm">
      <p>
        <span className="font-semibold">{formatMoney(inReview.pendingCents)}</span> under quality review. It becomes available to cash out
        when the review ends.
      </p>
      {inReview.earnings.length > 0 ? (
        <ul className={rowsClass} aria-label="Earnings in review">
          {inReview.earnings.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {e.projectTitle}: <span className="tabular-nums">{formatMoney(e.amountCents)}</span>
                {e.state === "pending_qc" ? (
                  <span className="block text-xs text-muted-foreground">
                    Quality review ends <When at={e.qcEndsAt} timeZone={timeZone} />
                  </span>
                ) : null}
              </span>
              <Badge variant="outline" className={cn(EARNING_STATE[e.state].className)}>
                {EARNING_STATE[e.state].label}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link className={linkClass} href="/payments">
          See your earnings
        </Link>
      </p>
    </div>
  );
}

/**
 * What happens while a new profile waits for an admin: nothing for the expert to do, the promised
 * turnaround with its date, and what changes once it is verified.
 */
export function VerificationNext({ verification, timeZone }: { verification: PendingVerification; timeZone: string }) {
  const promise = `${VERIFICATION_DUE_BUSINESS_DAYS} business days`;
  return (
    <div className="grid gap-2 text-sm" data-testid="verification-next">
      <p>
        {verification.overdue ? (
          <>
            Our team checks every new profile and its LinkedIn within {promise}; yours has waited longer than that, and it is flagged for
            the team to decide first.
          </>
        ) : (
          <>
            Our team checks your profile and LinkedIn within {promise}
            {verification.dueBy ? (
              <>
                , by <When at={verification.dueBy} timeZone={timeZone} />
              </>
            ) : null}
            . There is nothing you need to do meanwhile.
          </>
        )}
      </p>
      <p className="text-muted-foreground">
        Once you are verified, research organizations find you in their expert search, and their invitations appear here.
      </p>
    </div>
  );
}
