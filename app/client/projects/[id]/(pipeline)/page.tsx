import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft, CalendarArrowDown, ChevronRight, Mail } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import { EngagementHistory } from "@/components/engagements/engagement-history";
import { EditProjectDialog } from "@/components/client/create-project-dialog";
import { ProjectStatusControls } from "@/components/client/project-status-controls";
import { EngagementActions } from "@/components/client/engagement-actions";
import { formatDateTime, formatMoney, humanize } from "@/lib/platform/format";
import { BONUS_STATES, mayTransition, replaceRefusal, stateLabel } from "@/lib/engagements/states";
import { BonusCsvDialog, BonusDialog } from "@/components/client/bonus-dialogs";
import { BonusList } from "@/components/client/bonus-list";
import { bonusesOfProject, type BonusView } from "@/lib/engagements/bonuses";
import type { StudyFormat } from "@/lib/vocabulary/studies";
import { surveyProgress, SURVEY_GRACE_HOURS } from "@/lib/engagements/surveys";
import { SurveySetup } from "@/components/client/survey-setup";
import { StudySessions } from "@/components/client/study-sessions";
import { MessageThreadButton } from "@/components/engagements/message-thread";
import { MessageExpertsDialog } from "@/components/client/message-experts-dialog";
import { unreadCounts } from "@/lib/engagements/messages";
import { studySessionsOf } from "@/lib/engagements/focus-groups";
import { ApproveResponsesButton, RejectResponseDialog } from "@/components/client/survey-review-actions";
import { ReplaceButton } from "@/components/client/replace-button";
import type { EngagementState } from "@/lib/generated/prisma/enums";
import { filledOf, perUnit, PROJECT_TYPES, PROJECT_VISIBILITIES } from "@/lib/vocabulary/studies";
import { labelOf } from "@/lib/vocabulary/options";
import { isAppError } from "@/lib/platform/errors";
import { getProjectPipeline, type PipelineEngagement } from "@/lib/engagements/views";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { loadOwnProject } from "../load-project";
import { earningsOfProject, type EarningView } from "@/lib/money/earnings";
import { DisputeDialog } from "@/components/client/dispute-dialog";
import { ratingsOfProject, type ClientSideRatings } from "@/lib/experts/ratings";
import { EngagementRatings } from "@/components/ratings/rating-scores";
import { RateDialog } from "@/components/ratings/rate-dialog";
import { CLIENT_DIMENSIONS, EXPERT_DIMENSIONS } from "@/lib/experts/schemas/ratings";
import { ConflictNotice } from "@/components/engagements/conflict-notice";
import { SessionTimeStatus } from "@/components/engagements/session-time";
import { EARNING_KIND_LABELS } from "@/lib/money/policy";
import { getProjectMoney, type ProjectMoney } from "@/lib/money/funding";
import { getSampleCapacity, getSamplePlanView } from "@/lib/samples/plans";
import { SamplePlanSection } from "@/components/client/sample-plan-grid";
import { projectAbilitiesFor } from "@/lib/organizations/member-access";
import { BULK_ACCEPT_MAX } from "@/lib/engagements/schemas/engagements";
import { BUSY_DAY_EVENTS, getProjectMailSetting } from "@/lib/engagements/mail-digests";
import { BulkAccept } from "@/components/client/bulk-accept";
import { ProjectMailSetting } from "@/components/client/project-mail-setting";
import { ConsentWithdrawnFlag } from "@/components/study-consent/consent-withdrawn-flag";
import { StudyConsentSection } from "@/components/study-consent/study-consent-section";

export const metadata: Metadata = {
  title: "Project",
  description: "A research project's applicants, invites and sessions.",
  robots: { index: false, follow: false },
};

type Props = { params: Promise<{ id: string }> };

