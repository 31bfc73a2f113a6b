import { ENGAGEMENT_MAIL_KINDS, engagementMail, type EngagementMailContext } from "@/lib/engagements/mail";
import { digestMail } from "@/lib/engagements/mail-digests";
import { unreadMessagesMail } from "@/lib/engagements/message-mail";
import { accountDisabledEmail, passwordChangedEmail, payoutDetailsChangedEmail } from "@/lib/accounts/mail";
import { duplicateRegistrationEmail, passwordResetEmail, verificationEmail } from "@/lib/accounts/mail-templates";
import { adminDigestEmail } from "@/lib/admin/digest-mail";
import { workEmailMail } from "@/lib/experts/work-email-mail";
import { consentReceiptMail } from "@/lib/engagements/consent/mail";
import { fundsAddedEmail, moneyInvariantsEmail, payoutFailedEmail, payoutPaidEmail } from "@/lib/money/mail";
import { invitationEmail } from "@/lib/organizations/invitation-mail";
import { contactMail } from "@/lib/site/contact-mail";
import { approvalStepMail, officerDigestMail, officerInviteMail } from "@/lib/districts/approval-mail";
import type { ComposedMail } from "@/lib/platform/mail/content";
import { env, isDemoMode } from "@/lib/platform/env";

// Every kind of e-mail the app sends, written from made-up facts, for the preview page and the
// test that renders each. A new kind of mail gets a row here.

const ORIGIN = "https://k12experts.example";

const engagement: EngagementMailContext = {
  recipientFirstName: "Dana",
  projectTitle: "Math curriculum interviews",
  counterpart: "Northfield Research",
  when: "Tue, Dec 1, 2026, 3:30 PM CST",
  proposedWhen: "Wed, Dec 2, 2026, 10:00 AM CST",
  reason: "The school closed for snow",
  link: `${ORIGIN}/dashboard?tab=opportunities&engagement=sample`,
  meetingUrl: "https://meet.example.org/room-1",
  offerUntil: "Wed, Dec 2, 2026, 3:30 PM CST",
  resolvedFor: "expert",
  recipient: "expert",
};

export type MailSample = { kind: string; group: string; mail: () => ComposedMail };

const engagementSamples: MailSample[] = ENGAGEMENT_MAIL_KINDS.map((kind) => ({
  kind: `engagement.${kind}`,
  group: "Engagements",
  mail: () => engagementMail(kind, engagement),
}));

