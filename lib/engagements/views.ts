import "server-only";
import { incentivesOfExpert } from "@/lib/engagements/incentive-choice";
import { giftLimitOf, passesLimit } from "@/lib/money/incentive-choices";
import { labelOfKey } from "@/lib/samples/cells";
import { isOrganizationMember, organizationName, organizationNameSelect, orgScope } from "@/lib/organizations/membership";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import type { Prisma } from "@/lib/generated/prisma/client";
import { EngagementState } from "@/lib/generated/prisma/enums";
import { fullName } from "@/lib/platform/format";
import {
  ACQUAINTED_STATES,
  FOCUS_GROUP_PIPELINE_COLUMNS,
  PIPELINE_COLUMNS,
  SURVEY_PIPELINE_COLUMNS,
  type PipelineColumn,
  type Side,
} from "@/lib/engagements/states";
import { unreadCounts } from "@/lib/engagements/messages";
import { clientMovesOf, projectPageAbilities, type ClientMoves, type ProjectPageAbilities } from "@/lib/engagements/pipeline-rules";
import { projectAbilitiesFor } from "@/lib/organizations/member-access";
import { placesOf, studySessionsOf, type StudySessionView } from "@/lib/engagements/focus-groups";
import { meetingExtrasFor, withMeetingExtras } from "@/lib/engagements/meeting-extras";
import { publicScreener, screenerQuestionsSchema, type ScreenerAnswers } from "@/lib/engagements/screener";
import { duringSchoolHours, type SchoolCalendar } from "@/lib/engagements/school-hours";
import { freeWeeklyTimes, overlapsBusy } from "@/lib/engagements/weekly-hours";
import {
  expertAvailabilityOf,
  schoolCalendarOf,
  schoolCalendarSelect,
  toSchoolCalendar,
  weeklyFacts,
} from "@/lib/engagements/expert-availability";
import { sessionCalendar } from "@/lib/engagements/calendar";
import { applyRefusal } from "@/lib/engagements/transitions";
import { dayStart, isoDay, requireExpertOf, todayIn } from "@/lib/experts/dashboard/expert";
import { districtStandings, standingAcrossProjects } from "@/lib/districts/approval-gate";
import { approvedLine } from "@/lib/districts/research-policy-words";
import { zonedTimeToUtc } from "@/lib/platform/zoned-time";
import type {
  EngagementEventView,
  FocusGroupCardFacts,
  OpportunityBoard,
  OpportunityItem,
  PlaceView,
  SessionView,
  SurveyCardFacts,
} from "@/lib/engagements/view-types";
import { formatOf, type StudyFormat } from "@/lib/vocabulary/studies";
import { FILLING_STATES } from "@/lib/vocabulary/engagement-states";
import { boardListOf } from "@/lib/engagements/board-lists";
import { meetsOpenFilters, openStudiesPage, type OpenBoardFilters } from "@/lib/engagements/open-board";
import { keysetPage, pageRequestOf, type PageRequest } from "@/lib/platform/keyset";
import { MEDIAN_SHOWN_TO_EXPERTS_FROM, surveyProgress } from "@/lib/engagements/surveys";
import { consentCardFacts } from "@/lib/engagements/consent/status";

// What each side reads about engagements: the expert's Open / Invited / Scheduled board, the
// client's pipeline and calendar, the shared history and the calendar file. Every query is
// scoped by the actor (the expert's own row, the client's own projects).

const eventSelect = {
  id: true,
  kind: true,
  actorSide: true,
  fromState: true,
  toState: true,
  reason: true,
  createdAt: true,
  actor: { select: { firstName: true, lastName: true } },
} satisfies Prisma.EngagementEventSelect;

/**
 * One history line. `unnamed`: the side whose people go unnamed (their lines read "Client"): the
 * expert learns who the client is only once the engagement is accepted (ACQUAINTED_STATES),
 * as on the board's card.
 */
const toEventView = (
  e: Prisma.EngagementEventGetPayload<{ select: typeof eventSelect }>,
  unnamed: Side | null = null,
): EngagementEventView => ({
  id: e.id,
  kind: e.kind,
  side: e.actorSide,
  actorName: e.actor && e.actorSide !== unnamed ? fullName(e.actor.firstName, e.actor.lastName) : null,
  fromState: e.fromState,
  toState: e.toState,
  reason: e.reason,
  at: e.createdAt,
});

