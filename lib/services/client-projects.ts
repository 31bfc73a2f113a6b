import "server-only";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/auth/session";
import { requirePermission } from "@/lib/auth/permissions";
import type { CreateProjectInput } from "@/lib/validation/client";

export type ClientProject = {
  id: string;
  title: string;
  description: string;
  projectType: string;
  compensationCents: number;
  durationMinutes: number;
  locationType: string;
  deadline: string | null;
  status: string;
  createdAt: string;
  invites: number;
};

async function organizationOf(userId: string) {
  const profile = await db().clientProfile.findUnique({ where: { userId }, select: { organization: true } });
  return profile?.organization ?? "K12 Experts";
}

/**
 * Creates a project and, in the same transaction, the opportunity experts see as Open
 * (the opportunity carries projectId).
 */
export async function createProject(actor: Actor | null, input: CreateProjectInput) {
  requirePermission(actor, "manage:project:own");
  const organization = await organizationOf(actor.userId);
  const compensationCents = Math.round(input.compensation * 100);
  const deadline = new Date(`${input.deadline}T23:59:59Z`);
  return db().$transaction(async (tx) => {
    const project = await tx.project.create({
      data: {
        clientUserId: actor.userId,
        title: input.title,
        description: input.description,
        projectType: input.projectType,
        compensationCents,
        estimatedDurationMinutes: input.durationMinutes,
        locationType: input.locationType,
        deadline,
      },
    });
    const opportunity = await tx.opportunity.create({
      data: {
        projectId: project.id,
        title: input.title,
        clientOrganization: organization,
        description: input.description,
        compensationCents,
        opportunityType: input.projectType,
        estimatedDurationMinutes: input.durationMinutes,
        locationType: input.locationType,
        deadline,
        status: "open",
      },
    });
    return { project, opportunity };
  });
}

/** The actor's projects, newest first. */
export async function listProjects(actor: Actor | null): Promise<ClientProject[]> {
  requirePermission(actor, "manage:project:own");
  const rows = await db().project.findMany({
    where: { clientUserId: actor.userId },
    orderBy: { createdAt: "desc" },
    include: { _count: { select: { invites: true } } },
  });
  return rows.map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    projectType: p.projectType,
    compensationCents: p.compensationCents,
    durationMinutes: p.estimatedDurationMinutes,
    locationType: p.locationType,
    deadline: p.deadline?.toISOString() ?? null,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    invites: p._count.invites,
  }));
}

/** Open projects to invite into (the invite picker). */
export async function listOpenProjectChoices(actor: Actor | null) {
  requirePermission(actor, "manage:project:own");
  return db().project.findMany({
    where: { clientUserId: actor.userId, status: "open" },
    orderBy: { createdAt: "desc" },
    select: { id: true, title: true },
  });
}
