// The money rules in one place: the services apply these numbers, and the help center, the
// terms, the payment policy and the client's confirmation dialogs quote these sentences.

import { addBusinessDays, utcDate } from "@/lib/platform/dates";
import { PAYMENT_METHOD_DAYS } from "@/lib/vocabulary/payments";
import { PAYMENT_INQUIRY_REPLY_TIME } from "@/lib/vocabulary/support";

/** Bonuses to one expert in a project above this wait for a billing member's approval, unless the organization sets another amount. */
export const BONUS_APPROVAL_DEFAULT_CENTS = 10_000;

/** A client cancelling less than this before the session is recorded as a late cancel. */
export const LATE_CANCEL_HOURS = 24;

/** The client's quality-review window after a session is completed, in business days. */
export const QC_BUSINESS_DAYS = 3;
/** A scheduled session the client has not marked this many days after its end counts as completed. */
export const AUTO_COMPLETE_DAYS = 7;
/** The share of the incentive a client's late cancel pays the expert. */
export const LATE_CANCEL_FEE_PERCENT = 50;
/**
 * The share of the incentive the expert is paid when the client misses a session at a time both
 * sides agreed: the expert kept the time in full, so missing it costs the client no less than
 * turning up would (and never less than a late cancel).
 */
export const CLIENT_NO_SHOW_FEE_PERCENT = 100;
/**
 * How long after recording a focus group's attendance the client may correct it. Pay is booked
 * from the final marks when this window closes, so a correction never has to undo money.
 */
export const ATTENDANCE_CORRECTION_HOURS = 48;
/** How long after a session's start an expert may report that the client did not run it. */
export const NO_SHOW_CLAIM_DAYS = 7;

/** A cash out's estimated payout date is the next one of these days (nextFriday in lib/platform/dates.ts, set by cashOut). */
export const PAYOUT_WEEKDAY = "Friday";
/**
 * A payout not arrived this many business days after its estimated date goes to support (the
 * help center's 7 business days): never sooner than the slowest method's longest time.
 */
export const PAYOUT_LATE_BUSINESS_DAYS = Math.max(7, ...Object.values(PAYMENT_METHOD_DAYS).map(([, most]) => most));

/** Every payout is due this many business days after the expert asks for it (the payout clock). */
export const PAYOUT_DUE_BUSINESS_DAYS = 7;
/** The date a payout requested at `requestedAt` is due (a DATE, UTC): stored on the payout when it is created. */
export const payoutDueDate = (requestedAt: Date) => utcDate(addBusinessDays(requestedAt, PAYOUT_DUE_BUSINESS_DAYS));
/** The promise the payout clock keeps, in the product's own words; the landing page quotes it. */
export const PAYOUT_PROMISE = `paid within ${PAYOUT_DUE_BUSINESS_DAYS} business days of your cash out, via PayPal, ACH or check`;

/** Typical pay by activity, in dollars; each opportunity shows its own amount before anyone applies. */
export const TYPICAL_PAY = [
  { activity: "15-minute survey", from: 25, to: 75 },
  { activity: "30-minute interview", from: 50, to: 150 },
  { activity: "60-minute focus group", from: 100, to: 300 },
] as const;
/** "$50-$150" */
export const payRange = (r: { from: number; to: number }) => `$${r.from}-$${r.to}`;

/** What experts typically charge by the hour (the payments step's help text), in dollars. */
export const TYPICAL_HOURLY_RATES = [
  { who: "superintendents and directors", from: 100, to: 200 },
  { who: "principals and coordinators", from: 75, to: 150 },
  { who: "teachers", from: 50, to: 100 },
] as const;
export const HOURLY_RATE_GUIDE = `Typical rates are $${Math.min(...TYPICAL_HOURLY_RATES.map((r) => r.from))}-${Math.max(...TYPICAL_HOURLY_RATES.map((r) => r.to))}/hour: ${TYPICAL_HOURLY_RATES.map((r) => `${r.who} $${r.from}-${r.to}`).join(", ")}.`;

/** The late-cancel fee for an incentive, in whole cents (rounded down). */
export const lateCancelFeeCents = (incentiveCents: number) => Math.floor((incentiveCents * LATE_CANCEL_FEE_PERCENT) / 100);
/** The client no-show fee for an incentive, in whole cents (rounded down). */
export const clientNoShowFeeCents = (incentiveCents: number) => Math.floor((incentiveCents * CLIENT_NO_SHOW_FEE_PERCENT) / 100);

