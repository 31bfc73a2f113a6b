import "server-only";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, orgRefusalFor, requirePermission } from "@/lib/accounts/permissions";
import { releaseReservation, reserveIncentive } from "@/lib/money/reservations";
import { fixIncentiveChoice } from "@/lib/money/incentive-choices";
import { isOrganizationMember, orgScope } from "@/lib/organizations/membership";
import { Prisma } from "@/lib/generated/prisma/client";
import type { EngagementState } from "@/lib/generated/prisma/enums";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import { evaluateScreener, screenerQuestionsSchema, type ScreenerAnswers } from "@/lib/engagements/screener";
import {
  awaitedSide,
  FINAL_STATES,
  hasStarted,
  isLateCancel,
  mayTransition,
  replaceRefusal,
  SCREENED_OUT_MESSAGE,
  standsAlone,
  STATE_LABELS,
  TRANSITIONS,
  type Side,
  type Transition,
} from "@/lib/engagements/states";
import { consumeRateLimits, SCHEDULE_PROPOSALS_PER_ACCOUNT } from "@/lib/platform/security/rate-limit";
import { reminderInstants } from "@/lib/engagements/reminders";
import { isoDay } from "@/lib/experts/dashboard/expert";
import { zonedTimeToUtc } from "@/lib/platform/zoned-time";
import { isFreeWeeklyTime } from "@/lib/engagements/weekly-hours";
import { expertAvailabilityOf, weeklyFacts } from "@/lib/engagements/expert-availability";
import { noticeEngagement } from "@/lib/engagements/notices";
import { planSessionMeeting } from "@/lib/engagements/meeting-links";
import { textEngagement } from "@/lib/engagements/session-texts";
import { assertInviteCaps } from "@/lib/engagements/caps";
import type { EngagementMailKind } from "@/lib/engagements/mail";
import { bookEarning } from "@/lib/money/earnings";
import { AUTO_COMPLETE_DAYS } from "@/lib/money/policy";
import { clientFacts, conflictNote, declaredConflicts } from "@/lib/experts/conflicts";
import { CONFLICT_NOTICE, OUTSIDE_ACTIVITY_TEXT, OUTSIDE_ACTIVITY_VERSION } from "@/lib/accounts/attestations";
import type { RequestMeta } from "@/lib/platform/request";
import { revalidateExpertPages } from "@/lib/platform/cache";
import { refuseDisabledParty, refuseDisabledProjectMember } from "@/lib/accounts/disabled-parties";
import { formatOf, FORMAT_PHRASES } from "@/lib/vocabulary/studies";
import { newParticipantId } from "@/lib/engagements/survey-codes";
import { releasePlace } from "@/lib/engagements/seats";
import { CELL_WAITLIST_MESSAGE, placeInSample, takeCellPlace } from "@/lib/samples/places";
import { assertDistrictOpen, closedDistricts, reachableExperts } from "@/lib/districts/approval-gate";
import { expertMayTakePart, recordDistrictCheck } from "@/lib/engagements/district-gate";
import { requireStudyConsent } from "@/lib/engagements/consent/gate";

// The engagement state machine: one function per transition. Each locks the engagement row,
// checks the actor's side and the current state against lib/engagements/states.ts, writes the
// change and its history event, and queues the other side's notice — all in one transaction.
// Asking for the state the engagement is already in returns `changed: false` (a double click).

export type TransitionResult = { engagementId: string; state: EngagementState; changed: boolean };

