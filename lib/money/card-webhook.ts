import "server-only";
import Stripe from "stripe";
import { AppError } from "@/lib/platform/errors";
import { env } from "@/lib/platform/env";
import { confirmCollection } from "@/lib/money/card-payments";

// Stripe tells us the moment a card (or a delayed bank debit) pays, fails or expires. The event is
// trusted only with a valid signature (Stripe's package checks it, and refuses one older than five
// minutes), and even then it only prompts us to ask Stripe for the session's state: the invoice
// is paid on Stripe's answer, once, as when the payer comes back. A replayed or repeated event
// asks again and finds the invoice already paid.

/** The events that change what a Checkout Session can still pay. */
const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

export async function receiveStripeWebhook(body: string, signature: string | null): Promise<{ received: true; paid: boolean }> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError("NOT_FOUND", "Card payments are not set up here.");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(body, signature ?? "", secret);
  } catch (e) {
    if (e instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new AppError("BAD_REQUEST", "The Stripe-Signature header does not match this body.");
    throw new AppError("BAD_REQUEST", "The webhook body is not a Stripe event.");
  }
  const object = (event.data as { object?: { id?: unknown; object?: unknown } } | undefined)?.object;
  if (!SESSION_EVENTS.has(event.type) || object?.object !== "checkout.session" || typeof object.id !== "string" || !object.id)
    return { received: true, paid: false };
  if (object.id.length > 255) throw new AppError("BAD_REQUEST", "The webhook body is not a Stripe event.");
  const { paid } = await confirmCollection({ sessionId: object.id, provider: "stripe" });
  return { received: true, paid };
}
