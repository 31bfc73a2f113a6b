// What the researcher and the district's officer read of a study's district approvals: the
// study's districts with their policy, status, answer and history; the officer's queue with each
// request's age, what it asks of staff, and the other approved studies recruiting the same
// staff this month (so the district can see the load it is adding).
import "server-only";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { requirePermission } from "@/lib/accounts/permissions";
import type { Actor } from "@/lib/accounts/actor";
import { orgScope } from "@/lib/organizations/membership";
import { assertDistrictOfficeAccess } from "@/lib/districts/officers";
import { readPacket, type Packet } from "@/lib/districts/packet-words";
import { districtStandings, type DistrictStanding } from "@/lib/districts/approval-gate";
import { lettersOfApprovals } from "./district-letters";

export type ApprovalEventView = { kind: string; side: string; note: string | null; at: Date };
export type ProjectDistrictRow = {
  id: string;
  leaid: string;
  name: string;
  state: string;
  required: "yes" | "no" | "unknown";
  status: "not_requested" | "requested" | "approved" | "declined" | "not_needed";
  standing: DistrictStanding;
  requestedAt: Date | null;
  expiresOn: string | null;
  conditions: string | null;
  declineReason: string | null;
  askable: boolean;
  history: ApprovalEventView[];
  /** The approval letters uploaded for this district, newest first. */
  letters: LetterView[];
};
export type LetterView = {
  id: string;
  fileName: string;
  status: "pending" | "accepted" | "rejected";
  statedExpiresOn: string;
  rejectReason: string | null;
};

async function historyOf(approvalIds: string[]) {
  const events = await db().projectDistrictApprovalEvent.findMany({
    where: { approvalId: { in: approvalIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { approvalId: true, kind: true, actorSide: true, note: true, createdAt: true },
  });
  const by = new Map<string, ApprovalEventView[]>();
  for (const e of events)
    by.set(e.approvalId, [...(by.get(e.approvalId) ?? []), { kind: e.kind, side: e.actorSide, note: e.note, at: e.createdAt }]);
  return by;
}

/** The study's districts, for every member who reads projects. */
export async function listProjectDistricts(actor: Actor | null, projectId: string, now: Date = new Date()): Promise<ProjectDistrictRow[]> {
  requirePermission(actor, "read:project:org");
  const project = await db().project.findFirst({ where: { id: projectId, ...orgScope(actor, "read:project:org") }, select: { id: true } });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  const rows = await db().projectDistrictApproval.findMany({ where: { projectId }, orderBy: { createdAt: "asc" } });
  const leaids = rows.map((r) => r.leaid);
  const [districts, policies, standings, history, officers, letters] = await Promise.all([
    db().district.findMany({ where: { leaid: { in: leaids } }, select: { leaid: true, name: true, state: true } }),
    db().districtResearchPolicy.findMany({
      where: { leaid: { in: leaids } },
      select: { leaid: true, approvalRequired: true, officeEmail: true },
    }),
    districtStandings(db(), projectId, leaids, now),
    historyOf(rows.map((r) => r.id)),
    db().districtOfficer.groupBy({ by: ["leaid"], where: { leaid: { in: leaids } }, _count: { _all: true } }),
    lettersOfApprovals(rows.map((r) => r.id)),
  ]);
  const d = new Map(districts.map((x) => [x.leaid, x]));
  const p = new Map(policies.map((x) => [x.leaid, x]));
  const withOfficer = new Set(officers.map((o) => o.leaid));
  return rows
    .map((r) => ({
      id: r.id,
      leaid: r.leaid,
      name: d.get(r.leaid)?.name ?? r.leaid,
      state: d.get(r.leaid)?.state ?? "",
      required: p.get(r.leaid)?.approvalRequired ?? ("unknown" as const),
      status: r.status,
      standing: standings.get(r.leaid)!,
      requestedAt: r.requestedAt,
      expiresOn: r.expiresOn ? r.expiresOn.toISOString().slice(0, 10) : null,
      conditions: r.conditions,
      declineReason: r.declineReason,
      askable: withOfficer.has(r.leaid) || !!p.get(r.leaid)?.officeEmail,
      history: history.get(r.id) ?? [],
      letters: (letters.get(r.id) ?? []).map((l) => ({
        id: l.id,
        fileName: l.fileName,
        status: l.status,
        statedExpiresOn: l.statedExpiresOn.toISOString().slice(0, 10),
        rejectReason: l.rejectReason,
      })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export type QueueItem = {
  id: string;
  projectTitle: string;
  organization: string;
  packet: Packet | null;
  requestedAt: Date;
  ageDays: number;
  otherStudies: { title: string; organization: string; staffThisMonth: number }[];
};

/** The officer's queue for one district: requests waiting for an answer, oldest first. */
export async function officerQueue(actor: Actor | null, leaid: string, now: Date = new Date()): Promise<QueueItem[]> {
  await assertDistrictOfficeAccess(actor, leaid);
  const waiting = await db().projectDistrictApproval.findMany({
    where: { leaid, status: "requested" },
    orderBy: { requestedAt: "asc" },
    select: { id: true, projectId: true, packet: true, requestedAt: true },
  });
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const approved = await db().projectDistrictApproval.findMany({
    where: { leaid, status: "approved" },
    select: { projectId: true },
  });
  const projects = await db().project.findMany({
    where: { id: { in: [...waiting.map((w) => w.projectId), ...approved.map((a) => a.projectId)] } },
    select: { id: true, title: true, status: true, organization: { select: { name: true } } },
  });
  const byId = new Map(projects.map((p) => [p.id, p]));
  const recruiting = approved.filter((a) => byId.get(a.projectId)?.status === "open");
  const load = await db().engagement.groupBy({
    by: ["projectId"],
    where: { projectId: { in: recruiting.map((r) => r.projectId) }, createdAt: { gte: monthAgo }, expert: { districtLeaid: leaid } },
    _count: { _all: true },
  });
  const staff = new Map(load.map((l) => [l.projectId, l._count._all]));
  return waiting.map((w) => {
    const p = byId.get(w.projectId);
    const requestedAt = w.requestedAt ?? now;
    return {
      id: w.id,
      projectTitle: p?.title ?? "",
      organization: p?.organization.name ?? "",
      packet: readPacket(w.packet),
      requestedAt,
      ageDays: Math.max(0, Math.floor((now.getTime() - requestedAt.getTime()) / 86_400_000)),
      otherStudies: recruiting
        .filter((r) => r.projectId !== w.projectId)
        .map((r) => ({
          title: byId.get(r.projectId)!.title,
          organization: byId.get(r.projectId)!.organization.name,
          staffThisMonth: staff.get(r.projectId) ?? 0,
        })),
    };
  });
}
