import type { PayoutProvider } from "@/lib/money/payout-providers/provider";

/**
 * The default: nothing is sent by the app. The payout waits in /admin/payouts until an admin
 * pays it from the exported batch and marks it paid (or failed).
 */
export const manualProvider: PayoutProvider = {
  name: "manual",
  async send() {
    return { status: "processing" };
  },
};
