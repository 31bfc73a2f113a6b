"use server";

import { defineAction } from "@/lib/accounts/action";
import { viewerZone } from "@/lib/accounts/viewer-zone";
import { countUnread, listNotificationsPage, markNotificationsRead } from "@/lib/notifications/notifications";
import { AppError } from "@/lib/platform/errors";
import { readEdgeToken } from "@/lib/platform/keyset";
import { listNotificationsSchema, markNotificationsReadSchema, NOTIFICATIONS_MENU_LIMIT } from "@/lib/notifications/schemas";

// The header's notifications menu, for every signed-in role; each acts on the caller's own rows.

const ANY_SIGNED_IN: [] = [];

/**
 * The latest notifications (or, with `after`, the older ones past the menu's last row), the token
 * of the page after them, the unread count and the zone their times are shown in, read when the
 * menu opens. A token this menu did not give is refused: read as the first page, it would append
 * the newest notices again below the oldest.
 */
export const listNotificationsAction = defineAction(
  { schema: listNotificationsSchema, roles: ANY_SIGNED_IN, failure: "Failed to load notifications. Please try again.", readOnly: true },
  async (input, actor) => {
    if (input.after !== undefined && !readEdgeToken(input.after))
      throw new AppError("BAD_REQUEST", "That page of notifications does not exist.");
    const [page, unread, timeZone] = await Promise.all([
      listNotificationsPage(actor, { after: input.after }, NOTIFICATIONS_MENU_LIMIT),
      countUnread(actor),
      viewerZone(actor),
    ]);
    return { items: page.rows, after: page.after, unread, timeZone };
  },
);

/** Marks some (ids) or all of the caller's notifications read; answers with the unread count left. */
export const markNotificationsReadAction = defineAction(
  { schema: markNotificationsReadSchema, roles: ANY_SIGNED_IN, failure: "Failed to mark notifications as read. Please try again." },
  async (input, actor) => {
    await markNotificationsRead(actor, input.ids);
    return { unread: await countUnread(actor) };
  },
);
