import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DEMO_PASSWORD } from "@/lib/accounts/constants";
import { isCommonPassword, passwordProblem, PASSWORD_MESSAGES } from "@/lib/accounts/password-rules";
import { PASSWORD } from "../factories";

describe("passwordProblem", () => {
  it("accepts the demo password and the passwords the tests use", () => {
    for (const p of [DEMO_PASSWORD, PASSWORD, "a-new-password-1", "Another-Pass-9", "second-password", "correct horse battery staple"]) {
      expect(passwordProblem(p), p).toBeNull();
    }
  });

  it("refuses short, over-long and space-padded passwords without trimming them", () => {
    expect(passwordProblem("Ab1!xyz")).toBe("Password must be at least 8 characters.");
    expect(passwordProblem("x".repeat(201))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordProblem(`  ${DEMO_PASSWORD}`)).toBe(PASSWORD_MESSAGES.spaces);
    expect(passwordProblem(`${DEMO_PASSWORD} `)).toBe(PASSWORD_MESSAGES.spaces);
    // Inner spaces are fine: a passphrase.
    expect(passwordProblem("maple orbit canyon fidget")).toBeNull();
  });

  it("refuses passwords on the common/breached list, whatever their case", () => {
    for (const p of ["password", "iloveyou", "Password1", "QWERTYUIOP", "sunshine", "123456789", "football1"]) {
      if (p.length < 8) continue;
      expect(isCommonPassword(p), p).toBe(true);
      expect(passwordProblem(p), p).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it("refuses guessable passwords with zxcvbn's advice, including ones built from the person's own details", () => {
    expect(passwordProblem("Summer2024!")).toMatch(/^This password is too easy to guess\./);
    expect(passwordProblem("longenough")).toMatch(/^This password is too easy to guess\./);
    expect(passwordProblem("aaaaaaaaaaaa")).toMatch(/^This password is too easy to guess\. /);
    expect(passwordProblem("dwhitfield99")).toBeNull();
    expect(passwordProblem("dwhitfield99", ["dwhitfield@district.org", "Dana", "Whitfield"])).toMatch(/too easy to guess/);
  });

  it("accepts any long random password (property)", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(..."abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#%&*"),
          minLength: 16,
          maxLength: 24,
        }),
        (p) => {
          // Random strings over a wide alphabet are strong, unless the generator happens to repeat one character.
          fc.pre(new Set(p).size >= 8);
          expect(passwordProblem(p)).toBeNull();
        },
      ),
      { numRuns: 15 },
    );
  });

  it("never throws, whatever the input (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.array(fc.string({ maxLength: 40 }), { maxLength: 4 }), (p, inputs) => {
        const answer = passwordProblem(p, inputs);
        expect(answer === null || typeof answer === "string").toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
