// The legal pages' text, kept as data so each page renders the same way: a table of
// contents built from the sections, and the sections themselves. Every figure is quoted from the
// module that enforces it (tests/unit/site-promises.test.ts fails on one typed here).
import { POLICY_VERSIONS } from "@/lib/accounts/policy-versions";
import { TAX_RULE } from "@/lib/money/tax";
import { PAYMENT_METHOD_LIST, PAYMENT_METHODS_PHRASE } from "@/lib/vocabulary/payments";
import { FEE_RULES, PAYMENT_STAGES, POLICY } from "@/lib/money/policy";
import { SCREENER_QUESTIONS } from "@/lib/engagements/screener";
import { TERMINATION_NOTICE_DAYS } from "@/lib/accounts/constants";
import { SUPPORT_REPLY } from "@/lib/site/schemas/contact-rules";
import { SUPPORT_REPLY_TIME } from "@/lib/vocabulary/support";

export type PolicySection = { id: string; title: string; paragraphs: string[]; list?: string[] };
export type Policy = { title: string; description: string; version?: string; effective: string; intro: string; sections: PolicySection[] };

export const PRIVACY_POLICY: Policy = {
  title: "Privacy & Data Policy",
  description:
    "How K12 Experts collects, uses, shares and protects the information of education experts and research clients, and the choices you have.",
  version: POLICY_VERSIONS.PRIVACY.version,
  effective: POLICY_VERSIONS.PRIVACY.effective,
  intro: `K12 Experts connects K-12 education professionals with research organizations. This policy explains what we collect, why, who can see it and how you stay in control. When you register you accept version ${POLICY_VERSIONS.PRIVACY.version} of this policy, and we record the version, the time, your IP address and your browser.`,
  sections: [
    {
      id: "information-we-collect",
      title: "Information We Collect",
      paragraphs: ["We collect only what we need to verify you, match you with research and pay you:"],
      list: [
        "Account details: name, e-mail address, organization, role, mobile number, city and ZIP code.",
        "Professional profile: role title, years of experience, focus areas, tools and platforms, district type, size and urbanicity, LinkedIn URL and headline.",
        "Preferences: research types, interview preferences, weekly availability, school hours and blackout days, time zone, monthly goal and visibility settings.",
        "Verification and conflicts of interest: the school or district e-mail address you confirm (never shown publicly), your employer, the vendors and products you have a financial relationship with, and whether you take part in purchasing decisions.",
        `Payment information: preferred method and the details it needs (${PAYMENT_METHODS_PHRASE}), hourly rates, W-9 consent and, before a cash out that brings your year's payouts to the 1099-NEC threshold, your W-9.`,
        "Activity: applications, scheduled sessions, pulse survey answers, feedback and payouts.",
      ],
    },
    {
      id: "how-we-use",
      title: "How We Use Your Information",
      paragraphs: [
        "We use your information to verify your professional identity, show your public profile to research clients, tell you about studies that fit your research preferences, schedule sessions, pay you and meet our tax obligations.",
        "We do not sell your personal information, and we never use it to market unrelated products to you.",
      ],
    },
    {
      id: "what-clients-see",
      title: "What Clients See",
      paragraphs: [
        "Once you are verified, your public profile (your name, role and the details you choose to show) is a web page anyone can open, and it is listed for search engines; signed-in research clients can also search and filter the directory. You choose whether your organization, years of experience, rates and contact information are shown; contact information is hidden by default. Your e-mail address never appears on a public page, and a client sees it only after accepting you, if you allow it. You can hide your profile at any time.",
      ],
    },
    {
      id: "sharing",
      title: "Sharing and Disclosure",
      paragraphs: [
        "When you accept an invitation we share what the client needs to run that session: your name, role and the contact channel you agreed to. Payment processors receive only the details needed to send your payment. We disclose information when the law requires it.",
      ],
    },
    {
      id: "security",
      title: "Data Security",
      paragraphs: [
        "Payment details are encrypted at rest, passwords are stored as slow one-way hashes, and access to administrative tools is limited to staff who need it and recorded. No system is perfectly secure; if we learn of a breach that affects you, we will tell you promptly.",
      ],
    },
    {
      id: "retention",
      title: "Retention",
      paragraphs: [
        "We keep your account while it is active. Tax records (W-9 and 1099 information) are kept as long as U.S. law requires. When you ask support to close your account, we delete or de-identify everything else that no open payment or legal duty requires.",
      ],
    },
    {
      id: "your-rights",
      title: "Your Rights and Choices",
      paragraphs: [
        `You can view and correct your profile at any time and hide it from search. To get a copy of your data or have your account deleted, contact support. We reply within ${SUPPORT_REPLY_TIME}.`,
      ],
    },
    {
      id: "changes",
      title: "Changes to This Policy",
      paragraphs: [
        "If we change this policy in a way that matters, we publish a new version and ask you to accept it when you next sign in. The version you accepted and when you accepted it are shown on your dashboard under Your Data & Privacy.",
      ],
    },
  ],
};

