import "server-only";
import type { Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can } from "@/lib/accounts/permissions";
import { isOrganizationMember } from "@/lib/organizations/membership";

// Who may read a study's consent documents: the project's organization, and the participants it
// reaches (an expert with an engagement on it, or a verified expert who can see it as an open
// study to apply to). Everyone else is answered "not found", so a document's existence is not
// revealed either.

export const DOCUMENT_NOT_FOUND = () => new AppError("NOT_FOUND", "Document not found");
export const PROJECT_NOT_FOUND = () => new AppError("NOT_FOUND", "Project not found");

export type Reader = { side: "client" } | { side: "expert"; expertId: string; engagementId: string | null };

/** The actor's way into the project's documents, or null (the caller answers 404). */
export async function readerOf(tx: Tx, actor: Actor, projectId: string): Promise<Reader | null> {
  const project = await tx.project.findUnique({
    where: { id: projectId },
    select: { organizationId: true, visibility: true, status: true, deadline: true },
  });
  if (!project) return null;
  if (isOrganizationMember(actor, project.organizationId, "read:project:org")) return { side: "client" };
  if (!can(actor, "update:expert:own")) return null;
  const expert = await tx.expert.findUnique({ where: { userId: actor.userId }, select: { id: true, verificationStatus: true } });
  if (!expert) return null;
  const engagement = await tx.engagement.findUnique({
    where: { projectId_expertId: { projectId, expertId: expert.id } },
    select: { id: true },
  });
  if (engagement) return { side: "expert", expertId: expert.id, engagementId: engagement.id };
  const openToApply =
    expert.verificationStatus === "verified" &&
    project.visibility === "open" &&
    project.status === "open" &&
    (!project.deadline || project.deadline > new Date());
  return openToApply ? { side: "expert", expertId: expert.id, engagementId: null } : null;
}
