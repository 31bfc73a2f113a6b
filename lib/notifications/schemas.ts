import { z } from "../platform/validation/zod";

// Shared by the notifications menu and its actions.

/** How many notifications the header menu shows at most. */
export const NOTIFICATIONS_MENU_LIMIT = 20;

/** The menu's first page, or (with `after`, the token its last page gave) the page of older notices. */
export const listNotificationsSchema = z
  .object({
    after: z
      .string()
      .max(200, { error: "That page of notifications does not exist." })
      .regex(/^[A-Za-z0-9_-]+$/, { error: "That page of notifications does not exist." })
      .optional(),
  })
  .strict();

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
