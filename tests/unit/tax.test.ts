import { describe, expect, it } from "vitest";
import { NEC_THRESHOLDS, TAX_RULE, isReportable, thresholdFor } from "@/lib/money/tax";
import { FAQ_CATEGORIES } from "@/lib/site/content/help-center";
import { PAYMENT_POLICY, TERMS } from "@/lib/site/content/policies";
import { PAYMENT_METHODS, PAYMENT_METHOD_LIST } from "@/lib/vocabulary/payments";

describe("thresholdFor (the 1099-NEC table)", () => {
  it("$600 for 2025 and every year before, $2,000 for 2026, in integer cents", () => {
    expect(thresholdFor(2025)).toBe(60_000);
    expect(thresholdFor(2024)).toBe(60_000);
    expect(thresholdFor(1999)).toBe(60_000);
    expect(thresholdFor(2026)).toBe(200_000);
    for (const row of NEC_THRESHOLDS) expect(Number.isSafeInteger(row.cents)).toBe(true);
  });

  it("a year without a row uses the latest row until the IRS figure is added", () => {
    const latest = NEC_THRESHOLDS[NEC_THRESHOLDS.length - 1];
    expect(thresholdFor(latest.year + 1)).toBe(latest.cents);
    expect(thresholdFor(2040)).toBe(latest.cents);
  });

  it("rows are in year order, one per year, and from 2026 in whole $100 steps", () => {
    const years = NEC_THRESHOLDS.map((r) => r.year);
    expect(years).toEqual([...new Set(years)].sort((a, b) => a - b));
    for (const row of NEC_THRESHOLDS.filter((r) => r.year >= 2026)) expect(row.cents % 10_000).toBe(0);
  });

  it("the threshold itself is reportable (the IRS rule is 'or more'); a cent less is not", () => {
    expect(isReportable(200_000, 2026)).toBe(true);
    expect(isReportable(199_999, 2026)).toBe(false);
    expect(isReportable(60_000, 2025)).toBe(true);
    expect(isReportable(59_999, 2025)).toBe(false);
  });

  it("refuses a fractional year", () => {
    expect(() => thresholdFor(2026.5)).toThrow();
  });
});

describe("what the pages say matches the code", () => {
  const faq = (id: string) => FAQ_CATEGORIES.flatMap((c) => c.faqs).find((f) => f.id === id)!.answer;

  it("the help center, payment policy and terms quote the table, not the old $400 promise", () => {
    expect(TAX_RULE).toContain("$600 for 2025 and earlier, $2,000 for 2026");
    const texts = [faq("taxes"), ...PAYMENT_POLICY.sections.flatMap((s) => s.paragraphs), ...TERMS.sections.flatMap((s) => s.paragraphs)];
    expect(texts.filter((t) => t.includes(TAX_RULE))).toHaveLength(3);
    for (const t of texts) expect(t).not.toMatch(/\$400/);
  });

  it("the help center and the payment policy list exactly the methods onboarding offers, each with its timing", () => {
    expect(PAYMENT_METHOD_LIST.map((m) => m.value)).toEqual(PAYMENT_METHODS.map((m) => m.value));
    for (const m of PAYMENT_METHOD_LIST) {
      expect(m.timing).toMatch(/^\d-\d+ business days$/);
      expect(faq("methods")).toContain(`${m.label}: ${m.timing}`);
    }
    expect(PAYMENT_POLICY.sections.find((s) => s.id === "methods")!.list).toEqual(
      PAYMENT_METHOD_LIST.map((m) => `${m.label}: ${m.timing}.`),
    );
    expect(faq("methods")).toContain("Check: 7-10 business days");
  });
});
