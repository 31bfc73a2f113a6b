"use server";

import { defineAction } from "@/lib/actions/action";
import { countUnread, listNotifications, markNotificationsRead } from "@/lib/services/notifications";
import { listNotificationsSchema, markNotificationsReadSchema, NOTIFICATIONS_MENU_LIMIT } from "@/lib/validation/notifications";

// The header's notifications menu, for every signed-in role; each acts on the caller's own rows.

const ANY_SIGNED_IN: [] = [];

/** The latest notifications and the unread count, read when the menu opens. */
export const listNotificationsAction = defineAction(
  { schema: listNotificationsSchema, roles: ANY_SIGNED_IN, failure: "Failed to load notifications. Please try again.", readOnly: true },
  async (_input, actor) => {
    const [items, unread] = await Promise.all([listNotifications(actor, NOTIFICATIONS_MENU_LIMIT), countUnread(actor)]);
    return { items, unread };
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
