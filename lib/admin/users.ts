import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { AppError } from "@/lib/platform/errors";
import { queueMail } from "@/lib/platform/mail/queue";
import { accountDisabledEmail } from "@/lib/accounts/mail";
import { revokeUserSessions } from "@/lib/accounts/sessions";
import { holdAccount, openItemsOf, openItemsOfMany, releaseAccount, type AccountOpenItems } from "@/lib/admin/account-holds";
import { revalidateExpertPages } from "@/lib/platform/cache";
import { ROLE_PRIORITY, type AppRole } from "@/lib/accounts/constants";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newestFirstPage, type PageRequest } from "@/lib/platform/keyset";
import { boundedTotal } from "@/lib/platform/list-total";
import type { VerificationStatus } from "@/lib/generated/prisma/enums";

export type AdminUserRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  disabledAt: Date | null;
  roles: AppRole[];
  expert: { id: string; roleTitle: string | null; verificationStatus: VerificationStatus } | null;
  /** For a disabled account only: what it left open. */
  openItems: AccountOpenItems | null;
};

function userSearchWhere(query: string | undefined): Prisma.UserWhereInput {
  const q = query?.trim();
  if (!q) return {};
  const contains = { contains: q, mode: "insensitive" as const };
  const words = q.split(/\s+/).filter(Boolean);
  const roleHit = ROLE_PRIORITY.find((r) => r === q.toLowerCase());
  return {
    OR: [
      { email: contains },
      {
        AND: words.map((w) => ({
          OR: [{ firstName: { contains: w, mode: "insensitive" as const } }, { lastName: { contains: w, mode: "insensitive" as const } }],
        })),
      },
      { expert: { is: { roleTitle: contains } } },
      ...(roleHit ? [{ roles: { some: { role: roleHit } } }] : []),
    ],
  };
}

/** Users with roles and expert info (the admin's users page), newest first, a page at a time, optionally searched. */
export async function listAdminUsers(
  actor: Actor | null,
  query?: string,
  page: PageRequest = {},
): Promise<{ rows: AdminUserRow[]; total: number; exact: boolean; after: string | null; before: string | null }> {
  requirePermission(actor, "manage:user:any");
  const where = userSearchWhere(query);
  const [found, total] = await Promise.all([
    newestFirstPage(page, (keyset) =>
      db().user.findMany({
        where: { AND: [where, keyset.where] },
        orderBy: keyset.orderBy,
        take: keyset.take,
        select: {
          id: true,
          email: true,
          firstName: true,
          lastName: true,
          createdAt: true,
          disabledAt: true,
          roles: { select: { role: true } },
          expert: { select: { id: true, roleTitle: true, verificationStatus: true } },
        },
      }),
    ),
    boundedTotal((take) => db().user.count({ where, take }), query ? undefined : "users"),
  ]);
  // A disabled account's row shows what it left open, for the admin to settle.
  const openItems = await openItemsOfMany(found.rows.filter((u) => u.disabledAt).map((u) => u.id));
  return {
    rows: found.rows.map((u) => ({
      ...u,
      roles: ROLE_PRIORITY.filter((r) => u.roles.some((x) => x.role === r)),
      openItems: openItems.get(u.id) ?? null,
    })),
    ...total,
    after: found.after,
    before: found.before,
  };
}

/**
 * The latest impersonation events (starts, stops, and reads and writes made while impersonating),
 * newest first; with a search, those of the users it finds by e-mail or name (as admin or target),
 * so one person's audit trail is not pushed out by everyone else's.
 */
export async function listImpersonationEvents(actor: Actor | null, limit = 20, query?: string) {
  requirePermission(actor, "manage:user:any");
  const who = query
    ? {
        OR: [
          { email: { contains: query, mode: "insensitive" as const } },
          ...query
            .split(/\s+/)
            .filter(Boolean)
            .map((w) => ({
              OR: [
                { firstName: { contains: w, mode: "insensitive" as const } },
                { lastName: { contains: w, mode: "insensitive" as const } },
              ],
            })),
        ],
      }
    : null;
  const rows = await db().impersonationEvent.findMany({
    ...(who ? { where: { OR: [{ target: who }, { admin: who }] } } : {}),
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit,
    select: {
      id: true,
      action: true,
      detail: true,
      ipAddress: true,
      userAgent: true,
      createdAt: true,
      admin: { select: { email: true } },
      target: { select: { email: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    detail: r.detail,
    adminEmail: r.admin.email,
    targetEmail: r.target.email,
    ipAddress: r.ipAddress,
    userAgent: r.userAgent,
    createdAt: r.createdAt,
  }));
}

export type ImpersonationEventRow = Awaited<ReturnType<typeof listImpersonationEvents>>[number];

/**
 * Disables (or re-enables) an account: a disabled account cannot sign in and every session
 * and API token it had ends at once; its open projects pause and its profile leaves every
 * listing until it is enabled again (lib/admin/account-holds.ts). Admins are managed with
 * `npm run admin:create`, not here.
 */
export async function setAccountDisabled(actor: Actor | null, userId: string, disabled: boolean, now: Date = new Date()) {
  requirePermission(actor, "manage:user:any");
  if (actor.impersonating) throw new AppError("FORBIDDEN", "Stop viewing as another user to manage accounts.");
  if (userId === actor.userId) throw new AppError("BAD_REQUEST", "You cannot disable your own account.");
  const target = await db().user.findUnique({
    where: { id: userId },
    select: { firstName: true, email: true, disabledAt: true, roles: { select: { role: true } } },
  });
  if (!target) throw new AppError("NOT_FOUND", "User not found");
  if (target.roles.some((r) => r.role === "admin")) throw new AppError("FORBIDDEN", "Admin accounts cannot be disabled here.");
  if (Boolean(target.disabledAt) === disabled) return { disabled };
  const changedExpert = await db().$transaction(async (tx) => {
    // Claimed on the row: of two admins pressing at once, one changes the account.
    const claimed = await tx.user.updateMany({
      where: { id: userId, disabledAt: disabled ? null : { not: null } },
      data: { disabledAt: disabled ? now : null },
    });
    if (claimed.count !== 1) return null;
    if (!disabled) return releaseAccount(tx, userId, now);
    const expertId = await holdAccount(tx, userId, now);
    await revokeUserSessions(userId, "account disabled by an admin", {}, tx);
    await queueMail({ to: target.email, ...accountDisabledEmail(target.firstName) }, tx);
    return expertId;
  });
  // The profile page, in Next's cache and at the edge, answers for the new listing at once.
  if (changedExpert) await revalidateExpertPages(changedExpert);
  return { disabled };
}

/** The open engagements, unsettled earnings and unpaid payouts of an account (the disable confirmation shows them). */
export async function getAccountOpenItems(actor: Actor | null, userId: string): Promise<AccountOpenItems> {
  requirePermission(actor, "manage:user:any");
  const user = await db().user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  return openItemsOf(userId);
}
