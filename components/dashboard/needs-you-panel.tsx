import Link from "next/link";
import { StartSurveyLink } from "@/components/dashboard/opportunities/start-survey-link";
import { SurveyCodeDialog } from "@/components/dashboard/opportunities/survey-code-dialog";
import { boardListOf } from "@/lib/engagements/board-lists";
import { FocusGroupStatus } from "@/components/dashboard/opportunities/focus-group-status";
import { seatButtons } from "@/components/dashboard/opportunities/opportunity-actions";
import { Badge } from "@/components/ui/badge";
import { AttentionSection } from "@/components/ui/attention-section";
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

/**
 * The Overview's first section: what waits on the expert, each with the button that does it
 * (the Opportunities card's own Accept, Decline and Pick Time) or the links a session needs.
 * Times are in the expert's zone, named.
 */
export function NeedsYouPanel({ attention, timeZone }: { attention: ExpertAttention; timeZone: string }) {
  const { invitations, timesToPick, seatsToChoose, surveysToTake, upcoming, upcomingCount, inReview, verification } = attention;
  return (
    <AttentionSection
      className="mt-0 lg:col-span-2"
      groups={[
        verification && {
          key: "verification",
          title: "Your profile is being verified",
          body: <VerificationNext verification={verification} timeZone={timeZone} />,
        },
        invitations.length > 0 && {
          key: "invitations",
          title: "Invitations to answer",
          body: (
            <ul className={rowsClass}>
              {invitations.map((item) => (
                <li key={item.engagementId} className="grid gap-2">
                  <div>
                    <StudyLink item={item} list="invited" />
                    <p className="text-muted-foreground">
                      {item.clientOrganization} · {formatMoney(item.compensationCents)}
                      {item.deadline ? (
                        <>
                          {" "}
                          · Deadline <When at={item.deadline} timeZone={timeZone} />
                        </>
                      ) : null}
                    </p>
                  </div>
                  <InviteActions
                    engagementId={item.engagementId!}
                    title={item.title}
                    pay={formatMoney(item.compensationCents)}
                    per={perUnit(item.format)}
                  />
                </li>
              ))}
            </ul>
          ),
        },
        timesToPick.length > 0 && {
          key: "times",
          title: "Times to pick",
          body: (
            <ul className={rowsClass}>
              {timesToPick.map((item) => (
                <li key={item.engagementId} className="grid gap-2">
                  <div>
                    <StudyLink item={item} list="invited" />
                    <p className="text-muted-foreground">
                      {item.proposals.length > 0
                        ? `Accepted. The client proposed ${item.proposals.length === 1 ? "a time" : `${item.proposals.length} times`}; pick one or one of yours.`
                        : "Accepted. Pick a time from your availability."}
                    </p>
                  </div>
                  <div>
                    <PickTimeDialog engagementId={item.engagementId!} title={item.title} proposals={item.proposals} timeZone={timeZone} />
                  </div>
                </li>
              ))}
            </ul>
          ),
        },
        seatsToChoose.length > 0 && {
          key: "seats",
          title: "Seats to choose",
          body: (
            <ul className={rowsClass}>
              {seatsToChoose.map((item) => (
                <li key={item.engagementId} className="grid gap-2">
                  <div>
                    <StudyLink item={item} list="invited" />
                    <FocusGroupStatus item={item} timeZone={timeZone} />
                  </div>
                  <div className="flex flex-wrap gap-2">{seatButtons(item, timeZone)}</div>
                </li>
              ))}
            </ul>
          ),
        },
        surveysToTake.length > 0 && {
          key: "surveys",
          title: "Surveys to take",
          body: (
            <ul className={rowsClass}>
              {surveysToTake.map((item) => (
                <li key={item.engagementId} className="grid gap-2">
                  <div>
                    <StudyLink item={item} list={listOf(item)} />
                    <p className="text-muted-foreground">
                      {item.survey?.startedAt
                        ? "Started: finish it on your own time."
                        : `About ${item.estimatedDurationMinutes} minutes, on your own time.`}{" "}
                      {formatMoney(item.compensationCents)}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <StartSurveyLink engagementId={item.engagementId!} started={!!item.survey?.startedAt} />
                    <SurveyCodeDialog engagementId={item.engagementId!} title={item.title} />
                  </div>
                </li>
              ))}
            </ul>
          ),
        },
        upcoming.length > 0 && {
          key: "sessions",
          title: "Sessions coming up",
          body: (
            <>
              <ul className={rowsClass}>
                {upcoming.map((item) => (
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
              {upcomingCount > upcoming.length ? (
                <p className="mt-3 text-sm">
                  <Link className={linkClass} href={dashboardHref("scheduled")}>
                    All {upcomingCount} scheduled sessions
                  </Link>
                </p>
              ) : null}
            </>
          ),
        },
        (inReview.pendingCents > 0 || inReview.earnings.length > 0) && {
          key: "payments",
          title: "Payments in review",
          body: (
            <div className="grid gap-3 text-sm">
              <p>
                <span className="font-semibold">{formatMoney(inReview.pendingCents)}</span> under quality review. It becomes available to
                cash out when the review ends.
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
          ),
        },
      ]}
    />
  );
}

/**
 * What happens while a new profile waits for an admin: nothing for the expert to do, the promised
 * turnaround with its date, and what changes once it is verified.
 */
function VerificationNext({ verification, timeZone }: { verification: PendingVerification; timeZone: string }) {
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
