import "server-only";
import { newestFirstPage, type Page, type PageRequest } from "@/lib/platform/keyset";
import { memberOrganization, orgScope } from "@/lib/organizations/membership";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { refuseDisabledProjectMember } from "@/lib/accounts/disabled-parties";
import { capacityOf, committedToProject, lockOrganization, raiseReservation, shortfall } from "@/lib/money/reservations";
import { formatMoney, fullName } from "@/lib/platform/format";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { EngagementState, ProjectStatus } from "@/lib/generated/prisma/enums";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import type { ScreenerQuestion } from "@/lib/engagements/screener";
import { zonedTimeToUtc } from "@/lib/platform/zoned-time";
import { closeStudy } from "@/lib/engagements/transitions";
import { newSurveyCode } from "@/lib/engagements/survey-codes";
import { formatOf } from "@/lib/vocabulary/studies";
import { createStudySession } from "@/lib/engagements/focus-groups";

const TYPE_FIXED = "The type cannot change once experts are taking part: it decides how their study runs.";
const FIRST_SESSION_PAST = "Choose a time in the future for the first session";
const BACKUP_FEE_HELD = "Experts already hold backup seats at this fee, so it can only go up.";
import { RESEARCH_ATTESTATION_REQUIRED, type CreateProjectInput, type UpdateProjectInput } from "@/lib/projects/schemas/client";
import { RESEARCH_ATTESTATION_VERSION } from "@/lib/accounts/attestations";
import type { RequestMeta } from "@/lib/platform/request";
import { FINAL_STATES } from "@/lib/engagements/states";
import { consumeRateLimits, OPEN_PROJECTS_PER_ACCOUNT } from "@/lib/platform/security/rate-limit";

// A client's projects: create, edit, pause, close (by hand or at the deadline). Each project has
// one opportunity, the listing experts see; it is written in the same transaction and mirrors
// the project, so the expert's board never shows a paused or closed project as open.

export type ClientProject = {
  /** The member responsible for it and the member who last changed it (the list names them). */
  people?: { responsible: string; changedBy: string | null };
  id: string;
  title: string;
  description: string;
  projectType: string;
  compensationCents: number;
  durationMinutes: number;
  locationType: string;
  deadline: string | null;
  status: ProjectStatus;
  visibility: string;
  quota: number;
  timeZone: string;
  createdAt: string;
  /** Engagements per state (absent = 0). */
  counts: Partial<Record<EngagementState, number>>;
  researchType: string | null;
  /** A survey's link and end pay, and the codes of its three end addresses; null for other types. */
  survey: {
    url: string | null;
    screenOutCents: number;
    overQuotaCents: number;
    codes: { complete: string; "screened-out": string; "over-quota": string } | null;
    /** The tool reports each end itself (lib/engagements/survey-callback.ts). */
    callbackOn: boolean;
  } | null;
  /** A focus group's backup seat fee; null for other types. */
  focusGroup: { backupFeeCents: number } | null;
  /** The most the project may commit in incentives; null: no limit. */
  budgetCents: number | null;
};

async function organizationOf(tx: Tx, organizationId: string) {
  const org = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true } });
  return org.name;
}

/** The project's deadline day ends at 23:59 in the project's own zone. */
export const deadlineInstant = (day: string, timeZone: string) => zonedTimeToUtc(day, "23:59", timeZone);

const cents = (dollars: number | undefined) => Math.round((dollars ?? 0) * 100);
const projectFields = (input: CreateProjectInput) => ({
  title: input.title,
  description: input.description,
  projectType: input.projectType,
  researchType: input.researchType ?? null,
  // Only a survey keeps a survey link and end pay; any other type clears them.
  surveyUrl: input.projectType === "survey" ? (input.surveyUrl ?? null) : null,
  screenOutCents: input.projectType === "survey" ? cents(input.screenOutPay) : 0,
  overQuotaCents: input.projectType === "survey" ? cents(input.overQuotaPay) : 0,
  backupFeeCents: input.projectType === "focus_group" ? cents(input.backupFee) : 0,
  compensationCents: cents(input.compensation),
  estimatedDurationMinutes: input.durationMinutes,
  // A survey is taken online on the expert's own time: it is stored as remote, whatever was sent.
  locationType: input.projectType === "survey" ? "remote" : input.locationType,
  deadline: deadlineInstant(input.deadline, input.timeZone),
  quota: input.quota,
  timeZone: input.timeZone,
  visibility: input.visibility,
  ...(input.budget === undefined ? {} : { budgetCents: input.budget === null ? null : cents(input.budget) }),
});

