import "server-only";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { post } from "@/lib/money/ledger";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { decryptPaymentValue, expertPaymentBinding, type PaymentDataBinding } from "@/lib/money/payment-data/payment-data";
import { queueMail } from "@/lib/platform/mail/queue";
import { payoutFailedEmail, payoutPaidEmail } from "@/lib/money/mail";
import { createNotification } from "@/lib/notifications/notifications";
import { formatMoney } from "@/lib/platform/format";
import { labelOf } from "@/lib/vocabulary/options";
import { PAYMENT_METHODS } from "@/lib/vocabulary/payments";
import { centsToDecimal, maskedDetails } from "@/lib/money/payout-details";
import { csvText } from "@/lib/platform/csv";
import type { PayoutProvider } from "@/lib/money/providers/provider";
import { assertRecentlyAuthenticated } from "@/lib/accounts/security";
import { utcDate } from "@/lib/platform/dates";
import { fullName } from "@/lib/platform/format";
import { keysetPage, type Page, type PageRequest } from "@/lib/platform/keyset";

/** Payouts on one page of the admin queue. */
export const PAYOUT_QUEUE_PAGE_SIZE = 50;
import type { PaymentMethod, PayoutStatus } from "@/lib/generated/prisma/enums";

// The admin payout desk. A cash out leaves the money in payout_in_transit with
// a pending payout; here an admin settles it: paid (payout_in_transit → paid_out) or failed
// (payout_in_transit → expert_available, the money is back). Each settlement locks the payout
// row, so a double click or a second admin waits and then finds it settled: no second posting.

const OPEN: PayoutStatus[] = ["pending", "processing"];
const SETTLED_PAID: PayoutStatus[] = ["paid", "completed"];

export type PayoutQueueItem = {
  id: string;
  amountCents: number;
  status: PayoutStatus;
  paymentMethod: PaymentMethod | null;
  provider: string;
  reference: string | null;
  createdAt: Date;
  estimatedPayoutDate: Date | null;
  /** The payout clock's date (a DATE): PAYOUT_DUE_BUSINESS_DAYS after the request. */
  dueDate: Date | null;
  /** Past its due date and still not paid. */
  overdue: boolean;
  /** When it first left in an exported batch; null while it never has. */
  exportedAt: Date | null;
  /** May go into a first export: waiting to be paid by hand and never exported. */
  exportable: boolean;
  /** Already in a batch being paid by hand: it may leave again only as a re-export, with a reason. */
  reexportable: boolean;
  /** Every export that held it, oldest first: who, when, and a re-export's reason. */
  history: PayoutExportEvent[];
  expert: { userId: string; name: string; email: string };
  /** Masked: "Chase •••• 6789", "j•••@example.org". The full details exist only in an exported batch. */
  details: string;
};

export type PayoutExportEvent = { exportId: string; at: Date; adminName: string; reexportReason: string | null };

export type Settled = { changed: boolean; status: PayoutStatus };

const detailColumns = {
  bankName: true,
  accountHolder: true,
  routingNumberEnc: true,
  routingNumberLast4: true,
  accountNumberEnc: true,
  accountNumberLast4: true,
  paypalEmail: true,
  venmoUsername: true,
  zelleEmail: true,
  checkAddressLine1: true,
  checkAddressLine2: true,
  checkCity: true,
  checkState: true,
  checkZipCode: true,
} as const;

const payoutWithExpert = {
  id: true,
  userId: true,
  amountCents: true,
  status: true,
  paymentMethod: true,
  provider: true,
  reference: true,
  createdAt: true,
  estimatedPayoutDate: true,
  dueDate: true,
  exportedAt: true,
  user: { select: { email: true, firstName: true, lastName: true, expert: { select: detailColumns } } },
} as const;

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const methodLabel = (m: PaymentMethod | null) => labelOf(PAYMENT_METHODS, m) ?? "the method on file";
const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** A payout already on its way by hand: exported, or processing from before exports were recorded per payout. */
const alreadySent = (p: { exportedAt: Date | null; status: PayoutStatus }) => p.exportedAt !== null || p.status === "processing";

/** True when the payout is still open after its due date (a DATE) has passed, counted in UTC days. */
export const isPayoutOverdue = (p: { status: PayoutStatus; dueDate: Date | null }, now: Date) =>
  OPEN.includes(p.status) && p.dueDate !== null && p.dueDate < utcDate(now);

