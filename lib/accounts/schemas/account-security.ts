import { z } from "../../platform/validation/zod";
import { MESSAGES } from "@/lib/accounts/schemas/auth-rules";
import { newPasswordField } from "@/lib/accounts/schemas/auth";

// Account security forms: change password, confirm password (re-authentication), sessions.

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Current password is required" })
      .min(1, "Current password is required")
      .max(200, "Password is too long"),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: MESSAGES.passwordMismatch });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const confirmPasswordSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
});

export const sessionIdSchema = z.object({ sessionId: z.uuid("This session could not be found.") });
