import "server-only";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { assertUnderLimit, consumeRateLimits, SURVEY_CODE_MISSES } from "@/lib/platform/security/rate-limit";
import { bookEarning, lockedEarning } from "@/lib/money/earnings";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import { clientZoneFrom } from "@/lib/accounts/client-settings";
import { formatOf } from "@/lib/vocabulary/studies";
import { mayTransition, STATE_LABELS } from "@/lib/engagements/states";
import {
  closeStudy,
  endBySystem,
  lockedEngagement,
  recordEvent,
  sideOf,
  transition,
  type Locked,
  type TransitionResult,
} from "@/lib/engagements/transitions";
import { noticeEngagement } from "@/lib/engagements/notices";
import { holdInDispute, releaseLockedEarning } from "@/lib/engagements/earnings-review";
import { participantLink, type SurveyEnd } from "@/lib/engagements/survey-links";
import { completionCodeFor, sameCode } from "@/lib/engagements/survey-codes";
import type { EngagementState } from "@/lib/generated/prisma/enums";
import { REJECTION_REASONS, type RejectionReason } from "@/lib/engagements/schemas/surveys";
import { requireStudyConsent } from "@/lib/engagements/consent/gate";

// A survey, from the expert's side and the client's: the expert opens their own link (the first
// open is recorded), the client's survey sends them back to one of three end addresses with a
// code, and the response waits in the client's review window, which approves it at its end.
// A survey closes itself when its target number of responses is in; whoever had started by then
// has SURVEY_GRACE_HOURS to finish and is paid.

/** How long an expert who started before the survey closed may still finish it and be paid. */
export const SURVEY_GRACE_HOURS = 24;
const GRACE_MS = SURVEY_GRACE_HOURS * 3_600_000;

/** The states that count toward a survey's target: responses in review and approved ones. */
const COUNTED = ["submitted", "completed"] as const;

const NOT_IN_SURVEY = () =>
  new AppError(
    "NOT_FOUND",
    "We could not find your place in this survey. Open the survey from your dashboard, or sign in and enter your code there.",
  );
const WRONG_CODE = "That code is not right for this survey. Check it and try again.";
const USED_CODE = "Your response to this survey is already recorded: a code can be used only once.";
const CLOSED_BEFORE = "This survey closed before your response arrived, so it cannot be recorded.";
const CLOSED_NOT_STARTED = "This survey has reached its target and closed.";
export const SURVEY_REPORTED_BY_TOOL =
  "This survey reports each response to us itself: yours is recorded as soon as it does. Check your dashboard in a few minutes.";

/** The client's survey for the expert's own place: the first open is recorded; a closed survey lets in only those who started. */
export async function startSurvey(actor: Actor | null, engagementId: string, now: Date = new Date()): Promise<{ url: string }> {
  await transition(actor, engagementId, "start_survey", async (tx, e) => {
    await requireStudyConsent(tx, { projectId: e.projectId, expertId: e.expertId, engagementId: e.id });
    if (e.surveyStartedAt) return { changed: false };
    if (e.project.status === "closed") throw new AppError("CONFLICT", CLOSED_NOT_STARTED);
    await tx.engagement.update({ where: { id: e.id }, data: { surveyStartedAt: now } });
    return { changed: true, event: { kind: "survey_started" } };
  });
  const e = await db().engagement.findUniqueOrThrow({
    where: { id: engagementId },
    select: { participantId: true, project: { select: { surveyUrl: true } } },
  });
  if (!e.participantId || !e.project.surveyUrl) throw new AppError("CONFLICT", "This survey has no link yet. Please try again later.");
  return { url: participantLink(e.project.surveyUrl, e.participantId, completionCodeFor(e.participantId)) };
}

export type SurveyEndResult = {
  engagementId: string;
  projectTitle: string;
  state: "submitted" | "screened_out" | "over_quota";
  /** The place already had this answer: nothing was changed now (a reload, a second click). */
  already: boolean;
};

const END_TRANSITION = { complete: "submit", "screened-out": "survey_screen_out", "over-quota": "survey_over_quota" } as const;
const END_STATE = { complete: "submitted", "screened-out": "screened_out", "over-quota": "over_quota" } as const;
/** The states a place that reached an end is in, then or later (a response is approved or rejected after it). */
const RECORDED_AS: Record<SurveyEnd, readonly EngagementState[]> = {
  complete: ["submitted", "completed", "rejected"],
  "screened-out": ["screened_out"],
  "over-quota": ["over_quota"],
};

