// Every promise on the site is true: the help center, the policies, the landing
// page and the other pages a visitor reads may name a payment method, an amount, a percentage or
// a delay only by quoting the lib/ module that enforces it. A figure typed into the copy ("paid
// within 7 business days", "a W-9 at $400", "by check") fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAQ_CATEGORIES } from "@/lib/site/content/help-center";
import { HOW_IT_WORKS, LANDING } from "@/lib/site/content/marketing";
import { COOKIE_POLICY_SECTIONS, EXPERT_AGREEMENT, PAYMENT_POLICY, PRIVACY_POLICY, TERMS } from "@/lib/site/content/policies";
import { COOKIE_POLICY_VERSION, POLICY_VERSIONS } from "@/lib/accounts/policy-versions";
import { TERMINATION_NOTICE_DAYS } from "@/lib/accounts/constants";
import { nextFriday } from "@/lib/platform/dates";
import {
  HOURLY_RATE_GUIDE,
  PAYMENT_STAGES,
  PAYOUT_DUE_BUSINESS_DAYS,
  PAYOUT_LATE_BUSINESS_DAYS,
  PAYOUT_PROMISE,
  PAYOUT_WEEKDAY,
  POLICY,
  TYPICAL_PAY,
  payoutDueDate,
  payRange,
} from "@/lib/money/policy";
import { LINKEDIN_VERIFICATION_PROMISE, VERIFICATION_DUE_BUSINESS_DAYS, verificationWait } from "@/lib/experts/verification-rules";
import { TAX_RULE_POINTS } from "@/lib/money/tax";
import { CONTACT_MESSAGES, SUPPORT_REPLY } from "@/lib/site/schemas/contact-rules";
import { SUPPORT_REPLY_TIME } from "@/lib/vocabulary/support";
import { PAYMENT_METHOD_DAYS, PAYMENT_METHOD_LIST, PAYMENT_METHODS, PAYMENT_METHODS_PHRASE } from "@/lib/vocabulary/payments";

/** The sentences and phrases lib/ defines, which the copy may quote (longest first, so a sentence goes before its parts). */
const DEFINED = [
  ...Object.values(POLICY),
  LINKEDIN_VERIFICATION_PROMISE,
  ...TAX_RULE_POINTS,
  SUPPORT_REPLY,
  CONTACT_MESSAGES.successDescription,
  `reply within ${SUPPORT_REPLY_TIME}`,
  ...PAYMENT_STAGES.map((s) => s.text),
  ...PAYMENT_METHOD_LIST.map((m) => `${m.label}: ${m.timing}`),
  ...TYPICAL_PAY.map(payRange),
  HOURLY_RATE_GUIDE,
  `${TERMINATION_NOTICE_DAYS} days' written notice`,
  PAYMENT_METHODS_PHRASE,
  ...PAYMENT_METHODS.map((m) => m.label),
].sort((a, b) => b.length - a.length);

/** Messages the spec fixes word for word, shown as toasts; they stay even where lib/ has no sentence for them. */
const SPEC_FIXED = ["Your payout request has been submitted and will be processed within 7 business days."];

