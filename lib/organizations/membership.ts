import "server-only";
import type { Actor } from "@/lib/accounts/actor";
import { can, orgRolesWith, type OrgPermission } from "@/lib/accounts/permissions";
import { Prisma } from "@/lib/generated/prisma/client";

// A client acts for their organization: every project, shortlist entry, engagement, earning,
// bonus, rating and statement carries the organization's id, and a member reaches those rows
// through their membership and role, checked by the query itself.

/**
 * The `where` that limits a query to the actor's organization and to the roles that hold
 * `permission` there, re-read from organization_members by the same statement.
 */
export function orgScope(actor: Pick<Actor, "userId">, permission: OrgPermission) {
  return { organization: { members: { some: { userId: actor.userId, role: { in: orgRolesWith(permission) } } } } };
}

/** The actor's organization, once requirePermission has granted an org permission (which needs a membership). */
export function memberOrganization(actor: Pick<Actor, "membership">): string {
  if (!actor.membership) throw new Error("an org permission was granted without a membership");
  return actor.membership.organizationId;
}

/** orgScope for raw SQL: the organization ids (none or one) where the actor's role holds `permission`. */
export function orgIdsSql(actor: Pick<Actor, "userId">, permission: OrgPermission): Prisma.Sql {
  return Prisma.sql`(SELECT m.organization_id FROM organization_members m WHERE m.user_id = ${actor.userId}::uuid AND m.role::text IN (${Prisma.join(orgRolesWith(permission))}))`;
}

/** Whether the actor acts for this organization with a role that holds `permission` (a row already read). */
export function isOrganizationMember(actor: Actor, organizationId: string, permission: OrgPermission): boolean {
  return actor.membership?.organizationId === organizationId && can(actor, permission);
}

/**
 * How a client is named to experts: the name their organization has now (organizations.name),
 * never the free text a member typed at sign-up, so a renamed organization is named the new way
 * everywhere at once. Takes a project (or engagement) read with `organizationNameSelect`.
 */
export const organizationName = (of: { organization: { name: string } }) => of.organization.name;
export const organizationNameSelect = { organization: { select: { name: true } } } as const;

export { createOrganization, ensureOrganization } from "@/lib/accounts/founding";
