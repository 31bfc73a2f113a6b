import "server-only";
import { db, LOCKED_TX_OPTIONS, type Db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { lockBalance, organizationBalancesOf, post } from "@/lib/money/ledger";
import { memberOrganization, orgScope } from "@/lib/organizations/membership";
import { csvCell } from "@/lib/platform/csv";
import { fullName } from "@/lib/platform/format";
import { incentiveOutcomesByMonth, incentiveOutcomesOf, type IncentiveOutcomeMonth } from "@/lib/money/donations";

// Client billing, per organization. What an organization owes is its client_receivable balance in the
// ledger: a completed session raises it (lib/money/earnings.ts), a dispute resolved for the
// client lowers it, and a statement marked paid moves it to client_paid. A statement is one UTC
// calendar month: the earnings booked that month minus the refunds made that month.

/** "2026-03" → the first instant of that month (UTC) and of the next. */
export function monthRange(month: string): { start: Date; end: Date } {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new AppError("BAD_REQUEST", "Month must look like 2026-03");
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1;
  return { start: new Date(Date.UTC(y, mo, 1)), end: new Date(Date.UTC(y, mo + 1, 1)) };
}

/** The statement month ("YYYY-MM", UTC) of an instant. */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/**
 * A statement month is closed once it has ended in UTC (the zone statements are counted in).
 * Only a closed month may be marked paid: an open one can still book sessions, and once its
 * payment is recorded those later sessions could never be marked paid.
 */
export const monthClosed = (month: string, now: Date) => monthRange(month).end <= now;

/** Why an open month cannot be marked paid yet, with the first instant it can. */
export const statementOpenMessage = (month: string) =>
  `The ${month} statement is still open: sessions can be added to it until the month ends (UTC). Mark it paid from ${monthRange(month).end.toISOString().slice(0, 10)} on.`;

export type ProjectBilling = {
  projectId: string;
  title: string;
  sessions: number;
  lateCancelFees: number;
  amountCents: number;
  refundedCents: number;
};
export type Statement = {
  month: string;
  bookedCents: number;
  refundedCents: number;
  /** Booked minus refunded. */
  totalCents: number;
  /** No session booked this month is still in quality review or dispute. */
  settled: boolean;
  /** The month has ended (UTC): only then may it be marked paid. */
  closed: boolean;
  paid: { amountCents: number; reference: string | null; paidAt: Date } | null;
  /** Of the booked amount, what experts donated to their school or district. */
  donatedCents: number;
  /** Pay experts declined this month: never billed, shown apart. */
  declinedCents: number;
};
export type StatementLine = {
  date: Date;
  project: string;
  expert: string;
  kind: "session" | "late_cancel_fee" | "bonus" | "refund";
  amountCents: number;
};
export type ClientBilling = {
  owedCents: number;
  paidCents: number;
  projects: ProjectBilling[];
  statements: Statement[];
  /** Every incentive donated to schools, and every one declined (never charged), since the start. */
  outcomes: { donatedCents: number; declinedCents: number; declinedCount: number };
};

const earningRowSelect = {
  amountCents: true,
  prepaidCents: true,
  kind: true,
  state: true,
  earnedAt: true,
  resolvedAt: true,
  projectId: true,
  engagement: {
    select: { project: { select: { title: true } }, expert: { select: { user: { select: { firstName: true, lastName: true } } } } },
  },
} as const;

type EarningRow = { amountCents: number; kind: string; state: string; earnedAt: Date; resolvedAt: Date | null };

/**
 * A bonus bills like an earning: booked when paid (or approved), the part paid from the prepaid
 * funds not billed again, never refunded. Every reader of a client's earnings adds these, so
 * statements match the receivable; one waiting for approval or declined bills nothing.
 */
const BOOKED_BONUS = { state: { in: ["pending_qc" as const, "available" as const] } };
const bonusSelect = {
  amountCents: true,
  prepaidCents: true,
  createdAt: true,
  projectId: true,
  clientUserId: true,
  engagement: {
    select: { project: { select: { title: true } }, expert: { select: { user: { select: { firstName: true, lastName: true } } } } },
  },
} as const;
type BonusRow = { amountCents: number; prepaidCents: number; createdAt: Date };
const asEarningRow = <B extends BonusRow>({ createdAt, ...b }: B) => ({
  ...b,
  kind: "bonus",
  state: "available",
  earnedAt: createdAt,
  resolvedAt: null,
});
/**
 * What a statement bills of an earning: the part not already paid from the organization's
 * prepaid funds when it was earned.
 */
const billed = <E extends { amountCents: number; prepaidCents?: number }>(e: E): E => ({
  ...e,
  amountCents: e.amountCents - (e.prepaidCents ?? 0),
});

/** Earnings that may still be refunded to the client. */
const UNSETTLED = ["pending_qc", "disputed"];
const refundedAt = (e: EarningRow) => (e.state === "refunded" ? (e.resolvedAt ?? e.earnedAt) : null);

/** Monthly statements from a client's earnings, newest month first, with their payments. */
function statementsOf(
  earnings: EarningRow[],
  payments: { month: Date; amountCents: number; reference: string | null; createdAt: Date }[],
  now: Date,
  outcomes: Map<string, IncentiveOutcomeMonth> = new Map(),
): Statement[] {
  const months = new Map<string, { booked: number; refunded: number; settled: boolean }>();
  const at = (m: string) => months.get(m) ?? months.set(m, { booked: 0, refunded: 0, settled: true }).get(m)!;
  for (const e of earnings) {
    const booked = at(monthOf(e.earnedAt));
    booked.booked += e.amountCents;
    if (UNSETTLED.includes(e.state)) booked.settled = false;
    const r = refundedAt(e);
    if (r) at(monthOf(r)).refunded += e.amountCents;
  }
  const paidBy = new Map(payments.map((p) => [monthOf(p.month), p]));
  for (const m of paidBy.keys()) at(m);
  for (const m of outcomes.keys()) at(m);
  return [...months.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, v]) => {
      const p = paidBy.get(month);
      return {
        month,
        bookedCents: v.booked,
        refundedCents: v.refunded,
        totalCents: v.booked - v.refunded,
        settled: v.settled,
        closed: monthClosed(month, now),
        paid: p ? { amountCents: p.amountCents, reference: p.reference, paidAt: p.createdAt } : null,
        donatedCents: outcomes.get(month)?.donatedCents ?? 0,
        declinedCents: outcomes.get(month)?.declinedCents ?? 0,
      };
    });
}