const sessionSelect = {
  id: true,
  startsAt: true,
  endsAt: true,
  meetingUrl: true,
  status: true,
  agreedAt: true,
  proposedStartsAt: true,
  proposedBy: true,
  proposedReason: true,
} satisfies Prisma.EngagementSessionSelect;

const opportunitySelect = {
  id: true,
  projectId: true,
  title: true,
  clientOrganization: true,
  description: true,
  compensationCents: true,
  opportunityType: true,
  estimatedDurationMinutes: true,
  locationType: true,
  deadline: true,
} satisfies Prisma.OpportunitySelect;

/** Orders the expert's slots for Pick Time: after school hours first, then the rest, each by time. */
export function afterSchoolFirst<T extends { startsAt: Date }>(slots: T[], cal: SchoolCalendar): (T & { duringSchool: boolean })[] {
  return slots
    .map((s) => ({ ...s, duringSchool: duringSchoolHours(s.startsAt, cal) }))
    .sort((a, b) => Number(a.duringSchool) - Number(b.duringSchool) || a.startsAt.getTime() - b.startsAt.getTime());
}

const byDeadline = (a: OpportunityItem, b: OpportunityItem) =>
  (a.deadline?.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.deadline?.getTime() ?? Number.MAX_SAFE_INTEGER);
const bySession = (a: OpportunityItem, b: OpportunityItem) => (a.session?.startsAt.getTime() ?? 0) - (b.session?.startsAt.getTime() ?? 0);

/**
 * The Open / Invited / Scheduled tabs from the expert's engagements:
 * - Open: their own pending applications ('Application Pending'), then a page of the open projects
 *   offered to every verified expert that the expert has not answered, by deadline, narrowed by
 *   `filters` and paged by `page`; empty, with the reason, for an expert who is not verified;
 * - Invited: invites to answer, and accepted engagements without a session yet ('Pick Time');
 * - Scheduled: engagements with a scheduled session.
 * `open: false` leaves out the studies nobody has answered (the Overview's list needs only the expert's own engagements).
 */
