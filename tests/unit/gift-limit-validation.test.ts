// The district's annual gift limit as the policy form takes it: dollars typed by a person, kept
// as whole cents, within the policy's bounds; a blank field means no limit.
import { describe, expect, it } from "vitest";
import { giftLimitDollarsSchema, researchPolicySchema } from "@/lib/districts/schemas/research-policy";

const POLICY = { approvalRequired: "no" as const, source: "The district's research page", sourceDate: "2026-10-01" };
const cents = (s: string) => giftLimitDollarsSchema.parse(s);
const refusal = (s: string) => giftLimitDollarsSchema.safeParse(s).error?.issues[0].message;
const policyRefusal = (giftLimitCents: number) => researchPolicySchema.safeParse({ ...POLICY, giftLimitCents }).error?.issues[0].message;

describe("the gift limit field", () => {
  it("reads dollars to cents, and blank as no limit", () => {
    expect(cents("250")).toBe(25_000);
    expect(cents(" 250.5 ")).toBe(25_050);
    expect(cents("$1,000.25")).toBe(100_025);
    expect(cents("0")).toBe(0);
    expect(cents("")).toBeNull();
    expect(researchPolicySchema.parse({ ...POLICY, giftLimitCents: null }).giftLimitCents).toBeNull();
    expect(researchPolicySchema.parse(POLICY).giftLimitCents).toBeNull();
  });

  it("refuses what is not an amount in dollars and cents", () => {
    for (const bad of ["-5", "12.345", "ten", "1e3", "50 dollars", "NaN"])
      expect(refusal(bad), bad).toBe("Enter the gift limit in dollars, like 250 or 250.50.");
  });

  it("keeps the limit between $0 and $10,000, in whole cents", () => {
    expect(researchPolicySchema.parse({ ...POLICY, giftLimitCents: 10_000_00 }).giftLimitCents).toBe(10_000_00);
    expect(policyRefusal(10_000_01)).toBe("The gift limit is at most $10,000.");
    expect(policyRefusal(-1)).toBe("The gift limit cannot be negative.");
    expect(policyRefusal(12.5)).toBe("Enter the gift limit in whole cents.");
    expect(policyRefusal(Number.NaN)).toBe("Enter the gift limit in dollars.");
  });
});