async function statementsOfOrganization(organizationId: string, now: Date, client: Db | Tx = db()): Promise<Statement[]> {
  const [earnings, bonuses, payments] = await Promise.all([
    client.earning.findMany({
      where: { organizationId },
      select: { amountCents: true, prepaidCents: true, kind: true, state: true, earnedAt: true, resolvedAt: true },
    }),
    client.bonus.findMany({
      where: { organizationId, ...BOOKED_BONUS },
      select: { amountCents: true, prepaidCents: true, createdAt: true },
    }),
    client.clientStatementPayment.findMany({
      where: { organizationId },
      select: { month: true, amountCents: true, reference: true, createdAt: true },
    }),
  ]);
  return statementsOf([...earnings.map(billed), ...bonuses.map(asEarningRow).map(billed)], payments, now);
}

/** Months the organization has still to pay: closed months whose sessions are all settled, with something owed, and no payment recorded. */
export async function statementsDue(actor: Actor | null, now: Date = new Date()): Promise<Statement[]> {
  requirePermission(actor, "read:billing:org");
  return (await statementsOfOrganization(memberOrganization(actor), now)).filter(
    (s) => s.closed && s.settled && !s.paid && s.totalCents > 0,
  );
}

/** The client's billing page: sessions and amounts per project, the amount owed and the monthly statements. */
export async function getClientBilling(actor: Actor | null, now: Date = new Date()): Promise<ClientBilling> {
  requirePermission(actor, "read:billing:org");
  const scope = orgScope(actor, "read:billing:org");
  const organizationId = memberOrganization(actor);
  const [booked, bonuses, payments, balances, byMonth, outcomes] = await Promise.all([
    db().earning.findMany({ where: scope, orderBy: { earnedAt: "asc" }, select: earningRowSelect }),
    db().bonus.findMany({ where: { ...scope, ...BOOKED_BONUS }, orderBy: { createdAt: "asc" }, select: bonusSelect }),
    db().clientStatementPayment.findMany({
      where: scope,
      select: { month: true, amountCents: true, reference: true, createdAt: true },
    }),
    organizationBalancesOf(organizationId),
    incentiveOutcomesByMonth(organizationId),
    incentiveOutcomesOf(organizationId),
  ]);
  const earnings = [...booked, ...bonuses.map(asEarningRow)];
  const projects = new Map<string, ProjectBilling>();
  for (const e of earnings) {
    const p = projects.get(e.projectId) ?? {
      projectId: e.projectId,
      title: e.engagement.project.title,
      sessions: 0,
      lateCancelFees: 0,
      amountCents: 0,
      refundedCents: 0,
    };
    if (e.kind === "late_cancel_fee") p.lateCancelFees++;
    else if (e.kind !== "bonus") p.sessions++;
    if (e.state === "refunded") p.refundedCents += e.amountCents;
    else p.amountCents += e.amountCents;
    projects.set(e.projectId, p);
  }
  return {
    owedCents: balances.client_receivable,
    paidCents: balances.client_paid,
    projects: [...projects.values()].sort((a, b) => a.title.localeCompare(b.title)),
    statements: statementsOf(earnings.map(billed), payments, now, byMonth),
    outcomes,
  };
}