/**
 * The signed-in expert's own place behind a participant id in this survey. The id names the
 * place and the session must be its expert's: neither alone is enough, so a link followed by
 * someone else, or a session without the id, records nothing.
 */
async function ownPlace(actor: Actor | null, projectId: string, participantId: string) {
  // A signed-in client or admin has no place in any survey: the end page tells them what it tells
  // an expert with none, rather than naming a role they lack.
  if (actor && !can(actor, "update:expert:own")) throw NOT_IN_SURVEY();
  requirePermission(actor, "update:expert:own");
  const place = await db().engagement.findFirst({
    where: { participantId, projectId, expert: { userId: actor.userId } },
    select: { id: true, state: true, participantId: true, project: { select: { title: true, surveyCallbackKey: true } } },
  });
  if (!place?.participantId) throw NOT_IN_SURVEY();
  return { ...place, participantId: place.participantId };
}

/** The code an end accepts from one participant: their own completion code, or the survey's screen-out or over-quota code. */
async function expectedCode(projectId: string, end: SurveyEnd, participantId: string) {
  if (end === "complete") return completionCodeFor(participantId);
  const project = await db().project.findUniqueOrThrow({ where: { id: projectId }, select: { screenOutCode: true, overQuotaCode: true } });
  return end === "screened-out" ? project.screenOutCode : project.overQuotaCode;
}

/** A wrong or reused code counts against the place's limit (committed on its own, as the attempt itself changes nothing). */
async function countMiss(engagementId: string) {
  await consumeRateLimits([{ rule: SURVEY_CODE_MISSES, key: engagementId }]);
}

export type SurveyEndView = {
  projectTitle: string;
  recorded: SurveyEndResult["state"] | null;
  /** The survey tool reports ends itself (the completion callback): the expert has nothing to confirm. */
  awaitingReport: boolean;
};

/**
 * What an end address shows before anything is recorded: the survey's title, and the answer
 * already on the place if there is one. Reads only: the address is opened by a GET, which may
 * come from any site.
 */
export async function viewSurveyEnd(
  actor: Actor | null,
  input: { projectId: string; end: SurveyEnd; participantId: string },
): Promise<SurveyEndView> {
  const place = await ownPlace(actor, input.projectId, input.participantId);
  return {
    projectTitle: place.project.title,
    recorded: RECORDED_AS[input.end].includes(place.state) ? END_STATE[input.end] : null,
    awaitingReport: !!place.project.surveyCallbackKey,
  };
}

/**
 * The expert confirms the end their survey sent them to (a POST from the end page), or typed the
 * code by hand. The place is the participant id's, and it must be the signed-in expert's own; the
 * code must be the one that end accepts from that participant (the completion code is theirs
 * alone). A response marks the engagement submitted and books its pay into the review window; a
 * screen-out or over-quota end pays what the client set. The same answer again is "already
 * recorded" and changes nothing; every wrong code, or another end's after one was recorded,
 * counts toward a limit that is checked before the code is even read.
 */
export async function recordSurveyEnd(
  input: { projectId: string; end: SurveyEnd; code: string; participantId: string; actor: Actor | null },
  now: Date = new Date(),
): Promise<SurveyEndResult> {
  const place = await ownPlace(input.actor, input.projectId, input.participantId);
  await assertUnderLimit({ rule: SURVEY_CODE_MISSES, key: place.id });
  if (!sameCode(input.code, await expectedCode(input.projectId, input.end, place.participantId))) {
    await countMiss(place.id);
    throw new AppError("BAD_REQUEST", WRONG_CODE, { code: [WRONG_CODE] });
  }
  if (place.project.surveyCallbackKey) {
    // Only the survey tool's own report records an end now; once it has, this is a reload.
    if (!RECORDED_AS[input.end].includes(place.state)) throw new AppError("CONFLICT", SURVEY_REPORTED_BY_TOOL);
    return { engagementId: place.id, projectTitle: place.project.title, state: END_STATE[input.end], already: true };
  }
  const outcome = await settlePlace(place.id, input.projectId, input.end, now);
  if (outcome.kind === "used") {
    await countMiss(place.id);
    throw new AppError("CONFLICT", USED_CODE, { code: [USED_CODE] });
  }
  return { engagementId: place.id, projectTitle: outcome.e.project.title, state: outcome.state, already: outcome.kind === "already" };
}

