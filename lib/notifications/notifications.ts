import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { NotificationItem } from "@/lib/notifications/views";

// The in-app notifications behind the header's bell. Every person, whatever their role, reads
// and marks only their own rows: each query is scoped by the actor's user id in its `where`.
// Rows are written by the services whose changes they report (createNotification, inside the
// change's transaction).

export type NewNotification = {
  userId: string;
  kind: string;
  title: string;
  body: string;
  /** An in-app path ("/dashboard?…"), never another site's address. */
  href: string;
  engagementId?: string | null;
};

const MAX_LIST = 50;

const NOT_WHILE_IMPERSONATING = "Stop viewing as another user to mark their notifications as read.";

/** Held by every signed-in role; a missing actor is refused as unauthenticated. */
function assertSignedIn(actor: Actor | null): asserts actor is Actor {
  requirePermission(actor, "manage:account:own");
}

/** The actor's latest notifications, newest first. */
export async function listNotifications(actor: Actor | null, limit = 20): Promise<NotificationItem[]> {
  assertSignedIn(actor);
  return db().notification.findMany({
    where: { userId: actor.userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(1, Math.floor(limit)), MAX_LIST),
    select: { id: true, kind: true, title: true, body: true, href: true, readAt: true, createdAt: true },
  });
}

export async function countUnread(actor: Actor | null): Promise<number> {
  assertSignedIn(actor);
  return db().notification.count({ where: { userId: actor.userId, readAt: null } });
}

/**
 * Marks the actor's own unread notifications read: those in `ids`, or all without ids. Ids of
 * someone else's rows match nothing. An admin viewing as someone may look but not mark: the
 * unread mark is the person's own sign that they have not seen a notice yet.
 */
export async function markNotificationsRead(actor: Actor | null, ids?: string[], now = new Date()): Promise<{ marked: number }> {
  assertSignedIn(actor);
  if (actor.impersonating) throw new AppError("FORBIDDEN", NOT_WHILE_IMPERSONATING);
  if (ids && ids.length === 0) return { marked: 0 };
  const { count } = await db().notification.updateMany({
    where: { userId: actor.userId, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
    data: { readAt: now },
  });
  return { marked: count };
}

/** An in-app path: one leading slash, not "//host" or "/\host", which browsers read as another site. */
const isAppPath = (href: string) => /^\/(?![/\\])/.test(href);

/** Writes a notification in the caller's transaction, so it exists exactly when the change it reports commits. */
export async function createNotification(tx: Tx, input: NewNotification) {
  if (!isAppPath(input.href)) throw new Error(`Notification links must be in-app paths, got ${JSON.stringify(input.href)}`);
  return tx.notification.create({
    data: {
      userId: input.userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      href: input.href,
      engagementId: input.engagementId ?? null,
    },
    select: { id: true },
  });
}