/** The lines of one organization's statement: each earning booked that month and each refund made that month. */
async function statementLines(organizationId: string, month: string): Promise<StatementLine[]> {
  const { start, end } = monthRange(month);
  const [earned, bonuses] = await Promise.all([
    db().earning.findMany({
      where: { organizationId, OR: [{ earnedAt: { gte: start, lt: end } }, { state: "refunded", resolvedAt: { gte: start, lt: end } }] },
      select: earningRowSelect,
    }),
    db().bonus.findMany({ where: { organizationId, createdAt: { gte: start, lt: end }, ...BOOKED_BONUS }, select: bonusSelect }),
  ]);
  // A line paid from prepaid funds when it was earned is not billed again, so it is not listed.
  const rows = [...earned.map(billed), ...bonuses.map(asEarningRow).map(billed)].filter((r) => r.amountCents > 0);
  const lines: StatementLine[] = [];
  for (const r of rows) {
    const project = r.engagement.project.title;
    const expert = fullName(r.engagement.expert.user.firstName, r.engagement.expert.user.lastName);
    if (r.earnedAt >= start && r.earnedAt < end)
      lines.push({
        date: r.earnedAt,
        project,
        expert,
        kind: r.kind === "late_cancel_fee" || r.kind === "bonus" ? r.kind : "session",
        amountCents: r.amountCents,
      });
    const refund = refundedAt(r);
    if (refund && refund >= start && refund < end)
      lines.push({ date: refund, project, expert, kind: "refund", amountCents: -r.amountCents });
  }
  return lines.sort((a, b) => a.date.getTime() - b.date.getTime());
}

const dollars = (cents: number) => (cents < 0 ? "-" : "") + (Math.abs(cents) / 100).toFixed(2);

/**
 * The client's statement for one month as CSV: date, project, expert, kind, amount (dollars;
 * refunds negative). Text cells go through csvCell (formula injection); the amount is ours.
 */
export async function statementCsv(actor: Actor | null, month: string): Promise<string> {
  requirePermission(actor, "read:billing:org");
  const lines = await statementLines(memberOrganization(actor), month);
  const header = ["date", "project", "expert", "kind", "amount"].join(",");
  const body = lines.map((l) =>
    [csvCell(l.date.toISOString().slice(0, 10)), csvCell(l.project), csvCell(l.expert), csvCell(l.kind), dollars(l.amountCents)].join(","),
  );
  const total = lines.reduce((n, l) => n + l.amountCents, 0);
  return [header, ...body, ["", "", "", "total", dollars(total)].join(",")].join("\r\n") + "\r\n";
}

// ───────────────────────────── admin ─────────────────────────────

export type Receivable = {
  organizationId: string;
  /** The organization's owner: whom the admin contacts about it. */
  name: string;
  email: string;
  organization: string;
  owedCents: number;
  /** Statements with money not yet marked paid, newest first. */
  unpaid: { month: string; totalCents: number; settled: boolean; closed: boolean }[];
};

