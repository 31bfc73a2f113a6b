// The one rule for reaching a district's staff with a study: an invitation, an announcement, a
// replacement or a freed focus-group seat reaches an expert only when their district has said
// yes to the study (approved, not yet expired), said it is not needed, requires no approval, or
// has no policy on file (then the expert checks it and attests before they take part). A district
// that declined, or requires an approval not yet given, closes the study to its staff.
import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Prisma } from "@/lib/generated/prisma/client";

export type DistrictStanding =
  | { kind: "no_district" }
  | { kind: "not_required"; leaid: string; name: string }
  | { kind: "unknown"; leaid: string; name: string }
  | { kind: "approved"; leaid: string; name: string; until: string | null; conditions: string | null }
  | { kind: "not_needed"; leaid: string; name: string }
  | { kind: "declined"; leaid: string; name: string; reason: string }
  | { kind: "awaiting"; leaid: string; name: string; expired: boolean };

const OPEN_KINDS = new Set<DistrictStanding["kind"]>(["no_district", "not_required", "unknown", "approved", "not_needed"]);
export const isReachable = (s: DistrictStanding) => OPEN_KINDS.has(s.kind);

/** The last day an approval holds is compared with today's UTC date. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

type Client = Tx | ReturnType<typeof db>;

type Answer = { status: string; expiresOn: Date | null; conditions: string | null; declineReason: string | null };

/** The rule itself: the district's policy and the study's answer from it, on a day. */
export function standingOf(
  leaid: string,
  name: string,
  policy: string | undefined,
  a: Answer | undefined,
  today: string,
): DistrictStanding {
  if (a?.status === "declined") return { kind: "declined", leaid, name, reason: a.declineReason ?? "No reason given." };
  if (a?.status === "not_needed") return { kind: "not_needed", leaid, name };
  if (a?.status === "approved" && (!a.expiresOn || dayOf(a.expiresOn) >= today))
    return { kind: "approved", leaid, name, until: a.expiresOn ? dayOf(a.expiresOn) : null, conditions: a.conditions };
  // An approval that ran out closes new recruiting there until it is renewed, whatever the policy
  // on file says (the office's own yes had an end), unless the district now requires none.
  if (a?.status === "approved" && policy !== "no") return { kind: "awaiting", leaid, name, expired: true };
  if (policy === "yes") return { kind: "awaiting", leaid, name, expired: false };
  if (policy === "no") return { kind: "not_required", leaid, name };
  return { kind: "unknown", leaid, name };
}

const ANSWER_SELECT = { projectId: true, leaid: true, status: true, expiresOn: true, conditions: true, declineReason: true } as const;

/** Each district's standing with the project. */
export async function districtStandings(client: Client, projectId: string, leaids: string[], now: Date = new Date()) {
  const unique = [...new Set(leaids)];
  const out = new Map<string, DistrictStanding>();
  if (unique.length === 0) return out;
  // One query at a time: the client may be a transaction, whose connection runs one statement at once.
  const districts = await client.district.findMany({ where: { leaid: { in: unique } }, select: { leaid: true, name: true } });
  const policies = await client.districtResearchPolicy.findMany({
    where: { leaid: { in: unique } },
    select: { leaid: true, approvalRequired: true },
  });
  const approvals = await client.projectDistrictApproval.findMany({ where: { projectId, leaid: { in: unique } }, select: ANSWER_SELECT });
  const names = new Map(districts.map((d) => [d.leaid, d.name]));
  const required = new Map(policies.map((p) => [p.leaid, p.approvalRequired]));
  const answer = new Map(approvals.map((a) => [a.leaid, a]));
  for (const leaid of unique)
    out.set(leaid, standingOf(leaid, names.get(leaid) ?? leaid, required.get(leaid), answer.get(leaid), dayOf(now)));
  return out;
}

/** One district's standing with each of several projects (the invite dialog's projects). */
export async function standingAcrossProjects(client: Client, projectIds: string[], leaid: string, now: Date = new Date()) {
  const district = await client.district.findUnique({ where: { leaid }, select: { name: true } });
  const policy = await client.districtResearchPolicy.findUnique({ where: { leaid }, select: { approvalRequired: true } });
  const approvals = await client.projectDistrictApproval.findMany({
    where: { leaid, projectId: { in: projectIds } },
    select: ANSWER_SELECT,
  });
  const answer = new Map(approvals.map((a) => [a.projectId, a]));
  return new Map(
    projectIds.map((id) => [id, standingOf(leaid, district?.name ?? leaid, policy?.approvalRequired, answer.get(id), dayOf(now))]),
  );
}

/** One expert's district's standing with the project. */
export async function expertStanding(
  client: Client,
  projectId: string,
  expertId: string,
  now: Date = new Date(),
): Promise<DistrictStanding> {
  const expert = await client.expert.findUnique({ where: { id: expertId }, select: { districtLeaid: true } });
  if (!expert?.districtLeaid) return { kind: "no_district" };
  return (await districtStandings(client, projectId, [expert.districtLeaid], now)).get(expert.districtLeaid)!;
}

/** Why the study cannot reach this district's staff, in the researcher's words (null: it can). */
export function closedReason(s: DistrictStanding): string | null {
  if (s.kind === "declined") return `${s.name}'s research office declined this study: ${s.reason}`;
  if (s.kind === "awaiting")
    return s.expired
      ? `${s.name}'s approval of this study has expired. Ask its research office again under District approvals.`
      : `${s.name} requires its research office's approval before its staff take part. Request it under District approvals.`;
  return null;
}

/** Refuses to reach an expert whose district closes the study to them. */
export async function assertDistrictOpen(client: Client, projectId: string, expertId: string, now: Date = new Date()) {
  const standing = await expertStanding(client, projectId, expertId, now);
  const reason = closedReason(standing);
  if (reason) throw new AppError("CONFLICT", reason);
  return standing;
}

/**
 * The districts closed to the project: those that declined, and those that require approval
 * without a current one (or a "not needed"). Policies that require approval are few next to the
 * directory, so the list stays short.
 */
export async function closedDistricts(client: Client, projectId: string, now: Date = new Date()): Promise<string[]> {
  const required = await client.districtResearchPolicy.findMany({ where: { approvalRequired: "yes" }, select: { leaid: true } });
  const answers = await client.projectDistrictApproval.findMany({ where: { projectId }, select: ANSWER_SELECT });
  const answer = new Map(answers.map((a) => [a.leaid, a]));
  const policy = new Map(required.map((r) => [r.leaid, "yes"]));
  const leaids = new Set([...policy.keys(), ...answer.keys()]);
  return [...leaids].filter((l) => !isReachable(standingOf(l, l, policy.get(l) ?? "unknown", answer.get(l), dayOf(now))));
}

/** An experts query's condition: staff of closed districts left out (experts with no district stay in). */
export const reachableExperts = (closed: string[]): Prisma.ExpertWhereInput =>
  closed.length === 0 ? {} : { OR: [{ districtLeaid: null }, { districtLeaid: { notIn: closed } }] };

/** Of these engagements of the project, the ones whose expert's district leaves the study open to them. */
export async function reachableEngagements(client: Client, projectId: string, engagementIds: string[], now: Date = new Date()) {
  if (engagementIds.length === 0) return new Set<string>();
  const closed = await closedDistricts(client, projectId, now);
  if (closed.length === 0) return new Set(engagementIds);
  const rows = await client.engagement.findMany({
    where: { id: { in: engagementIds }, expert: reachableExperts(closed) },
    select: { id: true },
  });
  return new Set(rows.map((r) => r.id));
}
