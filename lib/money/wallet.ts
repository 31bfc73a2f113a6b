import "server-only";
import { newestFirstPage, type Page, type PageRequest } from "@/lib/platform/keyset";
import { cache } from "react";
import { payoutDueDate } from "@/lib/money/policy";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { balancesFrom, balancesOf, lockBalance, post, type AccountKind } from "@/lib/money/ledger";
import { AppError } from "@/lib/platform/errors";
import { nextFriday } from "@/lib/platform/dates";
import { DEFAULT_TIME_ZONE } from "@/lib/vocabulary/time";
import type { PaymentMethod, PayoutStatus } from "@/lib/generated/prisma/enums";
import type { PayoutFilter } from "@/lib/money/schemas/payouts";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { assertTaxFormIfNeeded } from "@/lib/money/tax";
import { ownExpertRow } from "@/lib/accounts/expert-row";

export type WalletView = { availableCents: number; pendingCents: number; totalEarnedCents: number };
export type PayoutView = {
  id: string;
  amountCents: number;
  status: PayoutStatus;
  paymentMethod: PaymentMethod | null;
  estimatedPayoutDate: Date | null;
  actualPayoutDate: Date | null;
  /** Why the payout desk marked it failed (shown to the expert); null otherwise. */
  failureReason: string | null;
  createdAt: Date;
};

export const RECENT_PAYOUTS_LIMIT = 5;

/**
 * The dashboard's summary cards show the balances and the next payout date, and the open panel
 * may show the balances again: one statement, once per render (React's cache lives for one server
 * render; a server action's own reads are not memoised).
 */
const walletFactsOnce = cache(async (userId: string) => {
  const [row] = await db().$queryRaw<[{ accounts: { kind: AccountKind; balanceCents: number }[]; nextPayout: Date | null }]>`
    SELECT coalesce((SELECT json_agg(json_build_object('kind', a.kind, 'balanceCents', a.balance_cents))
                       FROM ledger_accounts a WHERE a.owner_user_id = ${userId}::uuid), '[]'::json) AS accounts,
           (SELECT min(p.estimated_payout_date) FROM payouts p
             WHERE p.user_id = ${userId}::uuid AND p.status IN ('pending', 'processing')) AS "nextPayout"`;
  return { balances: balancesFrom(row.accounts), nextPayout: row.nextPayout };
});

/**
 * The three wallet cards, read from the expert's ledger accounts (Total Earned is everything ever
 * credited to them). Given a transaction, read inside it; otherwise once per render, as the
 * summary cards and the open panel both show it.
 */
export async function getWallet(actor: Actor, client?: Tx): Promise<WalletView> {
  requirePermission(actor, "update:expert:own");
  const b = client ? await balancesOf(actor.userId, client) : (await walletFactsOnce(actor.userId)).balances;
  return {
    availableCents: b.expert_available,
    pendingCents: b.expert_pending_qc,
    totalEarnedCents: b.expert_pending_qc + b.expert_available + b.payout_in_transit + b.paid_out,
  };
}

/**
 * Money that predates the ledger (the demo seed, the old wallet columns) as one balanced
 * opening transaction: opening_balance against the expert's accounts. The key makes it once-only.
 */
export async function postOpeningBalance(
  tx: Tx,
  userId: string,
  amounts: { pendingCents?: number; availableCents?: number; inTransitCents?: number; paidOutCents?: number },
  key = `opening:${userId}`,
) {
  const from = { owner: userId, kind: "opening_balance" as const };
  const legs = [
    ["expert_pending_qc", amounts.pendingCents],
    ["expert_available", amounts.availableCents],
    ["payout_in_transit", amounts.inTransitCents],
    ["paid_out", amounts.paidOutCents],
  ] as const;
  const moves = legs
    .filter(([, cents]) => (cents ?? 0) > 0)
    .map(([kind, cents]) => ({ debit: from, credit: { owner: userId, kind }, cents: cents! }));
  if (moves.length) await post(tx, { key, kind: "opening_balance", memo: "Balance from before the ledger", moves });
}

const payoutSelect = {
  id: true,
  amountCents: true,
  status: true,
  paymentMethod: true,
  estimatedPayoutDate: true,
  actualPayoutDate: true,
  failureReason: true,
  createdAt: true,
} as const;