export const lockedEngagement = async (tx: Tx, id: string) => {
  await tx.$queryRaw`SELECT id FROM engagements WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.engagement.findUnique({
    where: { id },
    select: {
      id: true,
      state: true,
      origin: true,
      clientUserId: true,
      organizationId: true,
      projectId: true,
      expertId: true,
      declinePayment: true,
      incentiveCents: true,
      participantId: true,
      surveyStartedAt: true,
      expert: { select: { userId: true } },
      project: { select: { status: true, estimatedDurationMinutes: true, title: true, projectType: true, closedAt: true } },
      session: {
        select: {
          id: true,
          startsAt: true,
          endsAt: true,
          slotId: true,
          sequence: true,
          status: true,
          agreedAt: true,
          proposedStartsAt: true,
          proposedSlotId: true,
          proposedBy: true,
          proposedReason: true,
        },
      },
    },
  });
};
export type Locked = NonNullable<Awaited<ReturnType<typeof lockedEngagement>>>;

const NOT_FOUND = () => new AppError("NOT_FOUND", "Engagement not found");

/**
 * The actor's side of the engagement, or not found (another person's engagement is not revealed).
 * A member who sees the organization's pipeline but whose role does not run it is told their role
 * instead: the engagement is no secret to them.
 */
export function sideOf(actor: Actor, e: Locked): Side {
  if (e.expert.userId === actor.userId && can(actor, "update:expert:own")) return "expert";
  if (isOrganizationMember(actor, e.organizationId, "manage:project:org")) return "client";
  if (isOrganizationMember(actor, e.organizationId, "read:project:org")) throw orgRefusalFor(actor, "manage:project:org");
  throw NOT_FOUND();
}

function refuseTransition(t: Transition, e: Locked, side: Side): never {
  const rule = TRANSITIONS[t];
  const format = formatOf(e.project.projectType);
  if (!rule.formats.includes(format))
    throw new AppError("CONFLICT", `This study is ${FORMAT_PHRASES[format]}, so it cannot be changed that way.`);
  if (!rule.by(e.origin).includes(side)) throw new AppError("FORBIDDEN", `The ${side} cannot ${t.replace("_", " ")} this engagement.`);
  throw new AppError("CONFLICT", `This engagement is ${STATE_LABELS[e.state].toLowerCase()}, so it cannot be changed that way.`);
}

export async function recordEvent(
  tx: Tx,
  e: { id: string },
  actor: Actor | null,
  side: Side | "system" | "admin",
  kind: string,
  from: EngagementState | null,
  to: EngagementState,
  reason?: string | null,
) {
  await tx.engagementEvent.create({
    data: {
      engagementId: e.id,
      actorUserId: actor?.userId ?? null,
      actorSide: side,
      kind,
      fromState: from,
      toState: to,
      reason: reason ?? null,
    },
  });
  await followMoney(tx, e.id, side, from, to, actor);
}

/** States in which an engagement's incentive stays reserved. */
const RESERVING_STATES: readonly EngagementState[] = ["accepted", "scheduled", "submitted"];

/**
 * Every change of state passes here with its history line, so the money follows the state in the
 * same transaction: taken on (accepted, scheduled, a survey place) reserves the incentive, and
 * an end gives back whatever its earning did not use (the earning, booked first, spends it).
 */
async function followMoney(
  tx: Tx,
  engagementId: string,
  side: Side | "system" | "admin",
  from: EngagementState | null,
  to: EngagementState,
  actor: Actor | null,
) {
  const reserving = RESERVING_STATES.includes(to) && (from === null || !RESERVING_STATES.includes(from));
  const ending = FINAL_STATES.includes(to) && (from === null || !FINAL_STATES.includes(from));
  if (reserving) {
    const e = await tx.engagement.findUniqueOrThrow({
      where: { id: engagementId },
      select: {
        id: true,
        organizationId: true,
        projectId: true,
        incentiveCents: true,
        declinePayment: true,
        expert: { select: { userId: true } },
      },
    });
    // Pay, donate or decline is fixed as the engagement is taken on: a decline reserves nothing.
    const choice = await fixIncentiveChoice(tx, { ...e, expertUserId: e.expert.userId }, new Date());
    await reserveIncentive(
      tx,
      { ...e, declinePayment: e.declinePayment || choice === "decline" },
      side === "client" || side === "expert" ? side : "system",
      can(actor, "read:billing:org"),
    );
  } else if (ending && !(await awaitsAttendanceSettlement(tx, engagementId))) await releaseReservation(tx, engagementId, new Date());
}

/**
 * A focus-group place the client has marked but whose correction window is still open: its
 * reservation stays held, because the pay it books (or gives back) follows the final mark.
 */
async function awaitsAttendanceSettlement(tx: Tx, engagementId: string) {
  const seat = await tx.studySeat.findFirst({
    where: { engagementId, outcome: { not: null }, session: { settledAt: null } },
    select: { id: true },
  });
  return seat !== null;
}

export const other = (side: Side): Side => (side === "expert" ? "client" : "expert");

export type Step = (
  tx: Tx,
  e: Locked,
  side: Side,
) => Promise<{
  changed: boolean;
  state?: EngagementState;
  notice?: { kind: EngagementMailKind; reason?: string | null; lateCancel?: boolean } | null;
  event?: { kind: string; reason?: string | null };
}>;

/** Runs one transition: lock, side, rule, the step's writes, the event and the notice. */
export async function transition(actor: Actor | null, engagementId: string, t: Transition, step: Step): Promise<TransitionResult> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  return db().$transaction((tx) => transitionIn(tx, actor, engagementId, t, step), LOCKED_TX_OPTIONS);
}

/** One transition inside the caller's transaction, so several engagements can change together (a focus group's attendance). */
export async function transitionIn(tx: Tx, actor: Actor, engagementId: string, t: Transition, step: Step): Promise<TransitionResult> {
  const e = await lockedEngagement(tx, engagementId);
  if (!e) throw NOT_FOUND();
  const side = sideOf(actor, e);
  const rule = TRANSITIONS[t];
  const alreadyThere = e.state === rule.to && !rule.from.includes(e.state);
  if (alreadyThere && rule.by(e.origin).includes(side)) return { engagementId: e.id, state: e.state, changed: false };
  if (!mayTransition(t, e.state, e.origin, side, formatOf(e.project.projectType))) refuseTransition(t, e, side);
  const result = await step(tx, e, side);
  if (!result.changed) return { engagementId: e.id, state: e.state, changed: false };
  const to = result.state ?? rule.to;
  if (to !== e.state) await tx.engagement.update({ where: { id: e.id }, data: { state: to } });
  if (to !== e.state || result.event) await recordEvent(tx, e, actor, side, result.event?.kind ?? t, e.state, to, result.event?.reason);
  if (result.notice) await noticeEngagement(tx, { engagementId: e.id, to: other(side), ...result.notice });
  return { engagementId: e.id, state: to, changed: true };
}

// ───────────────────────────── starting ─────────────────────────────

export type InviteResult = { created: boolean; engagementId: string; state: EngagementState };

/** The expert confirms, per engagement, that their employer's outside-activity policy permits it. */
const OUTSIDE_ACTIVITY_REQUIRED = () =>
  new AppError("BAD_REQUEST", `Please confirm: ${OUTSIDE_ACTIVITY_TEXT}`, {
    outsideActivityConfirmed: [`Please confirm: ${OUTSIDE_ACTIVITY_TEXT}`],
  });

async function recordOutsideActivity(tx: Tx, userId: string, engagementId: string, meta: RequestMeta | null | undefined) {
  await tx.userConsent.create({
    data: {
      userId,
      consentType: "OUTSIDE_ACTIVITY",
      version: OUTSIDE_ACTIVITY_VERSION,
      engagementId,
      ipAddress: meta?.ip ?? null,
      userAgent: meta?.userAgent ?? null,
    },
  });
}

/**
 * The client invites an expert to one of their open projects. Inviting the same expert to the
 * same project again stores nothing new. The caps (open invites per expert, invites per
 * organization in 30 days, the expert's pause) are checked under a lock on the expert row.
 */
export async function inviteExpert(
  actor: Actor | null,
  input: { projectId: string; expertId: string; message?: string | null; confirmConflict?: boolean },
  now: Date = new Date(),
): Promise<InviteResult> {
  requirePermission(actor, "manage:project:org");
  return db().$transaction(async (tx) => {
    await lockProjectIncentive(tx, input.projectId);
    const project = await tx.project.findFirst({
      where: { id: input.projectId, ...orgScope(actor, "manage:project:org") },
      select: { id: true, status: true, deadline: true, compensationCents: true, organizationId: true, clientUserId: true },
    });
    if (!project) throw new AppError("NOT_FOUND", "Project not found");
    await refuseDisabledProjectMember(tx, project.clientUserId);
    await tx.$queryRaw`SELECT id FROM experts WHERE id = ${input.expertId}::uuid FOR UPDATE`;
    await refuseDisabledParty(tx, { expertId: input.expertId });
    const expert = await tx.expert.findFirst({
      where: { id: input.expertId, verificationStatus: "verified", isPublicProfile: true },
      select: { id: true, timeZone: true, invitesPausedUntil: true },
    });
    if (!expert) throw new AppError("NOT_FOUND", "Expert Not Found");
    const existing = await tx.engagement.findUnique({
      where: { projectId_expertId: { projectId: project.id, expertId: expert.id } },
      select: { id: true, state: true },
    });
    if (existing) return { created: false, engagementId: existing.id, state: existing.state };
    assertProjectOpen(project, now, "invites");
    // The expert's district must have said yes (or need no yes) before its staff are invited.
    await assertDistrictOpen(tx, project.id, expert.id, now);
    await assertInviteCaps(tx, { organizationId: project.organizationId, expert, now });
    // A declared relationship with this client's organization: the client confirms first.
    const note = conflictNote(await declaredConflicts(tx, expert.id, await clientFacts(tx, actor.userId)));
    if (note && input.confirmConflict !== true) throw new AppError("CONFLICT", CONFLICT_NOTICE, { confirmConflict: [note] });
    const e = await tx.engagement.create({
      data: {
        projectId: project.id,
        expertId: expert.id,
        clientUserId: actor.userId,
        organizationId: project.organizationId,
        origin: "invite",
        state: "invited",
        message: input.message?.trim() || null,
        conflictNote: note,
        incentiveCents: project.compensationCents,
      },
      select: { id: true },
    });
    await placeInSample(tx, { id: e.id, projectId: project.id, expertId: expert.id }, { waitlistIfFull: false, now });
    await recordEvent(tx, e, actor, "client", "invited", null, "invited", input.message?.trim() || null);
    await noticeEngagement(tx, { engagementId: e.id, kind: "invited", to: "expert", reason: input.message?.trim() || null });
    return { created: true, engagementId: e.id, state: "invited" as const };
  }, LOCKED_TX_OPTIONS);
}

/**
 * Holds the project's incentive still while an engagement is created with it: a raise committed
 * meanwhile either waits for the new engagement (and then raises it too) or is read by it.
 */
async function lockProjectIncentive(tx: Tx, projectId: string) {
  await tx.$queryRaw`SELECT id FROM projects WHERE id = ${projectId}::uuid FOR SHARE`;
}

function assertProjectOpen(project: { status: string; deadline: Date | null }, now: Date, what: "invites" | "applications") {
  if (project.status === "paused") throw new AppError("CONFLICT", `This project is paused and not taking new ${what}.`);
  if (project.status !== "open" || (project.deadline && project.deadline <= now))
    throw new AppError("CONFLICT", `This project is closed to new ${what}.`);
}

export type ApplyResult = { engagementId: string; state: EngagementState; created: boolean; message: string | null };

/** Why an expert who is not verified cannot apply (the board shows the same words). */
export function applyRefusal(status: string): string {
  return status === "rejected"
    ? "Your profile was not approved, so you cannot apply to studies. Contact support if you think this is a mistake."
    : "Your profile is still being verified. You can apply to studies once it is approved.";
}

/**
 * The expert applies to an open project (through its opportunity) with the screener's answers.
 * Only verified experts may apply; an invite-only project takes applications only from experts
 * it invited (they accept the invite instead). A disqualifying answer ends the application
 * politely as "screened out"; the client sees those apart. Applying twice changes nothing.
 */
export async function applyToOpportunity(
  actor: Actor | null,
  input: { opportunityId: string; answers?: ScreenerAnswers; outsideActivityConfirmed?: boolean; districtPolicyChecked?: boolean },
  now: Date = new Date(),
  meta?: RequestMeta | null,
): Promise<ApplyResult> {
  requirePermission(actor, "update:expert:own");
  return db().$transaction(async (tx) => {
    const expert = await tx.expert.findUnique({ where: { userId: actor.userId }, select: { id: true, verificationStatus: true } });
    if (!expert) throw new AppError("NOT_FOUND", "Expert profile not found.");
    const opportunity = await tx.opportunity.findUnique({
      where: { id: input.opportunityId },
      select: {
        project: {
          select: {
            id: true,
            status: true,
            deadline: true,
            visibility: true,
            clientUserId: true,
            organizationId: true,
            projectType: true,
            screener: { select: { id: true, questions: true } },
          },
        },
      },
    });
    const project = opportunity?.project;
    if (!project) throw new AppError("NOT_FOUND", "This opportunity is no longer available.");
    await refuseDisabledParty(tx, { clientUserId: project.clientUserId });
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`engagement:${project.id}:${expert.id}`}))`;
    const existing = await tx.engagement.findUnique({
      where: { projectId_expertId: { projectId: project.id, expertId: expert.id } },
      select: { id: true, state: true },
    });
    if (existing)
      return {
        engagementId: existing.id,
        state: existing.state,
        created: false,
        message: existing.state === "screened_out" ? SCREENED_OUT_MESSAGE : null,
      };
    if (expert.verificationStatus !== "verified") throw new AppError("FORBIDDEN", applyRefusal(expert.verificationStatus));
    if (project.visibility !== "open") throw new AppError("NOT_FOUND", "This opportunity is no longer available.");
    assertProjectOpen(project, now, "applications");
    // Applying is the expert's acceptance, so it carries the outside-activity confirmation.
    if (input.outsideActivityConfirmed !== true) throw OUTSIDE_ACTIVITY_REQUIRED();
    const district = await expertMayTakePart(
      tx,
      { userId: actor.userId, expertId: expert.id, projectId: project.id },
      input.districtPolicyChecked,
      now,
    );

    let state: EngagementState = "applied";
    if (project.screener) {
      const questions = screenerQuestionsSchema.safeParse(project.screener.questions);
      if (!questions.success) throw new AppError("CONFLICT", "This study's screener cannot be answered right now. Please try again later.");
      const outcome = evaluateScreener(questions.data, input.answers ?? {});
      if (!outcome.ok) throw new AppError("BAD_REQUEST", outcome.message, { answers: [outcome.message] });
      if (!outcome.qualified) state = "screened_out";
    }
    // A survey needs no one-by-one acceptance: a qualified applicant may start it at once.
    const survey = formatOf(project.projectType) === "survey";
    if (survey && state === "applied") state = "accepted";
    await lockProjectIncentive(tx, project.id);
    const { compensationCents } = await tx.project.findUniqueOrThrow({ where: { id: project.id }, select: { compensationCents: true } });
    const e = await tx.engagement.create({
      data: {
        projectId: project.id,
        expertId: expert.id,
        clientUserId: project.clientUserId,
        organizationId: project.organizationId,
        origin: "application",
        state,
        incentiveCents: compensationCents,
        screenerId: project.screener?.id ?? null,
        screenerAnswers: project.screener ? (input.answers as Prisma.InputJsonValue) : Prisma.DbNull,
        conflictNote: conflictNote(await declaredConflicts(tx, expert.id, await clientFacts(tx, project.clientUserId))),
        participantId: state === "accepted" ? newParticipantId() : null,
      },
      select: { id: true },
    });
    // A full cell of the project's sample plan: the application waits (a survey's is not started).
    const { waitlisted } = await placeInSample(
      tx,
      { id: e.id, projectId: project.id, expertId: expert.id },
      { waitlistIfFull: state !== "screened_out", now },
    );
    if (waitlisted && state === "accepted") {
      state = "applied";
      await tx.engagement.update({ where: { id: e.id }, data: { state, participantId: null } });
    }
    await requireStudyConsent(tx, { projectId: project.id, expertId: expert.id, engagementId: e.id });
    await recordOutsideActivity(tx, actor.userId, e.id, meta);
    await recordDistrictCheck(tx, actor.userId, e.id, district, meta);
    await recordEvent(tx, e, actor, "expert", state, null, state, waitlisted ? CELL_WAITLIST_MESSAGE : null);
    if (state === "applied") await noticeEngagement(tx, { engagementId: e.id, kind: "applied", to: "client" });
    const message = state === "screened_out" ? SCREENED_OUT_MESSAGE : waitlisted ? CELL_WAITLIST_MESSAGE : null;
    return { engagementId: e.id, state, created: true, message };
  }, LOCKED_TX_OPTIONS);
}

