import "server-only";
import type { Actor, Membership } from "@/lib/accounts/actor";
import { orgRolesWith, requirePermission, type OrgPermission } from "@/lib/accounts/permissions";
import type { Tx } from "@/lib/platform/db";

// A client acts for their organisation: every project, shortlist entry, engagement, earning,
// bonus, rating and statement carries the organisation's id, and a member reaches those rows
// through their membership and role, checked by the query itself.

/**
 * The `where` that limits a query to the actor's organisation and to the roles that hold
 * `permission` there, re-read from organization_members by the same statement.
 */
export function orgScope(actor: Pick<Actor, "userId">, permission: OrgPermission) {
  return { organization: { members: { some: { userId: actor.userId, role: { in: orgRolesWith(permission) } } } } };
}

/** The actor's membership when their role holds `permission`; otherwise the refusal (403). */
export function requireMembership(actor: Actor | null, permission: OrgPermission): Membership {
  requirePermission(actor, permission);
  return actor.membership!;
}

/** A new organisation with its first member as owner (client registration, a member removed or leaving). */
export async function createOrganization(tx: Tx, input: { name: string; ownerUserId: string }): Promise<string> {
  const org = await tx.organization.create({
    data: { name: input.name, members: { create: { userId: input.ownerUserId, role: "owner" } } },
  });
  return org.id;
}

/** An organisation for an account that runs projects but has none yet (a new admin, a demo client). */
export async function ensureOrganization(tx: Tx, input: { name: string; ownerUserId: string }): Promise<string> {
  const member = await tx.organizationMember.findUnique({ where: { userId: input.ownerUserId }, select: { organizationId: true } });
  return member?.organizationId ?? createOrganization(tx, input);
}
