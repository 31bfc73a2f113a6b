import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { env } from "@/lib/platform/env";
import { loggerFor } from "@/lib/platform/log.mjs";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { orgScope } from "@/lib/organizations/membership";
import { collectionProvider, collectionProviderNamed } from "@/lib/money/providers/configured";
import type { CollectResult } from "@/lib/money/providers/provider";
import { INVOICE_CURRENCY, invoiceNumber, settleInvoice } from "@/lib/money/invoice-settlement";

// Paying a funding invoice by card. Every payment page opened for an invoice is kept (the card
// session ledger), and each is asked about by its own reference, so a page that completed
// before a second "Pay by card" is still credited when its money arrives. While one page can
// still pay (open) or is paying (a bank debit in progress), no second page is opened and the
// invoice cannot be voided: the payer can never pay twice, nor pay an invoice that no longer counts.

const log = loggerFor("card-payments");

/** What the payer reads while a completed card payment waits for its money (a bank debit takes days). */
export const PAYMENT_PROCESSING =
  "Payment processing: the payment went through on Stripe's page and the money is on its way (a bank debit can take a few business days). This invoice shows it as paid as soon as it arrives; there is nothing more to pay.";

export const VOID_WHILE_CARD_PAYMENT =
  "This invoice has a card payment in progress, so it cannot be voided. A card payment page stays open for up to 24 hours and a bank debit can take a few business days; void the invoice once that payment has expired or failed.";

const UNDER_REVIEW =
  "A card payment for this invoice did not match it and is with our team for review, so it cannot be paid by card again. Pay by bank transfer, or contact us.";

const LIVE = ["open", "processing"] as const;

type SessionRow = { id: string; invoiceId: string; provider: string };

/** What the provider says now about one payment page, recorded: paid is settled (once), the others stored as its state. */
async function refresh(session: SessionRow, now: Date): Promise<CollectResult> {
  const answer = await collectionProviderNamed(session.provider).collectionStatus(session.id);
  if (answer.status === "paid") {
    await settleInvoice(session.invoiceId, `${session.provider} ${session.id}`, null, now, {
      sessionId: session.id,
      provider: session.provider,
      amountCents: answer.amountCents,
      currency: answer.currency,
    });
    return answer;
  }
  const state =
    answer.status === "processing" ? "processing" : answer.status === "redirect" ? "open" : answer.status === "failed" ? "failed" : null;
  // "pending" means the provider could not be asked: the page keeps the state it had.
  if (state) await db().cardPaymentSession.updateMany({ where: { id: session.id, state: { in: [...LIVE] } }, data: { state } });
  return answer;
}

/** Asks about every page of an invoice that may still pay; the answers, newest page first. */
async function refreshLive(invoiceId: string, now: Date): Promise<CollectResult[]> {
  const live = await db().cardPaymentSession.findMany({
    where: { invoiceId, state: { in: [...LIVE] } },
    orderBy: { createdAt: "desc" },
    select: { id: true, invoiceId: true, provider: true },
  });
  const answers: CollectResult[] = [];
  for (const s of live) answers.push(await refresh(s, now));
  return answers;
}

export type CardPaymentStart = { url: string } | { paid: true } | { processing: true };

/**
 * Finance pays an open invoice by card: the provider's payment page for it, to send the payer
 * to. Asking again while a page is open gives the same page; while a payment is processing, says
 * so and opens nothing; only once every page has expired or failed is a new one opened.
 */
