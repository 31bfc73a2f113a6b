import { z } from "../../platform/validation/zod";
import { PASSWORD_MIN_LENGTH } from "@/lib/accounts/constants";
import { MESSAGES, normalizeEmail } from "@/lib/accounts/schemas/auth-rules";

// The organization's forms: members, roles, invitations and accepting one. Shared by the server
// actions and the browser forms.

export const ORG_ROLE_VALUES = ["owner", "admin", "researcher", "finance", "viewer"] as const;

export const ORG_ROLE_LABELS: Record<(typeof ORG_ROLE_VALUES)[number], string> = {
  owner: "Owner",
  admin: "Admin",
  researcher: "Researcher",
  finance: "Finance",
  viewer: "Viewer",
};

/** What each role may do, in the words the invite form and the members table show. */
export const ORG_ROLE_DESCRIPTIONS: Record<(typeof ORG_ROLE_VALUES)[number], string> = {
  owner: "Everything, including roles and closing the organization",
  admin: "Members and billing",
  researcher: "Projects, invites, the pipeline and ratings",
  finance: "Billing, statements and funding only",
  viewer: "Read only",
};

const roleField = z.enum(ORG_ROLE_VALUES, { error: "Choose owner, admin, researcher, finance or viewer" });
const memberId = z.uuid({ error: "Member id is not valid" });

export const changeRoleSchema = z.object({ userId: memberId, role: roleField });
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

export const removeMemberSchema = z.object({
  userId: memberId,
  /** Who takes over the removed member's projects: a researcher or an owner. Needed only when they have some. */
  reassignToUserId: z
    .uuid({ error: "Choose who takes over the projects" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export type RemoveMemberInput = z.infer<typeof removeMemberSchema>;

export const inviteMemberSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .transform(normalizeEmail)
    .pipe(z.email("Please enter a valid e-mail address")),
  role: roleField,
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

export const invitationIdSchema = z.object({ invitationId: z.uuid({ error: "Invitation id is not valid" }) });

/** The link's token: 32 random bytes in base64url (43 characters); anything else is no invitation. */
export const invitationTokenField = z
  .string({ error: "This invitation link is incomplete." })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, "This invitation link is not valid.");

export const joinOrganizationSchema = z.object({ token: invitationTokenField });

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

export const acceptWithAccountSchema = z
  .object({
    token: invitationTokenField,
    firstName: required("First name").max(100, "First name is too long"),
    lastName: required("Last name").max(100, "Last name is too long"),
    password: z
      .string({ error: "Password is required" })
      .min(1, "Password is required")
      .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
      .max(200, "Password is too long"),
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: MESSAGES.passwordMismatch });
export type AcceptWithAccountInput = z.infer<typeof acceptWithAccountSchema>;

export const closeOrganizationSchema = z.object({
  /** The organization's name typed again, so a slip of the mouse closes nothing. */
  confirmName: z
    .string({ error: "Type the organization's name to confirm" })
    .trim()
    .min(1, "Type the organization's name to confirm")
    .max(200),
});

export const emptySchema = z.object({}).strict();