export async function listOpportunityBoard(
  actor: Actor,
  now: Date = new Date(),
  opts: { open?: boolean; filters?: OpenBoardFilters; page?: PageRequest } = {},
): Promise<OpportunityBoard> {
  const expert = await requireExpertOf(actor);
  const verified = expert.verificationStatus === "verified";
  const [engagements, openPage] = await Promise.all([
    db().engagement.findMany({
      where: { expertId: expert.id, state: { in: ["invited", "applied", "accepted", "scheduled", "submitted"] } },
      select: {
        id: true,
        state: true,
        surveyStartedAt: true,
        submittedAt: true,
        earning: { select: { qcEndsAt: true, state: true } },
        origin: true,
        message: true,
        conflictNote: true,
        declinePayment: true,
        incentiveCents: true,
        project: {
          select: {
            status: true,
            timeZone: true,
            screenOutCents: true,
            overQuotaCents: true,
            backupFeeCents: true,
            opportunity: { select: opportunitySelect },
            client: { select: { firstName: true, lastName: true } },
            ...organizationNameSelect,
          },
        },
        proposals: { select: { id: true, startsAt: true }, orderBy: { startsAt: "asc" } },
        session: { select: sessionSelect },
        events: { select: eventSelect, orderBy: { createdAt: "asc" } },
      },
    }),
    verified && opts.open !== false
      ? openStudiesPage(expert.id, now, opts.filters ?? {}, opts.page ?? {}, (query) =>
          db().opportunity.findMany({
            ...query,
            select: {
              ...opportunitySelect,
              project: {
                select: {
                  screenOutCents: true,
                  overQuotaCents: true,
                  backupFeeCents: true,
                  screener: { select: { questions: true } },
                  ...organizationNameSelect,
                },
              },
            },
          }),
        )
      : null,
  ]);
  const openRows = openPage?.rows ?? [];

  const board: OpportunityBoard = {
    open: [],
    invited: [],
    scheduled: [],
    notice: verified ? null : applyRefusal(expert.verificationStatus),
    openPage: null,
  };
  const surveyIds = [...openRows, ...engagements.map((e) => e.project.opportunity)].flatMap((o) =>
    o?.projectId && formatOf(o.opportunityType) === "survey" ? [o.projectId] : [],
  );
  const focusIds = [...openRows, ...engagements.map((e) => e.project.opportunity)].flatMap((o) =>
    o?.projectId && formatOf(o.opportunityType) === "focus_group" ? [o.projectId] : [],
  );
  const [cal, progress, sessions, places, unread, consents, meetings] = await Promise.all([
    engagements.some((e) => e.proposals.length) ? schoolCalendarOf(expert.id) : null,
    surveyProgress([...new Set(surveyIds)]),
    studySessionsOf([...new Set(focusIds)], now),
    placesOf(
      engagements
        .filter((e) => e.project.opportunity && formatOf(e.project.opportunity.opportunityType) === "focus_group")
        .map((e) => e.id),
      now,
    ),
    unreadCounts(
      actor.userId,
      engagements.map((e) => e.id),
    ),
    consentCardFacts(expert.id, [
      ...openRows.flatMap((o) => (o.projectId ? [{ projectId: o.projectId, engagementId: null }] : [])),
      ...engagements.flatMap((e) =>
        e.project.opportunity?.projectId ? [{ projectId: e.project.opportunity.projectId, engagementId: e.id }] : [],
      ),
    ]),
    meetingExtrasFor(engagements.filter((e) => e.session?.meetingUrl).map((e) => e.id)),
  ]);
  const focusGroupFacts = (
    o: { projectId: string | null; opportunityType: string },
    backupFeeCents: number,
    engagementId: string | null,
    closed = false,
  ): FocusGroupCardFacts | null => {
    if (!o.projectId || formatOf(o.opportunityType) !== "focus_group") return null;
    // A closed study offers no session to choose; a place already held still shows.
    const upcoming = closed
      ? []
      : (sessions.get(o.projectId) ?? []).filter((x: StudySessionView) => x.startsAt > now && !x.attendanceTakenAt);
    return {
      sessions: upcoming.map(({ id, startsAt, endsAt, seats, backupSeats, seatsLeft, backupLeft, waiting }) => ({
        id,
        startsAt,
        endsAt,
        seats,
        backupSeats,
        seatsLeft,
        backupLeft,
        waiting,
      })),
      place: (engagementId && places.get(engagementId)) || null,
      backupFeeCents,
    };
  };
  const surveyFacts = (
    o: { projectId: string | null; opportunityType: string },
    pay: { screenOutCents: number; overQuotaCents: number } | null,
    mine: { surveyStartedAt: Date | null; submittedAt: Date | null; reviewUntil: Date | null } | null,
  ): SurveyCardFacts | null => {
    const p = o.projectId ? progress.get(o.projectId) : undefined;
    if (!p || formatOf(o.opportunityType) !== "survey") return null;
    return {
      placesLeft: p.placesLeft,
      target: p.target,
      medianMinutes: p.responses >= MEDIAN_SHOWN_TO_EXPERTS_FROM ? p.medianMinutes : null,
      screenOutCents: pay?.screenOutCents ?? 0,
      overQuotaCents: pay?.overQuotaCents ?? 0,
      startedAt: mine?.surveyStartedAt ?? null,
      submittedAt: mine?.submittedAt ?? null,
      reviewUntil: mine?.reviewUntil ?? null,
    };
  };
  const unanswered: OpportunityItem[] = [];
  for (const o of openRows) {
    const { project, ...listing } = o;
    const parsed = project?.screener ? screenerQuestionsSchema.safeParse(project.screener.questions) : null;
    unanswered.push({
      ...listing,
      // The organization's name as it is now (the listing keeps the name it was posted under).
      clientOrganization: project ? organizationName(project) : listing.clientOrganization,
      engagementId: null,
      state: null,
      origin: null,
      inviteMessage: null,
      conflictNote: null,
      declinePayment: false,
      screener: parsed?.success ? publicScreener(parsed.data) : null,
      proposals: [],
      session: null,
      counterpart: null,
      history: [],
      format: formatOf(listing.opportunityType),
      survey: surveyFacts(listing, project, null),
      focusGroup: focusGroupFacts(listing, project?.backupFeeCents ?? 0, null),
      unreadMessages: 0,
      consent: (listing.projectId && consents.get(listing.projectId)) || null,
    });
  }
  for (const e of engagements) {
    const o = e.project.opportunity;
    if (!o) continue;
    const acquainted = ACQUAINTED_STATES.includes(e.state);
    const client = e.project.client;
    const item: OpportunityItem = {
      ...o,
      clientOrganization: organizationName(e.project),
      // What this engagement pays, which a later cut of the listing's amount does not change.
      compensationCents: e.incentiveCents,
      engagementId: e.id,
      state: e.state,
      origin: e.origin,
      inviteMessage: e.message,
      conflictNote: e.conflictNote,
      declinePayment: e.declinePayment,
      screener: null,
      proposals: e.proposals
        .filter((p) => p.startsAt > now)
        .map((p) => ({ ...p, duringSchool: cal ? duringSchoolHours(p.startsAt, cal) : false })),
      session: withMeetingExtras(e.session, meetings.get(e.id), "expert"),
      counterpart: acquainted ? { name: fullName(client.firstName, client.lastName), organization: organizationName(e.project) } : null,
      history: e.events.map((event) => toEventView(event, acquainted ? null : "client")),
      format: formatOf(o.opportunityType),
      survey: surveyFacts(o, e.project, {
        surveyStartedAt: e.surveyStartedAt,
        submittedAt: e.submittedAt,
        reviewUntil: e.earning?.state === "pending_qc" ? e.earning.qcEndsAt : null,
      }),
      focusGroup: focusGroupFacts(o, e.project.backupFeeCents, e.id, e.project.status === "closed"),
      unreadMessages: unread.get(e.id) ?? 0,
      consent: (o.projectId && consents.get(o.projectId)) || null,
    };
    // An invitation to a closed study can no longer be answered: it is not listed.
    if (e.state === "invited" && e.project.status === "closed") continue;
    board[boardListOf({ state: e.state, origin: e.origin, format: item.format })].push(item);
  }
  // The expert's own applications lead the first page; the page of unanswered studies follows in
  // its deadline order (a study a notice links to first of all).
  const firstPage = !openPage?.before;
  const applications = board.open.filter((item) => meetsOpenFilters(item, opts.filters ?? {})).sort(byDeadline);
  board.open = [...(firstPage ? applications : []), ...unanswered];
  if (openPage) board.openPage = { total: applications.length + openPage.total, after: openPage.after, before: openPage.before };
  await addDistrictFacts(board, actor.userId, now);
  await addIncentiveFacts(board, actor.userId, now);
  board.invited.sort(byDeadline);
  board.scheduled.sort(bySession);
  return board;
}

