import { z } from "../../platform/validation/zod";

// Platform-wide numbers an admin may change (Admin › Invites).

export const OPEN_INVITE_CAP_MIN = 1;
export const OPEN_INVITE_CAP_MAX = 50;
const CAP_MESSAGE = `The cap must be a whole number between ${OPEN_INVITE_CAP_MIN} and ${OPEN_INVITE_CAP_MAX}.`;

export const openInviteCapSchema = z.object({
  cap: z.int({ error: CAP_MESSAGE }).min(OPEN_INVITE_CAP_MIN, CAP_MESSAGE).max(OPEN_INVITE_CAP_MAX, CAP_MESSAGE),
});
export type OpenInviteCapInput = z.infer<typeof openInviteCapSchema>;
