import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import Stripe from "stripe";
import { createStripeProvider } from "@/lib/money/providers/stripe";
import { manualProvider } from "@/lib/money/providers/manual";

// The Stripe Checkout adapter, built on Stripe's own package, against Stripe's documented HTTP API
// (POST and GET /v1/checkout/sessions, POST …/expire), served by MSW; any request without a
// handler fails the test. The package is pointed at the test host by STRIPE_API_URL's parts.

const BASE = "https://api.stripe.test/v1";
const SESSIONS = `${BASE}/checkout/sessions`;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const invoiceId = "0b6f3a0e-7d7c-4c55-9f0e-2f1b3c4d5e6f";
const charge = {
  id: invoiceId,
  invoiceId,
  amountCents: 250_050,
  currency: "USD" as const,
  description: "K12 Experts funds, invoice K12-000042",
  returnUrl: "https://k12.example/client/billing/invoices/K12-000042?card=returned",
  cancelUrl: "https://k12.example/client/billing/invoices/K12-000042?card=cancelled",
};

const adapter = (maxNetworkRetries = 2) => createStripeProvider({ secretKey: "sk_test_0123456789", baseUrl: BASE, maxNetworkRetries });

const session = (fields: Record<string, unknown>) => ({
  id: "cs_test_a1",
  object: "checkout.session",
  amount_total: 250_050,
  currency: "usd",
  client_reference_id: invoiceId,
  metadata: { invoice_id: invoiceId },
  payment_intent: null,
  ...fields,
});

describe("Stripe Checkout adapter (the stripe package)", () => {
  it("opens one payment page per invoice: form-encoded amount in cents, the invoice as reference and metadata, an idempotency key", async () => {
    const seen: { headers: Headers; form: URLSearchParams }[] = [];
    server.use(
      http.post(SESSIONS, async ({ request }) => {
        seen.push({ headers: request.headers, form: new URLSearchParams(await request.text()) });
        return HttpResponse.json(
          session({ status: "open", payment_status: "unpaid", url: "https://checkout.stripe.com/c/pay/cs_test_a1" }),
        );
      }),
    );
    const provider = adapter();
    expect(provider.name).toBe("stripe");
    expect(await provider.collect(charge)).toEqual({
      status: "redirect",
      url: "https://checkout.stripe.com/c/pay/cs_test_a1",
      reference: "cs_test_a1",
      invoiceId,
    });
    expect(seen).toHaveLength(1);
    const { headers, form } = seen[0];
    expect(headers.get("authorization")).toBe("Bearer sk_test_0123456789");
    expect(headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(headers.get("idempotency-key")).toBe(`funding-${invoiceId}`);
    expect(headers.get("stripe-version")).toMatch(/^\d{4}-\d{2}-\d{2}\./);
    expect(Object.fromEntries(form)).toEqual({
      mode: "payment",
      client_reference_id: invoiceId,
      "metadata[invoice_id]": invoiceId,
      "payment_intent_data[metadata][invoice_id]": invoiceId,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "250050",
      "line_items[0][price_data][product_data][name]": "K12 Experts funds, invoice K12-000042",
      success_url: charge.returnUrl,
      cancel_url: charge.cancelUrl,
    });
  });

  it("a later page for the invoice has its own idempotency key but still names the invoice", async () => {
    const seen: URLSearchParams[] = [];
    const keys: (string | null)[] = [];
    server.use(
      http.post(SESSIONS, async ({ request }) => {
        keys.push(request.headers.get("idempotency-key"));
        seen.push(new URLSearchParams(await request.text()));
        return HttpResponse.json(
          session({ id: "cs_test_a2", status: "open", payment_status: "unpaid", url: "https://checkout.stripe.com/2" }),
        );
      }),
    );
    await adapter().collect({ ...charge, id: `${invoiceId}-after-cs_test_a1` });
    expect(keys).toEqual([`funding-${invoiceId}-after-cs_test_a1`]);
    expect(seen[0].get("client_reference_id")).toBe(invoiceId);
    expect(seen[0].get("metadata[invoice_id]")).toBe(invoiceId);
  });

  it("tries again on a 5xx and a 409 with the same idempotency key (the package's retries)", async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(SESSIONS, ({ request }) => {
        keys.push(request.headers.get("idempotency-key"));
        if (keys.length === 1) return HttpResponse.json({ error: { type: "api_error", message: "busy" } }, { status: 503 });
        if (keys.length === 2) return HttpResponse.json({ error: { type: "idempotency_error", message: "in flight" } }, { status: 409 });
        return HttpResponse.json(session({ status: "open", payment_status: "unpaid", url: "https://checkout.stripe.com/x" }));
      }),
    );
    expect((await adapter().collect(charge)).status).toBe("redirect");
    expect(keys).toEqual([`funding-${invoiceId}`, `funding-${invoiceId}`, `funding-${invoiceId}`]);
  });

  it("says Stripe's refusal in words, and leaves a Stripe that keeps failing or cannot be reached as pending (nothing recorded)", async () => {
    server.use(
      http.post(SESSIONS, () =>
        HttpResponse.json(
          { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****6789" } },
          { status: 401 },
        ),
      ),
    );
    expect(await adapter().collect(charge)).toEqual({
      status: "failed",
      error: "Stripe refused the card payment (HTTP 401): Invalid API Key provided: sk_test_****6789",
    });
    server.use(http.post(SESSIONS, () => HttpResponse.json({ error: { type: "api_error", message: "down" } }, { status: 500 })));
    expect(await adapter(0).collect(charge)).toMatchObject({
      status: "pending",
      error: expect.stringMatching(/^Stripe answered HTTP 500/),
    });
    server.use(http.post(SESSIONS, () => HttpResponse.error()));
    expect(await adapter(0).collect(charge)).toMatchObject({
      status: "pending",
      error: expect.stringMatching(/^Stripe could not be reached/),
    });
  });

  it("reads a session's state: paid (with amount, currency, invoice) only when complete and paid; a debit on its way is processing; a failed debit and an expired page fail", async () => {
    const states: Record<string, object> = {
      cs_paid: session({ id: "cs_paid", status: "complete", payment_status: "paid" }),
      cs_debit: session({
        id: "cs_debit",
        status: "complete",
        payment_status: "unpaid",
        payment_intent: { id: "pi_1", object: "payment_intent", status: "processing" },
      }),
      cs_bounced: session({
        id: "cs_bounced",
        status: "complete",
        payment_status: "unpaid",
        payment_intent: { id: "pi_2", object: "payment_intent", status: "requires_payment_method" },
      }),
      cs_open: session({ id: "cs_open", status: "open", payment_status: "unpaid", url: "https://checkout.stripe.com/o" }),
      cs_gone: session({ id: "cs_gone", status: "expired", payment_status: "unpaid" }),
      cs_ref_only: session({ id: "cs_ref_only", status: "open", payment_status: "unpaid", url: "https://x", metadata: {} }),
    };
    const expands: string[] = [];
    server.use(
      http.get(`${SESSIONS}/:id`, ({ params, request }) => {
        expands.push(new URL(request.url).searchParams.get("expand[0]") ?? "");
        const found = states[String(params.id)];
        return found
          ? HttpResponse.json(found)
          : HttpResponse.json({ error: { type: "invalid_request_error", message: "No such checkout.session" } }, { status: 404 });
      }),
    );
    const provider = adapter();
    expect(await provider.collectionStatus("cs_paid")).toEqual({
      status: "paid",
      reference: "cs_paid",
      invoiceId,
      amountCents: 250_050,
      currency: "USD",
    });
    // The payment intent is expanded to tell a slow debit from a failed one.
    expect(expands[0]).toBe("payment_intent");
    expect(await provider.collectionStatus("cs_debit")).toEqual({ status: "processing", reference: "cs_debit", invoiceId });
    expect(await provider.collectionStatus("cs_bounced")).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/bank did not pay/),
    });
    expect(await provider.collectionStatus("cs_open")).toEqual({
      status: "redirect",
      url: "https://checkout.stripe.com/o",
      reference: "cs_open",
      invoiceId,
    });
    expect(await provider.collectionStatus("cs_gone")).toMatchObject({ status: "failed", error: expect.stringMatching(/expired/) });
    expect(await provider.collectionStatus("cs_ref_only")).toMatchObject({ invoiceId });
    expect(await provider.collectionStatus("cs_missing")).toMatchObject({
      status: "pending",
      error: expect.stringMatching(/HTTP 404.*No such checkout.session/),
    });
  });

  it("closes an open page (expire); a page already closed is not an error", async () => {
    const expired: string[] = [];
    server.use(
      http.post(`${SESSIONS}/:id/expire`, ({ params }) => {
        expired.push(String(params.id));
        if (params.id === "cs_done")
          return HttpResponse.json(
            { error: { type: "invalid_request_error", message: "Only open sessions can be expired." } },
            { status: 400 },
          );
        return HttpResponse.json(session({ id: params.id, status: "expired", payment_status: "unpaid" }));
      }),
    );
    const provider = adapter();
    await provider.cancelCollection!("cs_open");
    await provider.cancelCollection!("cs_done");
    expect(expired).toEqual(["cs_open", "cs_done"]);
  });

  it("the manual provider (the default) collects nothing: an invoice waits for the money desk", async () => {
    expect(await manualProvider.collect(charge)).toEqual({ status: "pending" });
    expect(await manualProvider.collectionStatus("anything")).toEqual({ status: "pending" });
  });
});