/** Each card's pay choice, and the gift-limit notice on a study not yet joined that would pass it. */
async function addIncentiveFacts(board: OpportunityBoard, userId: string, now: Date) {
  const items = [...board.open, ...board.invited, ...board.scheduled];
  const joined = items.flatMap((i) =>
    i.engagementId && i.state
      ? [{ id: i.engagementId, state: i.state, declinePayment: i.declinePayment, incentiveCents: i.compensationCents }]
      : [],
  );
  // Read once: the joined cards' notices and the not-yet-joined studies' warning use the same limit.
  const limit = await giftLimitOf(userId, now);
  const facts = await incentivesOfExpert(userId, joined, now, limit);
  for (const item of items) {
    if (item.engagementId) item.incentive = facts.get(item.engagementId) ?? null;
    else if (passesLimit(limit, item.compensationCents))
      item.incentive = { choice: "pay", label: "Pay me", districtName: null, open: false, canDonate: true, overLimit: limit };
  }
}

/** Each card's district line: "Approved by … until …", or the policy-not-on-file check. */
async function addDistrictFacts(board: OpportunityBoard, userId: string, now: Date) {
  const { districtLeaid } = (await db().expert.findUnique({ where: { userId }, select: { districtLeaid: true } })) ?? {};
  if (!districtLeaid) return;
  const items = [...board.open, ...board.invited, ...board.scheduled];
  const ids = [...new Set(items.flatMap((i) => (i.projectId ? [i.projectId] : [])))];
  const standings = await standingAcrossProjects(db(), ids, districtLeaid, now);
  for (const item of items) {
    const s = item.projectId ? standings.get(item.projectId) : undefined;
    if (s) item.district = { approved: s.kind === "approved" ? approvedLine(s.name, s.until) : null, notOnFile: s.kind === "unknown" };
  }
}