/** The opportunity mirrors the project: open only while the project is open to applications. */
function opportunityFields(p: ReturnType<typeof projectFields> & { status: ProjectStatus }, organization: string) {
  return {
    title: p.title,
    clientOrganization: organization,
    description: p.description,
    compensationCents: p.compensationCents,
    opportunityType: p.projectType,
    estimatedDurationMinutes: p.estimatedDurationMinutes,
    locationType: p.locationType,
    deadline: p.deadline,
    status: p.status === "open" && p.visibility === "open" ? ("open" as const) : ("closed" as const),
  };
}

/** Closes the project at its deadline (the job is keyed per project, so a new deadline moves it). */
async function scheduleDeadline(tx: Tx, projectId: string, deadline: Date) {
  await enqueueJob("close-due-projects", { projectId }, { runAt: deadline, jobKey: `close-project:${projectId}` }, tx);
}

/** Saves the screener: changed in place while nobody has answered it, otherwise a new version. */
async function saveScreener(tx: Tx, projectId: string, questions: ScreenerQuestion[] | null | undefined) {
  const project = await tx.project.findUniqueOrThrow({
    where: { id: projectId },
    select: { screener: { select: { id: true, version: true, questions: true, _count: { select: { engagements: true } } } } },
  });
  const current = project.screener;
  if (!questions || questions.length === 0) {
    if (current) await tx.project.update({ where: { id: projectId }, data: { screenerId: null } });
    return;
  }
  if (current && JSON.stringify(current.questions) === JSON.stringify(questions)) return;
  if (current && current._count.engagements === 0) {
    await tx.screener.update({ where: { id: current.id }, data: { questions: questions as Prisma.InputJsonValue } });
    return;
  }
  const latest = await tx.screener.findFirst({ where: { projectId }, orderBy: { version: "desc" }, select: { version: true } });
  const created = await tx.screener.create({
    data: { projectId, version: (latest?.version ?? 0) + 1, questions: questions as Prisma.InputJsonValue },
    select: { id: true },
  });
  await tx.project.update({ where: { id: projectId }, data: { screenerId: created.id } });
}

/**
 * A new project, with the client's research attestation (research, not a sales contact) kept
 * as a consent row in the same transaction: no project exists without one.
 */
export async function createProject(
  actor: Actor | null,
  input: CreateProjectInput & {
    researchAttested?: boolean;
    firstSessionAt?: string | null;
    firstSessionSeats?: number;
    firstSessionBackupSeats?: number;
  },
  meta?: RequestMeta | null,
) {
  requirePermission(actor, "manage:project:org");
  const organizationId = memberOrganization(actor);
  if (input.budget != null && !can(actor, "manage:billing:org")) throw budgetRefusal();
  if (input.researchAttested !== true)
    throw new AppError("BAD_REQUEST", RESEARCH_ATTESTATION_REQUIRED, { researchAttested: [RESEARCH_ATTESTATION_REQUIRED] });
  const fields = projectFields(input);
  // An open project is announced by e-mail to matching experts: limited per account (429 when over).
  if (fields.visibility === "open") await consumeRateLimits([{ rule: OPEN_PROJECTS_PER_ACCOUNT, key: actor.userId }]);
  return db().$transaction(async (tx) => {
    const organization = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { closedAt: true } });
    if (organization.closedAt) throw new AppError("CONFLICT", "This organization is closed, so it cannot start new projects.");
    const project = await tx.project.create({
      data: { organizationId, clientUserId: actor.userId, updatedById: actor.userId, ...fields, ...surveyCodes(fields.projectType) },
    });
    await tx.userConsent.create({
      data: {
        userId: actor.userId,
        consentType: "RESEARCH_ATTESTATION",
        version: RESEARCH_ATTESTATION_VERSION,
        projectId: project.id,
        ipAddress: meta?.ip ?? null,
        userAgent: meta?.userAgent ?? null,
      },
    });
    const opportunity = await tx.opportunity.create({
      data: { projectId: project.id, ...opportunityFields({ ...fields, status: "open" }, await organizationOf(tx, organizationId)) },
    });
    await saveScreener(tx, project.id, input.screener);
    await scheduleDeadline(tx, project.id, fields.deadline);
    if (fields.projectType === "focus_group" && input.firstSessionAt) {
      const [day, time] = input.firstSessionAt.split("T");
      if (zonedTimeToUtc(day, time, fields.timeZone) <= new Date())
        throw new AppError("BAD_REQUEST", FIRST_SESSION_PAST, { firstSessionAt: [FIRST_SESSION_PAST] });
      await createStudySession(
        tx,
        project,
        {
          startsAt: zonedTimeToUtc(day, time, fields.timeZone),
          seats: input.firstSessionSeats ?? 6,
          backupSeats: input.firstSessionBackupSeats ?? 0,
        },
        new Date(),
      );
    }
    if (fields.visibility === "open")
      await enqueueJob("announce-project", { projectId: project.id }, { jobKey: `announce-project:${project.id}` }, tx);
    return { project, opportunity };
  });
}