// ───────────────────────────── answering ─────────────────────────────

/**
 * The side that did not start the engagement accepts it (accepting beyond the quota is allowed).
 * An expert accepting confirms the outside-activity policy; the confirmation is kept as a consent row.
 */
export function acceptEngagement(
  actor: Actor | null,
  engagementId: string,
  confirm: { outsideActivityConfirmed?: boolean; districtPolicyChecked?: boolean; meta?: RequestMeta | null } = {},
) {
  return transition(actor, engagementId, "accept", async (tx, e, side) => {
    if (e.project.status === "closed") throw new AppError("CONFLICT", "This project is closed.");
    // The client answers applications: one in a full cell of the sample plan waits for a place.
    if (side === "client") await takeCellPlace(tx, { id: e.id, projectId: e.projectId });
    if (side === "expert") {
      if (confirm.outsideActivityConfirmed !== true) throw OUTSIDE_ACTIVITY_REQUIRED();
      const district = await expertMayTakePart(
        tx,
        { userId: actor!.userId, expertId: e.expertId, projectId: e.projectId },
        confirm.districtPolicyChecked,
        new Date(),
      );
      await requireStudyConsent(tx, { projectId: e.projectId, expertId: e.expertId, engagementId: e.id });
      await recordOutsideActivity(tx, actor!.userId, e.id, confirm.meta);
      await recordDistrictCheck(tx, actor!.userId, e.id, district, confirm.meta);
    }
    if (formatOf(e.project.projectType) === "survey" && !e.participantId)
      await tx.engagement.update({ where: { id: e.id }, data: { participantId: newParticipantId() } });
    return { changed: true, notice: { kind: "accepted" } };
  });
}