/** How many times Pick Time lists at most (after-school ones first). */
export const PICKABLE_LIMIT = 150;

export type PickableTime = { source: "slot" | "weekly"; id: string; startsAt: Date; duringSchool: boolean };

/**
 * The expert's own free times for Pick Time, after-school first: their free one-off slots and
 * their weekly hours over the next weeks (lib/engagements/weekly-hours.ts), neither meeting a
 * session already scheduled. A weekly time is named by its instant (ISO), a slot by its id.
 */
export async function listPickableSlots(actor: Actor, now: Date = new Date()): Promise<PickableTime[]> {
  const expert = await requireExpertOf(actor);
  const [rows, availability] = await Promise.all([
    db().availabilitySlot.findMany({
      where: { expertId: expert.id, isAvailable: true, date: { gte: dayStart(todayIn(expert.timeZone, now)) } },
      orderBy: [{ date: "asc" }, { startTime: "asc" }],
      take: 100,
    }),
    expertAvailabilityOf(expert.id, now),
  ]);
  const slots = rows.flatMap((s) => {
    const startsAt = zonedTimeToUtc(isoDay(s.date), s.startTime, s.timezone);
    const minutes = (zonedTimeToUtc(isoDay(s.date), s.endTime, s.timezone).getTime() - startsAt.getTime()) / 60_000;
    return startsAt > now && !overlapsBusy(startsAt, minutes, availability.sessions)
      ? [{ source: "slot" as const, id: s.id, startsAt }]
      : [];
  });
  const weekly = freeWeeklyTimes(weeklyFacts(availability)).map((startsAt) => ({
    source: "weekly" as const,
    id: startsAt.toISOString(),
    startsAt,
  }));
  return afterSchoolFirst([...slots, ...weekly], availability.calendar).slice(0, PICKABLE_LIMIT);
}

// ───────────────────────────── client ─────────────────────────────

export type PipelineAnswer = { question: string; answers: string[] };
export type PipelineEngagement = {
  id: string;
  /** The expert withdrew their consent to the study: the client is asked to delete their data. */
  consentWithdrawnAt: Date | null;
  state: EngagementState;
  origin: "invite" | "application";
  expert: { id: string; name: string; roleTitle: string | null; organization: string | null; state: string | null; email: string | null };
  message: string | null;
  /** The relationship the expert declared with this client's organization, or null. */
  conflictNote: string | null;
  declinePayment: boolean;
  /** What this engagement pays, in cents (fixed when it began; raised with the project's raises). */
  incentiveCents: number;
  answers: PipelineAnswer[];
  proposals: { id: string; startsAt: Date; duringSchool: boolean }[];
  session: SessionView | null;
  lateCancel: boolean;
  cancelReason: string | null;
  createdAt: Date;
  history: EngagementEventView[];
  /** A survey place: when the expert first opened it and when the response arrived. */
  surveyStartedAt: Date | null;
  submittedAt: Date | null;
  /** A focus group's seat, backup seat or waitlist place, or null. */
  place: PlaceView | null;
  /** The cell of the project's sample plan ("outside" when the expert's cell cannot be known) and whether it waits for a place; null without a plan. */
  sample: { cell: string; waitlisted: boolean } | null;
  /** A survey place's participant id: the one the client's own tool received, and that their bonus list may use. */
  participantId: string | null;
  /** What the reader may do with this engagement now (nothing for a role that only reads). */
  moves: ClientMoves;
  /** "Approved by <district>'s research office until <date>", when the expert's district approved the study. */
  districtApproval: string | null;
};
export type ProjectPipeline = {
  project: { id: string; title: string; status: string; quota: number; timeZone: string; visibility: string; deadline: Date | null };
  format: StudyFormat;
  /** Each column's cards, a page of PIPELINE_COLUMN_SIZE oldest first, how many it holds in all, and its page tokens. */
  columns: { state: PipelineColumn; engagements: PipelineEngagement[]; total: number; after: string | null; before: string | null }[];
  /** What counts against the quota: accepted, scheduled and completed sessions; a survey's responses in review and approved. */
  filled: number;
  /** What the page offers its reader, by role and the project's status. */
  abilities: ProjectPageAbilities;
};

