import "server-only";
import { memberOrganization, orgScope } from "@/lib/organizations/membership";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, orgRolesWith, requirePermission } from "@/lib/accounts/permissions";
import { post } from "@/lib/money/ledger";
import { commitMoney, spendMoves, type CommitmentWords } from "@/lib/money/commitments";
import { lockOrganization } from "@/lib/money/capacity";
import { QC_BUSINESS_DAYS } from "@/lib/money/policy";
import { donationAccount, donationTargetOf, pledgeDonation, settleDonation } from "@/lib/money/donation-ledger";
import { releaseMove } from "@/lib/money/earnings";
import { addBusinessDays } from "@/lib/platform/dates";
import { formatMoney } from "@/lib/platform/format";
import { createNotification } from "@/lib/notifications/notifications";
import { noticeEngagement } from "@/lib/engagements/notices";
import { BONUS_STATES } from "@/lib/engagements/states";
import type { BonusItem } from "@/lib/engagements/schemas/bonuses";
import type { BonusState } from "@/lib/generated/prisma/enums";

// Bonuses: a client pays experts more, one or many at once (a list of engagement ids and
// amounts). The whole list is checked before anything moves. Each bonus then passes the money
// gate (commitMoney: the project's budget, the organization's funds and credit) and is booked
// like any earning, in Pending QC until the review window closes; one whose expert's bonuses in
// the project would pass the organization's approval threshold waits, unbooked, for a member
// with billing rights to approve it. Each bonus's key is the batch's key and the engagement, so
// sending the same batch again pays nothing twice.

export type BonusResult = { paid: number; totalCents: number; replayed: number; awaitingApproval: number };

const BONUS_WORDS: CommitmentWords = { what: "this bonus", budgetHint: "Ask your finance team to raise the budget." };

/** Bonuses that count toward an expert's total in a project: all but the declined ones. */
const COUNTING: BonusState[] = ["awaiting_approval", "pending_qc", "available"];

type Booking = { id: string; engagementId: string; expertUserId: string; organizationId: string; projectId: string; amountCents: number };

/**
 * Books one bonus in the caller's transaction: reserved through the gate (refused with what is
 * left), then paid out of the reservation into the expert's Pending QC, on the engagement's
 * history and told to the expert.
 */
async function bookBonus(tx: Tx, b: Booking & { idempotencyKey: string; note: string | null }, actor: Actor, now: Date) {
  const { fundedCents, creditCents } = await commitMoney(tx, {
    organizationId: b.organizationId,
    projectId: b.projectId,
    cents: b.amountCents,
    key: `reserve-bonus:${b.id}`,
    engagementId: b.engagementId,
    actorUserId: actor.userId,
    who: "client",
    seesFunds: can(actor, "read:billing:org"),
    words: BONUS_WORDS,
  });
  // A donating expert's bonus is held for their district, like their pay.
  const donateTo = await donationTargetOf(tx, b.engagementId);
  await post(tx, {
    key: b.idempotencyKey,
    kind: donateTo ? "donation_pledged" : "bonus",
    engagementId: b.engagementId,
    actorUserId: actor.userId,
    memo: b.note,
    moves: [
      {
        debit: { owner: b.organizationId, kind: "client_receivable" },
        credit: donateTo ? donationAccount(donateTo, "donation_pending") : { owner: b.expertUserId, kind: "expert_pending_qc" },
        cents: b.amountCents,
      },
      ...spendMoves(b.organizationId, fundedCents, creditCents),
    ],
  });
  await tx.bonus.update({
    where: { id: b.id },
    data: { state: "pending_qc", prepaidCents: fundedCents, qcEndsAt: addBusinessDays(now, QC_BUSINESS_DAYS) },
  });
  if (donateTo) await pledgeDonation(tx, { ...b, leaid: donateTo, cents: b.amountCents, source: { bonusId: b.id } });
  await bonusEvent(tx, b.engagementId, actor, "bonus", `${formatMoney(b.amountCents)} bonus${b.note ? `: ${b.note}` : ""}`);
  await noticeEngagement(tx, { engagementId: b.engagementId, kind: "bonus", to: "expert", reason: formatMoney(b.amountCents) });
}

