import "server-only";
import { db, LOCKED_TX_OPTIONS } from "@/lib/platform/db";
import { formatMoney } from "@/lib/platform/format";
import type { CardPaymentState } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { memberOrganization, orgScope } from "@/lib/organizations/membership";
import { organizationBalancesOf } from "@/lib/money/ledger";
import { capacityOf, committedToProject, lockOrganization, shortfall } from "@/lib/money/reservations";
import { invoiceNumber, settleInvoice } from "@/lib/money/invoice-settlement";
import { assertNoLiveCardPayment, cardPaymentProblems, refreshCardPayments, type CardPaymentProblem } from "@/lib/money/card-payments";

export { invoiceNumber };

// An organization's funded balance. Finance asks for an amount and gets a numbered invoice with
// payment instructions; when the money arrives an admin records it (the manual provider, the
// default) and one ledger transaction moves it into the organization's funds. Funds are spent
// first; beyond them an organization runs on credit up to its limit, billed on the monthly
// statement as before. Finance may instead pay an invoice by card through a payment provider
// (Stripe Checkout, when configured): the provider's word that it is paid records it the same way.

/** The most one invoice may ask for, and all of an organization's open invoices together. */
export const MAX_FUNDING_CENTS = 100_000_000;
/**
 * The most open invoices one organization may hold: enough to pay in parts, few enough that
 * nobody fills the money desk or a Stripe account with unpaid invoices.
 */
export const MAX_OPEN_INVOICES = 10;

/** How an invoice is paid: the same words on the invoice page and in its e-mail. */
export const PAYMENT_INSTRUCTIONS = [
  "Pay by bank transfer (ACH or wire) to K12 Experts, Inc.",
  "Put the invoice number in the payment reference so we can match it.",
  "Funds are added to your balance as soon as our team records the payment, usually within one business day.",
] as const;

export type FundingInvoiceView = {
  /** A card payment that can still pay: its page is open, or it is paying (a bank debit on its way). */
  cardPayment: "open" | "processing" | null;
  id: string;
  number: string;
  amountCents: number;
  status: "open" | "paid" | "void";
  createdAt: Date;
  paidAt: Date | null;
  paymentReference: string | null;
  organization: string;
  /** "manual" (bank transfer) or the provider collecting it ("stripe"). */
  provider: string;
};

const invoiceSelect = {
  id: true,
  number: true,
  amountCents: true,
  status: true,
  createdAt: true,
  paidAt: true,
  paymentReference: true,
  provider: true,
  organization: { select: { name: true } },
  cardSessions: { where: { state: { in: ["open", "processing"] as CardPaymentState[] } }, select: { state: true } },
} as const;

const toView = (r: {
  id: string;
  number: number;
  amountCents: number;
  status: "open" | "paid" | "void";
  createdAt: Date;
  paidAt: Date | null;
  paymentReference: string | null;
  provider: string;
  organization: { name: string };
  cardSessions: { state: "open" | "processing" | "paid" | "failed" }[];
}): FundingInvoiceView => {
  const { cardSessions, ...rest } = r;
  const states = new Set(cardSessions.map((c) => c.state));
  return {
    ...rest,
    number: invoiceNumber(r.number),
    organization: r.organization.name,
    cardPayment: r.status !== "open" ? null : states.has("processing") ? "processing" : states.has("open") ? "open" : null,
  };
};

function assertAmount(cents: number) {
  if (!Number.isSafeInteger(cents) || cents < 100 || cents > MAX_FUNDING_CENTS)
    throw new AppError("BAD_REQUEST", "Enter an amount between $1.00 and $1,000,000.00.", {
      amount: ["Enter an amount between $1.00 and $1,000,000.00."],
    });
}

