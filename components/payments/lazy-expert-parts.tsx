"use client";

import dynamic from "next/dynamic";

// /payments is a public page with a first-load JavaScript budget; these parts render only for
// signed-in experts, so they load as their own chunks when rendered (a dynamic import on the
// client side splits them out of the page's entry chunk, which a server-side one does not).

export const LazyPayoutHistory = dynamic(() => import("@/components/dashboard/payout-history").then((m) => m.PayoutHistory));
export const LazyTaxFormCard = dynamic(() => import("@/components/payments/tax-form-card").then((m) => m.TaxFormCard));
export const LazyCashOutCard = dynamic(() => import("@/components/dashboard/wallet-card").then((m) => m.CashOutCard));
