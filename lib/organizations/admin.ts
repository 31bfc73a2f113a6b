import "server-only";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { db } from "@/lib/platform/db";
import { fullName } from "@/lib/platform/format";
import type { AppRole } from "@/lib/accounts/constants";
import type { OrgRole } from "@/lib/generated/prisma/enums";
import { newestFirstPage, type PageRequest } from "@/lib/platform/keyset";
import { boundedTotal } from "@/lib/platform/list-total";

// Admin › Organizations: every organization with its members, for support and impersonation.

export type AdminOrganizationRow = { id: string; name: string; members: number; projects: number; createdAt: Date; closedAt: Date | null };

/** Organizations newest first, a page at a time, searched by name (any word, case-insensitive). */
export async function listOrganizationsForAdmin(
  actor: Actor | null,
  query?: string,
  page: PageRequest = {},
): Promise<{ rows: AdminOrganizationRow[]; total: number; exact: boolean; after: string | null; before: string | null }> {
  requirePermission(actor, "manage:user:any");
  const words = query?.trim().split(/\s+/).filter(Boolean) ?? [];
  const where = { AND: words.map((w) => ({ name: { contains: w, mode: "insensitive" as const } })) };
  const [found, total] = await Promise.all([
    newestFirstPage(page, (keyset) =>
      db().organization.findMany({
        where: { AND: [where, keyset.where] },
        orderBy: keyset.orderBy,
        take: keyset.take,
        select: { id: true, name: true, createdAt: true, closedAt: true, _count: { select: { members: true, projects: true } } },
      }),
    ),
    boundedTotal((take) => db().organization.count({ where, take }), words.length ? undefined : "organizations"),
  ]);
  return {
    rows: found.rows.map(({ _count, ...r }) => ({ ...r, members: _count.members, projects: _count.projects })),
    ...total,
    after: found.after,
    before: found.before,
  };
}

export type AdminOrganizationMember = {
  userId: string;
  name: string;
  email: string;
  role: OrgRole;
  joinedAt: Date;
  disabledAt: Date | null;
  appRoles: AppRole[];
};

/** One organization with its members (null when there is none with this id). */
export async function getOrganizationForAdmin(actor: Actor | null, organizationId: string) {
  requirePermission(actor, "manage:user:any");
  const org = await db().organization.findUnique({
    where: { id: organizationId },
    select: {
      id: true,
      name: true,
      createdAt: true,
      closedAt: true,
      _count: { select: { projects: true } },
      members: {
        orderBy: [{ joinedAt: "asc" }, { userId: "asc" }],
        select: {
          userId: true,
          role: true,
          joinedAt: true,
          user: { select: { firstName: true, lastName: true, email: true, disabledAt: true, roles: { select: { role: true } } } },
        },
      },
    },
  });
  if (!org) return null;
  return {
    id: org.id,
    name: org.name,
    createdAt: org.createdAt,
    closedAt: org.closedAt,
    projects: org._count.projects,
    members: org.members.map((m): AdminOrganizationMember => ({
      userId: m.userId,
      name: fullName(m.user.firstName, m.user.lastName),
      email: m.user.email,
      role: m.role,
      joinedAt: m.joinedAt,
      disabledAt: m.user.disabledAt,
      appRoles: m.user.roles.map((r) => r.role),
    })),
  };
}