/** Finance (or an owner or admin) asks to add funds: a numbered, open invoice. */
export async function requestFunds(actor: Actor | null, amountCents: number): Promise<FundingInvoiceView> {
  requirePermission(actor, "manage:billing:org");
  assertAmount(amountCents);
  const organizationId = memberOrganization(actor);
  const row = await db().$transaction(async (tx) => {
    // Under the organization's lock, so two requests at once cannot both slip under the limits.
    await lockOrganization(tx, organizationId);
    const open = await tx.fundingInvoice.aggregate({
      where: { organizationId, status: "open" },
      _count: { _all: true },
      _sum: { amountCents: true },
    });
    if (open._count._all >= MAX_OPEN_INVOICES) {
      const why = `Your organization already has ${MAX_OPEN_INVOICES} open invoices. Pay or void one before creating another.`;
      throw new AppError("CONFLICT", why, { amount: [why] });
    }
    const asked = open._sum.amountCents ?? 0;
    if (asked + amountCents > MAX_FUNDING_CENTS) {
      const left = MAX_FUNDING_CENTS - asked;
      const why =
        `Your open invoices already ask for ${formatMoney(asked)}, and together they may ask for at most ${formatMoney(MAX_FUNDING_CENTS)}. ` +
        (left >= 100 ? `Enter at most ${formatMoney(left)}, or pay or void an open invoice first.` : "Pay or void an open invoice first.");
      throw new AppError("CONFLICT", why, { amount: [why] });
    }
    return tx.fundingInvoice.create({
      data: { organizationId, amountCents, requestedById: actor.userId },
      select: invoiceSelect,
    });
  }, LOCKED_TX_OPTIONS);
  return toView(row);
}

/** One of the actor's organization's invoices (or any, for the money desk) by its number. */
export async function getFundingInvoice(actor: Actor | null, number: number): Promise<FundingInvoiceView> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  const desk = can(actor, "manage:money:any");
  if (!desk) requirePermission(actor, "read:billing:org");
  const row = await db().fundingInvoice.findFirst({
    where: { number, ...(desk ? {} : orgScope(actor, "read:billing:org")) },
    select: invoiceSelect,
  });
  if (!row) throw new AppError("NOT_FOUND", "Invoice not found");
  return toView(row);
}

/**
 * The money desk records an invoice's payment: one ledger transaction (client_deposits to
 * client_funds) keyed by the invoice, so recording it twice adds nothing twice.
 */
export async function recordFundingPayment(
  actor: Actor | null,
  invoiceId: string,
  reference: string,
  now: Date = new Date(),
): Promise<{ changed: boolean; amountCents: number }> {
  requirePermission(actor, "manage:money:any");
  return settleInvoice(invoiceId, reference, actor.userId, now);
}

