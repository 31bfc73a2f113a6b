import "server-only";
import { memberOrganization, orgScope } from "@/lib/organizations/membership";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { EngagementOrigin, EngagementState } from "@/lib/generated/prisma/enums";
import { listOpenProjectChoices } from "@/lib/projects/projects";
import { inviteCapRefusal } from "@/lib/engagements/caps";

// What a client knows before inviting an expert: where they already stand with that expert,
// and whether a new invite would be refused, so the dialog says so before anything is sent.

/** One of the client's open projects, and where this expert already stands in it (null: not yet). */
export type InviteChoice = { id: string; title: string; engaged: EngagementState | null };

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
      select: { id: true, timeZone: true, invitesPausedUntil: true },
    }),
  ]);
  if (!expert) throw new AppError("NOT_FOUND", "Expert Not Found");
  const [engaged, refusal] = await Promise.all([
    db().engagement.findMany({
      where: { expertId, ...orgScope(actor, "manage:project:org"), projectId: { in: projects.map((p) => p.id) } },
      select: { projectId: true, state: true },
    }),
    inviteCapRefusal(db(), { organizationId: memberOrganization(actor), expert, now }),
  ]);
  const stateOf = new Map(engaged.map((e) => [e.projectId, e.state]));
  return { projects: projects.map((p) => ({ ...p, engaged: stateOf.get(p.id) ?? null })), refusal };
}

/** A project in which the client already has this expert (invited, applied, or further on). */
export type ExistingEngagement = { projectId: string; title: string; origin: EngagementOrigin; state: EngagementState };

/** For a page of directory results: each listed expert's engagements with this organisation, newest first. */
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
