// The money rules in one place: the services apply these numbers, and the help center, the
// terms, the payment policy and the client's confirmation dialogs quote these sentences.

import { LATE_CANCEL_HOURS } from "@/lib/engagements/states";

/** The client's quality-review window after a session is completed, in business days. */
export const QC_BUSINESS_DAYS = 3;
/** A scheduled session the client has not marked this many days after its end counts as completed. */
export const AUTO_COMPLETE_DAYS = 7;
/** The share of the incentive a client's late cancel pays the expert. */
export const LATE_CANCEL_FEE_PERCENT = 50;

/** The late-cancel fee for an incentive, in whole cents (rounded down). */
export const lateCancelFeeCents = (incentiveCents: number) => Math.floor((incentiveCents * LATE_CANCEL_FEE_PERCENT) / 100);

export const POLICY = {
  lateCancel: `A client who cancels a scheduled session less than ${LATE_CANCEL_HOURS} hours before it starts incurs a late-cancellation fee: the expert is paid ${LATE_CANCEL_FEE_PERCENT}% of the session's incentive. Earlier cancellations are free.`,
  noShow: "An expert who misses a scheduled session without notice forfeits the fee for that session: when the client marks a no-show, the expert is not paid. The expert is told and can ask support to review it.",
  autoComplete: `A session the client has not marked completed or no-show within ${AUTO_COMPLETE_DAYS} days after its end counts as completed.`,
  qualityReview: `Quality review takes 1-3 business days: the client may open a dispute with a reason within ${QC_BUSINESS_DAYS} business days after the session is completed; otherwise the earnings become Available when that window closes. A dispute holds the money until an admin resolves it, to the expert or back to the client, with a note both sides see.`,
} as const;
