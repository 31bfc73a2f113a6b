// The copy of the e-mails about an engagement's pay and review: earnings released or disputed,
// survey responses, bonuses. One entry per kind.

import { line } from "@/lib/platform/mail/content";
import type { EngagementMailKind } from "@/lib/engagements/mail-types";
import { reasonLine, type CopyOf } from "@/lib/engagements/mail-copy/shared";

export const REVIEW_COPY = {
  released: ({ project, title }) => ({
    subject: `Earnings available: "${title}"`,
    body: [
      line`Quality review of your session for ${project} is complete, and its earnings are now available in your wallet.`,
      line`You can cash out from your dashboard.`,
    ],
    action: "Open your wallet",
  }),
  disputed: ({ ctx, project, who, title }) => ({
    subject: `Review opened: "${title}"`,
    body: [
      line`${who} opened a quality review dispute about your session for ${project}.`,
      ...reasonLine("Their reason", ctx.reason),
      line`The earnings are held until our team resolves it. We will tell you the outcome.`,
    ],
    action: "View details",
  }),
  dispute_resolved: ({ ctx, project, title }) => ({
    subject: `Dispute resolved: "${title}"`,
    body: [
      ctx.resolvedFor === "expert"
        ? line`The dispute about the session for ${project} was resolved in the expert's favour: the earnings are released to the expert.`
        : line`The dispute about the session for ${project} was resolved in the client's favour: the amount is returned to the client.`,
      ...reasonLine("Note from our team", ctx.reason),
    ],
    action: "View details",
  }),
  submitted: ({ ctx, project, who, title }) => ({
    subject: `Response submitted: "${title}"`,
    body: [
      line`${who} has finished the survey ${project}.`,
      ...reasonLine("Review until", ctx.reason),
      line`Approve it now, or reject it with a reason before the review window ends. Anything you leave is approved when the window ends.`,
    ],
    action: "Review responses",
  }),
  survey_screened_out: ({ ctx, project, who, title }) => ({
    subject: `Screened out of "${title}"`,
    body: [line`Your survey's screener ended ${who}'s place in ${project}.`, ...reasonLine("Pay for a screen-out", ctx.reason)],
    action: "Open your project",
  }),
  survey_over_quota: ({ ctx, project, who, title }) => ({
    subject: `Over quota: "${title}"`,
    body: [line`Your survey sent ${who} to its over-quota end in ${project}.`, ...reasonLine("Pay for over quota", ctx.reason)],
    action: "Open your project",
  }),
  approved: ({ project, who, title }) => ({
    subject: `Response approved: "${title}"`,
    body: [
      line`${who} approved your response to ${project}.`,
      line`Its earnings are now available in your wallet. You can cash out from your dashboard.`,
    ],
    action: "Open your wallet",
  }),
  rejected: ({ ctx, project, who, title }) => ({
    subject: `Response rejected: "${title}"`,
    body: [
      line`${who} rejected your response to ${project}.`,
      ...reasonLine("Their reason", ctx.reason),
      line`The earnings are held until our team reviews it, and we will tell you the outcome. If you think this is wrong, contact support.`,
    ],
    action: "View details",
  }),
  bonus: ({ ctx, project, who, title }) => ({
    subject: `Bonus from ${who}: "${title}"`,
    body: [
      line`${who} paid you a bonus for ${project}.`,
      ...reasonLine("Amount", ctx.reason),
      line`Like any earning it is in Pending QC for the client's review window, then joins your Available balance, ready to cash out.`,
    ],
    action: "Open your wallet",
  }),
} satisfies Partial<Record<EngagementMailKind, CopyOf>>;