export const TERMS: Policy = {
  title: "Terms of Service",
  description:
    "The terms that apply when education experts and research clients use K12 Experts: accounts, research sessions, cancellations, payments and termination.",
  version: POLICY_VERSIONS.TERMS.version,
  effective: POLICY_VERSIONS.TERMS.effective,
  intro: `These terms are an agreement between you and K12 Experts. By creating an account you accept version ${POLICY_VERSIONS.TERMS.version} of these terms.`,
  sections: [
    {
      id: "accounts",
      title: "Accounts and Eligibility",
      paragraphs: [
        "Experts must be current or former K-12 education professionals and must describe their role, organization and experience truthfully. Clients must represent a real research organization. You are responsible for keeping your password private and for activity under your account.",
      ],
    },
    {
      id: "verification",
      title: "Verification",
      paragraphs: [
        "We verify experts before their profiles appear to clients; an expert's dashboard shows the status until we decide. We may ask for more information, and we may decline or withdraw verification when information cannot be confirmed.",
      ],
    },
    {
      id: "research-sessions",
      title: "Research Sessions and Screeners",
      paragraphs: [
        `Clients describe each opportunity's type, duration, compensation and deadline before experts apply, and never lower the compensation once an expert is accepted. Some studies use a screener of up to ${SCREENER_QUESTIONS.max} questions to confirm fit; screeners are not paid. Experts take part as individuals and should not share confidential student or staff information.`,
      ],
    },
    {
      id: "cancellations",
      title: "Cancellations and No-Shows",
      paragraphs: [
        `${POLICY.lateCancel} ${POLICY.agreedTime} ${POLICY.reschedule} ${POLICY.afterStart} ${POLICY.noShow} ${POLICY.clientNoShow} ${POLICY.autoComplete}`,
      ],
    },
    {
      id: "payments",
      title: "Payments",
      paragraphs: [
        `Experts are never billed and are paid only for completed research work (and the late-cancellation fees above), by ${PAYMENT_METHODS_PHRASE}. ${POLICY.payout} ${TAX_RULE} The Payment Policy describes the stages and timings in full.`,
      ],
    },
    {
      id: "conduct",
      title: "Acceptable Use",
      paragraphs: [
        "Do not misrepresent yourself, contact experts outside the platform to avoid its terms, scrape profiles, or use the service to sell products to educators.",
      ],
    },
    {
      id: "termination",
      title: "Termination",
      paragraphs: [
        `Either party may end this agreement on ${TERMINATION_NOTICE_DAYS} days' written notice. We may suspend an account immediately for fraud, misrepresentation or abuse. Payments earned for completed work before termination are still paid.`,
      ],
    },
    {
      id: "liability",
      title: "Disclaimers and Liability",
      paragraphs: [
        "The service is provided as is. To the extent the law allows, our liability for any claim is limited to the amounts paid to or by you through the service in the 12 months before the claim.",
      ],
    },
    {
      id: "contact",
      title: "Questions",
      paragraphs: [`Contact support through the contact page. ${SUPPORT_REPLY}`],
    },
  ],
};

export const PAYMENT_POLICY: Policy = {
  title: "Payment Policy",
  description:
    "How and when K12 Experts pays education experts: payment stages, methods and timings, tax forms, cancellations and payment support.",
  version: POLICY_VERSIONS.PAYMENT.version,
  effective: POLICY_VERSIONS.PAYMENT.effective,
  intro:
    "Experts are never billed and are paid only for completed research work, with no fees deducted. This policy explains when earnings become yours to cash out and how they reach you.",
  sections: [
    {
      id: "stages",
      title: "Payment Stages",
      paragraphs: ["Every completed activity moves through four stages, shown in your wallet:"],
      list: PAYMENT_STAGES.map((s) => `${s.name}: ${s.text}`),
    },
    {
      id: "quality-review",
      title: "Quality Review",
      paragraphs: [`${POLICY.qualityReview} ${POLICY.autoComplete}`],
    },
    {
      id: "methods",
      title: "Payment Methods and Timing",
      paragraphs: [`${POLICY.payout} The time to reach you depends on the method:`],
      list: PAYMENT_METHOD_LIST.map((m) => `${m.label}: ${m.timing}.`),
    },
    {
      id: "compensation",
      title: "Typical Compensation",
      paragraphs: [POLICY.typicalPay],
    },
    {
      id: "backed-payments",
      title: "Every Payment Backed",
      paragraphs: [POLICY.moneyGate, POLICY.raiseAfterAcceptance, POLICY.bonus, POLICY.bonusApproval, POLICY.projectBudget],
    },
    {
      id: "taxes",
      title: "Tax Forms",
      paragraphs: [TAX_RULE],
    },
    {
      id: "cancellations",
      title: "Cancellations and No-Shows",
      paragraphs: [
        `${POLICY.lateCancel} ${POLICY.agreedTime} ${POLICY.reschedule} ${POLICY.afterStart} ${POLICY.noShow} ${POLICY.clientNoShow} ${POLICY.attendanceCorrection}`,
      ],
    },
    {
      id: "fees",
      title: "Who Earns Each Fee",
      paragraphs: [
        "A fee is earned by the side that was let down, and decided by the client's own record (a cancel, an attendance sheet, the survey's end page) or by our team, never by one side's word alone.",
      ],
      list: Object.values(FEE_RULES).map((rule) => rule.sentence),
    },
    {
      id: "delays",
      title: "Delayed or Missing Payments",
      paragraphs: [POLICY.latePayout],
    },
  ],
};

