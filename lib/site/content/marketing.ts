// The landing page's and How It Works' copy, kept as data so the site-promises test reads every
// claim they make. Each figure is quoted from the module that enforces it (lib/money/policy.ts,
// lib/vocabulary/payments.ts, lib/accounts/policy-versions.ts), never typed here.
import { POLICY_VERSIONS } from "@/lib/accounts/policy-versions";
import { LATE_CANCEL_HOURS } from "@/lib/money/policy";
import { SCREENER_QUESTIONS } from "@/lib/engagements/screener";
import { PAYOUT_WEEKDAY, POLICY, TYPICAL_PAY, payRange } from "@/lib/money/policy";
import { PAYMENT_METHODS_PHRASE } from "@/lib/vocabulary/payments";

export type Step = { title: string; text: string };

const interview = TYPICAL_PAY.find((r) => r.activity === "30-minute interview")!;

export const LANDING = {
  description: `Superintendents, principals, curriculum directors and teachers earn ${payRange(interview)} per ${interview.activity} sharing expertise with education researchers. Free to join, never billed, and no fees taken from your pay.`,
  steps: [
    {
      title: "Create your profile",
      text: "Tell us your role, district and areas of expertise in six short steps. Our team then reviews your role and LinkedIn profile to verify you.",
    },
    {
      title: "Accept invitations",
      text: "Research teams invite you to surveys, interviews and focus groups that match your experience. Say yes only to what fits your schedule.",
    },
    {
      title: "Get paid",
      text: `After the client's quality review your earnings become Available. Cash out when you like, by ${PAYMENT_METHODS_PHRASE}, with no fees taken out.`,
    },
  ],
  benefits: [
    {
      title: "On your schedule",
      text: "Set your weekly availability and school hours, and pause invites when you need a break. Declining an invite never affects your standing.",
    },
    {
      title: "Shape what reaches classrooms",
      text: "Curriculum publishers, edtech teams and policy researchers build better tools when practitioners weigh in.",
    },
    {
      title: "You control your profile",
      text: "Choose whether your organization, experience and rates are shown. Your contact details stay hidden by default.",
    },
    {
      title: "Verified community",
      text: "Every expert is reviewed, so clients trust the insight and invite you for the work you know best.",
    },
  ],
  /** "Payments you can count on": each point's bold lead and the rest of it. */
  payments: [
    { lead: "Paid on time:", rest: POLICY.payoutClock },
    {
      lead: "Cash out any time",
      rest: `by ${PAYMENT_METHODS_PHRASE}; your wallet shows each payout's estimated date, the ${PAYOUT_WEEKDAY} after.`,
    },
    { lead: "No hidden fees:", rest: "nothing is deducted from what you earn." },
    { lead: "Never billed:", rest: "you are paid only for completed research work." },
  ],
} as const;

export const HOW_IT_WORKS = {
  description:
    "How K12 Experts works for education experts (profile, verification, invitations, payment) and for research clients (search, shortlist, invite).",
  expertSteps: [
    {
      title: "Sign up for free",
      text: `Register with your name, district or organization and role. You accept our Terms, Privacy & Data Policy (version ${POLICY_VERSIONS.PRIVACY.version}), Payment Policy and Expert Agreement, and you are never billed.`,
    },
    {
      title: "Complete your profile",
      text: "Six steps: basics, LinkedIn, expertise, research preferences and availability, payment details with W-9 consent, and a short self-rating pulse.",
    },
    {
      title: "Get verified",
      text: "Our team confirms your role and LinkedIn profile; your dashboard shows PENDING until then. Verified public profiles appear to research clients.",
    },
    {
      title: "Take part in research",
      text: `Apply to open opportunities or accept invitations: online surveys, phone or video interviews and focus groups. Some studies start with a short screener of up to ${SCREENER_QUESTIONS.max} questions.`,
    },
    {
      title: "Get paid",
      text: `Your earnings move from Pending QC (the client's quality review) to Available. Cash out when you like; the payout moves to Processing and then Paid, by ${PAYMENT_METHODS_PHRASE}.`,
    },
  ] satisfies Step[],
  clientSteps: [
    { title: "Create a client account", text: "Register as a research client and verify your e-mail address." },
    {
      title: "Search verified experts",
      text: "Filter by role, state, district type, tools, availability, hourly rate and years of experience.",
    },
    {
      title: "Shortlist and invite",
      text: "Save promising experts to a shortlist and send invitations for your survey, interview or focus group.",
    },
    {
      title: "Run your study",
      text: `Propose times outside the expert's school hours and they pick one. Cancelling less than ${LATE_CANCEL_HOURS} hours ahead incurs a late-cancellation fee.`,
    },
  ] satisfies Step[],
} as const;
