import "server-only";
import { db, LOCKED_TX_OPTIONS } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import type { EngagementState } from "@/lib/generated/prisma/enums";
import { releaseReservation } from "@/lib/money/reservations";
import {
  DECLINED_PAY_LABEL,
  donationDistrictOf,
  giftLimitOf,
  INCENTIVE_CHOICE_LABELS,
  NO_DISTRICT_TO_DONATE,
  type GiftLimit,
  type IncentiveChoice,
} from "@/lib/money/incentive-choices";
import { lockedEngagement, recordEvent, sideOf, type TransitionResult } from "@/lib/engagements/transitions";
import { STATE_LABELS } from "@/lib/engagements/states";

// An expert changes what happens to one engagement's pay until it completes: pay ↔ donate at any
// time before its pay is booked (the client's reservation is the same either way), decline at
// any time (what is reserved goes back), and back from a decline only before the engagement is
// taken on (after that nothing is reserved for it any more).

/** States in which the choice can still change: nothing is booked yet. */
const OPEN_STATES: readonly EngagementState[] = ["invited", "applied", "accepted", "scheduled"];
/** States in which the organization has reserved the pay. */
const TAKEN_ON: readonly EngagementState[] = ["accepted", "scheduled"];

export async function setEngagementIncentiveChoice(
  actor: Actor | null,
  engagementId: string,
  choice: IncentiveChoice,
  now: Date = new Date(),
): Promise<TransitionResult> {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  return db().$transaction(async (tx): Promise<TransitionResult> => {
    const e = await lockedEngagement(tx, engagementId);
    if (!e) throw new AppError("NOT_FOUND", "Engagement not found");
    if (sideOf(actor, e) !== "expert") throw new AppError("FORBIDDEN", "Only the expert can choose what happens to their pay.");
    const current = await tx.engagementIncentiveChoice.findUnique({ where: { engagementId }, select: { choice: true } });
    const was: IncentiveChoice = e.declinePayment ? "decline" : (current?.choice ?? "pay");
    if (was === choice && current) return { engagementId, state: e.state, changed: false };
    const booked = await tx.earning.findUnique({ where: { engagementId }, select: { id: true } });
    if (!OPEN_STATES.includes(e.state) || booked)
      throw new AppError(
        "CONFLICT",
        `This engagement is ${STATE_LABELS[e.state].toLowerCase()}, so what happens to its pay cannot change now.`,
      );
    if (was === "decline" && TAKEN_ON.includes(e.state))
      throw new AppError("CONFLICT", "You declined the pay for this engagement after it was accepted, so it stays unpaid.");
    const district = choice === "donate" ? await donationDistrictOf(e.expert.userId, tx) : null;
    if (choice === "donate" && !district) throw new AppError("CONFLICT", NO_DISTRICT_TO_DONATE);
    const data = { choice, leaid: district?.leaid ?? null, source: "expert" };
    await tx.engagementIncentiveChoice.upsert({ where: { engagementId }, create: { engagementId, ...data }, update: data });
    await tx.engagement.update({ where: { id: engagementId }, data: { declinePayment: choice === "decline" } });
    // Nothing will be paid, so nothing stays set aside for it.
    if (choice === "decline") await releaseReservation(tx, engagementId, now);
    const words =
      choice === "decline" ? DECLINED_PAY_LABEL : choice === "donate" ? `Donating the pay to ${district!.name}` : "Taking the pay";
    await recordEvent(tx, e, actor, "expert", "incentive_choice", e.state, e.state, words);
    return { engagementId, state: e.state, changed: true };
  }, LOCKED_TX_OPTIONS);
}

export type EngagementIncentive = {
  choice: IncentiveChoice;
  label: string;
  /** The district a donation goes to (the expert's linked one for a choice still open). */
  districtName: string | null;
  /** Whether the expert can still change it. */
  open: boolean;
  /** Whether the expert has a linked district to donate to. */
  canDonate: boolean;
  /** The district's gift limit, when this engagement's pay would pass it. */
  overLimit: GiftLimit | null;
};

/** What the expert's card shows about an engagement's pay, for their own engagements. */
export async function incentivesOfExpert(
  userId: string,
  items: { id: string; state: EngagementState; declinePayment: boolean; incentiveCents: number }[],
  now: Date = new Date(),
  /** The expert's gift limit when the caller has read it already (null: none applies). */
  knownLimit?: GiftLimit | null,
): Promise<Map<string, EngagementIncentive>> {
  const ids = items.map((i) => i.id);
  const [choices, earnings, district, limit, pref] = await Promise.all([
    db().engagementIncentiveChoice.findMany({
      where: { engagementId: { in: ids } },
      select: { engagementId: true, choice: true, leaid: true },
    }),
    db().earning.findMany({ where: { engagementId: { in: ids } }, select: { engagementId: true } }),
    donationDistrictOf(userId),
    knownLimit !== undefined ? knownLimit : giftLimitOf(userId, now),
    db().expertIncentivePreference.findUnique({ where: { userId } }),
  ]);
  const byId = new Map(choices.map((c) => [c.engagementId, c]));
  const bookedIds = new Set(earnings.map((e) => e.engagementId));
  const out = new Map<string, EngagementIncentive>();
  for (const i of items) {
    const row = byId.get(i.id);
    const choice: IncentiveChoice = i.declinePayment ? "decline" : (row?.choice ?? pref?.choice ?? "pay");
    const open = OPEN_STATES.includes(i.state) && !bookedIds.has(i.id) && !(choice === "decline" && TAKEN_ON.includes(i.state));
    const notYetTaken = !row && (i.state === "invited" || i.state === "applied");
    const overLimit = notYetTaken && choice === "pay" && limit && limit.yearTotalCents + i.incentiveCents > limit.limitCents ? limit : null;
    out.set(i.id, {
      choice,
      label: choice === "decline" ? DECLINED_PAY_LABEL : INCENTIVE_CHOICE_LABELS[choice],
      districtName: choice === "donate" ? (district?.name ?? null) : null,
      open,
      canDonate: district !== null,
      overLimit,
    });
  }
  return out;
}