const FILTER_STATUSES: Record<PayoutFilter, PayoutStatus[] | null> = {
  all: null,
  pending: ["pending", "processing"],
  paid: ["paid", "completed"],
};

/** The user's payouts, newest first; `limit` for the dashboard's Recent Payouts. */
export async function listPayouts(actor: Actor, opts: { limit?: number; filter?: PayoutFilter } = {}): Promise<PayoutView[]> {
  requirePermission(actor, "update:expert:own");
  const statuses = FILTER_STATUSES[opts.filter ?? "all"];
  return db().payout.findMany({
    where: { userId: actor.userId, ...(statuses ? { status: { in: statuses } } : {}) },
    orderBy: { createdAt: "desc" },
    select: payoutSelect,
    ...(opts.limit ? { take: opts.limit } : {}),
  });
}

/** The wallet page's payout history shows this many payouts a page, newest first. */
export const PAYOUT_HISTORY_PAGE_SIZE = 25;

/** The expert's own payouts, newest first, a page at a time (the wallet page's history). */
export async function listPayoutsPage(actor: Actor, page: PageRequest = {}, size = PAYOUT_HISTORY_PAGE_SIZE): Promise<Page<PayoutView>> {
  requirePermission(actor, "update:expert:own");
  return newestFirstPage(
    page,
    (keyset) =>
      db().payout.findMany({
        where: { AND: [{ userId: actor.userId }, keyset.where] },
        orderBy: keyset.orderBy,
        take: keyset.take,
        select: payoutSelect,
      }),
    size,
  );
}

/** Where a cash out goes: the expert's payment method on file, or null before they choose one. */
export async function payoutMethodOf(actor: Actor): Promise<PaymentMethod | null> {
  requirePermission(actor, "update:expert:own");
  return (await ownExpertRow(actor.userId))?.preferredPaymentMethod ?? null;
}

/** The earliest estimated date among payouts still on their way, or null. */
export async function nextPayoutDate(actor: Actor): Promise<Date | null> {
  requirePermission(actor, "update:expert:own");
  return (await walletFactsOnce(actor.userId)).nextPayout;
}

/**
 * Cash out the whole available balance in one transaction: lock the expert's Available account
 * (SELECT … FOR UPDATE), refuse an empty balance, create a pending payout with the expert's
 * payment method, the next Friday as estimated date and its due date on the payout clock, and move the balance to payout in
 * transit in the ledger. A second request (double click, another tab) waits on the lock and
 * then finds nothing to pay.
 */
export async function cashOut(actor: Actor, now: Date = new Date()) {
  requirePermission(actor, "update:expert:own");
  return db().$transaction(async (tx) => {
    const available = await lockBalance(tx, { owner: actor.userId, kind: "expert_available" });
    if (available <= 0) throw new AppError("BAD_REQUEST", "There is no available balance to cash out.");
    // A cash out that brings the year's payouts to the 1099-NEC threshold needs a W-9 first.
    await assertTaxFormIfNeeded(tx, actor.userId, available, now);
    const expert = await tx.expert.findUnique({
      where: { userId: actor.userId },
      select: { preferredPaymentMethod: true, timeZone: true },
    });
    const payout = await tx.payout.create({
      data: {
        userId: actor.userId,
        amountCents: available,
        status: "pending",
        paymentMethod: expert?.preferredPaymentMethod ?? null,
        estimatedPayoutDate: nextFriday(now, expert?.timeZone ?? DEFAULT_TIME_ZONE),
        dueDate: payoutDueDate(now),
        // Dated by the same clock as the gate above, so an injected `now` counts in its own tax year.
        createdAt: now,
      },
      select: payoutSelect,
    });
    await post(tx, {
      key: `cash-out:${payout.id}`,
      kind: "cash_out",
      payoutId: payout.id,
      actorUserId: actor.userId,
      moves: [
        {
          debit: { owner: actor.userId, kind: "expert_available" },
          credit: { owner: actor.userId, kind: "payout_in_transit" },
          cents: available,
        },
      ],
    });
    return payout;
  }, LOCKED_TX_OPTIONS);
}
