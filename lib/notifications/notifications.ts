import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { NotificationItem } from "@/lib/notifications/views";
import { newestFirstPage, type Page, type PageRequest } from "@/lib/platform/keyset";

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
  return (await listNotificationsPage(actor, {}, limit)).rows;
}

/**
 * A page of the actor's notifications, newest first (the menu's "Show older" asks for the next
 * one with `after`): read from the (user, newest) index, so a person with a year of notices
 * costs what a new one does.
 */
export async function listNotificationsPage(actor: Actor | null, page: PageRequest = {}, limit = 20): Promise<Page<NotificationItem>> {
  assertSignedIn(actor);
  const userId = actor.userId;
  return newestFirstPage(
    page,
    (keyset) =>
      db().notification.findMany({
        where: { AND: [{ userId }, keyset.where] },
        orderBy: keyset.orderBy,
        take: keyset.take,
        select: { id: true, kind: true, title: true, body: true, href: true, readAt: true, createdAt: true },
      }),
    Math.min(Math.max(1, Math.floor(limit)), MAX_LIST),
  );
}

/**
 * The badge counts unread notices up to this many and then shows "99+": every signed-in page
 * asks for the count, and counting a person's whole backlog would grow with it.
 */
export const UNREAD_COUNTED_UP_TO = 100;

/** The actor's unread notifications, counted up to UNREAD_COUNTED_UP_TO. */
export async function countUnread(actor: Actor | null): Promise<number> {
  assertSignedIn(actor);
  return db().notification.count({ where: { userId: actor.userId, readAt: null }, take: UNREAD_COUNTED_UP_TO });
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
