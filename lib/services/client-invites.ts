import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/session";
import { requirePermission } from "@/lib/auth/permissions";
import type { InviteInput } from "@/lib/validation/client";

/**
 * Invites an expert to one of the actor's projects. The row in `invites` is what the
 * expert's Opportunities › Invited tab reads. Inviting the same expert to the same project
 * again is not an error and stores nothing new.
 */
export async function sendInvite(actor: Actor | null, input: InviteInput): Promise<{ created: boolean; inviteId: string }> {
  requirePermission(actor, "manage:project:own");
  const project = await db().project.findFirst({ where: { id: input.projectId, clientUserId: actor.userId }, select: { id: true, status: true } });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  if (project.status !== "open") throw new AppError("CONFLICT", "This project is closed to new invites.");
  const expert = await db().expert.findFirst({ where: { id: input.expertId, verificationStatus: "verified", isPublicProfile: true }, select: { id: true } });
  if (!expert) throw new AppError("NOT_FOUND", "Expert Not Found");
  const existing = await db().invite.findUnique({ where: { projectId_expertId: { projectId: project.id, expertId: expert.id } }, select: { id: true } });
  if (existing) return { created: false, inviteId: existing.id };
  const invite = await db().invite.upsert({
    where: { projectId_expertId: { projectId: project.id, expertId: expert.id } },
    create: { projectId: project.id, expertId: expert.id, clientUserId: actor.userId, message: input.message || null },
    update: {},
    select: { id: true },
  });
  return { created: true, inviteId: invite.id };
}

export async function listInvites(actor: Actor | null) {
  requirePermission(actor, "manage:project:own");
  return db().invite.findMany({
    where: { clientUserId: actor.userId },
    orderBy: { createdAt: "desc" },
    select: { id: true, status: true, createdAt: true, project: { select: { id: true, title: true } }, expert: { select: { id: true, roleTitle: true, user: { select: { firstName: true, lastName: true } } } } },
  });
}
