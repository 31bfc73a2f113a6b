import { apiRoute } from "@/lib/accounts/api-handler";
import { receiveStripeWebhook } from "@/lib/money/card-webhook";

/**
 * POST /api/webhooks/stripe — Stripe only, proven by the Stripe-Signature header over the raw
 * body: a paid Checkout Session records its funding invoice. 400 on a bad signature or body.
 */
export const POST = apiRoute({ roles: null, failure: "Failed to process the Stripe event." }, async ({ request }) =>
  receiveStripeWebhook(await request.text(), request.headers.get("stripe-signature")),
);
