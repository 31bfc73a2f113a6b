import Stripe from "stripe";
import type { CollectResult, CollectionProvider, ProviderCharge } from "@/lib/money/providers/provider";

// Stripe Checkout (https://docs.stripe.com/api/checkout/sessions) through Stripe's own Node
// package: one hosted payment page per funding invoice at a time. The invoice id travels in the
// session's client_reference_id and metadata, so any session (even one the app no longer holds
// as the invoice's latest) names its invoice. A session is money only when Stripe says status
// "complete" with payment_status "paid"; a bank debit completes first and pays days later, and
// until its payment fails it is "processing", never a reason to open a second page.

export type StripeConfig = {
  secretKey: string;
  /** https://api.stripe.com/v1 (only the scheme, host and port are used: the package adds /v1). */
  baseUrl: string;
  /** Tries after the first on a network error, a 409 or a 5xx (the package's own backoff). */
  maxNetworkRetries?: number;
};

/** The package's client, pointed at the configured host (a test server in tests and e2e runs). */
export function stripeClient(config: StripeConfig): Stripe {
  const url = new URL(config.baseUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    timeout: 20_000,
    appInfo: { name: "K12 Experts" },
  });
}

/** The invoice a session was opened for, from its metadata or its client_reference_id. */
export function invoiceIdOf(session: Pick<Stripe.Checkout.Session, "metadata" | "client_reference_id">): string | null {
  return session.metadata?.invoice_id || session.client_reference_id || null;
}

/** A session as a collection outcome (with the payment intent expanded, to tell a failed debit from a slow one). */
export function outcomeOf(session: Stripe.Checkout.Session): CollectResult {
  const reference = session.id;
  const invoiceId = invoiceIdOf(session) ?? undefined;
  if (session.status === "complete" && session.payment_status === "paid")
    return {
      status: "paid",
      reference,
      invoiceId,
      amountCents: session.amount_total ?? -1,
      currency: (session.currency ?? "").toUpperCase(),
    };
  if (session.status === "expired")
    return {
      status: "failed",
      reference,
      invoiceId,
      error: "The card payment page expired before it was paid. Start a new card payment or pay by bank transfer.",
    };
  if (session.status === "complete") {
    const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
    if (intent && (intent.status === "requires_payment_method" || intent.status === "canceled"))
      return {
        status: "failed",
        reference,
        invoiceId,
        error: "The bank did not pay this payment. Start a new card payment or pay by bank transfer.",
      };
    return { status: "processing", reference, invoiceId };
  }
  if (session.status === "open" && session.url) return { status: "redirect", url: session.url, reference, invoiceId };
  return { status: "pending", reference, invoiceId };
}

/** Stripe's refusal in words; a network failure, a rate limit or Stripe's own error is worth trying again later. */
function problemOf(e: unknown, doing: string): { retry: boolean; error: string } {
  if (!(e instanceof Stripe.errors.StripeError)) throw e;
  if (e instanceof Stripe.errors.StripeConnectionError)
    return { retry: true, error: `Stripe could not be reached ${doing}. Try again in a few minutes.` };
  const status = e.statusCode ?? 0;
  if (status === 429 || status >= 500 || e instanceof Stripe.errors.StripeAPIError)
    return { retry: true, error: `Stripe answered HTTP ${status || "error"} ${doing}. Try again in a few minutes.` };
  return { retry: false, error: `Stripe refused the card payment (HTTP ${status}): ${e.message.trim() || "no message"}` };
}

export function createStripeProvider(config: StripeConfig): CollectionProvider {
  const stripe = stripeClient(config);
  return {
    name: "stripe",
    async collect(charge: ProviderCharge): Promise<CollectResult> {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            client_reference_id: charge.invoiceId,
            metadata: { invoice_id: charge.invoiceId },
            payment_intent_data: { metadata: { invoice_id: charge.invoiceId } },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: charge.currency.toLowerCase(),
                  unit_amount: charge.amountCents,
                  product_data: { name: charge.description },
                },
              },
            ],
            success_url: charge.returnUrl,
            cancel_url: charge.cancelUrl,
          },
          // A retried request (ours or the package's) makes one session.
          { idempotencyKey: `funding-${charge.id}` },
        );
        return outcomeOf(session);
      } catch (e) {
        const problem = problemOf(e, "when opening the card payment");
        return problem.retry ? { status: "pending", error: problem.error } : { status: "failed", error: problem.error };
      }
    },
    async collectionStatus(reference: string): Promise<CollectResult> {
      try {
        return outcomeOf(await stripe.checkout.sessions.retrieve(reference, { expand: ["payment_intent"] }));
      } catch (e) {
        return { status: "pending", reference, error: problemOf(e, `when asked for payment ${reference}`).error };
      }
    },
    async cancelCollection(reference: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(reference);
      } catch (e) {
        // Already complete or expired: nothing left to close. Anything else is logged by the caller.
        if (e instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw e;
      }
    },
  };
}