/** The side that did not start it declines, with an optional reason the other side reads. */
export function declineEngagement(actor: Actor | null, engagementId: string, reason?: string | null) {
  return transition(actor, engagementId, "decline", async () => ({
    changed: true,
    event: { kind: "declined", reason },
    notice: { kind: "declined", reason },
  }));
}

// ───────────────────────────── scheduling ─────────────────────────────

/** The expert's own times: a one-off slot (by id) or one of their weekly hours (by its instant). */
export type ExpertTimeChoice = { slotId: string } | { weeklyAt: Date };
export type TimeChoice = ExpertTimeChoice | { proposalId: string } | { startsAt: Date };

const assertFuture = (at: Date, now: Date) => {
  if (at <= now) throw new AppError("BAD_REQUEST", "Choose a time in the future.");
};

/**
 * The start the actor chose: the expert one of their own free slots, one of their weekly hours
 * or one of the client's proposals; the client (rescheduling) a time of their own. A slot or a
 * weekly time is taken in the same transaction so two engagements cannot book it.
 */
async function resolveChoice(
  tx: Tx,
  e: Locked,
  side: Side,
  choice: TimeChoice,
  now: Date,
): Promise<{ startsAt: Date; slotId: string | null }> {
  if ("slotId" in choice) {
    if (side !== "expert") throw new AppError("FORBIDDEN", "Only the expert can pick one of their availability slots.");
    const slot = await tx.availabilitySlot.findFirst({ where: { id: choice.slotId, expertId: e.expertId } });
    if (!slot || (!slot.isAvailable && slot.id !== e.session?.slotId))
      throw new AppError("NOT_FOUND", "That time slot is no longer available.");
    const startsAt = zonedTimeToUtc(isoDay(slot.date), slot.startTime, slot.timezone);
    assertFuture(startsAt, now);
    if (slot.id !== e.session?.slotId) {
      const taken = await tx.availabilitySlot.updateMany({ where: { id: slot.id, isAvailable: true }, data: { isAvailable: false } });
      if (taken.count !== 1) throw new AppError("CONFLICT", "That time slot was just taken.");
    }
    return { startsAt, slotId: slot.id };
  }
  if ("weeklyAt" in choice) {
    if (side !== "expert") throw new AppError("FORBIDDEN", "Only the expert can pick one of their weekly hours.");
    assertFuture(choice.weeklyAt, now);
    await takeWeeklyTime(tx, e, choice.weeklyAt, now);
    return { startsAt: choice.weeklyAt, slotId: null };
  }
  if ("proposalId" in choice) {
    if (side !== "expert") throw new AppError("FORBIDDEN", "Only the expert picks one of the proposed times.");
    const proposal = await tx.timeProposal.findFirst({ where: { id: choice.proposalId, engagementId: e.id } });
    if (!proposal) throw new AppError("NOT_FOUND", "That proposed time is no longer available.");
    assertFuture(proposal.startsAt, now);
    return { startsAt: proposal.startsAt, slotId: null };
  }
  if (side !== "client") throw new AppError("FORBIDDEN", "Pick one of your availability slots or one of the proposed times.");
  assertFuture(choice.startsAt, now);
  return { startsAt: choice.startsAt, slotId: null };
}

/**
 * A weekly time is not a row to mark taken: the session booked on it is what holds it, and the
 * time is free again as soon as that session is cancelled or moves. Every booking of a weekly
 * time takes the same per-expert lock first and then reads the expert's sessions, so two
 * engagements booking at once are served one after the other and the second sees the first.
 */
