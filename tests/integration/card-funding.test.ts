// Paying a funding invoice by card through Stripe Checkout, against a real PostgreSQL with
// Stripe's HTTP API served by MSW (the app calls it through Stripe's own package): the payment
// page, the payer's return, the signed webhook, each recording the payment once in one ledger
// transaction; every page kept, so a bank debit that completed before a second "Pay by card" is
// still credited, once; amounts held to the invoice; no void while a page can still pay.
import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { db } from "@/lib/platform/db";
import { ledgerDrift, organizationBalancesOf } from "@/lib/money/ledger";
import { getFundingDesk, getFundingInvoice, recordFundingPayment, requestFunds, voidFundingInvoice } from "@/lib/money/funding";
import { confirmCollection, startCardPayment, VOID_WHILE_CARD_PAYMENT } from "@/lib/money/card-payments";
import { receiveStripeWebhook } from "@/lib/money/card-webhook";
import { actorFor, createAdmin, createClient } from "../factories";

const STRIPE = vi.hoisted(() => {
  const config = {
    key: "sk_test_card_funding_0123",
    api: "https://api.stripe.test/v1",
    webhook: "whsec_card_funding_0123456",
    app: "https://k12.example",
  };
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: config.key,
    STRIPE_API_URL: config.api,
    STRIPE_WEBHOOK_SECRET: config.webhook,
    APP_URL: config.app,
  });
  return config;
});

type Session = {
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  /** The payment intent's state, for a completed page whose money is not there yet. */
  intent: "processing" | "requires_payment_method" | null;
  url: string;
  amount: number;
  currency: string;
  invoiceId: string | null;
  form: URLSearchParams;
  key: string | null;
};
/** Stripe's sessions as MSW holds them: created by POST, read by GET, closed by expire, paid by the test. */
const sessions = new Map<string, Session>();
const view = (id: string, s: Session) => ({
  id,
  object: "checkout.session",
  status: s.status,
  payment_status: s.payment_status,
  amount_total: s.amount,
  currency: s.currency,
  client_reference_id: s.invoiceId,
  metadata: s.invoiceId ? { invoice_id: s.invoiceId } : {},
  payment_intent: s.intent ? { id: `pi_${id}`, object: "payment_intent", status: s.intent } : null,
  url: s.status === "open" ? s.url : null,
});
const notFound = () =>
  HttpResponse.json({ error: { type: "invalid_request_error", message: "No such checkout.session" } }, { status: 404 });