export const MAIL_SAMPLES: MailSample[] = [
  ...engagementSamples,
  {
    kind: "engagement.project-digest",
    group: "Engagements",
    mail: () =>
      digestMail({
        firstName: "Riley",
        projectTitle: "Math curriculum interviews",
        link: `${ORIGIN}/client/projects/sample`,
        frequency: "daily",
        periodStart: new Date("2026-12-01T06:00:00Z"),
        periodEnd: new Date("2026-12-02T06:00:00Z"),
        zone: "America/Chicago",
        counts: { applications: 3, seats: 1, waitlist: 0, leftWaitlist: 0, responses: 2 },
      }),
  },
  {
    kind: "engagement.messages",
    group: "Engagements",
    mail: () =>
      unreadMessagesMail({
        firstName: "Dana",
        projectTitle: "Math curriculum interviews",
        messages: [
          { who: "Riley Chen, Tue, Dec 1, 2026, 3:30 PM CST", body: "Could we move to 4:30?\nThe room is taken until then." },
          { who: "Riley Chen, Tue, Dec 1, 2026, 3:32 PM CST", body: "Thanks!" },
        ],
        link: `${ORIGIN}/dashboard?tab=opportunities&engagement=sample`,
      }),
  },
  {
    kind: "account.verify-client",
    group: "Accounts",
    mail: () => verificationEmail("Riley", `${ORIGIN}/verify-email?token=sample`, "client"),
  },
  {
    kind: "account.verify-expert",
    group: "Accounts",
    mail: () => verificationEmail("Dana", `${ORIGIN}/verify-email?token=sample`, "expert"),
  },
  { kind: "account.password-reset", group: "Accounts", mail: () => passwordResetEmail("Dana", `${ORIGIN}/reset-password?token=sample`) },
  {
    kind: "account.duplicate-registration",
    group: "Accounts",
    mail: () => duplicateRegistrationEmail("Dana", `${ORIGIN}/login`, `${ORIGIN}/reset-password`),
  },
  { kind: "account.password-changed", group: "Accounts", mail: () => passwordChangedEmail("Dana", `${ORIGIN}/settings/security`) },
  {
    kind: "account.payout-details-changed",
    group: "Accounts",
    mail: () => payoutDetailsChangedEmail("Dana", `${ORIGIN}/settings/security`),
  },
  { kind: "account.disabled", group: "Accounts", mail: () => accountDisabledEmail("Dana") },
  {
    kind: "expert.work-email",
    group: "Experts",
    mail: () => workEmailMail("Dana", `${ORIGIN}/verify-work-email?token=sample`, false, 2026),
  },
  {
    kind: "expert.work-email-reconfirm",
    group: "Experts",
    mail: () => workEmailMail("Dana", `${ORIGIN}/verify-work-email?token=sample`, true, 2027),
  },
  {
    kind: "organization.invitation",
    group: "Organizations",
    mail: () =>
      invitationEmail({
        organization: "Northfield Research",
        inviter: "Riley Chen",
        role: "researcher",
        link: `${ORIGIN}/invitations/sample`,
        expires: "Tue, Dec 8, 2026, 3:30 PM CST",
      }),
  },
  {
    kind: "engagement.consent-receipt",
    group: "Engagements",
    mail: () =>
      consentReceiptMail({
        firstName: "Dana",
        projectTitle: "Literacy Curriculum Adoption Interviews",
        version: 2,
        sha256: "9f2c4e7a1b3d5f608192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8",
        signedAt: new Date(Date.UTC(2026, 10, 28, 15, 30)),
        documentUrl: `${ORIGIN}/api/study-documents/00000000-0000-4000-8000-000000000001?download=1`,
        receiptUrl: `${ORIGIN}/dashboard/consent/receipt/00000000-0000-4000-8000-000000000002`,
      }),
  },
  {
    kind: "money.payout-paid",
    group: "Money",
    mail: () => payoutPaidEmail("Dana", "$150.00", "PayPal", "PO-2026-0042", `${ORIGIN}/payments`),
  },
  {
    kind: "money.payout-failed",
    group: "Money",
    mail: () => payoutFailedEmail("Dana", "$150.00", "The bank refused the account number.", `${ORIGIN}/payments`),
  },
  {
    kind: "money.funds-added",
    group: "Money",
    mail: () => fundsAddedEmail("Riley", "K12-000123", "$5,000.00", `${ORIGIN}/client/billing/invoices/sample`),
  },
  {
    kind: "money.invariants",
    group: "Money",
    mail: () =>
      moneyInvariantsEmail(
        "Alex",
        "Dec 1, 2026",
        [
          {
            title: "Every account balances",
            promise: "Each account's balance is the sum of its entries.",
            messages: ["Account client_funds of Northfield Research is off by $10.00."],
          },
        ],
        `${ORIGIN}/admin/money`,
      ),
  },
  {
    kind: "admin.digest",
    group: "Admin",
    mail: () =>
      adminDigestEmail(
        "Alex",
        "Dec 1, 2026",
        {
          overduePayouts: ["$34.00 to Dana Lee, asked Nov 24, 2026"],
          dueTomorrow: ["$12.00 to Sam Ortiz, asked Nov 26, 2026"],
          lateVerifications: ["Jo Park: waiting 4 business days"],
        },
        `${ORIGIN}/admin/payouts`,
        `${ORIGIN}/admin`,
      ),
  },
  {
    kind: "district.officer-digest",
    group: "Districts",
    mail: () =>
      officerDigestMail("Morgan", {
        district: "Westside Mesa ISD",
        fresh: [{ title: "Literacy Curriculum Adoption Interviews", organization: "Northfield Research" }],
        waiting: 3,
        officeUrl: `${ORIGIN}/district-office`,
      }),
  },
  {
    kind: "district.officer-invite",
    group: "Districts",
    mail: () =>
      officerInviteMail({
        district: "Westside Mesa ISD",
        inviter: "Morgan Diaz",
        signUpUrl: `${ORIGIN}/register`,
        officeUrl: `${ORIGIN}/district-office`,
      }),
  },
  {
    kind: "district.approval-step",
    group: "Districts",
    mail: () =>
      approvalStepMail("Riley", {
        projectTitle: "Literacy Curriculum Adoption Interviews",
        headline: "K12 Experts reminds you that the district's approval ends soon (Westside Mesa ISD, until Dec 15, 2026)",
        note: "Recruiting in this district closes after 2026-12-15. Ask its research office to renew the approval, or upload a new letter.",
        link: `${ORIGIN}/client/projects/sample#district-approvals`,
      }),
  },
  {
    kind: "site.contact",
    group: "Site",
    mail: () =>
      contactMail({
        id: "00000000-0000-4000-8000-000000000000",
        name: "Pat Example",
        email: "pat@example.org",
        role: "client",
        subject: "A question about surveys",
        message: "How long does the review of a survey response take?\nThanks.",
        createdAt: new Date("2026-12-01T15:30:00Z"),
        attachmentName: null,
        attachmentSize: null,
      }),
  },
];

export const sampleOf = (kind: string) => MAIL_SAMPLES.find((s) => s.kind === kind) ?? null;

/** The preview exists on a developer's machine and in the demo, never in a real deployment. */
export const mailPreviewOpen = () => env().NODE_ENV === "development" || isDemoMode();
