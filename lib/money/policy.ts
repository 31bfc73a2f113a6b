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
  lateCancel: `Cancelling less than ${LATE_CANCEL_HOURS} hours before a scheduled session pays the expert ${LATE_CANCEL_FEE_PERCENT}% of the session's incentive as a late-cancellation fee. Earlier cancellations are free.`,
  noShow: "Marking a no-show means the expert is not paid for the session. The expert is told and can ask support to review it.",
  autoComplete: `A session the client has not marked completed or no-show within ${AUTO_COMPLETE_DAYS} days after its end counts as completed.`,
  qualityReview: `After a session is completed, the client has ${QC_BUSINESS_DAYS} business days of quality review to open a dispute with a reason. Otherwise the earnings become available when the window closes. A dispute holds the money until an admin resolves it, to the expert or back to the client, with a note both sides see.`,
} as const;