/** How each kind of earning reads (the expert's earnings, the client's project page). */
export const EARNING_KIND_LABELS: Record<string, string> = {
  session: "Incentive",
  survey: "Survey incentive",
  late_cancel_fee: "Late-cancellation fee",
  client_no_show_fee: "Client no-show fee",
  screen_out_fee: "Survey screen-out pay",
  over_quota_fee: "Survey over-quota pay",
  bonus: "Bonus",
  backup_fee: "Focus-group backup fee",
};

export const POLICY = {
  lateCancel: `A client who cancels a scheduled session less than ${LATE_CANCEL_HOURS} hours before a time both sides agreed incurs a late-cancellation fee: the expert is paid ${LATE_CANCEL_FEE_PERCENT}% of the session's incentive. Earlier cancellations are free, and so is cancelling a time the client has not agreed to.`,
  agreedTime: `A time that one side sets alone must be at least ${LATE_CANCEL_HOURS} hours away; a closer time waits until the other side confirms it.`,
  reschedule:
    "Moving a scheduled session is a proposal: the other side accepts the new time or keeps the current one. Until the new time is accepted, the current time stands, and reminders, calendar files and the late-cancellation window follow it.",
  afterStart: "Once a session has started it can no longer be cancelled: it is marked completed, recorded as a no-show, or disputed.",
  noShow:
    "An expert who misses a scheduled session without notice forfeits the fee for that session: when the client marks a no-show, the expert is not paid. The expert is told and can report it to our team, who decide.",
  clientNoShow: `A client who misses a session at a time both sides agreed pays the expert ${CLIENT_NO_SHOW_FEE_PERCENT}% of the session's incentive (a focus group's backup seat, its backup fee). The expert reports it with a reason within ${NO_SHOW_CLAIM_DAYS} days of the start; nothing is paid until our team has read both sides and decided.`,
  attendanceCorrection: `A focus group's client records who attended and can correct it for ${ATTENDANCE_CORRECTION_HOURS} hours; each change is in the engagement's history and the expert is told. Pay follows the final record when that window closes.`,
  autoComplete: `A session at a time both sides agreed that the client has not marked completed or no-show within ${AUTO_COMPLETE_DAYS} days after its end counts as completed.`,
  qualityReview: `The client may open a dispute, with a reason, within ${QC_BUSINESS_DAYS} business days after the session is completed; otherwise the earnings become Available when that window closes. A dispute holds the money until an admin resolves it, to the expert or back to the client, with a note both sides see.`,
  payout: `Cash out your Available balance whenever you like. Each payout has an estimated payout date, the ${PAYOUT_WEEKDAY} after you cash out, shown in your wallet; once sent, it takes your payment method's time to reach you. No fees are deducted.`,
  payoutClock: `Every payout is ${PAYOUT_PROMISE}, with no hidden fees.`,
  latePayout: `If a payout has not arrived ${PAYOUT_LATE_BUSINESS_DAYS} business days after its estimated payout date, contact support with its date and amount; we answer payment inquiries within ${PAYMENT_INQUIRY_REPLY_TIME}.`,
  typicalPay: `Typical compensation is ${TYPICAL_PAY.map((r) => `${payRange(r)} for a ${r.activity}`).join(", ")}. The exact amount is shown on every opportunity before you apply or accept, and that amount is yours from then on: if the client later raises it, you are paid the higher amount; if the client lowers it, only experts who join after the change get the lower one.`,
  incentiveChange:
    "A raise also applies to every expert already invited, applying or accepted whose session is not yet over; a cut applies only to experts invited or applying after it, so nobody is paid less than the amount shown when they were invited or applied.",
  moneyGate:
    "Every payment a client commits to (accepting an expert, raising pay, a fee, a survey or focus-group payment, a bonus) is reserved from the project's budget and the organization's funds and credit at that moment; what they cannot cover is refused, so every amount in your earnings is already backed.",
  raiseAfterAcceptance:
    "A raise for experts already taking part is reserved for each of them when it is made, or refused with the amount missing.",
  bonus: `A bonus is reserved like any other payment and is in Pending QC for the client's ${QC_BUSINESS_DAYS}-business-day review window before it becomes Available.`,
  bonusApproval: `Bonuses to one expert in a project above the organization's threshold ($${BONUS_APPROVAL_DEFAULT_CENTS / 100} unless it sets another) are paid only once an owner, admin or finance member approves them.`,
  projectBudget: "A project's budget is set by the organization's owners, admins and finance members; researchers work within it.",
} as const;

