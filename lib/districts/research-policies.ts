// Each district's research policy on file: the admin and the district's officers edit it (kept
// with its source and date, like the NCES values), experts read their own district's in plain
// words, and the public districts directory says which districts publish one (the policies
// themselves only to signed-in clients and admins).
import "server-only";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { can, hasAnyRole } from "@/lib/accounts/permissions";
import type { Actor } from "@/lib/accounts/actor";
import type { DistrictResearchPolicy } from "@/lib/generated/prisma/client";
import { assertDistrictOfficeAccess } from "./officers";
import { researchPolicySchema, type ResearchPolicyInput } from "./schemas/research-policy";
import type { PolicyFacts } from "./research-policy-words";

export type DistrictPolicyView = {
  leaid: string;
  name: string;
  state: string;
  policy: PolicyFacts | null;
  updatedAt: Date | null;
};

export const policyFacts = (p: DistrictResearchPolicy): PolicyFacts => ({
  approvalRequired: p.approvalRequired,
  scope: p.scope,
  officeName: p.officeName,
  officeEmail: p.officeEmail,
  officePhone: p.officePhone,
  officeUrl: p.officeUrl,
  typicalReviewDays: p.typicalReviewDays,
  documents: p.documents,
  giftLimitCents: p.giftLimitCents,
  source: p.source,
  sourceDate: p.sourceDate.toISOString().slice(0, 10),
});

async function districtWithPolicy(leaid: string): Promise<DistrictPolicyView | null> {
  const district = await db().district.findUnique({ where: { leaid }, select: { leaid: true, name: true, state: true } });
  if (!district) return null;
  const policy = await db().districtResearchPolicy.findUnique({ where: { leaid } });
  return { ...district, policy: policy ? policyFacts(policy) : null, updatedAt: policy?.updatedAt ?? null };
}

/** The policy editor's district: the admin's, or the district's own officer's. */
export async function getDistrictPolicyForOffice(actor: Actor | null, leaid: string): Promise<DistrictPolicyView> {
  await assertDistrictOfficeAccess(actor, leaid);
  const view = await districtWithPolicy(leaid);
  if (!view) throw new AppError("NOT_FOUND", "District not found.");
  return view;
}

/** Saves the policy with its source and date; the admin or the district's own officers only. */
export async function saveDistrictPolicy(actor: Actor | null, leaid: string, input: ResearchPolicyInput) {
  await assertDistrictOfficeAccess(actor, leaid);
  const parsed = researchPolicySchema.safeParse(input);
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Check the policy's fields.");
  const district = await db().district.findUnique({ where: { leaid }, select: { leaid: true } });
  if (!district) throw new AppError("NOT_FOUND", "District not found.");
  const { sourceDate, ...values } = parsed.data;
  const data = { ...values, sourceDate: new Date(`${sourceDate}T00:00:00Z`), updatedById: actor!.realUserId };
  await db().districtResearchPolicy.upsert({ where: { leaid }, create: { leaid, ...data }, update: data });
  return { leaid };
}

/** The admin's list: districts on file matching a name, state or LEAID, with their policy's answer. */
export async function searchDistrictPolicies(actor: Actor | null, query: string, take = 50) {
  if (!can(actor, "manage:platform:any")) throw new AppError("FORBIDDEN", "This area requires admin access.");
  const q = query.trim();
  const districts = await db().district.findMany({
    where: q
      ? { OR: [{ name: { contains: q, mode: "insensitive" } }, { leaid: q }, ...(q.length === 2 ? [{ state: q.toUpperCase() }] : [])] }
      : {},
    orderBy: [{ state: "asc" }, { name: "asc" }],
    take,
    select: { leaid: true, name: true, state: true },
  });
  const policies = await db().districtResearchPolicy.findMany({
    where: { leaid: { in: districts.map((d) => d.leaid) } },
    select: { leaid: true, approvalRequired: true, sourceDate: true },
  });
  const byLeaid = new Map(policies.map((p) => [p.leaid, p]));
  return districts.map((d) => {
    const p = byLeaid.get(d.leaid);
    return { ...d, approvalRequired: p?.approvalRequired ?? null, sourceDate: p ? p.sourceDate.toISOString().slice(0, 10) : null };
  });
}

/** Districts on file by name (or a two-letter state, or a LEAID): public facts, for a study's district search. */
export async function findDistricts(query: string, take = 20) {
  const q = query.trim();
  return db().district.findMany({
    where: { OR: [{ name: { contains: q, mode: "insensitive" } }, { leaid: q }, ...(q.length === 2 ? [{ state: q.toUpperCase() }] : [])] },
    orderBy: [{ state: "asc" }, { name: "asc" }],
    take,
    select: { leaid: true, name: true, state: true, city: true },
  });
}

/** A district publishes a policy when one is on file and it says yes or no (unknown says nothing). */
const PUBLISHED = { approvalRequired: { in: ["yes", "no"] as ("yes" | "no")[] } };

/**
 * The public districts directory: how many districts publish a research policy, and which (name
 * and state to everyone; the policy itself only to signed-in clients and admins).
 */
export async function districtPolicyDirectory(actor: Actor | null, input: { q?: string; page?: number }) {
  const showPolicies = hasAnyRole(actor, ["client", "admin"]);
  const q = (input.q ?? "").trim().slice(0, 100);
  const pageSize = 25;
  const page = Math.max(1, Math.min(1000, Math.floor(input.page ?? 1)));
  const published = await db().districtResearchPolicy.findMany({ where: PUBLISHED, select: { leaid: true } });
  const total = published.length;
  const where = {
    leaid: { in: published.map((p) => p.leaid) },
    ...(q
      ? { OR: [{ name: { contains: q, mode: "insensitive" as const } }, ...(q.length === 2 ? [{ state: q.toUpperCase() }] : [])] }
      : {}),
  };
  const [matching, districts] = await Promise.all([
    db().district.count({ where }),
    db().district.findMany({
      where,
      orderBy: [{ state: "asc" }, { name: "asc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: { leaid: true, name: true, state: true, city: true },
    }),
  ]);
  const policies = showPolicies
    ? await db().districtResearchPolicy.findMany({ where: { leaid: { in: districts.map((d) => d.leaid) } } })
    : [];
  const byLeaid = new Map(policies.map((p) => [p.leaid, policyFacts(p)]));
  return {
    total,
    matching,
    page,
    pages: Math.max(1, Math.ceil(matching / pageSize)),
    showPolicies,
    districts: districts.map((d) => ({ ...d, policy: byLeaid.get(d.leaid) ?? null })),
  };
}

/** The signed-in expert's own district and its policy (null when no school e-mail links one). */
export async function ownDistrictPolicy(actor: Actor | null): Promise<DistrictPolicyView | null> {
  if (!actor) return null;
  const expert = await db().expert.findUnique({ where: { userId: actor.userId }, select: { districtLeaid: true } });
  if (!expert?.districtLeaid) return null;
  return districtWithPolicy(expert.districtLeaid);
}
