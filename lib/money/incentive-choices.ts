import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { IncentiveChoice } from "@/lib/generated/prisma/enums";

export type { IncentiveChoice };

// Take it, donate it, or decline it. An expert keeps a default (Settings) that each engagement
// takes when it is taken on, and can change per engagement until it completes. A donation goes
// to the district linked on the expert's profile; a district's annual gift or honorarium limit
// turns the default to Donate for the rest of the calendar year once an engagement would pass it.

type Reader = Tx | ReturnType<typeof db>;

/** The words of each choice, as Settings and the engagement card show them. */
export const INCENTIVE_CHOICE_LABELS: Record<IncentiveChoice, string> = {
  pay: "Pay me",
  donate: "Donate to my school or district",
  decline: "Decline",
};

/** What both sides read on an engagement whose pay was declined. */
export const DECLINED_PAY_LABEL = "Declined pay";

export const NO_DISTRICT_TO_DONATE =
  "Donating needs your school district on your profile: confirm your school e-mail address first, and we link the district it names.";

const yearOf = (now: Date) => now.getUTCFullYear();

/**
 * The default as it stands today: one the gift limit set last year is Pay me again (the limit
 * counts a calendar year); anything the expert chose stays.
 */
export function effectiveDefault(pref: { choice: IncentiveChoice; byLimitYear: number | null } | null, now: Date): IncentiveChoice {
  if (!pref) return "pay";
  if (pref.byLimitYear !== null && pref.byLimitYear < yearOf(now)) return "pay";
  return pref.choice;
}

/** The expert's linked district (the one a donation goes to), with its name. */
export async function donationDistrictOf(userId: string, client: Reader = db()) {
  const expert = await client.expert.findUnique({
    where: { userId },
    select: { district: { select: { leaid: true, name: true } } },
  });
  return expert?.district ?? null;
}

export type IncentiveDefaultView = {
  choice: IncentiveChoice;
  /** Set when the district's gift limit chose Donate this year (the expert may change it). */
  setByGiftLimit: boolean;
  district: { leaid: string; name: string } | null;
};

/** The expert's own default, for Settings. */
export async function incentiveDefaultOf(actor: Actor, now: Date = new Date()): Promise<IncentiveDefaultView> {
  requirePermission(actor, "update:expert:own");
  const [pref, district] = await Promise.all([
    db().expertIncentivePreference.findUnique({ where: { userId: actor.userId } }),
    donationDistrictOf(actor.userId),
  ]);
  const choice = effectiveDefault(pref, now);
  return { choice, setByGiftLimit: choice === "donate" && pref?.byLimitYear === yearOf(now), district };
}

/** The expert saves their default: Donate needs a linked district. Their own choice outlasts the gift limit's. */
export async function setIncentiveDefault(actor: Actor, choice: IncentiveChoice): Promise<IncentiveDefaultView> {
  requirePermission(actor, "update:expert:own");
  if (choice === "donate" && !(await donationDistrictOf(actor.userId))) throw new AppError("CONFLICT", NO_DISTRICT_TO_DONATE);
  await db().expertIncentivePreference.upsert({
    where: { userId: actor.userId },
    create: { userId: actor.userId, choice },
    update: { choice, byLimitYear: null },
  });
  return incentiveDefaultOf(actor);
}

export type GiftLimit = {
  districtName: string;
  limitCents: number;
  /** What the expert has been paid this calendar year (UTC): earnings and bonuses kept, never donations or refunds. */
  yearTotalCents: number;
};

/** The expert's pay kept this calendar year: every earning and booked bonus not donated and not refunded. */
export async function paidThisYearCents(userId: string, now: Date, client: Reader = db()): Promise<number> {
  const from = new Date(Date.UTC(yearOf(now), 0, 1));
  const to = new Date(Date.UTC(yearOf(now) + 1, 0, 1));
  const [row] = await client.$queryRaw<{ total: bigint | null }[]>`
    SELECT COALESCE((SELECT SUM(e.amount_cents) FROM earnings e
                     WHERE e.expert_user_id = ${userId}::uuid AND e.state <> 'refunded' AND e.earned_at >= ${from} AND e.earned_at < ${to}
                       AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.earning_id = e.id)), 0)
         + COALESCE((SELECT SUM(b.amount_cents) FROM bonuses b
                     WHERE b.expert_user_id = ${userId}::uuid AND b.state IN ('pending_qc', 'available') AND b.created_at >= ${from} AND b.created_at < ${to}
                       AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.bonus_id = b.id)), 0) AS total`;
  return Number(row?.total ?? 0);
}

/** The linked district's gift limit with the expert's year so far, or null when the district has none on file. */
export async function giftLimitOf(
  userId: string,
  now: Date,
  client: Reader = db(),
  known?: { leaid: string; name: string } | null,
): Promise<GiftLimit | null> {
  const district = known === undefined ? await donationDistrictOf(userId, client) : known;
  if (!district) return null;
  const policy = await client.districtResearchPolicy.findUnique({ where: { leaid: district.leaid }, select: { giftLimitCents: true } });
  if (policy?.giftLimitCents === null || policy?.giftLimitCents === undefined) return null;
  return { districtName: district.name, limitCents: policy.giftLimitCents, yearTotalCents: await paidThisYearCents(userId, now, client) };
}

/** Whether taking `cents` more would pass the limit. */
export const passesLimit = (limit: GiftLimit | null, cents: number) =>
  !!limit && cents > 0 && limit.yearTotalCents + cents > limit.limitCents;

/**
 * Fixes an engagement's choice when it is taken on (in the caller's transaction, before its
 * incentive is reserved): the expert's default, turned to Donate for the rest of the year when
 * this engagement would pass the district's gift limit. A choice already made stays. A decline
 * marks the engagement unpaid, so nothing is reserved for it.
 */
export async function fixIncentiveChoice(
  tx: Tx,
  e: { id: string; incentiveCents: number; declinePayment: boolean; expertUserId: string },
  now: Date,
): Promise<IncentiveChoice> {
  const existing = await tx.engagementIncentiveChoice.findUnique({ where: { engagementId: e.id }, select: { choice: true } });
  if (existing) return existing.choice;
  if (e.declinePayment) {
    await tx.engagementIncentiveChoice.create({ data: { engagementId: e.id, choice: "decline", source: "expert" } });
    return "decline";
  }
  const pref = await tx.expertIncentivePreference.findUnique({ where: { userId: e.expertUserId } });
  let choice = effectiveDefault(pref, now);
  let source: "default" | "gift_limit" = "default";
  const district = await donationDistrictOf(e.expertUserId, tx);
  if (choice === "pay" && district && passesLimit(await giftLimitOf(e.expertUserId, now, tx, district), e.incentiveCents)) {
    choice = "donate";
    source = "gift_limit";
    await tx.expertIncentivePreference.upsert({
      where: { userId: e.expertUserId },
      create: { userId: e.expertUserId, choice: "donate", byLimitYear: yearOf(now) },
      update: { choice: "donate", byLimitYear: yearOf(now) },
    });
  }
  // A district unlinked since the default was saved: the pay is the expert's, as before.
  if (choice === "donate" && !district) choice = "pay";
  await tx.engagementIncentiveChoice.create({
    data: { engagementId: e.id, choice, source, leaid: choice === "donate" ? district!.leaid : null },
  });
  if (choice === "decline") await tx.engagement.update({ where: { id: e.id }, data: { declinePayment: true } });
  return choice;
}
