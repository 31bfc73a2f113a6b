import "server-only";
import type { Actor } from "@/lib/accounts/actor";
import { lockMembership } from "@/lib/organizations/members";
import { closeOrMirror } from "@/lib/projects/projects";
import { db, LOCKED_TX_OPTIONS } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";

// Closing an organization closes its projects, so it lives with projects (the area above
// organizations), which may call both.

/**
 * Closes the organization (owners only): no new members, invitations or roles; its open and
 * paused projects are closed the way a client closes one (waiting invites and applications are
 * answered, experts told); pending invitations are withdrawn. Members keep their accounts and
 * can still read what was done.
 */
export async function closeOrganization(actor: Actor | null, confirmName: string, now: Date = new Date()) {
  return db().$transaction(
    async (tx) => {
      const mine = await lockMembership(tx, actor, "close:organization:org");
      const org = await tx.organization.findUniqueOrThrow({ where: { id: mine.organizationId }, select: { name: true, closedAt: true } });
      if (org.closedAt) throw new AppError("CONFLICT", "This organization is already closed.");
      if (confirmName.trim().toLowerCase() !== org.name.trim().toLowerCase())
        throw new AppError("BAD_REQUEST", "Type the organization's name exactly to confirm.", {
          confirmName: ["Type the organization's name exactly to confirm."],
        });
      await tx.organization.update({ where: { id: mine.organizationId }, data: { closedAt: now } });
      await tx.organizationInvitation.updateMany({
        where: { organizationId: mine.organizationId, acceptedAt: null, revokedAt: null },
        data: { revokedAt: now },
      });
      const open = await tx.project.findMany({
        where: { organizationId: mine.organizationId, status: { in: ["open", "paused"] } },
        select: { id: true, visibility: true },
      });
      for (const p of open) await closeOrMirror(tx, p.id, "closed", p.visibility, now, "The client's organization was closed.");
      return { closedProjects: open.length };
    },
    // Closing answers every waiting engagement of every project: longer than a one-row change.
    { ...LOCKED_TX_OPTIONS, timeout: 60_000 },
  );
}