/** The rules a client reads in their own dialogs, addressed to them. */
export const CLIENT_POLICY = {
  qualityReview: `You may open a dispute, with a reason, within ${QC_BUSINESS_DAYS} business days after the session is completed; otherwise the expert's earnings become Available when that window closes. A dispute holds the money until an admin resolves it, to the expert or back to you, with a note you and the expert both see.`,
} as const;

/** The four stages of an expert's money, as the wallet, /payments, the help center and the payment policy describe them. */
export const PAYMENT_STAGES = [
  { name: "Pending QC", text: `the client's quality review of the completed work (${QC_BUSINESS_DAYS} business days).` },
  {
    name: "Available",
    text: "when the review window closes (or an admin settles a dispute in your favour), the earnings join your available balance, ready to cash out.",
  },
  { name: "Processing", text: `you cash out and we send the payment; its estimated payout date is the ${PAYOUT_WEEKDAY} after.` },
  { name: "Paid", text: "the money has been sent by your chosen method." },
] as const;

/** Who may book each fee, when, and what record stands behind it: the services follow this table and the payment policy quotes its sentences. */
export type FeeRule = {
  /** Who asks for the fee; "nobody" when the other side's own act books it. */
  claimedBy: "nobody" | "expert";
  /** Who decides that it is owed. */
  decidedBy: "client's record" | "admin" | "survey tool";
  when: string;
  evidence: string;
  /** The payment policy's sentence. */
  sentence: string;
};

export const FEE_RULES: Record<"late_cancel_fee" | "client_no_show_fee" | "backup_fee" | "screen_out_fee" | "over_quota_fee", FeeRule> = {
  late_cancel_fee: {
    claimedBy: "nobody",
    decidedBy: "client's record",
    when: `the client cancels less than ${LATE_CANCEL_HOURS} hours before a time both sides agreed, before it starts`,
    evidence: "the client's own cancel, its time and the agreed time, in the engagement's history",
    sentence: `${EARNING_KIND_LABELS.late_cancel_fee}: booked only by the client's own cancel less than ${LATE_CANCEL_HOURS} hours before a time both sides agreed; nobody else can claim it.`,
  },
  client_no_show_fee: {
    claimedBy: "expert",
    decidedBy: "admin",
    when: `after the session's start and within ${NO_SHOW_CLAIM_DAYS} days, once per engagement`,
    evidence: "the expert's reason, the client's attendance record and the engagement's history, read by an admin",
    sentence: `${EARNING_KIND_LABELS.client_no_show_fee}: the expert reports, with a reason, that the client did not run the session; an admin reads both sides and decides, and only that decision books the fee.`,
  },
  backup_fee: {
    claimedBy: "nobody",
    decidedBy: "client's record",
    when: `the client marks a backup seat not needed (correctable for ${ATTENDANCE_CORRECTION_HOURS} hours), or never records it within ${AUTO_COMPLETE_DAYS} days`,
    evidence: "the client's attendance sheet",
    sentence: `${EARNING_KIND_LABELS.backup_fee}: paid for a backup seat the client's attendance sheet marks not needed (or never marks), once the ${ATTENDANCE_CORRECTION_HOURS}-hour correction window closes; a backup seat never earns more unless the client records that it took part.`,
  },
  screen_out_fee: {
    claimedBy: "nobody",
    decidedBy: "survey tool",
    when: "the client's survey sends the participant to its screen-out end, while their place is open",
    evidence: "the survey tool's screen-out end with that participant's own code",
    sentence: `${EARNING_KIND_LABELS.screen_out_fee}: booked when the client's own survey sends that participant to its screen-out end; a code typed by anyone else does not count.`,
  },
  over_quota_fee: {
    claimedBy: "nobody",
    decidedBy: "survey tool",
    when: "the client's survey sends the participant to its over-quota end while their place is open",
    evidence: "the survey tool's over-quota end with that participant's own code",
    sentence: `${EARNING_KIND_LABELS.over_quota_fee}: booked when the client's own survey sends that participant to its over-quota end; a code typed by anyone else does not count.`,
  },
};
