import "server-only";
import { env } from "@/lib/platform/env";
import { createTremendousProvider } from "@/lib/money/providers/tremendous";
import { createStripeProvider } from "@/lib/money/providers/stripe";
import { manualProvider } from "@/lib/money/providers/manual";
import type { CollectionProvider, PayoutProvider } from "@/lib/money/providers/provider";

/** True when TREMENDOUS_API_KEY is set: the desk then offers "Send via Tremendous". */
export const isTremendousConfigured = () => Boolean(env().TREMENDOUS_API_KEY);

/** The Tremendous adapter from the environment, or null when it is not configured. */
export function tremendousFromEnv(): PayoutProvider | null {
  const e = env();
  if (!e.TREMENDOUS_API_KEY || !e.TREMENDOUS_CAMPAIGN_ID) return null;
  return createTremendousProvider({ apiKey: e.TREMENDOUS_API_KEY, baseUrl: e.TREMENDOUS_API_URL, campaignId: e.TREMENDOUS_CAMPAIGN_ID });
}

/** True when STRIPE_SECRET_KEY is set: Add funds then offers paying by card. */
export const isCardFundingConfigured = () => Boolean(env().STRIPE_SECRET_KEY);

/** Who collects an invoice paid the given way: Stripe for a card, the manual desk for a bank transfer. */
export function collectionProvider(method: "card" | "bank_transfer"): CollectionProvider {
  const e = env();
  if (method === "card" && e.STRIPE_SECRET_KEY) return createStripeProvider({ secretKey: e.STRIPE_SECRET_KEY, baseUrl: e.STRIPE_API_URL });
  return manualProvider;
}

/** The provider that started an invoice's collection, by the name stored on the invoice. */
export const collectionProviderNamed = (name: string): CollectionProvider =>
  collectionProvider(name === "stripe" ? "card" : "bank_transfer");