/** Every organization that owes money or has an unpaid statement, largest balance first. */
export async function listReceivables(actor: Actor | null, now: Date = new Date()): Promise<Receivable[]> {
  requirePermission(actor, "manage:money:any");
  const [accounts, booked, bonuses, payments] = await Promise.all([
    db().ledgerAccount.findMany({
      where: { kind: "client_receivable", balanceCents: { gt: 0 } },
      select: { ownerOrganizationId: true, balanceCents: true },
    }),
    db().earning.findMany({
      select: { organizationId: true, amountCents: true, prepaidCents: true, kind: true, state: true, earnedAt: true, resolvedAt: true },
    }),
    db().bonus.findMany({ where: BOOKED_BONUS, select: { organizationId: true, amountCents: true, prepaidCents: true, createdAt: true } }),
    db().clientStatementPayment.findMany({
      select: { organizationId: true, month: true, amountCents: true, reference: true, createdAt: true },
    }),
  ]);
  const earnings = [...booked.map(billed), ...bonuses.map(asEarningRow).map(billed)];
  const owed = new Map(accounts.map((a) => [a.ownerOrganizationId!, a.balanceCents]));
  const byOrganization = <T extends { organizationId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const r of rows) {
      const list = map.get(r.organizationId);
      if (list) list.push(r);
      else map.set(r.organizationId, [r]);
    }
    return map;
  };
  const earningsOf = byOrganization(earnings);
  const paymentsOf = byOrganization(payments);
  const ids = [...new Set([...owed.keys(), ...earningsOf.keys()])];
  if (ids.length === 0) return [];
  const organizations = await db().organization.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      name: true,
      members: {
        where: { role: "owner" },
        orderBy: { joinedAt: "asc" },
        take: 1,
        select: { user: { select: { firstName: true, lastName: true, email: true } } },
      },
    },
  });
  const out: Receivable[] = [];
  for (const o of organizations) {
    const statements = statementsOf(earningsOf.get(o.id) ?? [], paymentsOf.get(o.id) ?? [], now);
    const unpaid = statements
      .filter((s) => !s.paid && s.totalCents > 0)
      .map((s) => ({ month: s.month, totalCents: s.totalCents, settled: s.settled, closed: s.closed }));
    const owedCents = owed.get(o.id) ?? 0;
    if (owedCents === 0 && unpaid.length === 0) continue;
    const owner = o.members[0]?.user;
    out.push({
      organizationId: o.id,
      name: owner ? fullName(owner.firstName, owner.lastName) : "",
      email: owner?.email ?? "",
      organization: o.name,
      owedCents,
      unpaid,
    });
  }
  return out.sort((a, b) => b.owedCents - a.owedCents || a.name.localeCompare(b.name));
}

/**
 * An admin marks a client's monthly statement paid, with the payment's reference: one ledger
 * transaction `statement_paid` moves the statement's amount (capped at what is still owed) from
 * the receivable to client_paid. Marking the same month again changes nothing; a month not yet
 * over (UTC), or with a session still in quality review or dispute, is refused.
 */
export async function markStatementPaid(
  actor: Actor | null,
  organizationId: string,
  month: string,
  reference: string,
  now: Date = new Date(),
): Promise<{ changed: boolean; amountCents: number }> {
  requirePermission(actor, "manage:money:any");
  const { start, end } = monthRange(month);
  if (!monthClosed(month, now)) throw new AppError("CONFLICT", statementOpenMessage(month));
  return db().$transaction(async (tx) => {
    const organization = await tx.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
    if (!organization) throw new AppError("NOT_FOUND", "Organization not found");
    // The receivable's row lock serialises two marks of the same organization (a double click, two admins).
    const receivable = await lockBalance(tx, { owner: organizationId, kind: "client_receivable" });
    const existing = await tx.clientStatementPayment.findUnique({
      where: { organizationId_month: { organizationId, month: start } },
      select: { amountCents: true },
    });
    if (existing) return { changed: false, amountCents: existing.amountCents };
    // A session still in quality review (or in dispute) may yet be refunded: the refund credits
    // the receivable, which must still hold it. Such a month is paid once its sessions are settled.
    const unsettled = await tx.earning.count({
      where: { organizationId, earnedAt: { gte: start, lt: end }, state: { in: ["pending_qc", "disputed"] } },
    });
    if (unsettled > 0)
      throw new AppError(
        "CONFLICT",
        "Some sessions of this statement are still in quality review or dispute. Mark it paid once they are settled.",
      );
    const statement = (await statementsOfOrganization(organizationId, now, tx)).find((s) => s.month === month);
    const cents = Math.min(statement?.totalCents ?? 0, receivable);
    if (cents <= 0) throw new AppError("CONFLICT", "Nothing is owed on this statement.");
    await post(tx, {
      key: `statement:${organizationId}:${month}`,
      kind: "statement_paid",
      actorUserId: actor.userId,
      memo: `Statement ${month} paid: ${reference}`,
      moves: [
        { debit: { owner: organizationId, kind: "client_paid" }, credit: { owner: organizationId, kind: "client_receivable" }, cents },
      ],
    });
    await tx.clientStatementPayment.create({
      data: { organizationId, month: start, amountCents: cents, reference, markedById: actor.userId },
    });
    return { changed: true, amountCents: cents };
  }, LOCKED_TX_OPTIONS);
}

/** How much of the organization's incentives went to schools, and how much was declined: for the roles that read billing. */
export async function incentiveOutcomesFor(actor: Actor | null) {
  requirePermission(actor, "read:billing:org");
  return incentiveOutcomesOf(memberOrganization(actor));
}