const STATUS_VARIANT = { open: "success", paused: "warning", closed: "secondary" } as const;
const STATE_VARIANT: Partial<Record<EngagementState, "success" | "warning" | "secondary" | "destructive" | "outline" | "default">> = {
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

/** The project, its pipeline and the client's zone, or null when the project is not the actor's. */
async function load(id: string) {
  const own = await loadOwnProject(id);
  if (!own) return null;
  try {
    const [pipeline, zone, earnings, ratings, progress, sessions, unread, samplePlan, bonuses, mailSetting, sampleCapacity] =
      await Promise.all([
        getProjectPipeline(own.actor, id),
        clientZoneOf(own.actor.userId),
        earningsOfProject(own.actor, id),
        ratingsOfProject(own.actor, id),
        own.project.survey ? surveyProgress([id]).then((m) => m.get(id) ?? null) : null,
        own.project.focusGroup ? studySessionsOf([id]).then((m) => m.get(id) ?? []) : null,
        unreadCounts(own.actor.userId, { projectId: id }),
        getSamplePlanView(own.actor, id),
        bonusesOfProject(own.actor, id),
        getProjectMailSetting(own.actor, id),
        getSampleCapacity(own.actor, id),
      ]);
    // Whether each waiting applicant's incentive could still be reserved, asked before anyone clicks Accept.
    const waitingIncentives = pipeline.columns
      .flatMap((c) => c.engagements)
      .filter((e) => e.state === "applied" && !e.declinePayment)
      .map((e) => e.incentiveCents);
    const money = await getProjectMoney(own.actor, id, [...new Set(waitingIncentives)]);
    // The moment of the request: a session that has started offers Mark completed and No-show.
    const may = projectAbilitiesFor(own.actor);
    const canEditPlan = may.run && own.project.status !== "closed";
    return {
      mayBudget: may.budget,
      run: may.run,
      // The single Accept's own role rule: the bulk bar is offered to exactly those it would let through.
      mayAccept: may.run && own.project.status !== "closed",
      mailSetting,
      project: own.project,
      pipeline,
      zone,
      earnings,
      bonuses,
      ratings,
      progress,
      sessions,
      unread,
      money,
      samplePlan,
      sampleCapacity,
      canEditPlan,
      now: Date.now(),
    };
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  }
}

export default async function ProjectPage({ params }: Props) {
  const { id } = await params;
  const loaded = await load(id);
  if (!loaded) notFound();
  const {
    project,
    pipeline,
    zone,
    earnings,
    bonuses,
    ratings,
    progress,
    sessions,
    unread,
    money,
    samplePlan,
    sampleCapacity,
    canEditPlan,
    now,
    mayBudget,
    run,
    mayAccept,
    mailSetting,
  } = loaded;
  const format = pipeline.format;
  const survey = format === "survey";
  const columns = pipeline.columns.filter((c) => c.state !== "screened_out");
  const filledColumns = columns.filter((c) => c.engagements.length > 0);
  const emptyColumns = columns.filter((c) => c.engagements.length === 0);
  const screenedOut = pipeline.columns.find((c) => c.state === "screened_out")?.engagements ?? [];
  const answered = pipeline.columns.reduce((n, c) => n + c.engagements.filter((e) => e.answers.length > 0).length, 0);
  const waiting = (project.counts.invited ?? 0) + (project.counts.applied ?? 0);
  const over = pipeline.filled - project.quota;
  const applicants = project.counts.applied ?? 0;
  const replaceable = (e: PipelineEngagement) =>
    replaceRefusal({ state: e.state, format, projectStatus: project.status, eventKinds: e.history.map((h) => h.kind) }) === null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link href="/client/projects" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> All projects
      </Link>
      <header className="mt-3 grid gap-4 lg:grid-cols-[1fr_auto] lg:items-start">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold break-words">{project.title}</h1>
            <Badge variant={STATUS_VARIANT[project.status]} data-testid="project-status">
              {humanize(project.status)}
            </Badge>
          </div>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
            <div className="flex gap-1">
              <dt>Type</dt>
              <dd className="text-foreground">{labelOf(PROJECT_TYPES, project.projectType)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Incentive</dt>
              <dd className="text-foreground">
                {formatMoney(project.compensationCents)} {perUnit(format)}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>Length</dt>
              <dd className="text-foreground">{project.durationMinutes} min</dd>
            </div>
            <div className="flex gap-1">
              <dt>Visibility</dt>
              <dd className="text-foreground">{labelOf(PROJECT_VISIBILITIES, project.visibility)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Deadline</dt>
              <dd className="text-foreground">{project.deadline ? formatDateTime(project.deadline, zone) : "None"}</dd>
            </div>
          </dl>
          <BudgetLine money={money} />
          <div className="grid max-w-md gap-1">
            <p className="text-sm font-medium" id="quota-label" data-testid="project-quota">
              {filledOf(format, pipeline.filled, project.quota)}
              {over > 0 && <span className="font-normal text-muted-foreground"> · {over} more than wanted</span>}
            </p>
            <Progress aria-labelledby="quota-label" value={Math.min(pipeline.filled, project.quota)} max={project.quota} />
            {over < 0 && (
              <p className="text-sm" data-testid="more-needed">
                {-over} more needed to reach the quota
              </p>
            )}
            <p className="text-xs text-muted-foreground">
              {survey
                ? "Responses in review and approved count. The survey closes itself at its target; anyone already answering may still finish."
                : format === "focus_group"
                  ? "Accepted, seated and attended experts count toward the seats you want; the waitlist does not. You may accept more."
                  : "Accepted, scheduled and completed experts count toward the sessions you want. You may accept more."}
            </p>
          </div>
        </div>
        {/* A role that only reads the project (viewer, admin) is offered none of these: each would be refused. */}
        {run && (
          <div className="flex flex-wrap gap-2" role="group" aria-label="Project actions">
            {project.status !== "closed" && <EditProjectDialog project={project} answeredScreener={answered} budgetEditable={mayBudget} />}
            {project.status !== "closed" && <ProjectStatusControls projectId={project.id} status={project.status} waiting={waiting} />}
            {mailSetting.mayChange && (
              <ProjectMailSetting projectId={project.id} setting={mailSetting} zone={zone} now={now} busyDay={BUSY_DAY_EVENTS} />
            )}
            <BonusCsvDialog />
            <MessageExpertsDialog
              projectId={project.id}
              experts={pipeline.columns
                .flatMap((c) => c.engagements)
                .filter((x) => x.state !== "declined" && x.state !== "screened_out")
                .map((x) => ({ engagementId: x.id, name: x.expert.name, state: stateLabel(x.state, format) }))}
            />
          </div>
        )}
      </header>
      {project.status === "paused" && (
        <p className="mt-4 rounded-md border bg-muted/40 p-3 text-sm">
          This project is paused: experts cannot apply and you cannot send new invites. Engagements under way carry on.
        </p>
      )}
      {project.status === "closed" && (
        <p className="mt-4 rounded-md border bg-muted/40 p-3 text-sm">
          {survey
            ? `This survey is closed. Anyone who had started it may still finish within ${SURVEY_GRACE_HOURS} hours and is paid; nothing new can start.`
            : "This project is closed. Scheduled sessions carry on; nothing new can start."}
        </p>
      )}

      {project.focusGroup && sessions && (
        <StudySessions
          projectId={project.id}
          sessions={sessions}
          zone={zone}
          projectZone={project.timeZone}
          now={now}
          closed={project.status === "closed"}
          backupFeeCents={project.focusGroup.backupFeeCents}
          readOnly={!run}
        />
      )}

      <h2 className="sr-only" id="pipeline-heading">
        Pipeline
      </h2>
      {/*
        The columns that hold someone, in a grid that wraps, so every one of them is on screen at
        laptop width without sideways scrolling; a column per row on phones. Empty columns fold
        into one line instead of a "None" section each.
      */}
      <div
        role="region"
        aria-labelledby="pipeline-heading"
        className="mt-6 grid gap-6 md:grid-cols-[repeat(auto-fill,minmax(17rem,1fr))] md:items-start"
        data-testid="pipeline"
      >
        {filledColumns.map((c) => (
          <section key={c.state} aria-labelledby={`column-${c.state}`} className="grid min-w-0 gap-3" data-testid={`column-${c.state}`}>
            <h3 id={`column-${c.state}`} className="flex items-center justify-between border-b pb-1 text-lg font-semibold">
              {stateLabel(c.state, format)}{" "}
              <span className="text-sm font-normal text-muted-foreground">
                {c.engagements.length}
                <span className="sr-only"> {c.engagements.length === 1 ? "expert" : "experts"}</span>
              </span>
            </h3>
            {run && c.state === "submitted" && c.engagements.length > 1 && (
              <ApproveResponsesButton engagementIds={c.engagements.map((e) => e.id)} label={`Approve all ${c.engagements.length}`} />
            )}
            {c.state === "applied" && mayAccept && (
              <BulkAccept
                projectId={project.id}
                applicants={c.engagements.slice(0, BULK_ACCEPT_MAX).map((e) => ({
                  engagementId: e.id,
                  name: e.expert.name,
                  refusal: e.declinePayment ? null : (money.refusals[e.incentiveCents] ?? null),
                }))}
              />
            )}
            <ul className="grid gap-3">
              {c.engagements.map((e) => (
                <li key={e.id}>
                  <EngagementCard
                    e={e}
                    format={format}
                    zone={zone}
                    now={now}
                    earning={earnings.get(e.id) ?? null}
                    bonuses={bonuses.get(e.id) ?? []}
                    ratings={ratings.get(e.id) ?? null}
                    replace={replaceable(e) ? { waiting: applicants } : null}
                    unread={unread.get(e.id) ?? 0}
                    acceptRefusal={e.declinePayment ? null : (money.refusals[e.incentiveCents] ?? null)}
                    run={run}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}
        {filledColumns.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No experts yet. Invite experts from Find Experts, or wait for applications if the project is open.
          </p>
        )}
      </div>
      {emptyColumns.length > 0 && (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="empty-columns">
          <span className="font-medium text-foreground">No one yet:</span>{" "}
          {emptyColumns.map((c) => stateLabel(c.state, format)).join(" · ")}
        </p>
      )}

      <details className="group mt-8 rounded-lg border p-4" data-testid="column-screened_out">
        <summary className="flex cursor-pointer items-center gap-2 font-semibold focus-visible:outline-2 focus-visible:outline-ring">
          <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
          Screened out <span className="font-normal text-muted-foreground">({screenedOut.length})</span>
        </summary>
        <p className="mt-2 text-sm text-muted-foreground">
          {survey
            ? "Experts your survey's own screener turned away, paid the screen-out pay you set, and applicants whose screener answers did not fit."
            : "Applicants whose screener answers did not fit. They were thanked and told the study is looking for a different profile."}
        </p>
        {screenedOut.length > 0 && (
          <ul className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
            {screenedOut.map((e) => (
              <li key={e.id}>
                <EngagementCard
                  e={e}
                  format={format}
                  zone={zone}
                  now={now}
                  earning={earnings.get(e.id) ?? null}
                  bonuses={bonuses.get(e.id) ?? []}
                  ratings={ratings.get(e.id) ?? null}
                  run={run}
                />
              </li>
            ))}
          </ul>
        )}
      </details>

      {/* The study's setup below its pipeline: what the client comes back for comes first. */}
      {project.survey && <SurveySetup projectId={project.id} survey={project.survey} progress={progress} readOnly={!run} />}
      <SamplePlanSection projectId={project.id} plan={samplePlan} canEdit={canEditPlan} capacity={sampleCapacity} />
      <StudyConsentSection projectId={project.id} run={run} zone={zone} />
    </div>
  );
}

function EngagementCard({
  e,
  format,
  zone,
  now,
  earning,
  bonuses = [],
  ratings,
  replace = null,
  unread = 0,
  acceptRefusal = null,
  run,
}: {
  /** Whether the reader's role runs the project: without it the card shows what happened and offers nothing to do. */
  run: boolean;
  e: PipelineEngagement;
  /** Why accepting this expert cannot be covered now (budget, funds or credit), shown before the click. */
  acceptRefusal?: string | null;
  /** Messages from the expert the client has not read yet. */
  unread?: number;
  format: StudyFormat;
  /** Offered on an expert who did not attend or cancelled: the applicants waiting to take their place. */
  replace?: { waiting: number } | null;
  zone: string;
  now: number;
  earning: EarningView | null;
  /** The bonuses paid or asked for on this engagement, each with where it is. */
  bonuses?: BonusView[];
  ratings: ClientSideRatings | null;
}) {
  const may = (t: Parameters<typeof mayTransition>[0]) => run && mayTransition(t, e.state, e.origin, "client", format);
  const allowed = {
    answer: may("accept"),
    propose: may("propose"),
    reschedule: may("reschedule"),
    meetingLink: may("meeting_link"),
    cancel: may("cancel"),
    complete: may("complete"),
  };
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
      <ConsentWithdrawnFlag withdrawnAt={e.consentWithdrawnAt} participantId={e.participantId ?? e.id} zone={zone} />
      {e.participantId && (
        <p className="text-xs text-muted-foreground">
          Participant id{" "}
          <span className="font-mono text-foreground select-all" data-testid="participant-id">
            {e.participantId}
          </span>
        </p>
      )}
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
      {format === "survey" && (e.state === "accepted" || e.submittedAt) && (
        <p data-testid="survey-place">
          {e.surveyStartedAt ? <>Started {formatDateTime(e.surveyStartedAt, zone)}</> : "Not started yet"}
          {e.submittedAt && <> · submitted {formatDateTime(e.submittedAt, zone)}</>}
        </p>
      )}
      {e.state !== "declined" && e.state !== "screened_out" && (
        <div>
          <MessageThreadButton engagementId={e.id} otherName={e.expert.name} unread={unread} timeZone={zone} />
        </div>
      )}
      {e.place && (
        <p data-testid="focus-group-place">
          {e.place.label} ·{" "}
          <time dateTime={e.place.startsAt.toISOString()}>{formatDateTime(e.place.startsAt, zone, { weekday: true })}</time>
          {e.place.offeredUntil && (
            <> · a freed seat is held for them until {formatDateTime(e.place.offeredUntil, zone, { weekday: true })}</>
          )}
        </p>
      )}
      {may("approve") && (
        <div className="flex flex-wrap gap-2" role="group" aria-label={`Review the response of ${e.expert.name}`}>
          {earning?.state !== "disputed" && <ApproveResponsesButton engagementIds={[e.id]} label="Approve" />}
          {earning?.state !== "disputed" && (
            <RejectResponseDialog engagementId={e.id} expertName={e.expert.name} participantId={e.participantId} />
          )}
        </div>
      )}
      <ConflictNotice note={e.conflictNote} side="client" />
      {e.declinePayment && (
        <p className="text-muted-foreground">The expert takes part unpaid (public-employee rules): this session is not billed.</p>
      )}
      {e.expert.email && (
        <p className="flex items-center gap-1 break-all">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${e.expert.email}`}>
            {e.expert.email}
          </a>
        </p>
      )}
      {e.message && (
        <div>
          <p className="text-xs font-medium text-muted-foreground">Your invite message</p>
          <blockquote className="border-l-2 pl-2 whitespace-pre-line">{e.message}</blockquote>
        </div>
      )}
      {e.answers.length > 0 && (
        <div>
          <p className="text-xs font-medium text-muted-foreground">Screener answers</p>
          <dl className="grid gap-1">
            {e.answers.map((a, i) => (
              <div key={i}>
                <dt className="font-medium">{a.question}</dt>
                <dd>{a.answers.length ? a.answers.join(", ") : "No answer"}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {e.state === "accepted" && e.proposals.length > 0 && (
        <div>
          <p className="text-xs font-medium text-muted-foreground">Proposed times (the expert picks one)</p>
          <ul className="grid gap-1">
            {e.proposals.map((p) => (
              <li key={p.id}>
                <time dateTime={new Date(p.startsAt).toISOString()}>{formatDateTime(p.startsAt, zone, { weekday: true })}</time>
                {p.duringSchool && <span className="block text-xs font-medium text-warning">During school hours for this expert</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {e.session && (
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">
            Session{e.session.status !== "scheduled" ? ` (${humanize(e.session.status)})` : ""}
          </p>
          <p className="font-medium">
            <time dateTime={new Date(e.session.startsAt).toISOString()}>{formatDateTime(e.session.startsAt, zone, { weekday: true })}</time>
          </p>
          {session?.meetingUrl && (
            <a
              className="break-all text-primary underline-offset-4 hover:underline"
              href={session.meetingUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {session.meetingUrl}
            </a>
          )}
          {e.state === "scheduled" && (
            <a
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              href={`/api/engagements/${e.id}/calendar`}
              download
            >
              <CalendarArrowDown aria-hidden="true" className="size-4" /> Add to calendar (.ics)
            </a>
          )}
        </div>
      )}
      {e.state === "scheduled" && session && (
        <SessionTimeStatus
          engagementId={e.id}
          viewer="client"
          otherName={e.expert.name}
          session={session}
          timeZone={zone}
          readOnly={!run}
        />
      )}
      {e.state === "cancelled" && (
        <p className="text-muted-foreground">
          {e.lateCancel ? "Cancelled late (under 24 hours)." : "Cancelled."}
          {e.cancelReason ? ` “${e.cancelReason}”` : ""}
        </p>
      )}
      {run && replace && <ReplaceButton engagementId={e.id} expertName={e.expert.name} waiting={replace.waiting} />}
      {run && BONUS_STATES.includes(e.state) && !e.declinePayment && (
        <div className="flex flex-wrap items-center gap-2">
          <BonusDialog engagementId={e.id} expertName={e.expert.name} />
          {/* A survey's bonus list may name the participant id shown above; other studies' the engagement id. */}
          {!e.participantId && (
            <span className="text-xs text-muted-foreground">
              Engagement id <span className="font-mono select-all">{e.id}</span>
            </span>
          )}
        </div>
      )}
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
          allowed={allowed}
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

/** What the session cost and where its money is; within the review window, the dispute button. */
function EarningStatus({
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

/** The project's budget and what is left of it; for billing roles, what the organisation can still commit. */
function BudgetLine({ money }: { money: ProjectMoney }) {
  return (
    <p className="text-sm" data-testid="project-budget">
      {money.budgetCents === null ? (
        <span>No budget set</span>
      ) : (
        <span>
          Budget {formatMoney(money.budgetCents)} · committed {formatMoney(money.committedCents)} ·{" "}
          <span className="font-medium">{formatMoney(money.budgetLeftCents ?? 0)} left</span>
        </span>
      )}
      {money.organizationAvailableCents !== null && (
        <span className="text-muted-foreground"> · your organisation can commit {formatMoney(money.organizationAvailableCents)}</span>
      )}
    </p>
  );
}
