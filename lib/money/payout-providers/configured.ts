import "server-only";
import { env } from "@/lib/platform/env";
import { createTremendousProvider } from "@/lib/money/payout-providers/tremendous";
import type { PayoutProvider } from "@/lib/money/payout-providers/provider";

/** True when TREMENDOUS_API_KEY is set: the desk then offers "Send via Tremendous". */
export const isTremendousConfigured = () => Boolean(env().TREMENDOUS_API_KEY);

/** The Tremendous adapter from the environment, or null when it is not configured. */
export function tremendousFromEnv(): PayoutProvider | null {
  const e = env();
  if (!e.TREMENDOUS_API_KEY || !e.TREMENDOUS_CAMPAIGN_ID) return null;
  return createTremendousProvider({ apiKey: e.TREMENDOUS_API_KEY, baseUrl: e.TREMENDOUS_API_URL, campaignId: e.TREMENDOUS_CAMPAIGN_ID });
}