describe("Stripe webhook signatures (the package's constructEvent, as the webhook uses it)", () => {
  const secret = "whsec_test_secret_0123456789";
  const body = JSON.stringify({
    id: "evt_1",
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: "cs_paid", object: "checkout.session" } },
  });
  const now = Math.floor(Date.now() / 1000);
  const sign = (t: number, payload = body, key = secret) => createHmac("sha256", key).update(`${t}.${payload}`).digest("hex");
  const verify = (payload: string, header: string) => Stripe.webhooks.constructEvent(payload, header, secret);

  it("accepts Stripe's header: t and a v1 HMAC-SHA256 of 't.body' (one of several v1s may match)", () => {
    expect(verify(body, `t=${now},v1=${sign(now)}`).type).toBe("checkout.session.completed");
    expect(verify(body, `t=${now},v1=${"0".repeat(64)},v1=${sign(now)},v0=abc`).type).toBe("checkout.session.completed");
  });

  it("refuses a changed body, another secret, a time more than five minutes off, and a missing or garbled header", () => {
    const refused = (payload: string, header: string) =>
      expect(() => verify(payload, header)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    refused(body.replace("cs_paid", "cs_else"), `t=${now},v1=${sign(now)}`);
    refused(body, `t=${now},v1=${sign(now, body, "whsec_other_secret")}`);
    refused(body, `t=${now - 301},v1=${sign(now - 301)}`);
    refused(body, "");
    refused(body, "v1=deadbeef");
    refused(body, `t=${now},v1=${sign(now).slice(0, 63)}`);
  });
});
