import "server-only";
import { memberOrganization, orgScope } from "@/lib/organizations/membership";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { EngagementOrigin, EngagementState } from "@/lib/generated/prisma/enums";
import { listOpenProjectChoices } from "@/lib/projects/projects";
import { inviteCapRefusal } from "@/lib/engagements/caps";
import { EXPERT_CELL_SELECT, planStandings, STANDING_ORDER, type CellStanding } from "@/lib/samples/places";
import { closedReason, standingAcrossProjects } from "@/lib/districts/approval-gate";
import { approvedLine } from "@/lib/districts/research-policy-words";

// What a client knows before inviting an expert: where they already stand with that expert,
// and whether a new invite would be refused, so the dialog says so before anything is sent.

/**
 * One of the client's open projects, where this expert already stands in it (null: not yet) and,
 * when it has a sample plan, the expert's side of it: their cell open, full, or not known.
 */
export type InviteChoice = {
  id: string;
  title: string;
  engaged: EngagementState | null;
  plan: { standing: CellStanding; cell: string | null } | null;
  /** Why the expert's district closes this project to them (the invite would be refused), or null. */
  districtClosed: string | null;
  /** "Approved by <district>'s research office until <date>", when it has. */
  districtApproved: string | null;
};

export async function getInviteChoices(
  actor: Actor | null,
  expertId: string,
  now: Date = new Date(),
): Promise<{ projects: InviteChoice[]; refusal: string | null }> {
  requirePermission(actor, "manage:project:org");
  const [projects, expert] = await Promise.all([
    listOpenProjectChoices(actor),
    db().expert.findFirst({
      where: { id: expertId, verificationStatus: "verified", isPublicProfile: true },
      select: { id: true, timeZone: true, invitesPausedUntil: true, districtLeaid: true, ...EXPERT_CELL_SELECT },
    }),
  ]);
  if (!expert) throw new AppError("NOT_FOUND", "Expert Not Found");
  const [engaged, refusal, plans] = await Promise.all([
    db().engagement.findMany({
      where: { expertId, ...orgScope(actor, "manage:project:org"), projectId: { in: projects.map((p) => p.id) } },
      select: { projectId: true, state: true },
    }),
    inviteCapRefusal(db(), { organizationId: memberOrganization(actor), expert, now }),
    planStandings(
      db(),
      projects.map((p) => p.id),
    ),
  ]);
  const stateOf = new Map(engaged.map((e) => [e.projectId, e.state]));
  const districts = expert.districtLeaid
    ? await standingAcrossProjects(
        db(),
        projects.map((p) => p.id),
        expert.districtLeaid,
        now,
      )
    : new Map();
  const choices: InviteChoice[] = projects.map((p) => {
    const plan = plans.get(p.id) ?? null;
    const d = districts.get(p.id);
    return {
      ...p,
      engaged: stateOf.get(p.id) ?? null,
      plan: plan && { standing: plan.standing(expert), cell: plan.cellOf(expert) },
      districtClosed: d ? closedReason(d) : null,
      districtApproved: d?.kind === "approved" ? approvedLine(d.name, d.until) : null,
    };
  });
  // Projects whose sample plan still wants someone like this expert come first, full cells last.
  const rank = (c: InviteChoice) => (c.plan ? STANDING_ORDER[c.plan.standing] : STANDING_ORDER.outside);
  return {
    projects: choices
      .map((c, i) => ({ c, i }))
      .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
      .map((x) => x.c),
    refusal,
  };
}

/** A project in which the client already has this expert (invited, applied, or further on). */
export type ExistingEngagement = { projectId: string; title: string; origin: EngagementOrigin; state: EngagementState };

/** For a page of directory results: each listed expert's engagements with this organization, newest first. */
export async function engagementsWithExperts(actor: Actor | null, expertIds: string[]): Promise<Record<string, ExistingEngagement[]>> {
  requirePermission(actor, "read:project:org");
  if (expertIds.length === 0) return {};
  const rows = await db().engagement.findMany({
    where: { ...orgScope(actor, "read:project:org"), expertId: { in: expertIds } },
    orderBy: { createdAt: "desc" },
    select: { expertId: true, projectId: true, origin: true, state: true, project: { select: { title: true } } },
  });
  const byExpert: Record<string, ExistingEngagement[]> = {};
  for (const r of rows)
    (byExpert[r.expertId] ??= []).push({ projectId: r.projectId, title: r.project.title, origin: r.origin, state: r.state });
  return byExpert;
}