/** What an expert agrees to besides the terms: a short agreement, versioned like the others. */
export const EXPERT_AGREEMENT: Policy = {
  title: POLICY_VERSIONS.EXPERT_AGREEMENT.title,
  description:
    "What education experts confirm when they take part in research through K12 Experts: truthful credentials, employer rules, confidentiality and conflicts of interest.",
  version: POLICY_VERSIONS.EXPERT_AGREEMENT.version,
  effective: POLICY_VERSIONS.EXPERT_AGREEMENT.effective,
  intro:
    "This agreement applies to education experts, in addition to the Terms of Service and the Payment Policy. By creating an expert account you accept it, and we record the version, the time, your IP address and your browser.",
  sections: [
    {
      id: "credentials",
      title: "Truthful Credentials",
      paragraphs: [
        "You describe your role, organization, experience and work e-mail truthfully and keep them current. Clients pay for verified educators; misrepresenting yourself ends your account and forfeits unpaid earnings for the affected work.",
      ],
    },
    {
      id: "employer-rules",
      title: "Your Employer's Rules",
      paragraphs: [
        "Many districts require approval for outside activity and apply gift and ethics rules to their staff. You take part only where your employer's outside-activity policy permits it, and you may decline payment for an engagement where public-employee rules require it.",
      ],
    },
    {
      id: "confidentiality",
      title: "Confidentiality",
      paragraphs: [
        "You never share confidential student records or staff information in research. You keep what clients show you in a session confidential unless they say otherwise.",
      ],
    },
    {
      id: "conflicts",
      title: "Conflicts of Interest",
      paragraphs: [
        "You declare your employer and any vendor or product you have a financial relationship with, and whether you take part in purchasing decisions. You tell the client, through the platform, before you take part in research for an organization you declared.",
      ],
    },
  ],
};

export const COOKIE_POLICY_SECTIONS: PolicySection[] = [
  {
    id: "what-are-cookies",
    title: "What Are Cookies",
    paragraphs: [
      "Cookies are small text files a website asks your browser to keep. They let a site remember something between one page and the next, such as the fact that you are signed in.",
    ],
  },
  {
    id: "how-we-use-cookies",
    title: "How We Use Cookies",
    paragraphs: [
      "We use cookies to keep you signed in, to protect forms against cross-site request forgery, and, for administrators, to remember which account they are viewing as and the time zone their browser reports (so times are shown in their zone). We do not use cookies to follow you around other websites.",
    ],
  },
  {
    id: "types-of-cookies",
    title: "Types of Cookies",
    paragraphs: [],
    list: [
      "Essential: the session cookie that keeps you signed in, the security token that protects sign-in, the page to return to after signing in, and for administrators the sealed view-as cookie and their browser's time zone. The site cannot work without them, so they cannot be switched off.",
      "Analytics: we do not currently set analytics cookies. If we add them, they will count page visits in aggregate, and this policy will be updated first.",
      "Marketing: we do not set marketing or advertising cookies, and we do not allow advertising networks to set them on our pages.",
    ],
  },
  {
    id: "managing-cookies",
    title: "Managing Cookies",
    paragraphs: [
      "Your browser lets you see and delete cookies and block them for any site. If you block essential cookies you will not be able to sign in. Signing out deletes our session and view-as cookies.",
    ],
  },
  {
    id: "third-party-cookies",
    title: "Third-Party Cookies",
    paragraphs: [
      "We do not embed third-party content that sets cookies on our pages. If a research client sends you to an external survey or video-call tool, that service's own cookie policy applies there.",
    ],
  },
];
