"use server";

import { defineAction } from "@/lib/accounts/action";
import { viewerZone } from "@/lib/accounts/viewer-zone";
import { countUnread, listNotifications, markNotificationsRead } from "@/lib/notifications/notifications";
import { listNotificationsSchema, markNotificationsReadSchema, NOTIFICATIONS_MENU_LIMIT } from "@/lib/notifications/schemas";

// The header's notifications menu, for every signed-in role; each acts on the caller's own rows.

const ANY_SIGNED_IN: [] = [];

/** The latest notifications, the unread count and the zone their times are shown in, read when the menu opens. */
export const listNotificationsAction = defineAction(
  { schema: listNotificationsSchema, roles: ANY_SIGNED_IN, failure: "Failed to load notifications. Please try again.", readOnly: true },
  async (_input, actor) => {
    const [items, unread, timeZone] = await Promise.all([
      listNotifications(actor, NOTIFICATIONS_MENU_LIMIT),
      countUnread(actor),
      viewerZone(actor),
    ]);
    return { items, unread, timeZone };
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
