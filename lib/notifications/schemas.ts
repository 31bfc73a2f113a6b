import { z } from "../platform/validation/zod";

// Shared by the notifications menu and its actions.

/** How many notifications the header menu shows at most. */
export const NOTIFICATIONS_MENU_LIMIT = 20;

export const listNotificationsSchema = z.object({}).strict();

/** Some of the actor's notifications, or (without ids) all of them. */
export const markNotificationsReadSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: "Notification ids must be UUIDs" }))
      .max(100, { error: "At most 100 notifications at once" })
      .optional(),
  })
  .strict();

export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;
