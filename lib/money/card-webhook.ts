import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/platform/errors";
import { env } from "@/lib/platform/env";
import { isSignedByStripe } from "@/lib/money/providers/stripe";
import { confirmCollection } from "@/lib/money/funding";

// Stripe tells us the moment a card (or a delayed bank debit) pays a funding invoice. The event is
// trusted only with a valid signature, and even then it only prompts us to ask Stripe for the
// session's state: the invoice is paid on Stripe's answer, once, as when the payer comes back.

/** The events that can mean a Checkout Session is now paid. */
const PAYING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

const eventSchema = z.object({
  type: z.string().max(200),
  data: z.object({ object: z.object({ id: z.string().min(1).max(255), object: z.string().optional() }) }),
});

export async function receiveStripeWebhook(body: string, signature: string | null): Promise<{ received: true; paid: boolean }> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError("NOT_FOUND", "Card payments are not set up here.");
  if (!isSignedByStripe(body, signature, secret))
    throw new AppError("BAD_REQUEST", "The Stripe-Signature header does not match this body.");
  let event: z.infer<typeof eventSchema>;
  try {
    event = eventSchema.parse(JSON.parse(body));
  } catch {
    throw new AppError("BAD_REQUEST", "The webhook body is not a Stripe event.");
  }
  if (!PAYING_EVENTS.has(event.type) || event.data.object.object !== "checkout.session") return { received: true, paid: false };
  const { paid } = await confirmCollection({ providerRef: event.data.object.id });
  return { received: true, paid };
}
