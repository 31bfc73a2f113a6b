import "server-only";
import type { Actor } from "@/lib/accounts/actor";
import { listOpportunityBoard } from "@/lib/engagements/views";
import { getWallet } from "@/lib/money/wallet";
import { listEarningsInReview, type EarningView } from "@/lib/money/earnings";
import type { OpportunityItem } from "@/lib/engagements/view-types";
import { getOwnPendingVerification, type PendingVerification } from "@/lib/experts/own-verification";

/** Sessions listed on the Overview at most; the Scheduled list has them all. */
export const UPCOMING_SHOWN = 5;

/** What waits on the expert, for the top of their dashboard's Overview. */
export type ExpertAttention = {
  /** Invitations to accept or decline. */
  invitations: OpportunityItem[];
  /** Accepted engagements without a session yet (Pick Time). */
  timesToPick: OpportunityItem[];
  /** Focus groups accepted without a seat yet, or with a freed seat held for the expert. */
  seatsToChoose: OpportunityItem[];
  /** Survey places the expert may start or finish now. */
  surveysToTake: OpportunityItem[];
  /** Scheduled sessions that have not ended yet, the soonest first (at most UPCOMING_SHOWN). */
  upcoming: OpportunityItem[];
  /** Scheduled sessions that have not ended yet, all of them. */
  upcomingCount: number;
  /** Money under quality review (the ledger's Pending QC) and the earnings behind it, in review or disputed. */
  inReview: { pendingCents: number; earnings: EarningView[] };
  /** The profile waiting for an admin's verification (what happens next, and by when); null otherwise. */
  verification: PendingVerification | null;
};

/**
 * The expert's Overview list, read from the same board as the Opportunities card (its rules for
 * which invite is still answerable and which engagement sits in which list live there), without
 * the open studies nobody has answered, plus the wallet's Pending QC. Scoped by the actor.
 */
export async function getExpertAttention(actor: Actor, now: Date = new Date()): Promise<ExpertAttention> {
  const [board, wallet, earnings, verification] = await Promise.all([
    listOpportunityBoard(actor, now, { open: false }),
    getWallet(actor),
    listEarningsInReview(actor),
    getOwnPendingVerification(actor, now),
  ]);
  const upcoming = board.scheduled.filter((i) => i.session && i.session.endsAt > now);
  return {
    invitations: board.invited.filter((i) => i.state === "invited"),
    timesToPick: board.invited.filter((i) => i.state === "accepted" && !i.session && i.format === "interview"),
    seatsToChoose: board.invited.filter(
      (i) => i.state === "accepted" && i.format === "focus_group" && (!i.focusGroup?.place || !!i.focusGroup.place.offeredUntil),
    ),
    // A survey the expert applied to waits under Open, one they were invited to under Invited.
    surveysToTake: [...board.open, ...board.invited].filter((i) => i.state === "accepted" && i.format === "survey"),
    upcoming: upcoming.slice(0, UPCOMING_SHOWN),
    upcomingCount: upcoming.length,
    inReview: { pendingCents: wallet.pendingCents, earnings },
    verification,
  };
}
