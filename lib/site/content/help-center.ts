// Help center FAQ, grouped by category. Plain data so the page stays static and
// the search box can filter it on the client.

import { TAX_RULE } from "@/lib/money/tax";
import { PAYMENT_METHOD_LIST } from "@/lib/vocabulary/payments";
import { RESEARCH_TYPES } from "@/lib/vocabulary/research";
import { PAYMENT_STAGES, POLICY } from "@/lib/money/policy";
import { SCREENER_QUESTIONS } from "@/lib/engagements/screener";
import { SUPPORT_REPLY } from "@/lib/site/schemas/contact-rules";

export type Faq = { id: string; question: string; answer: string };
export type FaqCategory = { id: string; title: string; faqs: Faq[] };

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: "getting-started",
    title: "Getting Started",
    faqs: [
      {
        id: "who-can-join",
        question: "Who can join K12 Experts as an expert?",
        answer:
          "Working and recently retired K-12 professionals: superintendents, assistant superintendents, principals and assistant principals, curriculum, technology, transportation and special education directors, instructional coaches and classroom teachers. You join for free and are never billed.",
      },
      {
        id: "profile-steps",
        question: "What do I need to complete my profile?",
        answer:
          "Six short steps: basics (role, organization, state, time zone), LinkedIn, expertise (years of experience, focus areas, tools, district type and size), research preferences and weekly availability, payment details with W-9 consent, and a quick self-rating pulse. You can save and come back at any step.",
      },
      {
        id: "verification",
        question: "How long does verification take?",
        answer:
          "Our team reviews your role and LinkedIn profile by hand. Until then your status shows PENDING on your dashboard, and it changes there as soon as we decide. Only verified experts with a public profile appear in client searches.",
      },
    ],
  },
  {
    id: "opportunities",
    title: "Research Opportunities",
    faqs: [
      {
        id: "types",
        question: "What kinds of research will I be invited to?",
        answer: `${RESEARCH_TYPES.map((t, i) => (i ? t.label.toLowerCase() : t.label)).join(", ")}. You choose the types you want in your research preferences, and we tell you about new open studies of those types.`,
      },
      {
        id: "declining",
        question: "Does declining an invitation hurt my standing?",
        answer:
          "No. Declining invites doesn't affect your standing, and you control your availability. Keep your availability calendar current so clients invite you at times that work.",
      },
      {
        id: "screeners",
        question: "What is a screener?",
        answer: `Some studies ask up to ${SCREENER_QUESTIONS.max} short multiple-choice questions first to confirm the study fits your role and district. Screeners are not paid; the study itself is.`,
      },
      {
        id: "cancel",
        question: "What happens if a session is cancelled or I cannot attend?",
        answer: `${POLICY.lateCancel} ${POLICY.agreedTime} ${POLICY.reschedule} ${POLICY.afterStart} ${POLICY.noShow} ${POLICY.clientNoShow} If you cannot attend, propose a new time or cancel the session from your dashboard as early as you can; the client is notified.`,
      },
    ],
  },
  {
    id: "payments",
    title: "Payments",
    faqs: [
      {
        id: "payment-flow",
        question: "How does my payment move from Pending QC to Paid?",
        answer: `Every completed activity goes through four stages: ${PAYMENT_STAGES.map((s) => s.name).join(" → ")}. ${PAYMENT_STAGES.map((s) => `${s.name}: ${s.text}`).join(" ")} ${POLICY.qualityReview} ${POLICY.autoComplete}`,
      },
      {
        id: "payment-delayed",
        question: "My payment has not arrived. What should I do?",
        answer: `${POLICY.payout} ${POLICY.latePayout}`,
      },
      {
        id: "methods",
        question: "Which payment methods are supported and how long do they take?",
        answer: `${PAYMENT_METHOD_LIST.map((m) => `${m.label}: ${m.timing}`).join("; ")}, counted from when your payout is sent. Choose yours in the payments step of your profile. We never deduct fees from your earnings.`,
      },
      {
        id: "rates",
        question: "How much do studies pay?",
        answer: POLICY.typicalPay,
      },
      {
        id: "taxes",
        question: "Do I need to fill out tax forms?",
        answer: TAX_RULE,
      },
    ],
  },
  {
    id: "clients",
    title: "For Research Clients",
    faqs: [
      {
        id: "find-experts",
        question: "How do I find the right experts?",
        answer:
          "Sign in as a client and search verified public profiles by role, state, district type, tools, availability, hourly rate and years of experience. Shortlist the people you like and send invitations from the same screen.",
      },
      {
        id: "client-incentive",
        question: "Can I change a project's incentive after inviting experts?",
        answer: `Yes, with Edit on the project page. ${POLICY.incentiveChange} Each engagement on the project page shows what it pays.`,
      },
      {
        id: "client-cancel",
        question: "Can I cancel a scheduled session?",
        answer: `Yes, from the project page, with a reason the expert reads, until the session starts. ${POLICY.lateCancel} ${POLICY.agreedTime} ${POLICY.reschedule} ${POLICY.afterStart} ${POLICY.clientNoShow} ${POLICY.autoComplete}`,
      },
    ],
  },
  {
    id: "account",
    title: "Account & Privacy",
    faqs: [
      {
        id: "visibility",
        question: "Who can see my profile?",
        answer:
          "Once you are verified, your public profile (your name, role and the details you choose to show) is a web page anyone can open, and search engines list it; research clients who sign in can also search and filter the directory. You decide whether your organization, experience, rates and contact information are shown; contact information is hidden by default, and your e-mail address never appears on a public page. You can hide your whole profile at any time in Settings.",
      },
      {
        id: "data",
        question: "How is my data protected?",
        answer:
          "Payment details are encrypted at rest, passwords are stored as slow one-way hashes, and we record the version of the Privacy & Data Policy you accepted. Read the full Privacy & Data Policy for details and your rights.",
      },
      {
        id: "support-time",
        question: "How quickly does support reply?",
        answer: SUPPORT_REPLY,
      },
    ],
  },
];