/** An open invoice nobody will pay is voided (by the organization's finance or the money desk). */
export async function voidFundingInvoice(actor: Actor | null, invoiceId: string): Promise<{ changed: boolean }> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  const desk = can(actor, "manage:money:any");
  if (!desk) requirePermission(actor, "manage:billing:org");
  const invoice = await db().fundingInvoice.findFirst({
    where: { id: invoiceId, ...(desk ? {} : orgScope(actor, "manage:billing:org")) },
    select: { status: true },
  });
  if (!invoice) throw new AppError("NOT_FOUND", "Invoice not found");
  if (invoice.status === "void") return { changed: false };
  const paidMessage = "This invoice is paid, so it cannot be voided.";
  if (invoice.status === "paid") throw new AppError("CONFLICT", paidMessage);
  // A card payment page that could still take money keeps the invoice alive: ask its provider first.
  await refreshCardPayments(invoiceId);
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM funding_invoices WHERE id = ${invoiceId}::uuid FOR UPDATE`;
    if (row?.status === "void") return { changed: false };
    if (row?.status === "paid") throw new AppError("CONFLICT", paidMessage);
    await assertNoLiveCardPayment(tx, invoiceId);
    await tx.fundingInvoice.update({ where: { id: invoiceId }, data: { status: "void" } });
    return { changed: true };
  });
}

/** The money desk sets how far an organization may run on credit (0: prepaid only). */
export async function setCreditLimit(actor: Actor | null, organizationId: string, creditLimitCents: number) {
  requirePermission(actor, "manage:money:any");
  if (!Number.isSafeInteger(creditLimitCents) || creditLimitCents < 0 || creditLimitCents > MAX_FUNDING_CENTS)
    throw new AppError("BAD_REQUEST", "Enter a credit limit between $0 and $1,000,000.00.", {
      creditLimit: ["Enter a credit limit between $0 and $1,000,000.00."],
    });
  const moved = await db().organization.updateMany({ where: { id: organizationId }, data: { creditLimitCents } });
  if (moved.count === 0) throw new AppError("NOT_FOUND", "Organization not found");
  return { creditLimitCents };
}

export type FundingSummary = {
  fundsCents: number;
  reservedCents: number;
  creditLimitCents: number;
  /** Reserved on credit plus spent on credit and not yet paid. */
  creditUsedCents: number;
  /** What a new acceptance may still commit: funds plus credit left. */
  availableCents: number;
  depositedCents: number;
  /** Spend (earnings and bonuses) per project and UTC month, newest month first. */
  spend: { month: string; projectId: string; title: string; amountCents: number }[];
  invoices: FundingInvoiceView[];
};

/** The finance view: balance, reserved, credit, spend by project and month, the invoices. */
export async function getFundingSummary(actor: Actor | null): Promise<FundingSummary> {
  requirePermission(actor, "read:billing:org");
  const organizationId = memberOrganization(actor);
  const [balances, org, spend, invoices] = await Promise.all([
    organizationBalancesOf(organizationId),
    db().organization.findUniqueOrThrow({ where: { id: organizationId }, select: { creditLimitCents: true } }),
    db().$queryRaw<{ month: string; projectId: string; title: string; amountCents: bigint }[]>`
      SELECT to_char(date_trunc('month', x.at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, x.project_id::text AS "projectId", p.title,
             SUM(x.cents) AS "amountCents"
      FROM (SELECT earned_at AS at, project_id, CASE WHEN state = 'refunded' THEN 0 ELSE amount_cents END AS cents
              FROM earnings WHERE organization_id = ${organizationId}::uuid
            UNION ALL
            SELECT created_at, project_id, amount_cents FROM bonuses
              WHERE organization_id = ${organizationId}::uuid AND state IN ('pending_qc', 'available')) x
      JOIN projects p ON p.id = x.project_id
      GROUP BY 1, 2, 3
      ORDER BY 1 DESC, 3`,
    db().fundingInvoice.findMany({
      where: { organizationId },
      orderBy: { number: "desc" },
      take: 50,
      select: invoiceSelect,
    }),
  ]);
  const creditUsedCents = balances.client_credit_used + balances.client_receivable;
  return {
    fundsCents: balances.client_funds,
    reservedCents: balances.client_reserved,
    creditLimitCents: org.creditLimitCents,
    creditUsedCents,
    availableCents: balances.client_funds + Math.max(0, org.creditLimitCents - creditUsedCents),
    depositedCents: balances.client_deposits,
    spend: spend.map((s) => ({ ...s, amountCents: Number(s.amountCents) })).filter((s) => s.amountCents > 0),
    invoices: invoices.map(toView),
  };
}

/** Spend per project over every month, most first: the dashboard's short answer to "where did the money go". */
export function spendByProject(spend: FundingSummary["spend"]): { projectId: string; title: string; amountCents: number }[] {
  const totals = new Map<string, { projectId: string; title: string; amountCents: number }>();
  for (const s of spend) {
    const t = totals.get(s.projectId) ?? { projectId: s.projectId, title: s.title, amountCents: 0 };
    t.amountCents += s.amountCents;
    totals.set(s.projectId, t);
  }
  return [...totals.values()].sort((a, b) => b.amountCents - a.amountCents || a.title.localeCompare(b.title));
}

export type ProjectMoney = {
  budgetCents: number | null;
  committedCents: number;
  budgetLeftCents: number | null;
  /** What the next acceptance may commit: the budget left, the funds and the credit left, whichever is least (null for the roles that do not read billing: it would tell them the balance). */
  availableCents: number | null;
  /** The organization's funds and credit left, for finance and owners only (null for the others). */
  organizationAvailableCents: number | null;
  /** For each incentive asked about (cents) that the next acceptance could not cover: why, in the client's words. */
  refusals: Record<number, string>;
};

/** A project's budget and what is left, for its pipeline (shown before anyone clicks Accept). */
export async function getProjectMoney(actor: Actor | null, projectId: string, incentivesCents: number[] = []): Promise<ProjectMoney> {
  requirePermission(actor, "read:project:org");
  const project = await db().project.findFirst({
    where: { id: projectId, ...orgScope(actor, "read:project:org") },
    select: { id: true, organizationId: true, budgetCents: true },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  // A snapshot without the organization's lock: a page must not queue behind acceptances.
  // Researchers and viewers see the project's budget, never the organization's balance (nor a figure it can be read from).
  const seesFunds = can(actor, "read:billing:org");
  return db().$transaction(async (tx) => {
    const org = await tx.organization.findUniqueOrThrow({ where: { id: project.organizationId }, select: { creditLimitCents: true } });
    const [capacity, committedCents] = await Promise.all([
      capacityOf(tx, project.organizationId, project.id, org.creditLimitCents),
      committedToProject(tx, project.id),
    ]);
    return {
      budgetCents: project.budgetCents,
      committedCents,
      budgetLeftCents: capacity.budgetLeftCents,
      availableCents: seesFunds ? capacity.availableCents : null,
      organizationAvailableCents: seesFunds ? capacity.fundsCents + capacity.creditLeftCents : null,
      // The same words the acceptance would be refused with, so the pipeline can say them before the click.
      refusals: Object.fromEntries(
        incentivesCents.flatMap((cents) => {
          const why = cents > 0 ? shortfall(capacity, cents, seesFunds) : null;
          return why ? [[cents, why]] : [];
        }),
      ),
    };
  });
}

export type FundingDesk = {
  /** One page of open invoices, oldest first (of the organizations matching the search, when there is one). */
  open: FundingInvoiceView[];
  /** How many open invoices match in all, across the pages. */
  openCount: number;
  /** The cursor of the next page (the last invoice number shown), or null on the last page. */
  openNextAfter: number | null;
  /** The most recent paid invoices. */
  paid: FundingInvoiceView[];
  /** With the first owner's e-mail: organizations' names are not unique. */
  organizations: { id: string; name: string; creditLimitCents: number; ownerEmail: string | null }[];
  /** Paid card payments that were not credited (another amount, a paid or voided invoice), to settle by hand. */
  cardProblems: CardPaymentProblem[];
};

/** Open invoices on one page of the money desk. */
export const FUNDING_DESK_PAGE = 50;

/**
 * The money desk's view: open invoices a page at a time (after a cursor, so every organization's
 * invoices can be reached however many another holds), the latest paid ones, card payments to
 * review, and organizations' credit limits. A search by organization name narrows the open
 * invoices and the credit limits alike.
 */
export async function getFundingDesk(actor: Actor | null, search = "", openAfter = 0): Promise<FundingDesk> {
  requirePermission(actor, "manage:money:any");
  const q = search.trim();
  const byName = q ? { organization: { name: { contains: q, mode: "insensitive" as const } } } : {};
  const after = Number.isSafeInteger(openAfter) && openAfter > 0 ? openAfter : 0;
  const [open, openCount, paid, organizations, cardProblems] = await Promise.all([
    db().fundingInvoice.findMany({
      where: { status: "open", number: { gt: after }, ...byName },
      orderBy: { number: "asc" },
      take: FUNDING_DESK_PAGE + 1,
      select: invoiceSelect,
    }),
    db().fundingInvoice.count({ where: { status: "open", ...byName } }),
    db().fundingInvoice.findMany({ where: { status: "paid", ...byName }, orderBy: { paidAt: "desc" }, take: 20, select: invoiceSelect }),
    db().organization.findMany({
      where: q ? { name: { contains: q, mode: "insensitive" } } : {},
      orderBy: { name: "asc" },
      take: 50,
      select: {
        id: true,
        name: true,
        creditLimitCents: true,
        members: { where: { role: "owner" }, orderBy: { joinedAt: "asc" }, take: 1, select: { user: { select: { email: true } } } },
      },
    }),
    cardPaymentProblems(actor),
  ]);
  const page = open.slice(0, FUNDING_DESK_PAGE);
  return {
    open: page.map(toView),
    openCount,
    openNextAfter: open.length > FUNDING_DESK_PAGE ? page[page.length - 1].number : null,
    paid: paid.map(toView),
    organizations: organizations.map(({ members, ...o }) => ({ ...o, ownerEmail: members[0]?.user.email ?? null })),
    cardProblems,
  };
}
