import "server-only";
import { claimOfficerInvites } from "@/lib/experts/officer-invites";
import { z } from "@/lib/platform/validation/zod";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { requirePermission } from "@/lib/accounts/permissions";
import type { Actor } from "@/lib/accounts/actor";
import { matchDistrictByDomain, type DistrictCandidate } from "@/lib/districts/match-domain";
import { labelOf } from "@/lib/vocabulary/options";
import { DISTRICT_ENROLLMENT_BANDS, DISTRICT_LOCALE_GROUPS } from "@/lib/vocabulary/districts";
import { namesResemble } from "@/lib/experts/name-match";

// Which district a confirmed school e-mail names, and the admin's review of the addresses that name
// none. The rule that links one at confirmation (one open district's website uses the domain, or
// the admin's district domain names a LEAID) is the badge's verdict (work-email-verdict.ts); a
// domain several districts share, one only closed districts used, a shared host or an unknown one
// waits for an admin to pick the district (or leave the expert without one).

/** What clients and admins see of a linked district: name, state, NCES locale group and enrollment band. */
export type DistrictBadge = { leaid: string; name: string; state: string; locale: string | null; size: string | null };

export const districtBadgeSelect = {
  leaid: true,
  name: true,
  state: true,
  localeGroup: true,
  enrollmentBand: true,
} as const;

export function districtBadgeOf(d: {
  leaid: string;
  name: string;
  state: string;
  localeGroup: string | null;
  enrollmentBand: string | null;
}): DistrictBadge {
  return {
    leaid: d.leaid,
    name: d.name,
    state: d.state,
    locale: labelOf(DISTRICT_LOCALE_GROUPS, d.localeGroup),
    size: labelOf(DISTRICT_ENROLLMENT_BANDS, d.enrollmentBand),
  };
}

export type StateDistricts = Map<string, { leaid: string; name: string; state: string; status: DistrictCandidate["status"] }[]>;

/**
 * Districts that could be the one an address names, when its domain names none or several.
 * `byState` caches each state's districts across the calls of one review page.
 */
export async function districtCandidatesFor(
  domain: string,
  profile: { organizationName: string | null; state: string | null }[],
  byState: StateDistricts,
): Promise<DistrictCandidate[]> {
  const match = await matchDistrictByDomain(domain);
  if (match.kind === "unique") return [match.district];
  if (match.kind === "ambiguous" || match.kind === "closed") return match.candidates;
  // No website on file uses the domain: the districts of the experts' own state whose name shares
  // a distinctive word with the organization they gave.
  const out = new Map<string, DistrictCandidate>();
  for (const p of profile) {
    const state = p.state?.trim().toUpperCase();
    if (!state || !p.organizationName || !/^[A-Z]{2}$/.test(state)) continue;
    let districts = byState.get(state);
    if (!districts) {
      districts = await db().district.findMany({
        where: { state },
        select: { leaid: true, name: true, state: true, status: true },
        orderBy: { name: "asc" },
      });
      byState.set(state, districts);
    }
    for (const d of districts) if (namesResemble(d.name, p.organizationName)) out.set(d.leaid, d);
  }
  return [...out.values()].slice(0, 8);
}

/**
 * Admin: experts whose school e-mail is verified but names no district yet, by domain, with the
 * candidate districts. Left out: addresses under the admin's own district domains (the override
 * decided), and experts the admin left without a district for this address.
 */