/** The screener answers as the client reads them: each question with the labels chosen. */
function readableAnswers(questions: unknown, answers: unknown): PipelineAnswer[] {
  const qs = screenerQuestionsSchema.safeParse(questions);
  if (!qs.success || !answers || typeof answers !== "object") return [];
  const given = answers as ScreenerAnswers;
  return qs.data.map((q) => ({
    question: q.text,
    answers: (given[q.id] ?? []).map((id) => q.options.find((o) => o.id === id)?.label ?? id),
  }));
}

/** A pipeline column shows this many cards a page; a column of more has its own page links. */
export const PIPELINE_COLUMN_SIZE = 50;

/** The page each column of the pipeline is on: `?appliedAfter=…` pages the Applied column, and so on. */
export type ColumnPages = Partial<Record<EngagementState, PageRequest>>;

/** The column pages an address asks for (a token a column did not make reads as its first page). */
export function columnPagesOf(params: Record<string, string | string[] | undefined>): ColumnPages {
  const pages: ColumnPages = {};
  for (const state of Object.values(EngagementState)) {
    const page = pageRequestOf(params, state);
    if (page.after || page.before) pages[state] = page;
  }
  return pages;
}

/** What a pipeline card shows of an engagement. */
const pipelineSelect = {
  id: true,
  state: true,
  origin: true,
  message: true,
  conflictNote: true,
  declinePayment: true,
  incentiveCents: true,
  screenerAnswers: true,
  lateCancel: true,
  cancelReason: true,
  createdAt: true,
  surveyStartedAt: true,
  submittedAt: true,
  participantId: true,
  screener: { select: { questions: true } },
  samplePlacement: { select: { cellKey: true, waitlistedAt: true } },
  withdrawal: { select: { withdrawnAt: true } },
  expert: {
    select: {
      id: true,
      roleTitle: true,
      organizationName: true,
      state: true,
      showContactInfo: true,
      districtLeaid: true,
      ...schoolCalendarSelect,
      user: { select: { firstName: true, lastName: true, email: true } },
    },
  },
  proposals: { select: { id: true, startsAt: true }, orderBy: { startsAt: "asc" } },
  session: { select: sessionSelect },
  events: { select: eventSelect, orderBy: { createdAt: "asc" } },
} satisfies Prisma.EngagementSelect;