/** A line on the engagement's history (its state unchanged). */
async function bonusEvent(tx: Tx, engagementId: string, actor: Actor, kind: string, reason: string) {
  const e = await tx.engagement.findUniqueOrThrow({ where: { id: engagementId }, select: { state: true } });
  await tx.engagementEvent.create({
    data: { engagementId, actorUserId: actor.userId, actorSide: "client", kind, fromState: e.state, toState: e.state, reason },
  });
}

/** Tells the organization's billing members that bonuses wait for their approval. */
async function tellBillingMembers(tx: Tx, organizationId: string, actor: Actor, count: number, cents: number) {
  const members = await tx.organizationMember.findMany({
    where: { organizationId, role: { in: orgRolesWith("manage:billing:org") }, user: { disabledAt: null } },
    select: { userId: true },
  });
  for (const m of members)
    await createNotification(tx, {
      userId: m.userId,
      kind: "bonus_approval",
      title: "Bonus to approve",
      body: `${count === 1 ? "A bonus" : `${count} bonuses`} of ${formatMoney(cents)} in all wait${count === 1 ? "s" : ""} for your approval.`,
      href: "/client/billing#bonus-approvals",
    });
}

export async function payBonuses(
  actor: Actor | null,
  input: { batchKey: string; items: BonusItem[]; note?: string | null },
  now: Date = new Date(),
): Promise<BonusResult> {
  requirePermission(actor, "manage:project:org");
  const ids = input.items.map((i) => i.engagementId);
  const rows = await db().engagement.findMany({
    where: { id: { in: ids }, ...orgScope(actor, "manage:project:org") },
    select: { id: true, state: true, declinePayment: true, projectId: true, organizationId: true, expert: { select: { userId: true } } },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Set<string>();
  const problems: string[] = [];
  input.items.forEach((item, i) => {
    const e = byId.get(item.engagementId);
    const where = input.items.length > 1 ? `Line ${i + 1}: ` : "";
    if (seen.has(item.engagementId)) problems.push(`${where}this engagement is listed twice`);
    else if (!e) problems.push(`${where}no engagement of yours has this id`);
    else if (!BONUS_STATES.includes(e.state)) problems.push(`${where}this expert has not taken part yet`);
    else if (e.declinePayment) problems.push(`${where}this expert takes part unpaid (public-employee rules)`);
    seen.add(item.engagementId);
  });
  if (problems.length) throw new AppError("BAD_REQUEST", `Nothing was paid: ${problems[0]}.`, { items: problems });
  const organizationId = rows[0]!.organizationId;
  const mayApprove = can(actor, "manage:billing:org");
  return db().$transaction(async (tx) => {
    // The organization's lock first: a second click waits here, then finds the first one's keys.
    await lockOrganization(tx, organizationId);
    const { approveBonusOver } = await tx.organization.findUniqueOrThrow({
      where: { id: organizationId },
      select: { approveBonusOver: true },
    });
    const result: BonusResult = { paid: 0, totalCents: 0, replayed: 0, awaitingApproval: 0 };
    let waitingCents = 0;
    for (const [i, item] of input.items.entries()) {
      const e = byId.get(item.engagementId)!;
      const key = `bonus:${input.batchKey}:${e.id}`;
      if (await tx.bonus.findUnique({ where: { idempotencyKey: key }, select: { id: true } })) {
        result.replayed++;
        continue;
      }
      const before = await tx.bonus.aggregate({ where: { engagementId: e.id, state: { in: COUNTING } }, _sum: { amountCents: true } });
      const needsApproval = !mayApprove && (before._sum.amountCents ?? 0) + item.cents > approveBonusOver;
      const bonus = await tx.bonus.create({
        data: {
          engagementId: e.id,
          expertUserId: e.expert.userId,
          clientUserId: actor.userId,
          organizationId: e.organizationId,
          projectId: e.projectId,
          amountCents: item.cents,
          note: input.note ?? null,
          idempotencyKey: key,
          // Not booked yet: bookBonus books it after the gate, which must not count it as committed already.
          state: "awaiting_approval",
        },
      });
      if (needsApproval) {
        await bonusEvent(tx, e.id, actor, "bonus_requested", `${formatMoney(item.cents)} bonus awaiting a billing member's approval`);
        result.awaitingApproval++;
        waitingCents += item.cents;
        continue;
      }
      try {
        await bookBonus(tx, bonus, actor, now);
      } catch (err) {
        if (err instanceof AppError && err.code === "CONFLICT" && input.items.length > 1)
          throw new AppError("CONFLICT", `Nothing was paid: Line ${i + 1}: ${err.message}`, { items: [`Line ${i + 1}: ${err.message}`] });
        if (err instanceof AppError && err.code === "CONFLICT") throw new AppError("CONFLICT", `Nothing was paid: ${err.message}`);
        throw err;
      }
      result.paid++;
      result.totalCents += item.cents;
    }
    if (result.awaitingApproval) await tellBillingMembers(tx, organizationId, actor, result.awaitingApproval, waitingCents);
    return result;
  }, LOCKED_TX_OPTIONS);
}

const BONUS_NOT_FOUND = () => new AppError("NOT_FOUND", "Bonus not found");

/**
 * A billing member approves (the bonus is booked through the gate, or refused with what is left)
 * or declines (nothing is ever booked) a bonus waiting for approval. Deciding the same way again
 * changes nothing; the other way round, once decided, is refused.
 */
export async function decideBonus(
  actor: Actor | null,
  input: { bonusId: string; decision: "approve" | "decline" },
  now: Date = new Date(),
): Promise<{ state: BonusState; changed: boolean }> {
  requirePermission(actor, "manage:billing:org");
  return db().$transaction(async (tx) => {
    const found = await tx.bonus.findFirst({
      where: { id: input.bonusId, ...orgScope(actor, "manage:billing:org") },
      select: { organizationId: true },
    });
    if (!found) throw BONUS_NOT_FOUND();
    await lockOrganization(tx, found.organizationId);
    const b = await tx.bonus.findUniqueOrThrow({ where: { id: input.bonusId } });
    const wanted: BonusState = input.decision === "approve" ? "pending_qc" : "declined";
    if (b.state !== "awaiting_approval") {
      if (b.state === wanted || (input.decision === "approve" && b.state === "available")) return { state: b.state, changed: false };
      throw new AppError("CONFLICT", `This bonus was already ${b.state === "declined" ? "declined" : "approved"}.`);
    }
    await tx.bonus.update({ where: { id: b.id }, data: { decidedById: actor.userId, decidedAt: now } });
    if (input.decision === "approve") await bookBonus(tx, b, actor, now);
    else {
      await tx.bonus.update({ where: { id: b.id }, data: { state: "declined" } });
      await bonusEvent(tx, b.engagementId, actor, "bonus_declined", `${formatMoney(b.amountCents)} bonus declined`);
    }
    if (b.clientUserId !== actor.userId)
      await createNotification(tx, {
        userId: b.clientUserId,
        kind: "bonus_decided",
        title: input.decision === "approve" ? "Bonus approved" : "Bonus declined",
        body: `Your ${formatMoney(b.amountCents)} bonus was ${input.decision === "approve" ? "approved and paid" : "declined; nothing was paid"}.`,
        href: `/client/projects/${b.projectId}`,
        engagementId: b.engagementId,
      });
    return { state: wanted, changed: true };
  }, LOCKED_TX_OPTIONS);
}

/** Moves every booked bonus whose review window has closed to Available (the money job's sweep). Twice moves nothing. */
export async function releaseDueBonuses(now: Date = new Date()): Promise<number> {
  const due = await db().bonus.findMany({
    where: { state: "pending_qc", qcEndsAt: { lte: now } },
    select: { id: true },
    orderBy: { qcEndsAt: "asc" },
    take: 500,
  });
  let released = 0;
  for (const { id } of due) {
    released += await db().$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ state: BonusState }[]>`SELECT state FROM bonuses WHERE id = ${id}::uuid FOR UPDATE`;
      if (rows[0]?.state !== "pending_qc") return 0;
      const b = await tx.bonus.findUniqueOrThrow({ where: { id } });
      const donation = await tx.donation.findUnique({ where: { bonusId: id }, select: { leaid: true } });
      await post(tx, {
        key: `release-bonus:${id}`,
        kind: donation ? "donation_released" : "qc_released",
        engagementId: b.engagementId,
        moves: [releaseMove({ expertUserId: b.expertUserId, amountCents: b.amountCents, donationLeaid: donation?.leaid })],
      });
      await tx.bonus.update({ where: { id }, data: { state: "available", releasedAt: now } });
      if (donation) await settleDonation(tx, { bonusId: id }, "payable", now);
      return 1;
    });
  }
  return released;
}