/** The exports that held each of these payouts, oldest first, with the exporting admin's name. */
async function exportHistory(payoutIds: string[]): Promise<Map<string, PayoutExportEvent[]>> {
  const byPayout = new Map<string, PayoutExportEvent[]>();
  if (!payoutIds.length) return byPayout;
  const exports = await db().payoutExport.findMany({
    where: { payoutIds: { hasSome: payoutIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const admins = await db().user.findMany({
    where: { id: { in: [...new Set(exports.map((e) => e.adminUserId))] } },
    select: { id: true, firstName: true, lastName: true },
  });
  const names = new Map(admins.map((a) => [a.id, fullName(a.firstName, a.lastName)]));
  const wanted = new Set(payoutIds);
  for (const e of exports) {
    const event = {
      exportId: e.id,
      at: e.createdAt,
      adminName: names.get(e.adminUserId) ?? "A former admin",
      reexportReason: e.reexportReason,
    };
    for (const id of e.payoutIds) if (wanted.has(id)) byPayout.set(id, [...(byPayout.get(id) ?? []), event]);
  }
  return byPayout;
}

/** How many payouts wait, their sum and how many are overdue: the queue's summary above its pages. */
export type PayoutQueueSummary = { count: number; amountCents: number; overdue: number };

/**
 * Pending and processing payouts, a page at a time, the oldest request first (each is due a fixed
 * number of business days after its request, so this is the soonest due first: the order they
 * should be paid in), with masked details, whether each is overdue, and the exports that held it.
 * The summary is one aggregate over the open payouts' status index, not a read of every row.
 */
export async function listPayoutQueue(
  actor: Actor | null,
  now: Date = new Date(),
  page: PageRequest = {},
): Promise<Page<PayoutQueueItem> & { summary: PayoutQueueSummary }> {
  requirePermission(actor, "manage:money:any");
  const open = { status: { in: OPEN } };
  const [found, sum, overdue] = await Promise.all([
    keysetPage(
      page,
      (keyset) =>
        db().payout.findMany({
          where: { AND: [open, keyset.where] },
          orderBy: keyset.orderBy,
          take: keyset.take,
          select: payoutWithExpert,
        }),
      { key: "createdAt", direction: "asc" },
      PAYOUT_QUEUE_PAGE_SIZE,
    ),
    db().payout.aggregate({ where: open, _count: { _all: true }, _sum: { amountCents: true } }),
    db().payout.count({ where: { ...open, dueDate: { lt: utcDate(now) } } }),
  ]);
  const rows = found.rows;
  const history = await exportHistory(rows.map((p) => p.id));
  const items = rows.map(({ user, userId, ...p }) => ({
    ...p,
    overdue: isPayoutOverdue(p, now),
    exportable: p.provider === "manual" && !alreadySent(p),
    reexportable: p.provider === "manual" && alreadySent(p),
    history: history.get(p.id) ?? [],
    expert: { userId, name: nameOf(user), email: user.email },
    details: maskedDetails({
      paymentMethod: p.paymentMethod,
      bankName: user.expert?.bankName ?? null,
      accountNumberLast4: user.expert?.accountNumberLast4 ?? null,
      routingNumberLast4: user.expert?.routingNumberLast4 ?? null,
      paypalEmail: user.expert?.paypalEmail ?? null,
      venmoUsername: user.expert?.venmoUsername ?? null,
      zelleEmail: user.expert?.zelleEmail ?? null,
      checkCity: user.expert?.checkCity ?? null,
      checkState: user.expert?.checkState ?? null,
      checkZipCode: user.expert?.checkZipCode ?? null,
    }),
  }));
  return {
    rows: items,
    after: found.after,
    before: found.before,
    summary: { count: sum._count._all, amountCents: sum._sum.amountCents ?? 0, overdue },
  };
}

/** Locks the payout row for the rest of the transaction (SELECT … FOR UPDATE) and reads it. */
async function lockPayout(tx: Tx, payoutId: string) {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM payouts WHERE id = ${payoutId}::uuid FOR UPDATE`;
  if (!locked.length) throw new AppError("NOT_FOUND", "Payout not found");
  return tx.payout.findUniqueOrThrow({ where: { id: payoutId }, select: payoutWithExpert });
}
type LockedPayout = Awaited<ReturnType<typeof lockPayout>>;

const FAILED_ALREADY = "This payout has already failed: its money is back in the expert's Available balance.";
const PAID_ALREADY = "This payout has already been paid.";

/**
 * The payout's whole amount leaves payout_in_transit: to paid_out when paid, back to the
 * expert's Available when failed. Keyed by payout and outcome, so it is posted at most once.
 */
function movePayoutMoney(tx: Tx, payout: LockedPayout, outcome: "paid" | "failed", actor: Actor, memo: string) {
  return post(tx, {
    key: `payout-${outcome}:${payout.id}`,
    kind: `payout_${outcome}`,
    payoutId: payout.id,
    actorUserId: actor.realUserId,
    memo: memo.slice(0, 500),
    moves: [
      {
        debit: { owner: payout.userId, kind: "payout_in_transit" },
        credit: { owner: payout.userId, kind: outcome === "paid" ? "paid_out" : "expert_available" },
        cents: payout.amountCents,
      },
    ],
  });
}

async function settlePaid(tx: Tx, payout: LockedPayout, reference: string, actor: Actor, now: Date) {
  await movePayoutMoney(tx, payout, "paid", actor, `Paid, reference ${reference}`);
  await tx.payout.update({
    where: { id: payout.id },
    data: { status: "paid", paidAt: now, actualPayoutDate: utcDay(now), reference, settledById: actor.realUserId, failureReason: null },
  });
  const amount = formatMoney(payout.amountCents);
  await queueMail(
    {
      to: payout.user.email,
      ...payoutPaidEmail(payout.user.firstName, amount, methodLabel(payout.paymentMethod), reference, `${env().APP_URL}/payments`),
    },
    tx,
  );
  await createNotification(tx, {
    userId: payout.userId,
    kind: "payout_paid",
    title: "Payout sent",
    body: `Your payout of ${amount} was sent. Reference: ${reference}.`,
    href: "/payments",
  });
}

async function settleFailed(tx: Tx, payout: LockedPayout, reason: string, actor: Actor, now: Date) {
  await movePayoutMoney(tx, payout, "failed", actor, `Failed: ${reason}`);
  await tx.payout.update({
    where: { id: payout.id },
    data: { status: "failed", failedAt: now, failureReason: reason, settledById: actor.realUserId },
  });
  const amount = formatMoney(payout.amountCents);
  await queueMail({ to: payout.user.email, ...payoutFailedEmail(payout.user.firstName, amount, reason, `${env().APP_URL}/payments`) }, tx);
  await createNotification(tx, {
    userId: payout.userId,
    kind: "payout_failed",
    title: "Payout failed",
    body: `Your payout of ${amount} could not be sent: ${reason} The money is back in your Available balance.`,
    href: "/payments",
  });
}

/**
 * Marks a pending or processing payout paid with the bank/PayPal/provider reference. A second
 * call for a paid payout changes nothing ({ changed: false }); a failed one is a conflict.
 */
export async function markPayoutPaid(actor: Actor | null, payoutId: string, reference: string, now: Date = new Date()): Promise<Settled> {
  requirePermission(actor, "manage:money:any");
  return db().$transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    if (SETTLED_PAID.includes(payout.status)) return { changed: false, status: payout.status };
    if (payout.status === "failed") throw new AppError("CONFLICT", FAILED_ALREADY);
    await settlePaid(tx, payout, reference, actor, now);
    return { changed: true, status: "paid" as const };
  }, LOCKED_TX_OPTIONS);
}

/**
 * Money handed to a provider is in transit until the provider says its order failed or was
 * cancelled: refused otherwise, with what the provider said. Asked outside any transaction
 * (an HTTP call must not hold the payout's lock).
 */
async function assertProviderGaveUp(payoutId: string, provider: PayoutProvider | null): Promise<boolean> {
  const payout = await db().payout.findUnique({ where: { id: payoutId }, select: { provider: true, status: true } });
  if (!payout || payout.provider === "manual" || !OPEN.includes(payout.status)) return false;
  const name = payout.provider;
  if (!provider?.orderStatus || provider.name !== name) {
    throw new AppError(
      "CONFLICT",
      `This payout was sent through ${name}, and ${name} cannot be asked about it from here, so the money stays in transit. Check the order at ${name}; mark it failed once ${name} can confirm it failed or was cancelled.`,
    );
  }
  const answer = await provider.orderStatus(payoutId);
  if (answer.status !== "failed") {
    const said =
      answer.status === "paid"
        ? `${name} says order ${answer.reference} was paid`
        : `${name} says the order is still in transit${answer.error ? ` (${answer.error})` : ""}`;
    throw new AppError(
      "CONFLICT",
      `${said}. A payout sent through ${name} can be marked failed only once ${name} says its order failed or was cancelled; until then the money stays in transit.`,
    );
  }
  return true;
}

/**
 * Marks a pending or processing payout failed: its money returns to the expert's Available
 * balance and the expert is e-mailed the reason. Again for a failed payout: { changed: false };
 * for a paid one: a conflict (paid money is not taken back here). A payout sent through a
 * provider fails only once that provider (`provider`) says its order failed or was cancelled.
 */
export async function markPayoutFailed(
  actor: Actor | null,
  payoutId: string,
  reason: string,
  now: Date = new Date(),
  provider: PayoutProvider | null = null,
): Promise<Settled> {
  requirePermission(actor, "manage:money:any");
  const providerGaveUp = await assertProviderGaveUp(payoutId, provider);
  return db().$transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    if (payout.status === "failed") return { changed: false, status: payout.status };
    if (SETTLED_PAID.includes(payout.status)) throw new AppError("CONFLICT", PAID_ALREADY);
    // Handed to a provider after the check above (a send raced it): ask again next time.
    if (payout.provider !== "manual" && !providerGaveUp)
      throw new AppError("CONFLICT", `This payout was just sent through ${payout.provider}; reload the queue.`);
    await settleFailed(tx, payout, reason, actor, now);
    return { changed: true, status: "failed" as const };
  }, LOCKED_TX_OPTIONS);
}

export type PayoutBatch = { csv: string; filename: string; count: number; exportId: string };

const CSV_HEADER = [
  "payout_id",
  "requested_at",
  "expert_name",
  "expert_email",
  "amount_usd",
  "method",
  "account_holder",
  "bank_name",
  "routing_number",
  "account_number",
  "paypal_email",
  "venmo_username",
  "zelle_email",
  "check_mailing_address",
  "estimated_payout_date",
  "due_date",
  "export",
  "reexport_reason",
];

/** The sealed value in clear, or a marker the payer cannot mistake for an account number. */
function reveal(sealed: string | null, binding: PaymentDataBinding): string {
  if (!sealed) return "";
  try {
    return decryptPaymentValue(sealed, binding);
  } catch {
    return "(could not decrypt: ask the expert to enter it again)";
  }
}

/** "12 Main St, Apt 4, Springfield, IL 62701": where a check is mailed, on one line. */
function mailingAddress(
  x:
    | {
        checkAddressLine1: string | null;
        checkAddressLine2: string | null;
        checkCity: string | null;
        checkState: string | null;
        checkZipCode: string | null;
      }
    | null
    | undefined,
) {
  if (!x?.checkAddressLine1) return "";
  return [x.checkAddressLine1, x.checkAddressLine2, x.checkCity, [x.checkState, x.checkZipCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
}

const day = (d: Date | null | undefined) => d?.toISOString().slice(0, 10);

/**
 * The selected open payouts as a CSV with the full, decrypted payment details: the only place
 * they are ever decrypted, so it needs the password entered within REAUTH_MINUTES. In one
 * transaction: the rows are locked, pending ones become processing (the batch is being paid),
 * and a payout_exports row records who exported which payouts from where. A payout leaves in a
 * batch once: exporting it again is a re-export, which needs `reexportReason`, holds only
 * payouts already exported, and is flagged in the file and in the payout's history. Payouts
 * being sent through a provider, or already settled, are refused.
 */
export async function exportPayoutBatch(
  actor: Actor | null,
  payoutIds: string[],
  meta: { ip: string | null; reexportReason?: string | null },
  now: Date = new Date(),
): Promise<PayoutBatch> {
  requirePermission(actor, "manage:money:any");
  assertRecentlyAuthenticated(actor, now);
  const ids = [...new Set(payoutIds)];
  if (!ids.length) throw new AppError("BAD_REQUEST", "Select at least one payout to export.");
  const reexportReason = meta.reexportReason?.trim() || null;
  return db().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM payouts WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`;
    if (locked.length !== ids.length) throw new AppError("NOT_FOUND", "Payout not found");
    const rows = await tx.payout.findMany({
      where: { id: { in: ids } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: payoutWithExpert,
    });
    const closed = rows.find((p) => !OPEN.includes(p.status));
    if (closed) throw new AppError("CONFLICT", `A selected payout is already ${closed.status}. Reload the queue and select again.`);
    const sending = rows.find((p) => p.provider !== "manual");
    if (sending) throw new AppError("CONFLICT", `A selected payout is being sent through ${sending.provider}; settle it there instead.`);
    const exported = rows.filter(alreadySent);
    if (!reexportReason && exported.length) {
      const first = exported[0];
      throw new AppError(
        "CONFLICT",
        `${exported.length === 1 ? "A selected payout was" : `${exported.length} selected payouts were`} already exported (${nameOf(first.user)}'s${first.exportedAt ? ` on ${day(first.exportedAt)}` : ""}). A payout leaves once: to send its details again, re-export it with a reason.`,
      );
    }
    if (reexportReason && exported.length !== rows.length) {
      throw new AppError("CONFLICT", "A re-export holds only payouts already exported. Export the others as a new batch.");
    }

    const lines = rows.map((p) => {
      const x = p.user.expert;
      return [
        p.id,
        p.createdAt.toISOString(),
        nameOf(p.user),
        p.user.email,
        centsToDecimal(p.amountCents),
        labelOf(PAYMENT_METHODS, p.paymentMethod) ?? "Not set",
        x?.accountHolder,
        x?.bankName,
        reveal(x?.routingNumberEnc ?? null, expertPaymentBinding(p.userId, "routing_number")),
        reveal(x?.accountNumberEnc ?? null, expertPaymentBinding(p.userId, "account_number")),
        x?.paypalEmail,
        x?.venmoUsername,
        x?.zelleEmail,
        mailingAddress(x),
        day(p.estimatedPayoutDate),
        day(p.dueDate),
        reexportReason ? "RE-EXPORT" : "first export",
        reexportReason ?? "",
      ];
    });
    await tx.payout.updateMany({ where: { id: { in: ids }, status: "pending" }, data: { status: "processing" } });
    await tx.payout.updateMany({ where: { id: { in: ids }, exportedAt: null }, data: { exportedAt: now } });
    const audit = await tx.payoutExport.create({
      data: { adminUserId: actor.realUserId, payoutIds: rows.map((p) => p.id), ip: meta.ip, reexportReason },
      select: { id: true },
    });
    const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
    return {
      csv: csvText(CSV_HEADER, lines),
      filename: `payouts-${stamp}${reexportReason ? "-reexport" : ""}.csv`,
      count: rows.length,
      exportId: audit.id,
    };
  }, LOCKED_TX_OPTIONS);
}

export type ProviderSend = { status: "paid" | "processing" | "failed"; reference: string | null; message: string };

/**
 * Sends one payout through an API provider (Tremendous). The payout is claimed first in its
 * own transaction (pending → processing, provider set), so a second click or admin cannot
 * start another send; the HTTP call runs outside any transaction; then the answer settles it
 * like the admin would: paid, failed (money back to Available), or left processing. A payout
 * left processing by this provider may be sent again: the payout id is the provider's
 * idempotency key, so it never pays twice.
 */
export async function sendPayoutViaProvider(
  actor: Actor | null,
  payoutId: string,
  provider: PayoutProvider | null,
  now: () => Date = () => new Date(),
): Promise<ProviderSend> {
  requirePermission(actor, "manage:money:any");
  if (!provider) throw new AppError("BAD_REQUEST", "No payout provider is configured.");
  const claimed = await db().$transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    if (SETTLED_PAID.includes(payout.status)) throw new AppError("CONFLICT", PAID_ALREADY);
    if (payout.status === "failed") throw new AppError("CONFLICT", FAILED_ALREADY);
    const resend = payout.status === "processing" && payout.provider === provider.name && !payout.reference;
    if (payout.status !== "pending" && !resend) {
      throw new AppError(
        "CONFLICT",
        payout.provider === "manual"
          ? "This payout is in an exported batch being paid by hand; mark it paid or failed instead."
          : `This payout is already with ${payout.provider}.`,
      );
    }
    await tx.payout.update({ where: { id: payout.id }, data: { status: "processing", provider: provider.name } });
    return payout;
  }, LOCKED_TX_OPTIONS);

  const result = await provider.send(
    { id: claimed.id, amountCents: claimed.amountCents, currency: "USD" },
    { name: nameOf(claimed.user), email: claimed.user.email },
  );

  return db().$transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    // Settled by an admin while the provider was answering: keep what they decided.
    if (!OPEN.includes(payout.status))
      return {
        status: payout.status === "failed" ? "failed" : "paid",
        reference: payout.reference,
        message: "Settled meanwhile.",
      } as ProviderSend;
    if (result.status === "paid") {
      await settlePaid(tx, payout, result.reference, actor, now());
      return { status: "paid", reference: result.reference, message: `Sent through ${provider.name}.` } as ProviderSend;
    }
    if (result.status === "failed") {
      await settleFailed(tx, payout, result.error, actor, now());
      return { status: "failed", reference: result.reference ?? null, message: result.error } as ProviderSend;
    }
    if (result.reference) await tx.payout.update({ where: { id: payout.id }, data: { reference: result.reference } });
    return {
      status: "processing",
      reference: result.reference ?? null,
      message: result.error ?? `Accepted by ${provider.name}; not final yet.`,
    } as ProviderSend;
  }, LOCKED_TX_OPTIONS);
}