async function takeWeeklyTime(tx: Tx, e: Locked, at: Date, now: Date) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`weekly-hours:${e.expertId}`}))`;
  const availability = await expertAvailabilityOf(e.expertId, now, { reader: tx, exceptEngagementId: e.id });
  if (!isFreeWeeklyTime(at, weeklyFacts(availability), e.project.estimatedDurationMinutes)) {
    throw new AppError("CONFLICT", "That time is no longer free. Please choose another time.");
  }
}

async function releaseSlot(tx: Tx, slotId: string | null | undefined, keep?: string | null) {
  if (slotId && slotId !== keep) await tx.availabilitySlot.updateMany({ where: { id: slotId }, data: { isAvailable: true } });
}

/** Queues the 24 h and 1 h reminders; a reschedule replaces them (same job keys), a past instant is skipped. */
export async function queueReminders(tx: Tx, session: { id: string; startsAt: Date }, now: Date) {
  for (const r of reminderInstants(session.startsAt, now)) {
    await enqueueJob(
      "session-reminder",
      { sessionId: session.id, which: r.which, startsAt: session.startsAt.toISOString() },
      { runAt: r.at, jobKey: `session-reminder:${session.id}:${r.which}`, maxAttempts: 5 },
      tx,
    );
  }
}

export async function dropReminders(tx: Tx, sessionId: string) {
  for (const which of ["24h", "1h"])
    await tx.$queryRaw`SELECT graphile_worker.remove_job(${`session-reminder:${sessionId}:${which}`}::text)`;
}

const sameInstant = (a: Date | null | undefined, b: Date | null | undefined) => !!a && !!b && a.getTime() === b.getTime();
const instantsKey = (times: Date[]) => [...new Set(times.map((t) => t.getTime()))].sort((a, b) => a - b).join(",");

/**
 * Each proposal mails the other side, so it counts against the actor's limit, inside the
 * transition's transaction: a proposal that changes nothing (returned before this) or is
 * refused uses up nothing.
 */
const countProposal = (tx: Tx, actor: Actor | null) =>
  consumeRateLimits([{ rule: SCHEDULE_PROPOSALS_PER_ACCOUNT, key: actor!.userId }], tx);

/** The client proposes 1 to 3 times (they replace earlier proposals); the expert picks one. The same times again change nothing. */
export function proposeTimes(actor: Actor | null, engagementId: string, times: Date[], now: Date = new Date()) {
  return transition(actor, engagementId, "propose", async (tx, e) => {
    for (const t of times) assertFuture(t, now);
    const current = await tx.timeProposal.findMany({ where: { engagementId: e.id }, select: { startsAt: true } });
    if (instantsKey(current.map((p) => p.startsAt)) === instantsKey(times)) return { changed: false };
    await countProposal(tx, actor);
    await tx.timeProposal.deleteMany({ where: { engagementId: e.id } });
    await tx.timeProposal.createMany({ data: times.map((startsAt) => ({ engagementId: e.id, startsAt })) });
    return { changed: true, event: { kind: "proposed" }, notice: { kind: "proposed" } };
  });
}

/** No new time is waiting for an answer. */
export const NO_PROPOSAL = {
  proposedStartsAt: null,
  proposedSlotId: null,
  proposedBy: null,
  proposedReason: null,
  proposedAt: null,
} as const;

/**
 * The expert schedules an accepted engagement: Pick Time (a slot or a weekly time) or one of the
 * client's proposals. A client's proposal picked is a time both sides agreed; the expert's own time is
 * agreed only when it leaves the client the whole free-cancel window, and otherwise waits for
 * the client to confirm it.
 */
export function scheduleEngagement(
  actor: Actor | null,
  engagementId: string,
  choice: ExpertTimeChoice | { proposalId: string },
  now: Date = new Date(),
) {
  return transition(actor, engagementId, "schedule", async (tx, e, side) => {
    await requireStudyConsent(tx, { projectId: e.projectId, expertId: e.expertId, engagementId: e.id });
    const { startsAt, slotId } = await resolveChoice(tx, e, side, choice, now);
    const endsAt = new Date(startsAt.getTime() + e.project.estimatedDurationMinutes * 60_000);
    const agreedAt = "proposalId" in choice || standsAlone(startsAt, now) ? now : null;
    const session = await tx.engagementSession.upsert({
      where: { engagementId: e.id },
      create: { engagementId: e.id, startsAt, endsAt, slotId, agreedAt },
      update: { startsAt, endsAt, slotId, agreedAt, ...NO_PROPOSAL, status: "scheduled", sequence: { increment: 1 } },
      select: { id: true, startsAt: true },
    });
    await tx.timeProposal.deleteMany({ where: { engagementId: e.id } });
    await queueReminders(tx, session, now);
    await planSessionMeeting(tx, { kind: "engagement", id: session.id });
    // The expert who booked gets the booking text too (the notice goes to the client).
    if (agreedAt) await textEngagement(tx, { engagementId: e.id, kind: "scheduled", to: side });
    return { changed: true, notice: { kind: agreedAt ? "scheduled" : "confirm_time" } };
  });
}

const STARTED_NO_MOVE = () => new AppError("CONFLICT", "The session has started, so its time can no longer change.");

/**
 * Either side proposes a new time for a scheduled session, with a reason. The current time
 * stands (its reminders, calendar file and late-cancel window) until the other side accepts
 * the new one. A slot or weekly time the expert proposes is held for the proposal. The current time, or the
 * same new time proposed again, changes nothing and tells nobody; the other side's own proposed
 * time is taken as accepting it.
 */
export function rescheduleSession(actor: Actor | null, engagementId: string, choice: TimeChoice, reason: string, now: Date = new Date()) {
  return transition(actor, engagementId, "reschedule", async (tx, e, side) => {
    const session = e.session!;
    if (hasStarted(session, now)) throw STARTED_NO_MOVE();
    const mine = session.proposedBy === side;
    if (
      "startsAt" in choice &&
      (sameInstant(choice.startsAt, session.startsAt) || (mine && sameInstant(choice.startsAt, session.proposedStartsAt)))
    )
      return { changed: false };
    if ("slotId" in choice && (choice.slotId === session.slotId || (mine && choice.slotId === session.proposedSlotId)))
      return { changed: false };
    const { startsAt, slotId } = await resolveChoice(tx, e, side, choice, now);
    const unchanged = sameInstant(startsAt, session.startsAt) || (mine && sameInstant(startsAt, session.proposedStartsAt));
    if (unchanged) {
      await releaseSlot(tx, slotId, mine ? session.proposedSlotId : session.slotId);
      return { changed: false };
    }
    if (session.proposedBy === other(side) && sameInstant(startsAt, session.proposedStartsAt)) {
      await releaseSlot(tx, slotId, session.proposedSlotId);
      return moveToProposal(tx, e, side, now);
    }
    await countProposal(tx, actor);
    await releaseSlot(tx, session.proposedSlotId, slotId);
    await tx.engagementSession.update({
      where: { id: session.id },
      data: { proposedStartsAt: startsAt, proposedSlotId: slotId, proposedBy: side, proposedReason: reason, proposedAt: now },
    });
    return { changed: true, event: { kind: "time_proposed", reason }, notice: { kind: "time_proposed", reason } };
  });
}

/** The proposed new time becomes the session's time, agreed now: the old slot goes back, the reminders move, both sides get the calendar update. */
async function moveToProposal(tx: Tx, e: Locked, side: Side, now: Date) {
  const session = e.session!;
  const startsAt = session.proposedStartsAt!;
  if (startsAt <= now) throw new AppError("CONFLICT", "The proposed time has passed. Keep the current time or propose another.");
  const reason = session.proposedReason;
  await releaseSlot(tx, session.slotId, session.proposedSlotId);
  const endsAt = new Date(startsAt.getTime() + e.project.estimatedDurationMinutes * 60_000);
  const updated = await tx.engagementSession.update({
    where: { id: session.id },
    data: { startsAt, endsAt, slotId: session.proposedSlotId, agreedAt: now, ...NO_PROPOSAL, sequence: { increment: 1 } },
    select: { id: true, startsAt: true },
  });
  await tx.timeProposal.deleteMany({ where: { engagementId: e.id } });
  await queueReminders(tx, updated, now);
  await planSessionMeeting(tx, { kind: "engagement", id: updated.id });
  await noticeEngagement(tx, { engagementId: e.id, kind: "rescheduled", to: side, reason });
  return { changed: true, event: { kind: "rescheduled", reason }, notice: { kind: "rescheduled" as const, reason } };
}

/**
 * The side the session's time waits for accepts it: the other side's proposed new time (the
 * session moves), or a time the expert set alone less than 24 hours ahead (now agreed).
 * Nothing waiting is a double click and changes nothing.
 */
export function acceptSessionTime(actor: Actor | null, engagementId: string, now: Date = new Date()) {
  return transition(actor, engagementId, "accept_time", async (tx, e, side) => {
    const session = e.session!;
    const waitingFor = awaitedSide(session);
    if (waitingFor === null) return { changed: false };
    if (waitingFor !== side) throw new AppError("CONFLICT", `This time is waiting for the ${waitingFor} to answer.`);
    if (hasStarted(session, now)) throw new AppError("CONFLICT", "The session has started: mark it completed or a no-show instead.");
    if (session.proposedBy) return moveToProposal(tx, e, side, now);
    await tx.engagementSession.update({ where: { id: session.id }, data: { agreedAt: now } });
    return { changed: true, event: { kind: "time_confirmed" }, notice: { kind: "time_confirmed" } };
  });
}

/** Either side keeps the current time: the other side declines a proposed new time, or the proposer withdraws it. */
export function keepSessionTime(actor: Actor | null, engagementId: string, reason: string | null = null) {
  return transition(actor, engagementId, "keep_time", async (tx, e) => {
    const session = e.session!;
    if (!session.proposedBy) return { changed: false };
    await releaseSlot(tx, session.proposedSlotId, session.slotId);
    await tx.engagementSession.update({ where: { id: session.id }, data: NO_PROPOSAL });
    return { changed: true, event: { kind: "time_kept", reason }, notice: { kind: "time_kept", reason } };
  });
}

/** The client sets (or changes) the meeting link of a scheduled session. */
export function setMeetingLink(actor: Actor | null, engagementId: string, meetingUrl: string) {
  return transition(actor, engagementId, "meeting_link", async (tx, e) => {
    const session = e.session!;
    const current = await tx.engagementSession.findUniqueOrThrow({ where: { id: session.id }, select: { meetingUrl: true } });
    if (current.meetingUrl === meetingUrl) return { changed: false };
    await tx.engagementSession.update({ where: { id: session.id }, data: { meetingUrl, sequence: { increment: 1 } } });
    // The client's own link wins: the meeting the product made is cancelled.
    await planSessionMeeting(tx, { kind: "engagement", id: session.id });
    return { changed: true, event: { kind: "meeting_link" }, notice: { kind: "meeting_link" } };
  });
}

// ───────────────────────────── ending ─────────────────────────────

/**
 * Either side cancels an accepted or scheduled engagement, with a reason, until the session
 * starts. A client cancelling less than 24 hours before a time both sides agreed is recorded as
 * a late cancel, and books the expert's late-cancellation fee (lib/money/policy.ts); a time the
 * client never agreed is free to cancel.
 */
export function cancelEngagement(actor: Actor | null, engagementId: string, reason: string, now: Date = new Date()) {
  return transition(actor, engagementId, "cancel", async (tx, e, side) => {
    if (e.state === "scheduled" && hasStarted(e.session, now))
      throw new AppError(
        "CONFLICT",
        "The session has started, so it can no longer be cancelled: mark it completed or a no-show, or open a dispute.",
      );
    const lateCancel = side === "client" && e.state === "scheduled" && isLateCancel(e.session, now);
    await tx.engagement.update({
      where: { id: e.id },
      data: { state: "cancelled", cancelledById: actor!.userId, cancelledAt: now, cancelReason: reason, lateCancel },
    });
    await releaseBookings(tx, e, now);
    if (lateCancel) await bookEarning(tx, earningFacts(e), { kind: "late_cancel_fee", now, actorUserId: actor!.userId });
    return {
      changed: true,
      event: { kind: lateCancel ? "late_cancel" : "cancelled", reason },
      notice: { kind: "cancelled", reason, lateCancel },
    };
  });
}

/**
 * What an engagement that ends early gives back: its session (cancelled, its slots and reminders),
 * the times proposed for it, and a focus group's seat, which goes to the first person on its
 * waitlist (an offer they may take).
 */
export async function releaseBookings(tx: Tx, e: Locked, now: Date) {
  if (e.session) {
    await tx.engagementSession.update({
      where: { id: e.session.id },
      data: { status: "cancelled", ...NO_PROPOSAL, sequence: { increment: 1 } },
    });
    await releaseSlot(tx, e.session.slotId);
    await releaseSlot(tx, e.session.proposedSlotId);
    await dropReminders(tx, e.session.id);
    await planSessionMeeting(tx, { kind: "engagement", id: e.session.id });
  }
  await tx.timeProposal.deleteMany({ where: { engagementId: e.id } });
  // A focus group's seat goes to the first person on its waitlist (an offer they may take).
  await releasePlace(tx, e.id, now);
}

/** The session's last write: its outcome, a proposed new time dropped (its held slot given back), no more reminders. */
export async function endSession(tx: Tx, session: NonNullable<Locked["session"]>, status: "completed" | "no_show") {
  await tx.engagementSession.update({ where: { id: session.id }, data: { status, ...NO_PROPOSAL } });
  await releaseSlot(tx, session.proposedSlotId, session.slotId);
  await dropReminders(tx, session.id);
}

const assertStarted = (e: Locked, now: Date) => {
  if (!e.session || e.session.startsAt > now) throw new AppError("CONFLICT", "The session has not started yet.");
};

/** What an earning books: the engagement's own incentive, fixed when it began (a later cut of the project's pay does not reach it). */
export const earningFacts = (e: Locked) => ({
  engagementId: e.id,
  clientUserId: e.clientUserId,
  organizationId: e.organizationId,
  projectId: e.projectId,
  expertUserId: e.expert.userId,
  incentiveCents: e.incentiveCents,
  declinePayment: e.declinePayment,
});

/**
 * The writes of a completion, by the client or by the 7-day rule: the session, its reminders and
 * the expert's earning (`book: false` for a focus group's attendance, booked when its correction
 * window closes). A backup seat nobody recorded earns its backup fee, never the full incentive.
 */
async function finishSession(tx: Tx, e: Locked, now: Date, actorUserId: string | null, book = true) {
  await tx.engagement.update({ where: { id: e.id }, data: { completedAt: now, autoCompleted: actorUserId === null } });
  await endSession(tx, e.session!, "completed");
  if (!book) return;
  const place = await tx.studySeat.findUnique({
    where: { engagementId: e.id },
    select: { kind: true, session: { select: { project: { select: { backupFeeCents: true } } } } },
  });
  if (place?.kind === "backup")
    await bookEarning(tx, earningFacts(e), { kind: "backup_fee", cents: place.session.project.backupFeeCents, now, actorUserId });
  else await bookEarning(tx, earningFacts(e), { kind: "session", now, actorUserId });
}

/** The writes of the client marking a session that has started as completed (`book: false`: a focus group's mark, paid when its window closes). */
export const completeStep =
  (actor: Actor, now: Date, book = true): Step =>
  async (tx, e) => {
    assertStarted(e, now);
    await finishSession(tx, e, now, actor.userId, book);
    return { changed: true, notice: { kind: "completed" } };
  };

/** The client marks a session that has started as completed: its incentive goes to the expert's Pending QC. */
export function completeSession(actor: Actor | null, engagementId: string, now: Date = new Date()) {
  return transition(actor, engagementId, "complete", (tx, e, side) => completeStep(actor!, now)(tx, e, side));
}

/**
 * A focus group's backup seat that was kept free and not needed: the session ends completed for
 * it; the backup fee the client set is booked when the attendance correction window closes.
 */
export const backupNotNeededStep =
  (now: Date, feeLabel: string): Step =>
  async (tx, e) => {
    assertStarted(e, now);
    await tx.engagement.update({ where: { id: e.id }, data: { completedAt: now } });
    await endSession(tx, e.session!, "completed");
    return {
      changed: true,
      event: { kind: "backup_not_needed", reason: `Backup seat not needed: paid ${feeLabel}` },
      notice: { kind: "backup_released", reason: feeLabel },
    };
  };

/**
 * The 7-day rule: a scheduled session at a time both sides agreed, whose end is more than
 * AUTO_COMPLETE_DAYS ago and that the client never marked, counts as completed (by the system),
 * so no expert waits on a silent client. A time the client never agreed is not billed this way.
 */
export async function completeOverdueSessions(now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - AUTO_COMPLETE_DAYS * 86_400_000);
  // Neither a time the client never agreed nor an engagement of a disabled account is billed this way.
  const due = await db().engagement.findMany({
    where: {
      state: "scheduled",
      session: { status: "scheduled", endsAt: { lte: cutoff }, agreedAt: { not: null } },
      client: { disabledAt: null },
      expert: { user: { disabledAt: null } },
      // An expert's report that the client missed it waits for an admin, who decides what is owed.
      OR: [{ noShowClaim: null }, { noShowClaim: { state: { not: "open" } } }],
    },
    select: { id: true },
    take: 500,
  });
  let completed = 0;
  for (const { id } of due) {
    const done = await db().$transaction(async (tx) => {
      const e = await lockedEngagement(tx, id);
      if (!e || e.state !== "scheduled" || !e.session || e.session.endsAt > cutoff || !e.session.agreedAt) return false;
      if (await tx.noShowClaim.findFirst({ where: { engagementId: e.id, state: "open" }, select: { id: true } })) return false;
      await finishSession(tx, e, now, null);
      await tx.engagement.update({ where: { id: e.id }, data: { state: "completed" } });
      await recordEvent(
        tx,
        e,
        null,
        "system",
        "auto_completed",
        "scheduled",
        "completed",
        `Not marked by the client within ${AUTO_COMPLETE_DAYS} days of the session`,
      );
      for (const to of ["expert", "client"] as const) await noticeEngagement(tx, { engagementId: e.id, kind: "completed", to });
      return true;
    }, LOCKED_TX_OPTIONS);
    if (done) completed++;
  }
  return completed;
}

/**
 * The client records that the expert did not attend a session that has started: the expert earns
 * nothing. Only the client's record decides attendance; an expert who believes the client missed
 * the session reports it to an admin instead (lib/engagements/no-show-claims.ts).
 */
export function markNoShow(actor: Actor | null, engagementId: string, reason: string | null, now: Date = new Date()) {
  return transition(actor, engagementId, "no_show", (tx, e, side) => noShowStep(reason, now)(tx, e, side));
}

/** The writes of the client recording that the expert did not attend. */
export const noShowStep =
  (reason: string | null, now: Date): Step =>
  async (tx, e) => {
    assertStarted(e, now);
    await endSession(tx, e.session!, "no_show");
    return { changed: true, event: { kind: "no_show", reason }, notice: { kind: "no_show" as const, reason } };
  };

// ───────────────────────────── replacing ─────────────────────────────

export type ReplaceResult = { changed: boolean; replacementId: string | null };

/**
 * The client replaces an expert who did not attend or cancelled, in one step: the next qualified
 * applicant (one who passed the screener and is still waiting, oldest application first) is
 * accepted and told to pick a time. Replacing the same engagement twice changes nothing.
 */
export async function replaceEngagement(actor: Actor | null, engagementId: string): Promise<ReplaceResult> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  return db().$transaction(async (tx) => {
    const e = await lockedEngagement(tx, engagementId);
    if (!e || sideOf(actor, e) !== "client") throw NOT_FOUND();
    const events = await tx.engagementEvent.findMany({ where: { engagementId: e.id }, select: { kind: true } });
    const refusal = replaceRefusal({
      state: e.state,
      format: formatOf(e.project.projectType),
      projectStatus: e.project.status,
      eventKinds: events.map((ev) => ev.kind),
    });
    if (refusal === "replaced") return { changed: false, replacementId: null };
    if (refusal) throw new AppError("CONFLICT", refusal);
    // The next applicant whose district has not closed the study to them.
    const closed = await closedDistricts(tx, e.projectId);
    const next = await tx.engagement.findFirst({
      where: { projectId: e.projectId, state: "applied", expert: reachableExperts(closed) },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, expert: { select: { user: { select: { firstName: true, lastName: true } } } } },
    });
    if (!next) throw new AppError("CONFLICT", "No qualified applicant is waiting. Invite another expert from Find Experts.");
    await tx.$queryRaw`SELECT id FROM engagements WHERE id = ${next.id}::uuid FOR UPDATE`;
    const moved = await tx.engagement.updateMany({ where: { id: next.id, state: "applied" }, data: { state: "accepted" } });
    if (moved.count !== 1) throw new AppError("CONFLICT", "That applicant's application just changed. Please try again.");
    const replacedBy = `${next.expert.user.firstName} ${next.expert.user.lastName}`.trim();
    await recordEvent(
      tx,
      next,
      actor,
      "client",
      "accepted",
      "applied",
      "accepted",
      "Accepted to replace an expert who could not take part",
    );
    await noticeEngagement(tx, { engagementId: next.id, kind: "accepted", to: "expert" });
    await recordEvent(tx, e, actor, "client", "replaced", e.state, e.state, `Replaced by ${replacedBy}`);
    return { changed: true, replacementId: next.id };
  }, LOCKED_TX_OPTIONS);
}

// ───────────────────────────── projects closing ─────────────────────────────

/**
 * Answers every engagement still waiting on a project that closed: invites and applications
 * become declined by the system, so none stays pending forever. Called in the closing transaction.
 */
export async function declineWaitingEngagements(tx: Tx, projectId: string, reason: string) {
  const waiting = await tx.engagement.findMany({
    where: { projectId, state: { in: ["invited", "applied"] } },
    select: { id: true, state: true },
  });
  for (const e of waiting) await endBySystem(tx, e, { to: "declined", event: "project_closed", notice: "project_closed", reason });
  return waiting.length;
}

/**
 * The system ends an engagement nobody is acting on any more (its project closed, a survey's
 * grace ended, a focus group met without a free seat for it): the expert's notice, the state and
 * the history line, in the caller's transaction. The notice is written first, while the
 * engagement still names the time it was waiting for.
 */
export async function endBySystem(
  tx: Tx,
  e: { id: string; state: EngagementState },
  end: { to: "declined" | "cancelled"; event: string; notice: EngagementMailKind; reason: string; now?: Date },
) {
  await noticeEngagement(tx, { engagementId: e.id, kind: end.notice, to: "expert", reason: end.reason });
  await tx.engagement.update({
    where: { id: e.id },
    data: end.to === "cancelled" ? { state: "cancelled", cancelledAt: end.now ?? new Date(), cancelReason: end.reason } : { state: end.to },
  });
  await recordEvent(tx, e, null, "system", end.event, e.state, end.to, end.reason);
}

/**
 * Closes a study in the caller's transaction: the project and its listing close, waiting invites
 * and applications are declined. A survey's places nobody has started end too; those already
 * answering keep their grace period (lib/engagements/surveys.ts).
 */
export async function closeStudy(tx: Tx, projectId: string, now: Date, reason: string) {
  const { projectType } = await tx.project.update({
    where: { id: projectId },
    data: { status: "closed", closedAt: now },
    select: { projectType: true },
  });
  await tx.opportunity.updateMany({ where: { projectId }, data: { status: "closed" } });
  await declineWaitingEngagements(tx, projectId, reason);
  if (formatOf(projectType) !== "survey") return;
  const unstarted = await tx.engagement.findMany({
    where: { projectId, state: "accepted", surveyStartedAt: null },
    select: { id: true, state: true },
  });
  for (const e of unstarted) await endBySystem(tx, e, { to: "cancelled", event: "project_closed", notice: "project_closed", reason, now });
}

// ───────────────────────────── declining payment ─────────────────────────────

/**
 * The expert declines payment for an accepted or scheduled engagement (public-employee rules):
 * the engagement then books no earning (lib/money/earnings.ts) and the expert's
 * public profile says "Participates unpaid where required". Asking twice changes nothing.
 */
export async function declineEngagementPayment(actor: Actor | null, engagementId: string): Promise<TransitionResult> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  const result = await db().$transaction(async (tx): Promise<TransitionResult> => {
    const e = await lockedEngagement(tx, engagementId);
    if (!e) throw NOT_FOUND();
    if (sideOf(actor, e) !== "expert") throw new AppError("FORBIDDEN", "Only the expert can decline payment for this engagement.");
    if (e.declinePayment) return { engagementId: e.id, state: e.state, changed: false };
    if (e.state !== "accepted" && e.state !== "scheduled")
      throw new AppError("CONFLICT", `This engagement is ${STATE_LABELS[e.state].toLowerCase()}, so its payment cannot be declined now.`);
    await tx.engagement.update({ where: { id: e.id }, data: { declinePayment: true } });
    const declined = { choice: "decline" as const, leaid: null, source: "expert" };
    await tx.engagementIncentiveChoice.upsert({
      where: { engagementId: e.id },
      create: { engagementId: e.id, ...declined },
      update: declined,
    });
    // Nothing will be paid, so nothing stays set aside.
    await releaseReservation(tx, e.id, new Date());
    await recordEvent(tx, e, actor, "expert", "payment_declined", e.state, e.state, "Declined payment (public-employee rules)");
    return { engagementId: e.id, state: e.state, changed: true };
  }, LOCKED_TX_OPTIONS);
  // The public profile (a cached page) now says "Participates unpaid where required".
  if (result.changed)
    await revalidateExpertPages(
      (await db().engagement.findUniqueOrThrow({ where: { id: result.engagementId }, select: { expertId: true } })).expertId,
    );
  return result;
}
