import { z } from "../../platform/validation/zod";

// Shared by the admin forms, actions and the admin route handlers.

export const verificationStatusSchema = z.enum(["pending", "verified", "rejected"], {
  error: "Status must be pending, verified or rejected",
});

export const expertIdSchema = z.uuid({ error: "Expert id must be a UUID" });

export const setVerificationSchema = z.object({ expertId: expertIdSchema, status: verificationStatusSchema });
export const setLinkedinVerifiedSchema = z.object({
  expertId: expertIdSchema,
  verified: z.boolean({ error: "verified must be true or false" }),
});

/** POST /api/admin-impersonate: {userId} starts, {action:'stop'} stops, {persona} is View As. */
export const impersonateBodySchema = z.union(
  [
    z.object({ action: z.literal("stop") }).strict(),
    z.object({ userId: z.uuid({ error: "userId must be a UUID" }) }).strict(),
    z.object({ persona: z.enum(["client", "expert"]) }).strict(),
  ],
  { error: "Send {userId} to start, {persona: 'client' | 'expert'} to view as a demo account, or {action: 'stop'} to stop" },
);

export const adminSearchSchema = z.string().trim().max(100).optional().catch(undefined);

export const accountOpenItemsSchema = z.object({ userId: z.uuid({ error: "User id must be a UUID" }) });

export const setAccountDisabledSchema = z.object({
  userId: z.uuid({ error: "User id must be a UUID" }),
  disabled: z.boolean({ error: "disabled must be true or false" }),
});