export async function startCardPayment(actor: Actor | null, invoiceId: string, now: Date = new Date()): Promise<CardPaymentStart> {
  requirePermission(actor, "manage:billing:org");
  const invoice = await db().fundingInvoice.findFirst({
    where: { id: invoiceId, ...orgScope(actor, "manage:billing:org") },
    select: { id: true, number: true, amountCents: true, status: true, providerRef: true },
  });
  if (!invoice) throw new AppError("NOT_FOUND", "Invoice not found");
  if (invoice.status === "paid") return { paid: true };
  if (invoice.status === "void") throw new AppError("CONFLICT", "This invoice was voided, so it cannot be paid.");
  const provider = collectionProvider("card");
  if (provider.name === "manual")
    throw new AppError("CONFLICT", "Paying by card is not available. Pay by bank transfer as the invoice says.");

  const answers = await refreshLive(invoice.id, now);
  const after = await db().fundingInvoice.findUniqueOrThrow({ where: { id: invoice.id }, select: { status: true } });
  if (after.status === "paid") return { paid: true };
  if (await db().cardPaymentSession.count({ where: { invoiceId: invoice.id, problem: { not: null } } }))
    throw new AppError("CONFLICT", UNDER_REVIEW);
  if (answers.some((a) => a.status === "processing")) return { processing: true };
  const open = answers.find((a) => a.status === "redirect");
  if (open?.status === "redirect") return { url: open.url };
  const unknown = answers.find((a) => a.status === "pending");
  if (unknown?.status === "pending")
    throw new AppError(
      "CONFLICT",
      unknown.error ?? "The card payment already started could not be checked with Stripe. Try again in a few minutes.",
    );

  const page = `${env().APP_URL.replace(/\/+$/, "")}/client/billing/invoices/${invoiceNumber(invoice.number)}`;
  const started = await provider.collect({
    // A later page for the same invoice needs its own key: the first one's would replay the expired page.
    id: invoice.providerRef ? `${invoice.id}-after-${invoice.providerRef}` : invoice.id,
    invoiceId: invoice.id,
    amountCents: invoice.amountCents,
    currency: INVOICE_CURRENCY,
    description: `K12 Experts funds, invoice ${invoiceNumber(invoice.number)}`,
    returnUrl: `${page}?card=returned`,
    cancelUrl: `${page}?card=cancelled`,
  });
  if (started.status !== "redirect")
    throw new AppError(
      "CONFLICT",
      started.status === "failed" || started.status === "pending"
        ? (started.error ?? "The card payment could not be started. Try again in a few minutes.")
        : "The card payment could not be started.",
    );
  // Kept before the payer can reach it; a void that slipped in meanwhile closes the page again.
  const stillOpen = await db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM funding_invoices WHERE id = ${invoice.id}::uuid FOR UPDATE`;
    await tx.cardPaymentSession.upsert({
      where: { id: started.reference },
      create: { id: started.reference, invoiceId: invoice.id, provider: provider.name },
      update: {},
    });
    if (row?.status !== "open") return false;
    await tx.fundingInvoice.update({ where: { id: invoice.id }, data: { provider: provider.name, providerRef: started.reference } });
    return true;
  });
  if (!stillOpen) {
    try {
      await provider.cancelCollection?.(started.reference);
      await db().cardPaymentSession.update({ where: { id: started.reference }, data: { state: "failed" } });
    } catch (e) {
      log.error({ err: e, invoiceId: invoice.id, sessionId: started.reference }, "could not close the payment page of a voided invoice");
    }
    throw new AppError("CONFLICT", "This invoice was voided, so it cannot be paid.");
  }
  return { url: started.url };
}

/**
 * Asks the provider whether an invoice's card payment is paid, and records it if so (once,
 * however many times the payer's return, the webhook and a refresh ask). Found by the invoice,
 * or by a payment page's reference: one the app has not kept (opened before it kept them all) is
 * found by the invoice id the provider holds in the page's metadata.
 */
export async function confirmCollection(
  where: { invoiceId: string } | { sessionId: string; provider: string },
  now: Date = new Date(),
): Promise<{ paid: boolean }> {
  let invoiceId: string;
  if ("invoiceId" in where) {
    invoiceId = where.invoiceId;
    await refreshLive(invoiceId, now);
  } else {
    const kept = await db().cardPaymentSession.findUnique({ where: { id: where.sessionId } });
    if (kept) {
      invoiceId = kept.invoiceId;
      if ((LIVE as readonly string[]).includes(kept.state)) await refresh(kept, now);
    } else {
      const answer = await collectionProviderNamed(where.provider).collectionStatus(where.sessionId);
      const named = answer.invoiceId
        ? await db()
            .fundingInvoice.findUnique({ where: { id: answer.invoiceId }, select: { id: true } })
            .catch(() => null)
        : null;
      if (!named) {
        if (answer.status !== "pending") log.warn({ sessionId: where.sessionId }, "a card payment page names no invoice of ours");
        return { paid: false };
      }
      invoiceId = named.id;
      await db().cardPaymentSession.upsert({
        where: { id: where.sessionId },
        create: { id: where.sessionId, invoiceId, provider: where.provider },
        update: {},
      });
      await refresh({ id: where.sessionId, invoiceId, provider: where.provider }, now);
    }
  }
  const invoice = await db().fundingInvoice.findUnique({ where: { id: invoiceId }, select: { status: true } });
  return { paid: invoice?.status === "paid" };
}

/**
 * Asks the provider about an invoice's pages that may still pay (before a void: a page that
 * expired or a debit that failed no longer stands in the way, a paid one is credited).
 */
export async function refreshCardPayments(invoiceId: string, now: Date = new Date()): Promise<void> {
  await refreshLive(invoiceId, now);
}

/**
 * Refuses to void an invoice whose card payment could still pay, inside the void's transaction
 * with the invoice row locked (a page being opened locks it too). A page the provider could not
 * be asked about counts as live.
 */
export async function assertNoLiveCardPayment(tx: Tx, invoiceId: string): Promise<void> {
  const live = await tx.cardPaymentSession.count({ where: { invoiceId, state: { in: [...LIVE] } } });
  if (live > 0) throw new AppError("CONFLICT", VOID_WHILE_CARD_PAYMENT);
}

export type CardPaymentProblem = {
  sessionId: string;
  invoiceNumber: string;
  organization: string;
  problem: string;
  updatedAt: Date;
};

/** Paid card payments that were not credited (another amount, or money for an invoice already paid or voided), newest first, for the money desk. */
export async function cardPaymentProblems(actor: Actor | null, limit = 50): Promise<CardPaymentProblem[]> {
  requirePermission(actor, "manage:money:any");
  const rows = await db().cardPaymentSession.findMany({
    where: { problem: { not: null } },
    orderBy: { updatedAt: "desc" },
    take: limit,
    select: {
      id: true,
      problem: true,
      updatedAt: true,
      invoice: { select: { number: true, organization: { select: { name: true } } } },
    },
  });
  return rows.map((r) => ({
    sessionId: r.id,
    invoiceNumber: invoiceNumber(r.invoice.number),
    organization: r.invoice.organization.name,
    problem: r.problem ?? "",
    updatedAt: r.updatedAt,
  }));
}