/** Claims a visitor reads as a promise: money, shares, delays, and payment methods we do not offer. */
const CLAIMS: { kind: string; pattern: RegExp }[] = [
  { kind: "amount", pattern: /\$\s?\d[\d,]*(?:\.\d+)?/g },
  { kind: "percentage", pattern: /\b\d+(?:\.\d+)?\s?%|\b\d+\s+percent\b/gi },
  { kind: "delay", pattern: /\b\d+(?:\s?[-–]\s?\d+)?\s+(?:business\s+|calendar\s+|working\s+)?(?:days?|weeks?)\b/gi },
  {
    kind: "payment method",
    pattern: /\b(?:cheques?|wire transfers?|cash ?app|direct deposit|gift cards?|crypto(?:currency)?|bitcoin|money orders?|payoneer)\b/gi,
  },
  // "check" is also a verb ("check back", "Check Availability"): only as a way to be paid.
  { kind: "payment method", pattern: /\b(?:by|via|or|paper|mailed)\s+checks?\b|\bchecks?\b(?=\s*(?::|\(|\d|payments?\b|by mail))/gi },
];

/** What the text claims that lib/ does not define. */
export function undefinedClaims(text: string): string[] {
  let rest = text;
  for (const fixed of [...SPEC_FIXED, ...DEFINED]) rest = rest.split(fixed).join(" ⟨lib⟩ ");
  return CLAIMS.flatMap(({ kind, pattern }) =>
    [...rest.matchAll(pattern)].map(
      (m) => `${kind} “${m[0]}” in “…${rest.slice(Math.max(0, m.index - 60), m.index + m[0].length + 30).trim()}…”`,
    ),
  );
}

/** Every string inside a value (the content modules are plain data). */
const strings = (v: unknown): string[] =>
  typeof v === "string" ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === "object" ? Object.values(v).flatMap(strings) : [];

/** Pages and components with copy written in their JSX; comments are left out (they explain, they do not promise). */
const SOURCE_FILES = [
  "app/page.tsx",
  "app/(public)/how-it-works/page.tsx",
  "app/(public)/help-center/page.tsx",
  "app/(public)/help/page.tsx",
  "app/(public)/contact/page.tsx",
  "app/(public)/cookies/page.tsx",
  "app/(public)/terms/page.tsx",
  "app/(public)/privacy-data/page.tsx",
  "app/(public)/payment-policy/page.tsx",
  "app/(public)/expert-agreement/page.tsx",
  "app/payments/(wallet)/page.tsx",
  "components/public/help-center-faq.tsx",
  "components/public/help-center-search.tsx",
  "components/public/policy-page.tsx",
  "components/directory/experts-marketing.tsx",
  "components/onboarding/payments-fields.tsx",
  "components/onboarding/linkedin-fields.tsx",
  "components/dashboard/wallet-card.tsx",
];
const withoutComments = (source: string) => source.replace(/\{?\/\*[\s\S]*?\*\/\}?/g, " ").replace(/(^|[^:"'`\w])\/\/.*$/gm, "$1");
const sourceText = (file: string) => withoutComments(readFileSync(path.resolve(file), "utf8"));

const CONTENT: [string, string[]][] = [
  ["help center", strings(FAQ_CATEGORIES)],
  ["privacy policy", strings(PRIVACY_POLICY)],
  ["terms", strings(TERMS)],
  ["payment policy", strings(PAYMENT_POLICY)],
  ["expert agreement", strings(EXPERT_AGREEMENT)],
  ["cookie policy", strings(COOKIE_POLICY_SECTIONS)],
  ["landing page", strings(LANDING)],
  ["how it works", strings(HOW_IT_WORKS)],
  ...SOURCE_FILES.map((f): [string, string[]] => [f, [sourceText(f)]]),
];

describe("every promise on the site is defined in lib/", () => {
  it.each(CONTENT)("the %s names no payment method, amount, share or delay that lib/ does not define", (_where, texts) => {
    expect(texts.flatMap(undefinedClaims)).toEqual([]);
  });

  it("catches the promises that were false (so the checks above can fail)", () => {
    expect(undefinedClaims("Once the work is approved, we pay you within 7 business days via PayPal, ACH or check.")).toEqual([
      expect.stringContaining("delay “7 business days”"),
      expect.stringContaining("payment method “or check”"),
    ]);
    expect(undefinedClaims("We collect a W-9 when your earnings reach $400.")).toEqual([expect.stringContaining("amount “$400”")]);
    // Even a real threshold counts only inside the rule lib/money/tax.ts words.
    expect(undefinedClaims("A 1099 is issued at $2,000.")).toEqual([expect.stringContaining("amount “$2,000”")]);
    expect(undefinedClaims("We verify you, usually within 1-2 business days.")).toEqual([
      expect.stringContaining("delay “1-2 business days”"),
    ]);
    // "Check" is a method now, but its time is quoted from lib/, never typed.
    expect(undefinedClaims("Payouts: Check 7-10 business days.")).toEqual([expect.stringContaining("delay “7-10 business days”")]);
    expect(undefinedClaims("A 5% platform fee applies.")).toEqual([expect.stringContaining("percentage “5%”")]);
    // Quoting lib/ passes; the verb "check" is not a payment method.
    expect(
      undefinedClaims(
        `${POLICY.latePayout} ${PAYMENT_METHOD_LIST.map((m) => `${m.label}: ${m.timing}`).join("; ")}. Check back next week.`,
      ),
    ).toEqual([]);
  });
});

describe("the figures lib/ defines agree with what the code does", () => {
  it("a cash out's estimated payout date falls on the weekday the copy names", () => {
    const weekday = (d: Date) => new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(d);
    for (let day = 0; day < 7; day++) expect(weekday(nextFriday(new Date(Date.UTC(2026, 10, 22 + day, 15))))).toBe(PAYOUT_WEEKDAY);
  });

  it("support hears of a late payout only after the slowest method's longest time", () => {
    for (const [, most] of Object.values(PAYMENT_METHOD_DAYS)) expect(PAYOUT_LATE_BUSINESS_DAYS).toBeGreaterThanOrEqual(most);
  });

  it("every method the pages name is one onboarding offers, check included with its 7-10 business days", () => {
    expect(PAYMENT_METHOD_LIST.map((m) => m.value)).toEqual(PAYMENT_METHODS.map((m) => m.value));
    expect(PAYMENT_METHOD_LIST.find((m) => m.value === "check")).toMatchObject({ label: "Check", timing: "7-10 business days" });
  });
});

describe("the spec's promises, said again word for word and kept by a clock", () => {
  it("the pages say the spec's sentences, each quoted from the rule that keeps it", () => {
    expect(PAYOUT_PROMISE).toMatch(/^paid within 7 business days .*via PayPal, ACH or check$/);
    expect(LINKEDIN_VERIFICATION_PROMISE).toContain("verification takes 1-2 business days");
    const landing = strings(LANDING).join(" ");
    expect(landing).toContain(PAYOUT_PROMISE);
    expect(sourceText("app/payments/(wallet)/page.tsx")).toContain("POLICY.payoutClock");
    expect(sourceText("components/onboarding/linkedin-fields.tsx")).toContain("LINKEDIN_VERIFICATION_PROMISE");
    expect(strings(FAQ_CATEGORIES).join(" ")).toContain("Check: 7-10 business days");
  });

  it("the numbers in the sentences are the clocks' numbers", () => {
    expect(PAYOUT_DUE_BUSINESS_DAYS).toBe(7);
    expect(VERIFICATION_DUE_BUSINESS_DAYS).toBe(2);
    // Requested on a Friday, due seven weekdays later (the second Tuesday after).
    expect(payoutDueDate(new Date("2026-11-06T15:00:00Z")).toISOString().slice(0, 10)).toBe("2026-11-17");
    // Pending since Monday morning: on time through Wednesday morning, late after.
    const since = new Date("2026-11-02T09:00:00Z");
    expect(verificationWait(since, new Date("2026-11-04T08:59:00Z")).overdue).toBe(false);
    expect(verificationWait(since, new Date("2026-11-04T09:01:00Z")).overdue).toBe(true);
  });

  it("each policy's date is its version's real date, never the day it is read", () => {
    const today = new Date();
    for (const p of [...Object.values(POLICY_VERSIONS), COOKIE_POLICY_VERSION]) {
      const effective = new Date(`${p.effective} 00:00 UTC`);
      expect(Number.isNaN(effective.getTime()), `${p.title}: "${p.effective}" is a date`).toBe(false);
      expect(effective.getTime(), `${p.title} is not dated in the future`).toBeLessThanOrEqual(today.getTime());
    }
    expect(sourceText("app/(public)/cookies/page.tsx")).toContain("COOKIE_POLICY_VERSION.effective");
    expect(sourceText("app/(public)/cookies/page.tsx")).not.toMatch(/new Date\(/);
  });
});