/**
 * The survey tool reported an end itself, by the completion callback (its signature checked by
 * lib/engagements/survey-callback.ts): the place is the participant id's in this survey.
 */
export async function recordReportedSurveyEnd(
  input: { projectId: string; end: SurveyEnd; participantId: string },
  now: Date = new Date(),
): Promise<SurveyEndResult> {
  const place = await db().engagement.findFirst({
    where: { participantId: input.participantId, projectId: input.projectId },
    select: { id: true },
  });
  if (!place) throw new AppError("NOT_FOUND", "No participant of this survey has that id.");
  const outcome = await settlePlace(place.id, input.projectId, input.end, now);
  if (outcome.kind === "used") throw new AppError("CONFLICT", "This participant's place already ended another way.");
  return { engagementId: place.id, projectTitle: outcome.e.project.title, state: outcome.state, already: outcome.kind === "already" };
}

/**
 * One end for one place, in one transaction: recorded, already recorded (the same end again), or
 * used (the place ended another way). A place the survey's close ended is told so.
 */
function settlePlace(placeId: string, projectId: string, end: SurveyEnd, now: Date) {
  return db().$transaction(async (tx) => {
    // The survey's row first, then the place: every response to one survey takes its locks in
    // this order, so responses arriving while it closes wait their turn instead of deadlocking
    // with the close, and each reads what the one before it committed.
    await tx.$queryRaw`SELECT id FROM projects WHERE id = ${projectId}::uuid FOR UPDATE`;
    const e = await lockedEngagement(tx, placeId);
    if (!e) throw NOT_IN_SURVEY();
    const state = END_STATE[end];
    if (RECORDED_AS[end].includes(e.state)) return { kind: "already" as const, e, state };
    if (e.state !== "accepted") {
      // A place the close ended, or that was not started in time, was over the survey's target.
      if (e.project.status === "closed" && e.state === "cancelled") throw new AppError("CONFLICT", CLOSED_BEFORE);
      return { kind: "used" as const, e, state };
    }
    if (!mayTransition(END_TRANSITION[end], e.state, e.origin, "expert", formatOf(e.project.projectType))) throw NOT_IN_SURVEY();
    if (e.project.status === "closed" && !withinGrace(e, now)) throw new AppError("CONFLICT", CLOSED_BEFORE);
    await endSurveyPlace(tx, e, state, now);
    return { kind: "recorded" as const, e, state };
  }, LOCKED_TX_OPTIONS);
}

/**
 * The expert types a code from the survey's end page by hand on their dashboard: the survey's
 * screen-out or over-quota code decides that end; anything else is checked as their own
 * completion code.
 */
export async function enterSurveyCode(actor: Actor | null, engagementId: string, code: string, now: Date = new Date()) {
  requirePermission(actor, "update:expert:own");
  const e = await db().engagement.findFirst({
    where: { id: engagementId, expert: { userId: actor.userId } },
    select: { projectId: true, participantId: true, project: { select: { screenOutCode: true, overQuotaCode: true } } },
  });
  if (!e?.participantId) throw new AppError("NOT_FOUND", "Engagement not found");
  const end: SurveyEnd = sameCode(code, e.project.screenOutCode)
    ? "screened-out"
    : sameCode(code, e.project.overQuotaCode)
      ? "over-quota"
      : "complete";
  return recordSurveyEnd({ projectId: e.projectId, end, code, participantId: e.participantId, actor }, now);
}

/** Started before the survey closed, and still within the grace period after it. */
const withinGrace = (e: Locked, now: Date) =>
  !!e.surveyStartedAt &&
  !!e.project.closedAt &&
  e.surveyStartedAt <= e.project.closedAt &&
  now.getTime() - e.project.closedAt.getTime() <= GRACE_MS;