/** A project of the actor's organization that their role lets them change, recording them as its last editor. */
async function ownProject(tx: Tx, actor: Actor, projectId: string) {
  const project = await tx.project.findFirst({
    where: { id: projectId, ...orgScope(actor, "manage:project:org") },
    select: { id: true, status: true, compensationCents: true, organizationId: true, budgetCents: true },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  await tx.project.update({ where: { id: project.id }, data: { updatedById: actor.userId } });
  return project;
}

export const BUDGET_BILLING_ONLY = "Only your organization's owners, admins and finance members can set or change a project's budget.";
const budgetRefusal = () => new AppError("FORBIDDEN", BUDGET_BILLING_ONLY, { budget: [BUDGET_BILLING_ONLY] });

/**
 * A raise reaches the engagements already taken on: the difference for each is reserved through
 * the gate (lib/money/commitments.ts), all or none. Refused, with the amount missing, when the
 * budget, funds and credit cannot cover the whole raise; nothing changes then.
 */
async function reserveRaise(tx: Tx, actor: Actor, project: { id: string; organizationId: string }, newCents: number) {
  const held = await tx.reservation.findMany({
    where: { projectId: project.id, state: "held", amountCents: { lt: newCents } },
    select: { engagementId: true, amountCents: true },
  });
  if (!held.length) return;
  const neededCents = held.reduce((sum, r) => sum + (newCents - r.amountCents), 0);
  const { creditLimitCents } = await lockOrganization(tx, project.organizationId);
  const capacity = await capacityOf(tx, project.organizationId, project.id, creditLimitCents);
  const seesFunds = can(actor, "read:billing:org");
  const refusal = shortfall(capacity, neededCents, seesFunds, {
    what: `raising the pay of the ${held.length === 1 ? "expert" : `${held.length} experts`} already taking part`,
    budgetHint: "Ask your finance team to raise the budget, or raise the pay by less.",
  });
  if (refusal) {
    // The amount missing, where the member may know it: billing roles always, others when the budget is what falls short.
    const budgetShort = capacity.budgetLeftCents !== null && neededCents > capacity.budgetLeftCents;
    const room = seesFunds ? capacity.availableCents : budgetShort ? capacity.budgetLeftCents! : null;
    const missing = room === null ? "" : ` ${formatMoney(neededCents - room)} is missing.`;
    throw new AppError("CONFLICT", `The pay was not raised: ${refusal}${missing}`, {
      compensation: [`The raise needs ${formatMoney(neededCents)} more for the experts already taking part.`],
    });
  }
  for (const r of held)
    await raiseReservation(tx, { id: r.engagementId, organizationId: project.organizationId, projectId: project.id }, newCents, {
      who: "client",
      seesFunds,
      actorUserId: actor.userId,
    });
}

/** Sets or clears a project's budget: billing roles only (owner, admin, finance), for their own organization's project. */
export async function setProjectBudget(actor: Actor | null, input: { projectId: string; budgetCents: number | null }) {
  requirePermission(actor, "manage:billing:org");
  const project = await db().project.findFirst({
    where: { id: input.projectId, ...orgScope(actor, "manage:billing:org") },
    select: { id: true },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  await db().project.update({ where: { id: project.id }, data: { budgetCents: input.budgetCents, updatedById: actor.userId } });
  return { id: project.id, budgetCents: input.budgetCents };
}

export type ProjectBudgetRow = { id: string; title: string; status: ProjectStatus; budgetCents: number | null; committedCents: number };

/** The organization's projects not closed, each with its budget and what it has committed (billing roles: the budgets they set). */
export async function listProjectBudgets(actor: Actor | null): Promise<ProjectBudgetRow[]> {
  if (!can(actor, "manage:billing:org")) return [];
  const rows = await db().project.findMany({
    where: { ...orgScope(actor!, "manage:billing:org"), status: { not: "closed" } },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: { id: true, title: true, status: true, budgetCents: true },
  });
  return db().$transaction(async (tx) => {
    const out: ProjectBudgetRow[] = [];
    for (const r of rows) out.push({ ...r, committedCents: await committedToProject(tx, r.id) });
    return out;
  });
}

/** A survey's three end codes, made once when it becomes a survey and kept after. */
const surveyCodes = (projectType: string) =>
  projectType === "survey" ? { completionCode: newSurveyCode(), screenOutCode: newSurveyCode(), overQuotaCode: newSurveyCode() } : {};

/** Edits a project that is not closed; a changed screener that has answers becomes a new version. */
export async function updateProject(actor: Actor | null, input: UpdateProjectInput) {
  requirePermission(actor, "manage:project:org");
  return db().$transaction(async (tx) => {
    const project = await ownProject(tx, actor, input.projectId);
    if (project.status === "closed") throw new AppError("CONFLICT", "A closed project cannot be edited.");
    const fields = projectFields(input);
    // Researchers see the budget and are held to it; only billing roles set or change it.
    if ("budgetCents" in fields && fields.budgetCents !== project.budgetCents && !can(actor, "manage:billing:org")) throw budgetRefusal();
    const before = await tx.project.findUniqueOrThrow({
      where: { id: project.id },
      select: { projectType: true, completionCode: true, backupFeeCents: true, _count: { select: { engagements: true } } },
    });
    if (formatOf(before.projectType) !== formatOf(fields.projectType) && before._count.engagements > 0)
      throw new AppError("BAD_REQUEST", TYPE_FIXED, { projectType: [TYPE_FIXED] });
    // Experts took a backup seat for the fee they were shown: it can rise, never fall under them.
    if (
      fields.backupFeeCents < before.backupFeeCents &&
      (await tx.studySeat.count({ where: { kind: "backup", session: { projectId: project.id } } }))
    )
      throw new AppError("BAD_REQUEST", BACKUP_FEE_HELD, { backupFee: [BACKUP_FEE_HELD] });
    await tx.project.update({
      where: { id: project.id },
      data: { ...fields, ...(before.completionCode ? {} : surveyCodes(fields.projectType)) },
    });
    // Each engagement keeps the amount it was created with (POLICY.incentiveChange): a raise
    // reaches every engagement not yet final, a cut only the engagements created after it. The
    // raise for those already holding a reservation is reserved through the gate first.
    await reserveRaise(tx, actor, project, fields.compensationCents);
    await tx.engagement.updateMany({
      where: { projectId: project.id, state: { notIn: [...FINAL_STATES] }, incentiveCents: { lt: fields.compensationCents } },
      data: { incentiveCents: fields.compensationCents },
    });
    await tx.opportunity.updateMany({
      where: { projectId: project.id },
      data: opportunityFields({ ...fields, status: project.status }, await organizationOf(tx, project.organizationId)),
    });
    await saveScreener(tx, project.id, input.screener);
    await scheduleDeadline(tx, project.id, fields.deadline);
    return { id: project.id };
  });
}

/**
 * Pause (no new applications or invites), reopen, or close. Closing answers every invite and
 * application still waiting (declined by the system, the expert is told); it cannot be undone.
 */
export async function setProjectStatus(actor: Actor | null, input: { projectId: string; status: ProjectStatus }, now: Date = new Date()) {
  requirePermission(actor, "manage:project:org");
  return db().$transaction(async (tx) => {
    const project = await ownProject(tx, actor, input.projectId);
    if (project.status === input.status) return { id: project.id, status: project.status, changed: false };
    if (project.status === "closed") throw new AppError("CONFLICT", "A closed project cannot be reopened. Create a new project instead.");
    const full = await tx.project.findUniqueOrThrow({
      where: { id: project.id },
      select: { deadline: true, visibility: true, clientUserId: true },
    });
    if (input.status === "open") await refuseDisabledProjectMember(tx, full.clientUserId);
    if (input.status === "open" && full.deadline && full.deadline <= now)
      throw new AppError("CONFLICT", "The deadline has passed. Move the deadline before reopening the project.");
    await closeOrMirror(tx, project.id, input.status, full.visibility, now, "The client closed the project.");
    return { id: project.id, status: input.status, changed: true };
  });
}

/** Sets a project's status and mirrors it on its opportunity (the board's listing); closing also answers the waiting engagements. */
export async function closeOrMirror(tx: Tx, projectId: string, status: ProjectStatus, visibility: string, now: Date, reason: string) {
  if (status === "closed") return closeStudy(tx, projectId, now, reason);
  await tx.project.update({ where: { id: projectId }, data: { status, closedAt: null } });
  await tx.opportunity.updateMany({
    where: { projectId },
    data: { status: status === "open" && visibility === "open" ? "open" : "closed" },
  });
}

/** The deadline job: closes every open or paused project whose deadline has passed (or just the one named). */
export async function closeDueProjects(now: Date = new Date(), projectId?: string): Promise<number> {
  const due = await db().project.findMany({
    where: { status: { in: ["open", "paused"] }, deadline: { lte: now }, ...(projectId ? { id: projectId } : {}) },
    select: { id: true },
    take: 500,
  });
  let closed = 0;
  for (const { id } of due) {
    closed += await db().$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ status: ProjectStatus }[]>`SELECT status FROM projects WHERE id = ${id}::uuid FOR UPDATE`;
      if (!locked[0] || locked[0].status === "closed") return 0;
      await closeOrMirror(tx, id, "closed", "open", now, "The project reached its deadline.");
      return 1;
    });
  }
  return closed;
}

const toClientProject = (p: Prisma.ProjectGetPayload<object>, counts: Partial<Record<EngagementState, number>>): ClientProject => ({
  id: p.id,
  title: p.title,
  description: p.description,
  projectType: p.projectType,
  compensationCents: p.compensationCents,
  durationMinutes: p.estimatedDurationMinutes,
  locationType: p.locationType,
  deadline: p.deadline?.toISOString() ?? null,
  status: p.status,
  visibility: p.visibility,
  quota: p.quota,
  timeZone: p.timeZone,
  createdAt: p.createdAt.toISOString(),
  counts,
  researchType: p.researchType,
  survey:
    p.projectType === "survey"
      ? {
          url: p.surveyUrl,
          screenOutCents: p.screenOutCents,
          overQuotaCents: p.overQuotaCents,
          codes:
            p.completionCode && p.screenOutCode && p.overQuotaCode
              ? { complete: p.completionCode, "screened-out": p.screenOutCode, "over-quota": p.overQuotaCode }
              : null,
          callbackOn: !!p.surveyCallbackKey,
        }
      : null,
  focusGroup: p.projectType === "focus_group" ? { backupFeeCents: p.backupFeeCents } : null,
  budgetCents: p.budgetCents,
});

/** The actor's projects, newest first, each with its engagement counts per state (one grouped query). */
/** Projects on one page of the client's list. */
export const CLIENT_PROJECTS_PAGE_SIZE = 25;

export async function listProjects(actor: Actor | null, page: PageRequest = {}): Promise<Page<ClientProject>> {
  requirePermission(actor, "read:project:org");
  const scope = orgScope(actor, "read:project:org");
  const found = await newestFirstPage(
    page,
    (keyset) =>
      db().project.findMany({
        where: { AND: [scope, keyset.where] },
        orderBy: keyset.orderBy,
        take: keyset.take,
        include: { client: { select: { firstName: true, lastName: true } }, updatedBy: { select: { firstName: true, lastName: true } } },
      }),
    CLIENT_PROJECTS_PAGE_SIZE,
  );
  const rows = found.rows;
  // Counted for the page's projects only: the pipeline of every project the organization ever ran is not this page's.
  const grouped = await db().engagement.groupBy({
    by: ["projectId", "state"],
    where: { projectId: { in: rows.map((p) => p.id) } },
    _count: { _all: true },
  });
  const counts = new Map<string, Partial<Record<EngagementState, number>>>();
  for (const g of grouped) counts.set(g.projectId, { ...counts.get(g.projectId), [g.state]: g._count._all });
  const projects = rows.map(({ client, updatedBy, ...p }) => ({
    ...toClientProject(p, counts.get(p.id) ?? {}),
    people: {
      responsible: fullName(client.firstName, client.lastName),
      changedBy: updatedBy ? fullName(updatedBy.firstName, updatedBy.lastName) : null,
    },
  }));
  return { rows: projects, after: found.after, before: found.before };
}

/** One of the actor's projects with its current screener questions (the edit form). */
export async function getProject(actor: Actor | null, projectId: string) {
  requirePermission(actor, "read:project:org");
  const p = await db().project.findFirst({
    where: { id: projectId, ...orgScope(actor, "read:project:org") },
    include: { screener: { select: { version: true, questions: true } } },
  });
  if (!p) throw new AppError("NOT_FOUND", "Project not found");
  const grouped = await db().engagement.groupBy({ by: ["state"], where: { projectId: p.id }, _count: { _all: true } });
  return {
    ...toClientProject(p, Object.fromEntries(grouped.map((g) => [g.state, g._count._all]))),
    screener: p.screener ? { version: p.screener.version, questions: p.screener.questions as ScreenerQuestion[] } : null,
  };
}

/** Open projects to invite into (the invite picker). */
export async function listOpenProjectChoices(actor: Actor | null) {
  requirePermission(actor, "manage:project:org");
  return db().project.findMany({
    where: { ...orgScope(actor, "manage:project:org"), status: "open" },
    orderBy: { createdAt: "desc" },
    select: { id: true, title: true },
  });
}