export type BonusView = {
  id: string;
  engagementId: string;
  amountCents: number;
  state: BonusState;
  note: string | null;
  createdAt: Date;
};

/** The bonuses of a project's engagements, for their cards (members who read the project). */
export async function bonusesOfProject(actor: Actor | null, projectId: string): Promise<Map<string, BonusView[]>> {
  if (!can(actor, "read:project:org")) return new Map();
  const rows = await db().bonus.findMany({
    where: { projectId, ...orgScope(actor!, "read:project:org") },
    orderBy: { createdAt: "asc" },
    select: { id: true, engagementId: true, amountCents: true, state: true, note: true, createdAt: true },
  });
  const map = new Map<string, BonusView[]>();
  for (const r of rows) map.set(r.engagementId, [...(map.get(r.engagementId) ?? []), r]);
  return map;
}

export type BonusApproval = BonusView & { projectId: string; projectTitle: string; expertName: string; requestedBy: string };

/** Bonuses waiting for a billing member's approval, oldest first. */
export async function listBonusApprovals(actor: Actor | null): Promise<BonusApproval[]> {
  if (!can(actor, "manage:billing:org")) return [];
  const rows = await db().bonus.findMany({
    where: { state: "awaiting_approval", ...orgScope(actor!, "manage:billing:org") },
    orderBy: { createdAt: "asc" },
    take: 200,
    select: {
      id: true,
      engagementId: true,
      amountCents: true,
      state: true,
      note: true,
      createdAt: true,
      projectId: true,
      clientUserId: true,
      engagement: {
        select: {
          project: { select: { title: true } },
          expert: { select: { user: { select: { firstName: true, lastName: true } } } },
        },
      },
    },
  });
  const requesters = await db().user.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.clientUserId))] } },
    select: { id: true, firstName: true, lastName: true },
  });
  const nameOf = new Map(requesters.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
  return rows.map(({ engagement, clientUserId, ...r }) => ({
    ...r,
    projectTitle: engagement.project.title,
    expertName: `${engagement.expert.user.firstName} ${engagement.expert.user.lastName}`.trim(),
    requestedBy: nameOf.get(clientUserId) ?? "A member",
  }));
}

/** The organization's approval threshold in cents (billing roles read it on the billing page). */
export async function bonusApprovalThreshold(actor: Actor | null): Promise<number> {
  requirePermission(actor, "manage:billing:org");
  const org = await db().organization.findUniqueOrThrow({ where: { id: memberOrganization(actor) }, select: { approveBonusOver: true } });
  return org.approveBonusOver;
}

/** Sets the organization's approval threshold (billing roles): bonuses to one expert in a project above it wait for approval. */
export async function setBonusApprovalThreshold(actor: Actor | null, cents: number) {
  requirePermission(actor, "manage:billing:org");
  const org = await db().organization.findFirst({
    where: { members: { some: { userId: actor.userId, role: { in: orgRolesWith("manage:billing:org") } } } },
    select: { id: true },
  });
  if (!org) throw new AppError("NOT_FOUND", "Organization not found");
  await db().organization.update({ where: { id: org.id }, data: { approveBonusOver: cents } });
  return { cents };
}