async function endSurveyPlace(tx: Tx, e: Locked, state: "submitted" | "screened_out" | "over_quota", now: Date) {
  const project = await tx.project.findUniqueOrThrow({
    where: { id: e.projectId },
    select: { screenOutCents: true, overQuotaCents: true },
  });
  await tx.engagement.update({
    where: { id: e.id },
    data: { state, surveyStartedAt: e.surveyStartedAt ?? now, ...(state === "submitted" ? { submittedAt: now } : {}) },
  });
  const facts = {
    engagementId: e.id,
    clientUserId: e.clientUserId,
    organizationId: e.organizationId,
    projectId: e.projectId,
    expertUserId: e.expert.userId,
    incentiveCents: e.incentiveCents,
    declinePayment: e.declinePayment,
  };
  if (state === "submitted") {
    const earning = await bookEarning(tx, facts, { kind: "survey", now, actorUserId: e.expert.userId });
    // After the earning, which pays from the reservation that the history line would otherwise release.
    await recordEvent(tx, e, null, "expert", "submitted", "accepted", state);
    // Read on this transaction's own connection: it holds the survey's lock, and responses
    // waiting for that lock may hold every other connection in the pool.
    const zone = clientZoneFrom(await tx.clientProfile.findUnique({ where: { userId: e.clientUserId }, select: { timeZone: true } }));
    const until = earning ? formatDateTime(earning.qcEndsAt, zone, { weekday: true }) : null;
    await noticeEngagement(tx, { engagementId: e.id, kind: "submitted", to: "client", reason: until });
    await closeWhenFull(tx, e.projectId, now);
    return;
  }
  const cents = state === "screened_out" ? project.screenOutCents : project.overQuotaCents;
  await bookEarning(tx, facts, {
    kind: state === "screened_out" ? "screen_out_fee" : "over_quota_fee",
    cents,
    now,
    actorUserId: e.expert.userId,
  });
  await recordEvent(tx, e, null, "expert", `survey_${state}`, "accepted", state);
  await noticeEngagement(tx, {
    engagementId: e.id,
    kind: state === "screened_out" ? "survey_screened_out" : "survey_over_quota",
    to: "client",
    reason: formatMoney(cents),
  });
}

/**
 * A survey whose target number of responses is in closes itself, in the transaction of the
 * response that filled it. Responses to one survey pass here one at a time (the project row's
 * lock), so each counts every response committed before it: the one that meets the target sees
 * it, and the survey closes exactly once.
 */
async function closeWhenFull(tx: Tx, projectId: string, now: Date) {
  const [project] = await tx.$queryRaw<{ status: string; quota: number }[]>`
    SELECT status::text AS status, quota FROM projects WHERE id = ${projectId}::uuid FOR UPDATE`;
  if (!project || project.status === "closed") return;
  const counted = await tx.engagement.count({ where: { projectId, state: { in: [...COUNTED] } } });
  if (counted >= project.quota) await closeStudy(tx, projectId, now, "The survey reached its target number of responses.");
}

// ───────────────────────────── the client's review ─────────────────────────────

/** The client approves responses before their window ends, one or many at once: each one's pay is available now. */
export async function approveResponses(
  actor: Actor | null,
  engagementIds: string[],
  now: Date = new Date(),
): Promise<{ approved: number }> {
  requirePermission(actor, "manage:project:org");
  const ids = [...new Set(engagementIds)].sort();
  return db().$transaction(async (tx) => {
    let approved = 0;
    for (const id of ids) {
      const e = await lockedEngagement(tx, id);
      if (!e || sideOf(actor, e) !== "client") throw new AppError("NOT_FOUND", "Engagement not found");
      if (e.state === "completed") continue;
      if (!mayTransition("approve", e.state, e.origin, "client", formatOf(e.project.projectType)))
        throw new AppError("CONFLICT", `This response is ${STATE_LABELS[e.state].toLowerCase()}, so it cannot be approved.`);
      const earning = await tx.earning.findUnique({ where: { engagementId: e.id }, select: { id: true } });
      const locked = earning ? await lockedEarning(tx, earning.id) : null;
      if (locked?.state === "disputed") throw new AppError("CONFLICT", "This response is in dispute: our team decides it.");
      if (locked?.state === "pending_qc") await releaseLockedEarning(tx, locked, now, actor.userId);
      await tx.engagement.update({ where: { id: e.id }, data: { state: "completed", completedAt: now } });
      await recordEvent(tx, e, actor, "client", "approved", "submitted", "completed");
      await noticeEngagement(tx, { engagementId: e.id, kind: "approved", to: "expert" });
      approved++;
    }
    return { approved };
  }, LOCKED_TX_OPTIONS);
}

