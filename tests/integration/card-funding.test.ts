// Paying a funding invoice by card through Stripe Checkout, against a real PostgreSQL with
// Stripe's HTTP API served by MSW: the payment page, the payer's return, the signed webhook,
// each recording the payment once in one ledger transaction, and who may start one.
import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { db } from "@/lib/platform/db";
import { ledgerDrift, organizationBalancesOf } from "@/lib/money/ledger";
import { confirmCollection, getFundingInvoice, requestFunds, startCardPayment, voidFundingInvoice } from "@/lib/money/funding";
import { receiveStripeWebhook } from "@/lib/money/card-webhook";
import { actorFor, createClient } from "../factories";

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

/** Stripe's sessions as MSW holds them: created by POST, read by GET, paid by the test. */
const sessions = new Map<
  string,
  { status: "open" | "complete" | "expired"; payment_status: "paid" | "unpaid"; url: string; form: URLSearchParams; key: string | null }
>();
const server = setupServer(
  http.post(`${STRIPE.api}/checkout/sessions`, async ({ request }) => {
    const key = request.headers.get("idempotency-key");
    const replay = [...sessions.entries()].find(([, s]) => s.key === key);
    const id = replay?.[0] ?? `cs_test_${sessions.size + 1}`;
    if (!replay)
      sessions.set(id, {
        status: "open",
        payment_status: "unpaid",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        form: new URLSearchParams(await request.text()),
        key,
      });
    const s = sessions.get(id)!;
    return HttpResponse.json({
      id,
      object: "checkout.session",
      status: s.status,
      payment_status: s.payment_status,
      url: s.status === "open" ? s.url : null,
    });
  }),
  http.get(`${STRIPE.api}/checkout/sessions/:id`, ({ params, request }) => {
    if (request.headers.get("authorization") !== `Bearer ${STRIPE.key}`)
      return HttpResponse.json({ error: { message: "bad key" } }, { status: 401 });
    const s = sessions.get(String(params.id));
    if (!s) return HttpResponse.json({ error: { message: "No such checkout.session" } }, { status: 404 });
    return HttpResponse.json({
      id: params.id,
      object: "checkout.session",
      status: s.status,
      payment_status: s.payment_status,
      url: s.status === "open" ? s.url : null,
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const pay = (id: string) => Object.assign(sessions.get(id)!, { status: "complete", payment_status: "paid" });
const fundsOf = async (organizationId: string) => (await organizationBalancesOf(organizationId)).client_funds;
const referenceOf = async (invoiceId: string) => (await db().fundingInvoice.findUniqueOrThrow({ where: { id: invoiceId } })).providerRef!;

function signedEvent(type: string, sessionId: string, t = Math.floor(Date.now() / 1000)) {
  const body = JSON.stringify({ id: `evt_${sessionId}`, type, data: { object: { id: sessionId, object: "checkout.session" } } });
  return { body, signature: `t=${t},v1=${createHmac("sha256", STRIPE.webhook).update(`${t}.${body}`).digest("hex")}` };
}

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
    expect(form.get("success_url")).toBe(`https://k12.example/client/billing/invoices/${invoice.number}?card=returned`);
    expect((await db().fundingInvoice.findUniqueOrThrow({ where: { id: invoice.id } })).provider).toBe("stripe");

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
    expect(paid).toMatchObject({ status: "paid", paymentReference: `stripe ${ref}` });
    expect(await db().ledgerTransaction.count({ where: { idempotencyKey: `funding:${invoice.id}` } })).toBe(1);
    expect(await ledgerDrift()).toEqual([]);
    expect(await startCardPayment(finance, invoice.id)).toEqual({ paid: true });
  });

  it("the signed webhook records a paid session; a bad signature or an unrelated event changes nothing", async () => {
    const { finance, organizationId } = await financeOfNewOrganization();
    const invoice = await requestFunds(finance, 40_000);
    await startCardPayment(finance, invoice.id);
    const ref = await referenceOf(invoice.id);
    pay(ref);

    const forged = signedEvent("checkout.session.completed", ref);
    const t = Math.floor(Date.now() / 1000);
    const wrongKey = createHmac("sha256", "whsec_someone_else_0123").update(`${t}.${forged.body}`).digest("hex");
    await expect(receiveStripeWebhook(forged.body, `t=${t},v1=${wrongKey}`)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The Stripe-Signature header does not match this body.",
    });
    const stale = signedEvent("checkout.session.completed", ref, Math.floor(Date.now() / 1000) - 3600);
    await expect(receiveStripeWebhook(stale.body, stale.signature)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const other = signedEvent("customer.created", ref);
    expect(await receiveStripeWebhook(other.body, other.signature)).toEqual({ received: true, paid: false });
    expect(await fundsOf(organizationId)).toBe(0);

    const real = signedEvent("checkout.session.completed", ref);
    expect(await receiveStripeWebhook(real.body, real.signature)).toEqual({ received: true, paid: true });
    // Stripe delivers at least once: the same event again adds nothing.
    expect(await receiveStripeWebhook(real.body, real.signature)).toEqual({ received: true, paid: true });
    expect(await fundsOf(organizationId)).toBe(40_000);
    expect(await ledgerDrift()).toEqual([]);
  });

  it("a page that expired unpaid is replaced by a new one under its own idempotency key", async () => {
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
  });

  it("only the organisation's billing roles may start one, and not on a voided invoice", async () => {
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
