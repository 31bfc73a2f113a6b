import { createHmac, timingSafeEqual } from "node:crypto";
import type { CollectResult, CollectionProvider, ProviderCharge } from "@/lib/money/providers/provider";
import { fetchWithRetries, readJson, type RetryOptions } from "@/lib/money/providers/http";

// Stripe Checkout (https://docs.stripe.com/api/checkout/sessions): one hosted payment page per
// funding invoice. The invoice id is the request's Idempotency-Key and the session's
// client_reference_id, so a retried request makes one session and a webhook names its invoice.
// A session is paid when Stripe says status "complete" with payment_status "paid"; bank debits
// complete first and pay later (the webhook's async_payment_succeeded), so "complete" alone is
// not money.

export type StripeConfig = {
  secretKey: string;
  /** https://api.stripe.com/v1 */
  baseUrl: string;
} & RetryOptions;

type CheckoutSession = {
  id?: string;
  url?: string | null;
  status?: "open" | "complete" | "expired";
  payment_status?: "paid" | "unpaid" | "no_payment_required";
  payment_intent?: string | null;
};
type ErrorBody = { error?: { message?: string; code?: string } };

/** A session as a collection outcome. */
function outcomeOf(session: CheckoutSession, reference: string): CollectResult {
  if (session.status === "complete" && session.payment_status === "paid") return { status: "paid", reference };
  if (session.status === "expired")
    return {
      status: "failed",
      reference,
      error: "The card payment page expired before it was paid. Start a new card payment or pay by bank transfer.",
    };
  if (session.status === "open" && session.url) return { status: "redirect", url: session.url, reference };
  return { status: "pending", reference };
}

/** Stripe's form encoding of the fields a Checkout Session needs. */
function checkoutForm(charge: ProviderCharge): URLSearchParams {
  return new URLSearchParams({
    mode: "payment",
    client_reference_id: charge.id,
    "metadata[invoice_id]": charge.id,
    "line_items[0][quantity]": "1",
    "line_items[0][price_data][currency]": charge.currency.toLowerCase(),
    "line_items[0][price_data][unit_amount]": String(charge.amountCents),
    "line_items[0][price_data][product_data][name]": charge.description,
    success_url: charge.returnUrl,
    cancel_url: charge.cancelUrl,
  });
}

export function createStripeProvider(config: StripeConfig): CollectionProvider {
  const base = config.baseUrl.replace(/\/+$/, "");
  const auth = { Authorization: `Bearer ${config.secretKey}`, Accept: "application/json" };
  return {
    name: "stripe",
    async collect(charge: ProviderCharge): Promise<CollectResult> {
      const answer = await fetchWithRetries(
        `${base}/checkout/sessions`,
        {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": `funding-${charge.id}` },
          body: checkoutForm(charge),
        },
        config,
      );
      if (!("res" in answer))
        return { status: "pending", error: `Stripe ${answer.problem} after ${answer.attempts} tries. Try again in a few minutes.` };
      const { res } = answer;
      if (!res.ok) {
        const data = await readJson<ErrorBody>(res);
        return {
          status: "failed",
          error: `Stripe refused the card payment (HTTP ${res.status}): ${data?.error?.message?.trim() || res.statusText || "no message"}`,
        };
      }
      const session = await readJson<CheckoutSession>(res);
      if (!session?.id) return { status: "pending", error: "Stripe answered without a payment page. Try again in a few minutes." };
      return outcomeOf(session, session.id);
    },
    async collectionStatus(reference: string): Promise<CollectResult> {
      const answer = await fetchWithRetries(
        `${base}/checkout/sessions/${encodeURIComponent(reference)}`,
        { headers: auth },
        { ...config, attempts: 2 },
      );
      if (!("res" in answer)) return { status: "pending", reference, error: `Stripe ${answer.problem}.` };
      const { res } = answer;
      if (!res.ok)
        return { status: "pending", reference, error: `Stripe answered HTTP ${res.status} when asked for payment ${reference}.` };
      const session = await readJson<CheckoutSession>(res);
      return session ? outcomeOf(session, reference) : { status: "pending", reference };
    },
  };
}

/** How old a signed webhook may be, against replays of a captured request. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * True when a webhook body carries Stripe's signature: the Stripe-Signature header's t= and any
 * v1= is the HMAC-SHA256 of "t.body" under the endpoint's signing secret, and t is recent.
 */
export function isSignedByStripe(body: string, header: string | null, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isSafeInteger(t) || Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return parts
    .filter(([k, v]) => k === "v1" && v && /^[0-9a-f]{64}$/i.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v, "hex"), expected));
}
