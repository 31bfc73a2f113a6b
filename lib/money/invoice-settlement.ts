import "server-only";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { queueMail } from "@/lib/platform/mail/queue";
import { orgRolesWith } from "@/lib/accounts/permissions";
import { createNotification } from "@/lib/notifications/notifications";
import { fundsAddedEmail } from "@/lib/money/mail";
import { AppError } from "@/lib/platform/errors";
import { loggerFor } from "@/lib/platform/log.mjs";
import { post } from "@/lib/money/ledger";
import { lockOrganization } from "@/lib/money/reservations";
import { formatMoney } from "@/lib/platform/format";

// The one place a funding invoice becomes money: the desk's record of a bank transfer and a card
// provider's "paid" both arrive here, under the organization's lock, and post one ledger
// transaction keyed by the invoice. A card payment is first held to the invoice: another amount
// or currency, or money for an invoice already paid or voided, is kept for the money desk and
// never credited.

const log = loggerFor("funding");

export const invoiceNumber = (n: number) => `K12-${String(n).padStart(6, "0")}`;

/** The only currency invoices are issued in. */
export const INVOICE_CURRENCY = "USD";

/** What a card provider said it collected, to be held to the invoice before it counts. */
export type CardPaid = { sessionId: string; provider: string; amountCents: number; currency: string };

export type Settlement = { changed: boolean; amountCents: number; problem?: string };

/**
 * An invoice's money arrived: funds added in one ledger transaction keyed by the invoice, the
 * invoice paid. `recordedById` is the admin who recorded it, or null when a card provider said
 * so (then `card` says what it collected, and the session is marked paid, with the reason when
 * it is not credited).
 */
export async function settleInvoice(
  invoiceId: string,
  reference: string,
  recordedById: string | null,
  now: Date,
  card?: CardPaid,
): Promise<Settlement> {
  return db().$transaction(async (tx) => {
    const invoice = await tx.fundingInvoice.findUnique({ where: { id: invoiceId }, select: { organizationId: true } });
    if (!invoice) throw new AppError("NOT_FOUND", "Invoice not found");
    await lockOrganization(tx, invoice.organizationId);
    const locked = await tx.fundingInvoice.findUniqueOrThrow({ where: { id: invoiceId } });
    const number = invoiceNumber(locked.number);
    const problem = card ? cardProblem(card, locked, number, reference) : null;
    if (card) {
      await tx.cardPaymentSession.upsert({
        where: { id: card.sessionId },
        create: {
          id: card.sessionId,
          invoiceId,
          provider: card.provider,
          state: "paid",
          amountCents: card.amountCents,
          currency: card.currency,
          problem,
        },
        update: { state: "paid", amountCents: card.amountCents, currency: card.currency, problem },
      });
      if (problem) {
        log.warn({ invoiceId, sessionId: card.sessionId, amountCents: card.amountCents, currency: card.currency }, problem);
        return { changed: false, amountCents: locked.amountCents, problem };
      }
    }
    if (locked.status === "paid") return { changed: false, amountCents: locked.amountCents };
    if (locked.status === "void") throw new AppError("CONFLICT", "This invoice was voided, so it cannot be paid.");
    const org = locked.organizationId;
    await post(tx, {
      key: `funding:${locked.id}`,
      kind: "funds_added",
      actorUserId: recordedById,
      memo: `${number} paid: ${reference}`,
      moves: [{ debit: { owner: org, kind: "client_deposits" }, credit: { owner: org, kind: "client_funds" }, cents: locked.amountCents }],
    });
    await tx.fundingInvoice.update({
      where: { id: locked.id },
      data: { status: "paid", paidAt: now, paymentReference: reference, recordedById },
    });
    await tellRequester(tx, { ...locked, number });
    return { changed: true, amountCents: locked.amountCents };
  }, LOCKED_TX_OPTIONS);
}

/**
 * The member who asked for the funds hears that they arrived, in the bell and by e-mail, while
 * they still read their organization's billing (someone removed or moved off billing since is
 * not told about its money).
 */
async function tellRequester(tx: Tx, invoice: { requestedById: string; organizationId: string; amountCents: number; number: string }) {
  const requester = await tx.organizationMember.findFirst({
    where: { userId: invoice.requestedById, organizationId: invoice.organizationId, role: { in: orgRolesWith("read:billing:org") } },
    select: { user: { select: { email: true, firstName: true } } },
  });
  if (!requester) return;
  const amount = formatMoney(invoice.amountCents);
  const href = `/client/billing/invoices/${invoice.number}`;
  await createNotification(tx, {
    userId: invoice.requestedById,
    kind: "funding_paid",
    title: "Funds added",
    body: `${invoice.number} for ${amount} is paid: ${amount} was added to your organization's funds.`,
    href,
  });
  await queueMail(
    { to: requester.user.email, ...fundsAddedEmail(requester.user.firstName, invoice.number, amount, `${env().APP_URL}${href}`) },
    tx,
  );
}

/** Why a card provider's "paid" must not be credited to this invoice, in the money desk's words; null when it may. */
function cardProblem(
  card: CardPaid,
  invoice: { amountCents: number; status: "open" | "paid" | "void"; paymentReference: string | null },
  number: string,
  reference: string,
): string | null {
  const currency = card.currency.toUpperCase();
  if (card.amountCents !== invoice.amountCents || currency !== INVOICE_CURRENCY) {
    const paid = currency === INVOICE_CURRENCY ? formatMoney(card.amountCents) : `${card.amountCents} ${currency || "(no currency)"} cents`;
    return `Card payment ${card.sessionId} collected ${paid}, not the ${formatMoney(invoice.amountCents)} of ${number}: not added to the funds. Refund it in Stripe, or record the right amount by hand.`;
  }
  if (invoice.status === "void")
    return `Card payment ${card.sessionId} was paid after ${number} was voided: not added to the funds. Refund it in Stripe.`;
  if (invoice.status === "paid" && invoice.paymentReference !== reference)
    return `Card payment ${card.sessionId} was paid after ${number} was already paid (${invoice.paymentReference ?? "no reference"}): not added twice. Refund it in Stripe.`;
  return null;
}
