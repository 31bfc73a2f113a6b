import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { createStripeProvider, isSignedByStripe, WEBHOOK_TOLERANCE_SECONDS } from "@/lib/money/providers/stripe";
import { manualProvider } from "@/lib/money/providers/manual";

// The Stripe Checkout adapter against Stripe's documented HTTP API (POST and GET
// /v1/checkout/sessions), served by MSW; any request without a handler fails the test.

const BASE = "https://api.stripe.test/v1";
const SESSIONS = `${BASE}/checkout/sessions`;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const charge = {
  id: "0b6f3a0e-7d7c-4c55-9f0e-2f1b3c4d5e6f",
  amountCents: 250_050,
  currency: "USD" as const,
  description: "K12 Experts funds, invoice K12-000042",
  returnUrl: "https://k12.example/client/billing/invoices/K12-000042?card=returned",
  cancelUrl: "https://k12.example/client/billing/invoices/K12-000042?card=cancelled",
};

function adapter(attempts = 3) {
  const waits: number[] = [];
  const provider = createStripeProvider({
    secretKey: "sk_test_0123456789",
    baseUrl: BASE,
    attempts,
    baseDelayMs: 100,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { provider, waits };
}

const session = (fields: Record<string, unknown>) => ({ id: "cs_test_a1", object: "checkout.session", ...fields });

describe("Stripe Checkout adapter", () => {
  it("opens one payment page per invoice: form-encoded amount in cents, the invoice as reference and idempotency key", async () => {
    const seen: { headers: Headers; form: URLSearchParams }[] = [];
    server.use(
      http.post(SESSIONS, async ({ request }) => {
        seen.push({ headers: request.headers, form: new URLSearchParams(await request.text()) });
        return HttpResponse.json(
          session({ status: "open", payment_status: "unpaid", url: "https://checkout.stripe.com/c/pay/cs_test_a1" }),
        );
      }),
    );
    const { provider } = adapter();
    expect(provider.name).toBe("stripe");
    expect(await provider.collect(charge)).toEqual({
      status: "redirect",
      url: "https://checkout.stripe.com/c/pay/cs_test_a1",
      reference: "cs_test_a1",
    });
    expect(seen).toHaveLength(1);
    const { headers, form } = seen[0];
    expect(headers.get("authorization")).toBe("Bearer sk_test_0123456789");
    expect(headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(headers.get("idempotency-key")).toBe(`funding-${charge.id}`);
    expect(Object.fromEntries(form)).toEqual({
      mode: "payment",
      client_reference_id: charge.id,
      "metadata[invoice_id]": charge.id,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "250050",
      "line_items[0][price_data][product_data][name]": "K12 Experts funds, invoice K12-000042",
      success_url: charge.returnUrl,
      cancel_url: charge.cancelUrl,
    });
  });

  it("tries again on 429 and 5xx with the same idempotency key, waiting as Retry-After says", async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(SESSIONS, ({ request }) => {
        keys.push(request.headers.get("idempotency-key"));
        if (keys.length === 1) return new HttpResponse(null, { status: 429, headers: { "Retry-After": "2" } });
        if (keys.length === 2) return new HttpResponse(null, { status: 503 });
        return HttpResponse.json(session({ status: "open", payment_status: "unpaid", url: "https://checkout.stripe.com/x" }));
      }),
    );
    const { provider, waits } = adapter();
    expect((await provider.collect(charge)).status).toBe("redirect");
    expect(keys).toEqual([`funding-${charge.id}`, `funding-${charge.id}`, `funding-${charge.id}`]);
    expect(waits).toEqual([2000, 200]);
  });

  it("says Stripe's refusal in words, and leaves an unreachable Stripe as pending (nothing recorded)", async () => {
    server.use(
      http.post(SESSIONS, () => HttpResponse.json({ error: { message: "Invalid API Key provided: sk_test_****6789" } }, { status: 401 })),
    );
    expect(await adapter().provider.collect(charge)).toEqual({
      status: "failed",
      error: "Stripe refused the card payment (HTTP 401): Invalid API Key provided: sk_test_****6789",
    });
    server.use(http.post(SESSIONS, () => HttpResponse.error()));
    const { provider, waits } = adapter(3);
    const answer = await provider.collect(charge);
    expect(answer.status).toBe("pending");
    expect(answer).toMatchObject({ error: expect.stringMatching(/^Stripe could not be reached .* after 3 tries/) });
    expect(waits).toEqual([100, 200]);
  });

  it("reads a session's state: paid only when complete and paid; open → its page; expired → failed", async () => {
    const states: Record<string, object> = {
      cs_paid: session({ id: "cs_paid", status: "complete", payment_status: "paid" }),
      cs_debit: session({ id: "cs_debit", status: "complete", payment_status: "unpaid" }),
      cs_open: session({ id: "cs_open", status: "open", payment_status: "unpaid", url: "https://checkout.stripe.com/o" }),
      cs_gone: session({ id: "cs_gone", status: "expired", payment_status: "unpaid" }),
    };
    server.use(
      http.get(`${SESSIONS}/:id`, ({ params }) => {
        const found = states[String(params.id)];
        return found ? HttpResponse.json(found) : HttpResponse.json({ error: { message: "No such checkout.session" } }, { status: 404 });
      }),
    );
    const { provider } = adapter();
    expect(await provider.collectionStatus("cs_paid")).toEqual({ status: "paid", reference: "cs_paid" });
    // A bank debit completes the page before the money arrives.
    expect(await provider.collectionStatus("cs_debit")).toEqual({ status: "pending", reference: "cs_debit" });
    expect(await provider.collectionStatus("cs_open")).toEqual({
      status: "redirect",
      url: "https://checkout.stripe.com/o",
      reference: "cs_open",
    });
    expect(await provider.collectionStatus("cs_gone")).toMatchObject({ status: "failed", error: expect.stringMatching(/expired/) });
    expect(await provider.collectionStatus("cs_missing")).toMatchObject({ status: "pending", error: expect.stringMatching(/HTTP 404/) });
  });

  it("the manual provider (the default) collects nothing: an invoice waits for the money desk", async () => {
    expect(await manualProvider.collect(charge)).toEqual({ status: "pending" });
    expect(await manualProvider.collectionStatus("anything")).toEqual({ status: "pending" });
  });
});

describe("Stripe webhook signatures", () => {
  const secret = "whsec_test_secret_0123456789";
  const body = JSON.stringify({ type: "checkout.session.completed", data: { object: { id: "cs_paid", object: "checkout.session" } } });
  const now = 1_790_000_000;
  const sign = (t: number, payload = body, key = secret) => createHmac("sha256", key).update(`${t}.${payload}`).digest("hex");

  it("accepts Stripe's header: t and a v1 HMAC-SHA256 of 't.body' (one of several v1s may match)", () => {
    expect(isSignedByStripe(body, `t=${now},v1=${sign(now)}`, secret, now)).toBe(true);
    expect(isSignedByStripe(body, `t=${now},v1=${"0".repeat(64)},v1=${sign(now)},v0=abc`, secret, now)).toBe(true);
  });

  it("refuses a changed body, another secret, a stale or future time, and a missing or garbled header", () => {
    expect(isSignedByStripe(body.replace("cs_paid", "cs_else"), `t=${now},v1=${sign(now)}`, secret, now)).toBe(false);
    expect(isSignedByStripe(body, `t=${now},v1=${sign(now, body, "whsec_other_secret")}`, secret, now)).toBe(false);
    const old = now - WEBHOOK_TOLERANCE_SECONDS - 1;
    expect(isSignedByStripe(body, `t=${old},v1=${sign(old)}`, secret, now)).toBe(false);
    const future = now + WEBHOOK_TOLERANCE_SECONDS + 1;
    expect(isSignedByStripe(body, `t=${future},v1=${sign(future)}`, secret, now)).toBe(false);
    expect(isSignedByStripe(body, null, secret, now)).toBe(false);
    expect(isSignedByStripe(body, "v1=deadbeef", secret, now)).toBe(false);
    expect(isSignedByStripe(body, `t=${now},v1=${sign(now).slice(0, 63)}`, secret, now)).toBe(false);
  });
});
