import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { createTremendousProvider } from "@/lib/money/providers/tremendous";
import { loadEnv } from "@/lib/platform/env";

// The Tremendous adapter against its documented HTTP API (POST /orders), served by MSW. Any
// request MSW has no handler for fails the test: nothing here reaches the network.

const BASE = "https://testflight.tremendous.com/api/v2";
const ORDERS = `${BASE}/orders`;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const payout = { id: "6f1c7a52-2d0e-4c4b-9a52-6a3f0e9b1c01", amountCents: 12_345, currency: "USD" as const };
const recipient = { name: "Pat Payee", email: "pat@example.org" };

/** The adapter with recorded (not slept) backoff waits. */
function adapter(opts: { attempts?: number } = {}) {
  const waits: number[] = [];
  const provider = createTremendousProvider({
    apiKey: "TEST_KEY_0123456789",
    baseUrl: BASE,
    campaignId: "CAMPAIGN42",
    attempts: opts.attempts ?? 4,
    baseDelayMs: 100,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { provider, waits };
}

const order = (status: string) => ({
  order: {
    id: "ORDER123",
    external_id: payout.id,
    status,
    created_at: "2026-11-24T12:00:00Z",
    rewards: [{ id: "REWARD9", delivery: { method: "EMAIL", status: "SCHEDULED" } }],
  },
});

describe("Tremendous adapter", () => {
  it("creates one order per payout: balance-funded, e-mailed to the expert, the payout id as external_id", async () => {
    const seen: { auth: string | null; body: unknown }[] = [];
    server.use(
      http.post(ORDERS, async ({ request }) => {
        seen.push({ auth: request.headers.get("authorization"), body: await request.json() });
        return HttpResponse.json(order("EXECUTED"), { status: 200 });
      }),
    );
    const { provider, waits } = adapter();
    expect(provider.name).toBe("tremendous");
    expect(await provider.send(payout, recipient)).toEqual({ status: "paid", reference: "ORDER123" });
    expect(seen).toHaveLength(1);
    expect(seen[0].auth).toBe("Bearer TEST_KEY_0123456789");
    expect(seen[0].body).toEqual({
      external_id: payout.id,
      payment: { funding_source_id: "balance" },
      reward: {
        campaign_id: "CAMPAIGN42",
        value: { denomination: 123.45, currency_code: "USD" },
        recipient: { name: "Pat Payee", email: "pat@example.org" },
        delivery: { method: "EMAIL" },
      },
    });
    expect(waits).toEqual([]);
  });

  it("an order waiting for approval (or a 201 replay of it) stays processing with its reference", async () => {
    server.use(http.post(ORDERS, () => HttpResponse.json(order("PENDING APPROVAL"), { status: 201 })));
    expect(await adapter().provider.send(payout, recipient)).toEqual({ status: "processing", reference: "ORDER123" });
  });

  it("a 4xx fails at once with Tremendous' own message", async () => {
    let calls = 0;
    server.use(
      http.post(ORDERS, () => {
        calls++;
        return HttpResponse.json(
          { errors: { message: "Recipient email is invalid", payload: { reward: { recipient: { email: ["is invalid"] } } } } },
          { status: 422 },
        );
      }),
    );
    const result = await adapter().provider.send(payout, recipient);
    expect(result).toEqual({ status: "failed", error: "Tremendous refused the payout (HTTP 422): Recipient email is invalid" });
    expect(calls).toBe(1);
  });

  it("402 (not enough funds) without a JSON body still fails with a readable message", async () => {
    server.use(http.post(ORDERS, () => new HttpResponse("nope", { status: 402, statusText: "Payment Required" })));
    expect(await adapter().provider.send(payout, recipient)).toEqual({
      status: "failed",
      error: "Tremendous refused the payout (HTTP 402): Payment Required",
    });
  });

  it("429 then success: waits as Retry-After says, then sends the same order again", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(ORDERS, async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? HttpResponse.json({ errors: { message: "Too many requests" } }, { status: 429, headers: { "Retry-After": "2" } })
          : HttpResponse.json(order("EXECUTED"));
      }),
    );
    const { provider, waits } = adapter();
    expect(await provider.send(payout, recipient)).toEqual({ status: "paid", reference: "ORDER123" });
    expect(waits).toEqual([2000]);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it("5xx every time: bounded retries with doubling backoff, then left processing (never failed: the order may exist)", async () => {
    let calls = 0;
    server.use(
      http.post(ORDERS, () => {
        calls++;
        return HttpResponse.json({ errors: { message: "Internal error" } }, { status: 503 });
      }),
    );
    const { provider, waits } = adapter({ attempts: 3 });
    const result = await provider.send(payout, recipient);
    expect(calls).toBe(3);
    expect(waits).toEqual([100, 200]);
    expect(result.status).toBe("processing");
    expect(result).toMatchObject({ error: expect.stringContaining("answered HTTP 503 after 3 tries") });
    expect(JSON.stringify(result)).toContain(payout.id);
  });

  it("a network error is retried like a 5xx", async () => {
    let calls = 0;
    server.use(
      http.post(ORDERS, () => {
        calls++;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(order("EXECUTED"));
      }),
    );
    const { provider, waits } = adapter();
    expect(await provider.send(payout, recipient)).toEqual({ status: "paid", reference: "ORDER123" });
    expect(calls).toBe(2);
    expect(waits).toEqual([100]);
  });

  it("a FAILED order is a failure with its reference", async () => {
    server.use(http.post(ORDERS, () => HttpResponse.json(order("FAILED"))));
    expect(await adapter().provider.send(payout, recipient)).toEqual({
      status: "failed",
      reference: "ORDER123",
      error: "Tremendous could not process the order ORDER123.",
    });
  });

  it("asks for the payout's order by its external_id: only FAILED or CANCELED let the payout fail; no order or an error keeps it in transit", async () => {
    const asked: string[] = [];
    let status: string | null = "PENDING APPROVAL";
    server.use(
      http.get(ORDERS, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("external_id") ?? "");
        if (status === "ERROR") return HttpResponse.json({ errors: { message: "down" } }, { status: 503 });
        return HttpResponse.json({ orders: status ? [order(status).order] : [] });
      }),
    );
    const { provider } = adapter();
    expect(await provider.orderStatus!(payout.id)).toEqual({ status: "processing", reference: "ORDER123" });
    status = "CANCELED";
    expect(await provider.orderStatus!(payout.id)).toEqual({
      status: "failed",
      reference: "ORDER123",
      error: "Tremendous canceled the order ORDER123.",
    });
    status = null;
    expect(await provider.orderStatus!(payout.id)).toMatchObject({ status: "processing", error: expect.stringContaining("no order") });
    status = "ERROR";
    expect(await provider.orderStatus!(payout.id)).toMatchObject({ status: "processing", error: expect.stringContaining("HTTP 503") });
    expect(asked).toEqual([payout.id, payout.id, payout.id, payout.id]);
  });

  it("is configured by the environment: the key needs a campaign; the sandbox is the default URL", () => {
    expect(() => loadEnv({ ...process.env, TREMENDOUS_API_KEY: "TEST_KEY_0123456789" })).toThrow(/TREMENDOUS_CAMPAIGN_ID is required/);
    const configured = loadEnv({ ...process.env, TREMENDOUS_API_KEY: "TEST_KEY_0123456789", TREMENDOUS_CAMPAIGN_ID: "CAMPAIGN42" });
    expect(configured.TREMENDOUS_API_URL).toBe(BASE);
    expect(loadEnv({ ...process.env, TREMENDOUS_API_KEY: "" }).TREMENDOUS_API_KEY).toBeUndefined();
  });
});
