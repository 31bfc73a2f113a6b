// What the off-platform warning catches, and what it leaves alone: ordinary talk about times,
// years, grades and counts must never be held back.
import { describe, expect, it } from "vitest";
import { offPlatformFlags, offPlatformWarning } from "@/lib/engagements/message-rules";

describe("off-platform contact and payment", () => {
  it.each([
    ["write to me at maria.lopez@lusd.org", ["email"]],
    ["maria (at) lusd (dot) org", ["email"]],
    ["call (415) 555-0134", ["phone"]],
    ["my cell is +1 415 555 0134", ["phone"]],
    ["I can pay you directly through PayPal", ["payment"]],
    ["Zelle works, or a gift card", ["payment"]],
    ["jo@k12.ca.us, 415.555.0134, Venmo", ["email", "phone", "payment"]],
  ])("%s", (text, flags) => expect(offPlatformFlags(text)).toEqual(flags));

  it.each([
    "Can we move to 4:30 PM on 12/03?",
    "We ran the pilot in 2024-2025 with grades 3-5 in 12 schools.",
    "The agenda has 3 parts: 10 min intro, 40 min discussion, 10 min wrap-up.",
    "Thanks! Payment through the platform is fine.",
    "Our district code is 0612345.",
  ])("leaves alone: %s", (text) => expect(offPlatformFlags(text)).toEqual([]));

  it("names what it found in the warning", () => {
    expect(offPlatformWarning(["phone"])).toMatch(
      /^Keep contact and payment on K12 Experts\. This message looks like it shares a phone number\./,
    );
  });
});