/**
 * The client rejects a response, with one of the fixed reasons and their own words. Its pay is
 * held in dispute until an admin decides, exactly as a disputed session; a response that earns
 * nothing is rejected at once.
 */
export function rejectResponse(
  actor: Actor | null,
  engagementId: string,
  input: { reason: RejectionReason; details: string },
  now: Date = new Date(),
): Promise<TransitionResult> {
  const reason = `${REJECTION_REASONS[input.reason]}: ${input.details}`;
  return transition(actor, engagementId, "reject", async (tx, e) => {
    const earning = await tx.earning.findUnique({ where: { engagementId: e.id }, select: { id: true } });
    const locked = earning ? await lockedEarning(tx, earning.id) : null;
    if (locked?.state === "disputed") return { changed: false };
    if (locked && (locked.state !== "pending_qc" || locked.qcEndsAt <= now))
      throw new AppError("CONFLICT", "The review window for this response has closed.");
    if (locked) {
      await holdInDispute(tx, locked, { actorUserId: actor!.userId, reason, now, kind: "rejected" });
      return { changed: true };
    }
    return { changed: true, state: "rejected", event: { kind: "rejected", reason }, notice: { kind: "rejected", reason } };
  });
}

// ───────────────────────────── closing ─────────────────────────────

/**
 * Ends the places of experts who started a survey that then closed and did not finish within the
 * grace period, so none waits forever (the settle-due-money sweep).
 */
export async function expireSurveyGrace(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - GRACE_MS);
  const due = await db().engagement.findMany({
    where: { state: "accepted", project: { projectType: "survey", status: "closed", closedAt: { lte: cutoff } } },
    select: { id: true },
    take: 500,
  });
  let ended = 0;
  for (const { id } of due) {
    const done = await db().$transaction(async (tx) => {
      const e = await lockedEngagement(tx, id);
      if (!e || e.state !== "accepted" || !e.project.closedAt || e.project.closedAt > cutoff) return false;
      const reason = `The survey closed and no response arrived within ${SURVEY_GRACE_HOURS} hours.`;
      await endBySystem(tx, e, { to: "cancelled", event: "survey_closed", notice: "project_closed", reason, now });
      return true;
    }, LOCKED_TX_OPTIONS);
    if (done) ended++;
  }
  return ended;
}

// ───────────────────────────── what both sides read ─────────────────────────────

export type SurveyProgress = {
  /** Responses in review or approved, against the target. */
  counted: number;
  target: number;
  placesLeft: number;
  started: number;
  /** Median minutes from first open to response; null until there is one. */
  medianMinutes: number | null;
  responses: number;
};

/** A survey's progress per project: places left, how many started, and the median time to answer. */
export async function surveyProgress(projectIds: string[]): Promise<Map<string, SurveyProgress>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db().$queryRaw<
    { project_id: string; quota: number; counted: number; started: number; responses: number; median_seconds: number | null }[]
  >`
    SELECT p.id::text AS project_id, p.quota,
           count(e.id) FILTER (WHERE e.state IN ('submitted', 'completed'))::int AS counted,
           count(e.id) FILTER (WHERE e.survey_started_at IS NOT NULL)::int AS started,
           count(e.id) FILTER (WHERE e.submitted_at IS NOT NULL AND e.survey_started_at IS NOT NULL)::int AS responses,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.submitted_at - e.survey_started_at))
             FILTER (WHERE e.submitted_at IS NOT NULL AND e.survey_started_at IS NOT NULL)::float8 AS median_seconds
    FROM projects p LEFT JOIN engagements e ON e.project_id = p.id
    WHERE p.id = ANY(${projectIds}::uuid[])
    GROUP BY p.id, p.quota`;
  return new Map(
    rows.map((r) => [
      r.project_id,
      {
        counted: r.counted,
        target: r.quota,
        placesLeft: Math.max(0, r.quota - r.counted),
        started: r.started,
        responses: r.responses,
        medianMinutes: r.median_seconds === null ? null : Math.max(1, Math.round(r.median_seconds / 60)),
      },
    ]),
  );
}

/** Experts see a survey's median time only once it rests on this many responses. */
export const MEDIAN_SHOWN_TO_EXPERTS_FROM = 5;
