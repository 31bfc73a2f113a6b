import type { CollectionProvider, PayoutProvider } from "@/lib/money/providers/provider";

/**
 * The default, both ways: nothing is sent by the app. A payout waits in /admin/payouts until an
 * admin pays it from the exported batch and marks it paid (or failed); an invoice waits for the
 * organization's bank transfer until the money desk records it.
 */
export const manualProvider: PayoutProvider & CollectionProvider = {
  name: "manual",
  async send() {
    return { status: "processing" };
  },
  async collect() {
    return { status: "pending" };
  },
  async collectionStatus() {
    return { status: "pending" };
  },
};