/** /client/projects/{id}: a column per state with the engagements in it, for the project's owner. */
export async function getProjectPipeline(actor: Actor | null, projectId: string, pages: ColumnPages = {}): Promise<ProjectPipeline> {
  requirePermission(actor, "read:project:org");
  const project = await db().project.findFirst({
    where: { id: projectId, ...orgScope(actor, "read:project:org") },
    select: { id: true, title: true, status: true, quota: true, timeZone: true, visibility: true, deadline: true, projectType: true },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  const format = formatOf(project.projectType);
  const order: readonly PipelineColumn[] =
    format === "survey" ? SURVEY_PIPELINE_COLUMNS : format === "focus_group" ? FOCUS_GROUP_PIPELINE_COLUMNS : PIPELINE_COLUMNS;
  // How many each state holds (one grouped read of the (project, state) index), then a page of
  // each state that holds someone: a column shows PIPELINE_COLUMN_SIZE cards, oldest first.
  const grouped = await db().engagement.groupBy({ by: ["state"], where: { projectId: project.id }, _count: { _all: true } });
  const held = new Map(grouped.map((g) => [g.state, g._count._all]));
  const states = [...new Set(order.map((c) => (c === "waitlisted" ? "accepted" : c)))].filter((state) => held.get(state));
  const pageOf = new Map(
    await Promise.all(
      states.map(
        async (state) =>
          [
            state,
            await keysetPage(
              pages[state] ?? {},
              (keyset) =>
                db().engagement.findMany({
                  where: { AND: [{ projectId: project.id, state }, keyset.where] },
                  orderBy: keyset.orderBy,
                  take: keyset.take,
                  select: pipelineSelect,
                }),
              { key: "createdAt", direction: "asc" },
              PIPELINE_COLUMN_SIZE,
            ),
          ] as const,
      ),
    ),
  );
  const rows = [...pageOf.values()].flatMap((p) => p.rows);
  // A focus group's accepted experts are its seats and waitlist (a few dozen at most): every one's
  // place is read, so the waitlist and the seats are counted apart.
  const accepted =
    format === "focus_group" && held.get("accepted")
      ? await db().engagement.findMany({ where: { projectId: project.id, state: "accepted" }, select: { id: true } })
      : [];
  const [places, meetings] = await Promise.all([
    format === "focus_group" ? placesOf([...new Set([...rows, ...accepted].map((r) => r.id))]) : new Map<string, PlaceView>(),
    meetingExtrasFor(rows.filter((r) => r.session?.meetingUrl).map((r) => r.id)),
  ]);
  const waitlistedCount = accepted.filter((r) => places.get(r.id)?.kind === "waitlist").length;
  const totalOf = (column: PipelineColumn) =>
    column === "waitlisted"
      ? waitlistedCount
      : column === "accepted" && format === "focus_group"
        ? (held.get("accepted") ?? 0) - waitlistedCount
        : (held.get(column) ?? 0);
  const columns = order.map((state) => {
    // The waitlist is paged with the accepted state it is part of.
    const page = state === "waitlisted" ? undefined : pageOf.get(state);
    return {
      state,
      engagements: [] as PipelineEngagement[],
      total: totalOf(state),
      after: page?.after ?? null,
      before: page?.before ?? null,
    };
  });
  const waitlisted = (r: { id: string; state: EngagementState }) => r.state === "accepted" && places.get(r.id)?.kind === "waitlist";
  const abilities = projectPageAbilities(projectAbilitiesFor(actor), project.status);
  const context = { format, projectStatus: project.status, run: abilities.run };
  const districts = await districtStandings(
    db(),
    project.id,
    rows.flatMap((r) => (r.expert.districtLeaid ? [r.expert.districtLeaid] : [])),
  );
  const approvalOf = (leaid: string | null) => {
    const s = leaid ? districts.get(leaid) : undefined;
    return s?.kind === "approved" ? approvedLine(s.name, s.until) : null;
  };
  for (const r of rows) {
    const x = r.expert;
    const cal = toSchoolCalendar(x);
    const column = columns.find((c) => c.state === (waitlisted(r) ? "waitlisted" : r.state));
    if (!column) continue;
    column.engagements.push({
      id: r.id,
      state: r.state,
      origin: r.origin,
      expert: {
        id: x.id,
        name: fullName(x.user.firstName, x.user.lastName),
        roleTitle: x.roleTitle,
        organization: x.organizationName,
        state: x.state,
        // The e-mail only once the engagement is accepted, and only if the expert shows contact info.
        email: ACQUAINTED_STATES.includes(r.state) && x.showContactInfo ? x.user.email : null,
      },
      message: r.message,
      conflictNote: r.conflictNote,
      declinePayment: r.declinePayment,
      incentiveCents: r.incentiveCents,
      answers: readableAnswers(r.screener?.questions, r.screenerAnswers),
      proposals: r.proposals.map((p) => ({ ...p, duringSchool: cal ? duringSchoolHours(p.startsAt, cal) : false })),
      session: withMeetingExtras(r.session, meetings.get(r.id), "client"),
      lateCancel: r.lateCancel,
      cancelReason: r.cancelReason,
      createdAt: r.createdAt,
      history: r.events.map((event) => toEventView(event)),
      surveyStartedAt: r.surveyStartedAt,
      submittedAt: r.submittedAt,
      place: places.get(r.id) ?? null,
      sample: r.samplePlacement
        ? {
            cell: r.samplePlacement.cellKey ? labelOfKey(r.samplePlacement.cellKey) : "outside",
            waitlisted: r.state === "applied" && !!r.samplePlacement.waitlistedAt,
          }
        : null,
      participantId: format === "survey" ? r.participantId : null,
      moves: clientMovesOf({ ...r, eventKinds: r.events.map((event) => event.kind) }, context),
      consentWithdrawnAt: r.withdrawal?.withdrawnAt ?? null,
      districtApproval: approvalOf(x.districtLeaid),
    });
  }
  // Someone waiting for a seat is not yet one of the sessions wanted.
  const counted = FILLING_STATES[format];
  const filled = counted.reduce((n, state) => n + (held.get(state) ?? 0), 0) - (counted.includes("accepted") ? waitlistedCount : 0);
  return { project, format, columns, filled, abilities };
}

/** Which of the proposed instants fall in the expert's school hours or a blackout (the client's warning). */
export async function schoolHoursWarnings(actor: Actor | null, engagementId: string, times: Date[]): Promise<boolean[]> {
  requirePermission(actor, "manage:project:org");
  const e = await db().engagement.findFirst({
    where: { id: engagementId, ...orgScope(actor, "manage:project:org") },
    select: { expertId: true },
  });
  if (!e) throw new AppError("NOT_FOUND", "Engagement not found");
  const cal = await schoolCalendarOf(e.expertId);
  return times.map((t) => duringSchoolHours(t, cal));
}

export type ClientCalendarEntry = {
  engagementId: string;
  projectId: string;
  projectTitle: string;
  expertId: string;
  expertName: string;
  session: SessionView;
};

/** View Calendar: the organization's sessions, soonest first. */
/** A client's calendar row: the session, its study and the expert it is with. */
export const clientCalendarSelect = {
  ...sessionSelect,
  engagement: {
    select: {
      id: true,
      projectId: true,
      project: { select: { title: true } },
      expert: { select: { id: true, user: { select: { firstName: true, lastName: true } } } },
    },
  },
} satisfies Prisma.EngagementSessionSelect;

/** Calendar rows as the client reads them, with the host link and dial-in of each scheduled meeting. */
export async function toClientCalendarEntries(
  rows: Prisma.EngagementSessionGetPayload<{ select: typeof clientCalendarSelect }>[],
): Promise<ClientCalendarEntry[]> {
  const meetings = await meetingExtrasFor(rows.filter((r) => r.status === "scheduled" && r.meetingUrl).map((r) => r.engagement.id));
  return rows.map(({ engagement: e, ...session }) => ({
    engagementId: e.id,
    projectId: e.projectId,
    projectTitle: e.project.title,
    expertId: e.expert.id,
    expertName: fullName(e.expert.user.firstName, e.expert.user.lastName),
    session: withMeetingExtras(session, meetings.get(e.id), "client")!,
  }));
}

export async function listClientSessions(actor: Actor | null): Promise<ClientCalendarEntry[]> {
  requirePermission(actor, "read:project:org");
  const rows = await db().engagementSession.findMany({
    where: { engagement: orgScope(actor, "read:project:org") },
    orderBy: { startsAt: "asc" },
    take: 500,
    select: clientCalendarSelect,
  });
  return toClientCalendarEntries(rows);
}

/** The calendar file of an engagement's session, for either side of it. */
export async function engagementCalendarFile(actor: Actor | null, engagementId: string): Promise<{ filename: string; ics: string }> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  const e = await db().engagement.findUnique({
    where: { id: engagementId },
    select: {
      organizationId: true,
      expert: { select: { userId: true, user: { select: { firstName: true, lastName: true } } } },
      project: {
        select: { title: true, ...organizationNameSelect },
      },
      session: { select: { id: true, startsAt: true, endsAt: true, meetingUrl: true, sequence: true, status: true } },
    },
  });
  const side: Side | null = !e
    ? null
    : e.expert.userId === actor.userId && can(actor, "update:expert:own")
      ? "expert"
      : isOrganizationMember(actor, e.organizationId, "read:project:org")
        ? "client"
        : null;
  if (!e || !side || !e.session) throw new AppError("NOT_FOUND", "Session not found");
  const organization = organizationName(e.project);
  const counterpart = side === "expert" ? organization : fullName(e.expert.user.firstName, e.expert.user.lastName);
  return sessionCalendar({ session: e.session, projectTitle: e.project.title, counterpart, organization });
}
