// The e-mail that invites someone to join an organization.

import { orgRoleWithArticle } from "@/lib/accounts/org-role-names";
import { composeMail, line } from "@/lib/platform/mail/content";
import type { OrgRole } from "@/lib/generated/prisma/enums";

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** `expires` is already written in the inviter's zone, named: the invitee's zone is not known yet. */
export function invitationEmail(input: { organization: string; inviter: string; role: OrgRole; link: string; expires: string }) {
  return composeMail({
    subject: `${input.inviter} invited you to join ${input.organization} on K12 Experts`,
    firstName: null,
    body: [
      line`${input.inviter} invited you to join ${input.organization} on K12 Experts as ${orgRoleWithArticle(input.role)}.`,
      line`The link works once and expires in ${String(INVITATION_TTL_DAYS)} days (${input.expires}). If you did not expect it, you can ignore this message: nothing happens unless you accept.`,
    ],
    action: { label: "Accept the invitation", href: input.link },
    why: `A member of ${input.organization} invited this e-mail address to their organization on K12 Experts.`,
  });
}
