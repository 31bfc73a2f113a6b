import "server-only";
import { db } from "@/lib/db";
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { nextFriday } from "@/lib/dates";
import type { PaymentMethod, PayoutStatus } from "@/lib/generated/prisma/enums";
import type { PayoutFilter } from "@/lib/validation/dashboard";
import type { Actor } from "@/lib/auth/session";
import { requirePermission } from "@/lib/auth/permissions";

export type WalletView = { availableCents: number; pendingCents: number; totalEarnedCents: number };
export type PayoutView = {
  id: string;
  amountCents: number;
  status: PayoutStatus;
  paymentMethod: PaymentMethod | null;
  estimatedPayoutDate: Date | null;
  actualPayoutDate: Date | null;
  createdAt: Date;
};

export const RECENT_PAYOUTS_LIMIT = 5;

const walletSelect = { availableCents: true, pendingCents: true, totalEarnedCents: true } as const;

/** The user's wallet; a missing one is created at zero (never sample money). */
export async function getOrCreateWallet(actor: Actor, client: Tx | ReturnType<typeof db> = db()): Promise<WalletView> {
  requirePermission(actor, "update:expert:own");
  return client.wallet.upsert({ where: { userId: actor.userId }, create: { userId: actor.userId }, update: {}, select: walletSelect });
}

const payoutSelect = { id: true, amountCents: true, status: true, paymentMethod: true, estimatedPayoutDate: true, actualPayoutDate: true, createdAt: true } as const;

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

/** The earliest estimated date among payouts still on their way, or null. */
export async function nextPayoutDate(actor: Actor): Promise<Date | null> {
  requirePermission(actor, "update:expert:own");
  const row = await db().payout.findFirst({
    where: { userId: actor.userId, status: { in: ["pending", "processing"] }, estimatedPayoutDate: { not: null } },
    orderBy: { estimatedPayoutDate: "asc" },
    select: { estimatedPayoutDate: true },
  });
  return row?.estimatedPayoutDate ?? null;
}

/**
 * Cash out the whole available balance in one transaction: lock the wallet row
 * (SELECT … FOR UPDATE), refuse an empty balance, create a pending payout with the expert's
 * payment method and the next Friday as estimated date, and set available to 0. A second
 * request (double click, another tab) waits on the lock and then finds nothing to pay.
 */
export async function cashOut(actor: Actor, now: Date = new Date()) {
  requirePermission(actor, "update:expert:own");
  return db().$transaction(async (tx) => {
    await getOrCreateWallet(actor, tx);
    const locked = await tx.$queryRaw<{ id: string; available_cents: number }[]>`
      SELECT id, available_cents FROM wallets WHERE user_id = ${actor.userId}::uuid FOR UPDATE`;
    const wallet = locked[0];
    if (!wallet || wallet.available_cents <= 0) throw new AppError("BAD_REQUEST", "There is no available balance to cash out.");
    const expert = await tx.expert.findUnique({ where: { userId: actor.userId }, select: { preferredPaymentMethod: true } });
    const payout = await tx.payout.create({
      data: {
        userId: actor.userId,
        amountCents: wallet.available_cents,
        status: "pending",
        paymentMethod: expert?.preferredPaymentMethod ?? null,
        estimatedPayoutDate: nextFriday(now),
      },
      select: payoutSelect,
    });
    await tx.wallet.update({ where: { id: wallet.id }, data: { availableCents: 0 } });
    return payout;
  });
}
