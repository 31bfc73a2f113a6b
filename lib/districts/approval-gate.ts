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
  const approvals = await client.projectDistrictApproval.findMany({
    where: { projectId, leaid: { in: unique } },
    select: { leaid: true, status: true, expiresOn: true, conditions: true, declineReason: true },
  });
  const names = new Map(districts.map((d) => [d.leaid, d.name]));
  const required = new Map(policies.map((p) => [p.leaid, p.approvalRequired]));
  const answer = new Map(approvals.map((a) => [a.leaid, a]));
  const today = dayOf(now);
  for (const leaid of unique) {
    const name = names.get(leaid) ?? leaid;
    const a = answer.get(leaid);
    const policy = required.get(leaid) ?? "unknown";
    if (a?.status === "declined") out.set(leaid, { kind: "declined", leaid, name, reason: a.declineReason ?? "No reason given." });
    else if (a?.status === "not_needed") out.set(leaid, { kind: "not_needed", leaid, name });
    else if (a?.status === "approved" && (!a.expiresOn || dayOf(a.expiresOn) >= today))
      out.set(leaid, { kind: "approved", leaid, name, until: a.expiresOn ? dayOf(a.expiresOn) : null, conditions: a.conditions });
    else if (policy === "yes") out.set(leaid, { kind: "awaiting", leaid, name, expired: a?.status === "approved" });
    else if (policy === "no") out.set(leaid, { kind: "not_required", leaid, name });
    else out.set(leaid, { kind: "unknown", leaid, name });
  }
  return out;
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
  const answers = await client.projectDistrictApproval.findMany({
    where: { projectId },
    select: { leaid: true, status: true, expiresOn: true },
  });
  const today = dayOf(now);
  const open = new Set(
    answers
      .filter((a) => a.status === "not_needed" || (a.status === "approved" && (!a.expiresOn || dayOf(a.expiresOn) >= today)))
      .map((a) => a.leaid),
  );
  const closed = new Set(required.map((r) => r.leaid).filter((l) => !open.has(l)));
  for (const a of answers) if (a.status === "declined") closed.add(a.leaid);
  return [...closed];
}

/** An experts query's condition: staff of closed districts left out (experts with no district stay in). */
export const reachableExperts = (closed: string[]): Prisma.ExpertWhereInput =>
  closed.length === 0 ? {} : { OR: [{ districtLeaid: null }, { districtLeaid: { notIn: closed } }] };