const server = setupServer(
  http.post(`${STRIPE.api}/checkout/sessions`, async ({ request }) => {
    const key = request.headers.get("idempotency-key");
    const replay = [...sessions.entries()].find(([, s]) => s.key === key);
    const id = replay?.[0] ?? `cs_test_${sessions.size + 1}`;
    if (!replay) {
      const form = new URLSearchParams(await request.text());
      sessions.set(id, {
        status: "open",
        payment_status: "unpaid",
        intent: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        amount: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]") ?? "",
        invoiceId: form.get("metadata[invoice_id]"),
        form,
        key,
      });
    }
    return HttpResponse.json(view(id, sessions.get(id)!));
  }),
  http.get(`${STRIPE.api}/checkout/sessions/:id`, ({ params, request }) => {
    if (request.headers.get("authorization") !== `Bearer ${STRIPE.key}`)
      return HttpResponse.json({ error: { type: "invalid_request_error", message: "bad key" } }, { status: 401 });
    const s = sessions.get(String(params.id));
    return s ? HttpResponse.json(view(String(params.id), s)) : notFound();
  }),
  http.post(`${STRIPE.api}/checkout/sessions/:id/expire`, ({ params }) => {
    const s = sessions.get(String(params.id));
    if (!s) return notFound();
    if (s.status !== "open")
      return HttpResponse.json(
        { error: { type: "invalid_request_error", message: "Only open sessions can be expired." } },
        { status: 400 },
      );
    s.status = "expired";
    return HttpResponse.json(view(String(params.id), s));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const pay = (id: string) => Object.assign(sessions.get(id)!, { status: "complete", payment_status: "paid", intent: null });
/** The payer chose a bank debit: the page is complete, the money days away. */
const debit = (id: string) => Object.assign(sessions.get(id)!, { status: "complete", payment_status: "unpaid", intent: "processing" });
const fundsOf = async (organizationId: string) => (await organizationBalancesOf(organizationId)).client_funds;
const referenceOf = async (invoiceId: string) => (await db().fundingInvoice.findUniqueOrThrow({ where: { id: invoiceId } })).providerRef!;
const postingsOf = (invoiceId: string) => db().ledgerTransaction.count({ where: { idempotencyKey: `funding:${invoiceId}` } });

function signedEvent(type: string, sessionId: string, t = Math.floor(Date.now() / 1000), secret = STRIPE.webhook) {
  const body = JSON.stringify({
    id: `evt_${type}_${sessionId}`,
    object: "event",
    type,
    data: { object: { id: sessionId, object: "checkout.session" } },
  });
  return { body, signature: `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}` };
}
const deliver = (type: string, sessionId: string) => {
  const e = signedEvent(type, sessionId);
  return receiveStripeWebhook(e.body, e.signature);
};

async function financeOfNewOrganization() {
  const owner = await createClient();
  const organizationId = (await db().organizationMember.findUniqueOrThrow({ where: { userId: owner.id } })).organizationId;
  const finance = actorFor(await createClient({ role: "finance", organizationId }), ["client"]);
  return { finance, organizationId };
}

describe("paying a funding invoice by card", () => {
  it("opens Stripe's page for the invoice; the payer's return records it once, in one ledger transaction", async () => {
    const { finance, organizationId } = await financeOfNewOrganization();
    const invoice = await requestFunds(finance, 250_050);
    const started = await startCardPayment(finance, invoice.id);
    const ref = await referenceOf(invoice.id);
    expect(started).toEqual({ url: `https://checkout.stripe.com/c/pay/${ref}` });
    const form = sessions.get(ref)!.form;
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("250050");
    expect(form.get("client_reference_id")).toBe(invoice.id);
    expect(form.get("metadata[invoice_id]")).toBe(invoice.id);
    expect(form.get("success_url")).toBe(`https://k12.example/client/billing/invoices/${invoice.number}?card=returned`);
    expect((await db().fundingInvoice.findUniqueOrThrow({ where: { id: invoice.id } })).provider).toBe("stripe");
    expect(await db().cardPaymentSession.findMany({ where: { invoiceId: invoice.id }, select: { id: true, state: true } })).toEqual([
      { id: ref, state: "open" },
    ]);

    // Asked again while the page is open: the same page, no second session.
    const before = sessions.size;
    expect(await startCardPayment(finance, invoice.id)).toEqual(started);
    expect(sessions.size).toBe(before);

    // Back before Stripe has the money: nothing moves.
    expect(await confirmCollection({ invoiceId: invoice.id })).toEqual({ paid: false });
    expect(await fundsOf(organizationId)).toBe(0);

    pay(ref);
    expect(await confirmCollection({ invoiceId: invoice.id })).toEqual({ paid: true });
    expect(await confirmCollection({ invoiceId: invoice.id })).toEqual({ paid: true });
    expect(await fundsOf(organizationId)).toBe(250_050);
    const paid = await getFundingInvoice(finance, Number(invoice.number.slice(4)));
    expect(paid).toMatchObject({ status: "paid", paymentReference: `stripe ${ref}`, cardPayment: null });
    expect(await postingsOf(invoice.id)).toBe(1);
    expect(await ledgerDrift()).toEqual([]);
    expect(await startCardPayment(finance, invoice.id)).toEqual({ paid: true });
  });

  it("the signed webhook records a paid session; a bad signature, a stale one or an unrelated event changes nothing; a replay adds nothing", async () => {
    const { finance, organizationId } = await financeOfNewOrganization();
    const invoice = await requestFunds(finance, 40_000);
    await startCardPayment(finance, invoice.id);
    const ref = await referenceOf(invoice.id);
    pay(ref);

    const forged = signedEvent("checkout.session.completed", ref, Math.floor(Date.now() / 1000), "whsec_someone_else_0123");
    await expect(receiveStripeWebhook(forged.body, forged.signature)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The Stripe-Signature header does not match this body.",
    });
    await expect(receiveStripeWebhook(forged.body, null)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const stale = signedEvent("checkout.session.completed", ref, Math.floor(Date.now() / 1000) - 3600);
    await expect(receiveStripeWebhook(stale.body, stale.signature)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const other = signedEvent("customer.created", ref);
    expect(await receiveStripeWebhook(other.body, other.signature)).toEqual({ received: true, paid: false });
    expect(await fundsOf(organizationId)).toBe(0);

    const real = signedEvent("checkout.session.completed", ref);
    expect(await receiveStripeWebhook(real.body, real.signature)).toEqual({ received: true, paid: true });
    // Stripe delivers at least once, and a captured event may be replayed: it adds nothing.
    expect(await receiveStripeWebhook(real.body, real.signature)).toEqual({ received: true, paid: true });
    expect(await deliver("checkout.session.async_payment_succeeded", ref)).toEqual({ received: true, paid: true });
    expect(await fundsOf(organizationId)).toBe(40_000);
    expect(await postingsOf(invoice.id)).toBe(1);
    expect(await ledgerDrift()).toEqual([]);
  });

  it("a bank debit that completed unpaid is 'processing': a second Pay by card opens nothing, and its late success is credited exactly once", async () => {
    const { finance, organizationId } = await financeOfNewOrganization();
    const invoice = await requestFunds(finance, 75_000);
    await startCardPayment(finance, invoice.id);
    const first = await referenceOf(invoice.id);
    debit(first);
    expect(await deliver("checkout.session.completed", first)).toEqual({ received: true, paid: false });

    // The payer (or a colleague) clicks Pay by card again: told it is processing, no second page.
    const before = sessions.size;
    expect(await startCardPayment(finance, invoice.id)).toEqual({ processing: true });
    expect(await startCardPayment(finance, invoice.id)).toEqual({ processing: true });
    expect(sessions.size).toBe(before);
    expect(await getFundingInvoice(finance, Number(invoice.number.slice(4)))).toMatchObject({ status: "open", cardPayment: "processing" });
    expect(await fundsOf(organizationId)).toBe(0);

    // Days later the debit clears: Stripe's async success for the first page credits the invoice, once.
    pay(first);
    expect(await deliver("checkout.session.async_payment_succeeded", first)).toEqual({ received: true, paid: true });
    expect(await deliver("checkout.session.async_payment_succeeded", first)).toEqual({ received: true, paid: true });
    expect(await confirmCollection({ invoiceId: invoice.id })).toEqual({ paid: true });
    expect(await fundsOf(organizationId)).toBe(75_000);
    expect(await postingsOf(invoice.id)).toBe(1);
    expect(await ledgerDrift()).toEqual([]);
  });

  it("a failed bank debit frees the invoice: a new page can be opened", async () => {
    const { finance } = await financeOfNewOrganization();
    const invoice = await requestFunds(finance, 12_000);
    await startCardPayment(finance, invoice.id);
    const first = await referenceOf(invoice.id);
    Object.assign(sessions.get(first)!, { status: "complete", payment_status: "unpaid", intent: "requires_payment_method" });
    expect(await deliver("checkout.session.async_payment_failed", first)).toEqual({ received: true, paid: false });
    expect((await db().cardPaymentSession.findUniqueOrThrow({ where: { id: first } })).state).toBe("failed");
    const again = await startCardPayment(finance, invoice.id);
    expect(again).toEqual({ url: `https://checkout.stripe.com/c/pay/${await referenceOf(invoice.id)}` });
  });

  it("confirms a page the app no longer holds as the invoice's latest by the invoice id in its metadata", async () => {
    const { finance, organizationId } = await financeOfNewOrganization();
    const invoice = await requestFunds(finance, 20_000);
    // A page opened before every page was kept (or lost between Stripe's answer and our write).
    sessions.set("cs_test_orphan", {
      status: "complete",
      payment_status: "paid",
      intent: null,
      url: "",
      amount: 20_000,
      currency: "usd",
      invoiceId: invoice.id,
      form: new URLSearchParams(),
      key: null,
    });
    expect(await deliver("checkout.session.completed", "cs_test_orphan")).toEqual({ received: true, paid: true });
    expect(await fundsOf(organizationId)).toBe(20_000);
    expect(await db().cardPaymentSession.findUniqueOrThrow({ where: { id: "cs_test_orphan" } })).toMatchObject({
      invoiceId: invoice.id,
      state: "paid",
      problem: null,
    });
    // A page naming no invoice of ours (another integration on the same Stripe account) is ignored.
    sessions.set("cs_test_stranger", { ...sessions.get("cs_test_orphan")!, invoiceId: null });
    expect(await deliver("checkout.session.completed", "cs_test_stranger")).toEqual({ received: true, paid: false });
  });

  it("a paid session of another amount or currency is not credited: the invoice stays open and the money desk sees why", async () => {
    const { finance, organizationId } = await financeOfNewOrganization();
    const admin = actorFor(await createAdmin(), ["admin"]);
    const invoice = await requestFunds(finance, 50_000);
    await startCardPayment(finance, invoice.id);
    const ref = await referenceOf(invoice.id);
    pay(ref);
    sessions.get(ref)!.amount = 500;
    expect(await deliver("checkout.session.completed", ref)).toEqual({ received: true, paid: false });
    expect(await confirmCollection({ invoiceId: invoice.id })).toEqual({ paid: false });
    expect(await fundsOf(organizationId)).toBe(0);
    expect(await postingsOf(invoice.id)).toBe(0);
    expect(await getFundingInvoice(finance, Number(invoice.number.slice(4)))).toMatchObject({ status: "open" });
    const desk = await getFundingDesk(admin);
    expect(desk.cardProblems.find((p) => p.sessionId === ref)).toMatchObject({
      invoiceNumber: invoice.number,
      problem: expect.stringMatching(/collected \$5\.00, not the \$500\.00 of K12-\d{6}: not added to the funds/),
    });
    // Paying by card again would risk a second payment: refused until the desk sorts it out.
    await expect(startCardPayment(finance, invoice.id)).rejects.toMatchObject({ code: "CONFLICT", message: /with our team for review/ });

    const other = await requestFunds(finance, 50_000);
    await startCardPayment(finance, other.id);
    const eur = await referenceOf(other.id);
    Object.assign(pay(eur), { currency: "eur" });
    expect(await deliver("checkout.session.completed", eur)).toEqual({ received: true, paid: false });
    expect((await db().cardPaymentSession.findUniqueOrThrow({ where: { id: eur } })).problem).toMatch(/50000 EUR cents, not the \$500\.00/);
    expect(await fundsOf(organizationId)).toBe(0);
    await expect(getFundingDesk(finance)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("card money for an invoice already paid by bank transfer is not credited twice, and is flagged for a refund", async () => {
    const { finance, organizationId } = await financeOfNewOrganization();
    const admin = actorFor(await createAdmin(), ["admin"]);
    const invoice = await requestFunds(finance, 30_000);
    await startCardPayment(finance, invoice.id);
    const ref = await referenceOf(invoice.id);
    debit(ref);
    await recordFundingPayment(admin, invoice.id, "WIRE-77");
    pay(ref);
    expect(await deliver("checkout.session.async_payment_succeeded", ref)).toEqual({ received: true, paid: true });
    expect(await fundsOf(organizationId)).toBe(30_000);
    expect((await db().cardPaymentSession.findUniqueOrThrow({ where: { id: ref } })).problem).toMatch(
      /was paid after K12-\d{6} was already paid \(WIRE-77\): not added twice/,
    );
  });

  it("an invoice cannot be voided while its page is open or its debit is processing; once the page expired, it can", async () => {
    const { finance } = await financeOfNewOrganization();
    const invoice = await requestFunds(finance, 10_000);
    await startCardPayment(finance, invoice.id);
    const ref = await referenceOf(invoice.id);
    await expect(voidFundingInvoice(finance, invoice.id)).rejects.toMatchObject({ code: "CONFLICT", message: VOID_WHILE_CARD_PAYMENT });
    debit(ref);
    await expect(voidFundingInvoice(finance, invoice.id)).rejects.toMatchObject({ code: "CONFLICT", message: VOID_WHILE_CARD_PAYMENT });
    // Stripe unreachable: the page still counts as live.
    server.use(http.get(`${STRIPE.api}/checkout/sessions/:id`, () => HttpResponse.error()));
    await expect(voidFundingInvoice(finance, invoice.id)).rejects.toMatchObject({ code: "CONFLICT" });
    server.resetHandlers();
    expect((await db().fundingInvoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("open");

    sessions.get(ref)!.status = "expired";
    expect(await voidFundingInvoice(finance, invoice.id)).toEqual({ changed: true });
    expect(await voidFundingInvoice(finance, invoice.id)).toEqual({ changed: false });
  });

  it("a void that lands while Stripe opens the page closes that page again, so the voided invoice cannot be paid", async () => {
    const { finance } = await financeOfNewOrganization();
    const invoice = await requestFunds(finance, 15_000);
    // The void commits between Stripe's answer and our record of the page.
    server.use(
      http.post(
        `${STRIPE.api}/checkout/sessions`,
        async () => {
          await db().fundingInvoice.update({ where: { id: invoice.id }, data: { status: "void" } });
          return undefined;
        },
        { once: true },
      ),
    );
    await expect(startCardPayment(finance, invoice.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This invoice was voided, so it cannot be paid.",
    });
    const kept = await db().cardPaymentSession.findFirstOrThrow({ where: { invoiceId: invoice.id } });
    expect(kept.state).toBe("failed");
    expect(sessions.get(kept.id)!.status).toBe("expired");
  });

  it("a page that expired unpaid is replaced by a new one under its own idempotency key, still naming the invoice", async () => {
    const { finance } = await financeOfNewOrganization();
    const invoice = await requestFunds(finance, 10_000);
    await startCardPayment(finance, invoice.id);
    const first = await referenceOf(invoice.id);
    sessions.get(first)!.status = "expired";
    const again = await startCardPayment(finance, invoice.id);
    const second = await referenceOf(invoice.id);
    expect(second).not.toBe(first);
    expect(again).toEqual({ url: `https://checkout.stripe.com/c/pay/${second}` });
    expect(sessions.get(second)!.key).toBe(`funding-${invoice.id}-after-${first}`);
    expect(sessions.get(second)!.form.get("client_reference_id")).toBe(invoice.id);
    expect(await db().cardPaymentSession.count({ where: { invoiceId: invoice.id } })).toBe(2);
  });

  it("only the organization's billing roles may start one, and not on a voided invoice", async () => {
    const { finance, organizationId } = await financeOfNewOrganization();
    const invoice = await requestFunds(finance, 10_000);
    for (const role of ["researcher", "viewer"] as const) {
      const who = actorFor(await createClient({ role, organizationId }), ["client"]);
      await expect(startCardPayment(who, invoice.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    const outsider = actorFor(await createClient({ role: "finance" }), ["client"]);
    await expect(startCardPayment(outsider, invoice.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await voidFundingInvoice(finance, invoice.id);
    await expect(startCardPayment(finance, invoice.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This invoice was voided, so it cannot be paid.",
    });
  });
});
