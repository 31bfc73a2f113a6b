// The e-mails about an engagement (invitations, applications, scheduling, reminders, pay), one per
// kind of change. Pure: the caller loads the facts, formats the time in the recipient's zone and
// queues the result. The words of each kind are one entry of the tables in mail-copy/; every mail
// is composed by lib/platform/mail/content.ts into its text part and the layout its HTML is
// rendered from.

import { composeMail, titled, type ComposedMail } from "@/lib/platform/mail/content";
import type { EngagementMailContext, EngagementMailKind } from "@/lib/engagements/mail-types";
import type { CopyOf } from "@/lib/engagements/mail-copy/shared";
import { SESSION_COPY } from "@/lib/engagements/mail-copy/sessions";
import { REVIEW_COPY } from "@/lib/engagements/mail-copy/reviews";
import { FOCUS_GROUP_COPY } from "@/lib/engagements/mail-copy/focus-groups";

export type { EngagementMailContext, EngagementMailKind } from "@/lib/engagements/mail-types";
export { escapeHtml } from "@/lib/platform/mail/content";

/** Every kind's copy: the compiler refuses a kind left out. */
const COPY: Record<EngagementMailKind, CopyOf> = { ...SESSION_COPY, ...REVIEW_COPY, ...FOCUS_GROUP_COPY };

/** Every kind, for the preview page and the test that renders each. */
export const ENGAGEMENT_MAIL_KINDS = Object.keys(COPY) as EngagementMailKind[];

export type EngagementMail = ComposedMail;

export function engagementMail(kind: EngagementMailKind, ctx: EngagementMailContext): EngagementMail {
  const copy = COPY[kind]({ ctx, project: titled(ctx.projectTitle), who: ctx.counterpart, title: ctx.projectTitle });
  const origin = new URL(ctx.link).origin;
  const announcement = kind === "new_project";
  return composeMail({
    subject: copy.subject,
    firstName: ctx.recipientFirstName,
    body: copy.body,
    action: { label: copy.action, href: ctx.link },
    why: announcement
      ? "You are a verified expert on K12 Experts, and this new study matches your profile."
      : `You take part in "${ctx.projectTitle}" on K12 Experts, and this is about your part in it.`,
    unsubscribe: announcement
      ? { label: "Turn off e-mails about new studies in your dashboard's settings", href: `${origin}/dashboard?tab=settings` }
      : null,
  });
}