export async function listDistrictLinkReviews(actor: Actor) {
  requirePermission(actor, "review:expert:any");
  const rows = await db().expert.findMany({
    where: {
      workEmailVerifiedAt: { not: null },
      workEmailDomain: { not: null },
      districtLeaid: null,
    },
    select: {
      id: true,
      workEmailDomain: true,
      workEmailVerifiedAt: true,
      organizationName: true,
      state: true,
      districtReviewDismissal: { select: { domain: true } },
      user: { select: { firstName: true, lastName: true } },
    },
    orderBy: [{ workEmailVerifiedAt: "asc" }, { id: "asc" }],
    take: 1_000,
  });
  const waiting = rows.filter((r) => r.districtReviewDismissal?.domain !== r.workEmailDomain);
  const listed = await db().districtDomain.findMany({ select: { domain: true } });
  const underList = (domain: string) => listed.some((l) => domain === l.domain || domain.endsWith(`.${l.domain}`));
  const byDomain = new Map<string, typeof waiting>();
  for (const r of waiting) {
    const domain = r.workEmailDomain!;
    if (underList(domain)) continue;
    byDomain.set(domain, [...(byDomain.get(domain) ?? []), r]);
  }
  const byState: StateDistricts = new Map();
  const out = [];
  for (const [domain, experts] of byDomain) {
    out.push({
      domain,
      candidates: await districtCandidatesFor(domain, experts, byState),
      experts: experts.map((e) => ({
        expertId: e.id,
        name: `${e.user.firstName} ${e.user.lastName}`.trim(),
        organizationName: e.organizationName,
        state: e.state,
      })),
    });
  }
  return { districtsOnFile: (await db().district.count()) > 0, reviews: out };
}

export type DistrictLinkReview = Awaited<ReturnType<typeof listDistrictLinkReviews>>["reviews"][number];

const leaidSchema = z
  .string({ error: "Enter the district's LEAID." })
  .trim()
  .regex(/^\d{7}$/, "Enter the district's 7-digit NCES LEAID.");

export const linkExpertDistrictSchema = z.object({ expertId: z.uuid({ error: "Choose an expert." }), leaid: leaidSchema });
export const leaveExpertDistrictSchema = z.object({ expertId: z.uuid({ error: "Choose an expert." }) });

/**
 * Admin: "this expert's school e-mail names <district>". Links the expert; an address that was
 * still waiting for its domain's review is verified with it (the admin vouched for the school).
 */
export async function linkExpertDistrict(actor: Actor, input: z.input<typeof linkExpertDistrictSchema>) {
  requirePermission(actor, "review:expert:any");
  const parsed = linkExpertDistrictSchema.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Check the district.");
  const { expertId, leaid } = parsed.data;
  const district = await db().district.findUnique({ where: { leaid }, select: { leaid: true, name: true, state: true } });
  if (!district) throw new AppError("NOT_FOUND", `No district with LEAID ${leaid} is on file.`);
  return db().$transaction(async (tx) => {
    const expert = await tx.expert.findUnique({
      where: { id: expertId },
      select: { id: true, userId: true, workEmailConfirmedAt: true, workEmailVerifiedAt: true, workEmailDomain: true },
    });
    if (!expert) throw new AppError("NOT_FOUND", "Expert not found.");
    if (!expert.workEmailConfirmedAt || !expert.workEmailDomain)
      throw new AppError("CONFLICT", "This expert has no confirmed school e-mail to link a district to.");
    await tx.expert.update({
      where: { id: expert.id },
      data: {
        districtLeaid: district.leaid,
        // The admin vouched for this address: the periodic re-review of automatic badges leaves it alone.
        districtLinkedById: actor.realUserId,
        ...(expert.workEmailVerifiedAt ? {} : { workEmailVerifiedAt: expert.workEmailConfirmedAt }),
      },
    });
    await tx.districtReviewDismissal.deleteMany({ where: { expertId: expert.id } });
    await claimOfficerInvites(tx, expert.userId, district.leaid);
    return { expertId: expert.id, ...district };
  });
}

/** Admin: leave the expert without a district for the address they confirmed; the badge stays as it is. */
export async function leaveExpertDistrict(actor: Actor, input: z.input<typeof leaveExpertDistrictSchema>) {
  requirePermission(actor, "review:expert:any");
  const parsed = leaveExpertDistrictSchema.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Choose an expert.");
  const expert = await db().expert.findUnique({ where: { id: parsed.data.expertId }, select: { id: true, workEmailDomain: true } });
  if (!expert) throw new AppError("NOT_FOUND", "Expert not found.");
  if (!expert.workEmailDomain) throw new AppError("CONFLICT", "This expert has no confirmed school e-mail.");
  const data = { domain: expert.workEmailDomain, dismissedById: actor.realUserId };
  await db().districtReviewDismissal.upsert({ where: { expertId: expert.id }, create: { expertId: expert.id, ...data }, update: data });
  return { expertId: expert.id, domain: expert.workEmailDomain };
}
