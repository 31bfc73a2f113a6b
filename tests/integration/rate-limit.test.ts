import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { consumeRateLimits, pruneRateLimitHits, type RateLimitRule } from "@/lib/platform/security/rate-limit";
import { authenticate } from "@/lib/accounts/sign-in";
import { PASSWORD, createExpert } from "../factories";

const rule = (bucket: string, max: number, windowSeconds = 3600): RateLimitRule => ({
  bucket,
  max,
  windowSeconds,
  envVar: "LIMIT_CONTACT_PER_IP",
  message: "Slow down. Try again in {wait}.",
});
// envVar above is a real variable that the test environment leaves unset: the default max applies.

async function settle<T>(work: Promise<T>[]) {
  const results = await Promise.allSettled(work);
  const refused = results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason as AppError);
  return { passed: results.length - refused.length, refused };
}

describe("consumeRateLimits", () => {
  it("lets exactly max of a parallel burst through and refuses the rest with 429 and Retry-After", async () => {
    const limit = rule(`test-burst-${Date.now()}`, 7);
    const { passed, refused } = await settle(Array.from({ length: 25 }, () => consumeRateLimits([{ rule: limit, key: "198.51.100.7" }])));
    expect(passed).toBe(7);
    expect(refused).toHaveLength(18);
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError);
      expect(e.status).toBe(429);
      expect(e.message).toBe("Slow down. Try again in 60 minutes.");
      expect(e.retryAfterSeconds).toBeGreaterThan(3500);
    }
    // Refused requests record nothing.
    expect(await db().rateLimitHit.count({ where: { bucket: limit.bucket } })).toBe(7);
    // Another key has its own count.
    await expect(consumeRateLimits([{ rule: limit, key: "198.51.100.8" }])).resolves.toBeUndefined();
  });

  it("counts keys case-insensitively and only inside the window", async () => {
    const limit = rule(`test-window-${Date.now()}`, 2, 600);
    await consumeRateLimits([{ rule: limit, key: "Someone@Example.org" }]);
    await consumeRateLimits([{ rule: limit, key: "someone@example.org" }]);
    await expect(consumeRateLimits([{ rule: limit, key: "SOMEONE@example.org" }])).rejects.toThrow("Slow down. Try again in 10 minutes.");
    await db().rateLimitHit.updateMany({ where: { bucket: limit.bucket }, data: { createdAt: new Date(Date.now() - 601_000) } });
    await expect(consumeRateLimits([{ rule: limit, key: "someone@example.org" }])).resolves.toBeUndefined();
  });

  it("with several checks, records a hit only when every check passes", async () => {
    const perIp = rule(`test-multi-ip-${Date.now()}`, 10);
    const perEmail = rule(`test-multi-email-${Date.now()}`, 1);
    await consumeRateLimits([
      { rule: perIp, key: "203.0.113.1" },
      { rule: perEmail, key: "a@example.org" },
    ]);
    await expect(
      consumeRateLimits([
        { rule: perIp, key: "203.0.113.1" },
        { rule: perEmail, key: "a@example.org" },
      ]),
    ).rejects.toThrow("Slow down");
    expect(await db().rateLimitHit.count({ where: { bucket: perIp.bucket } })).toBe(1);
  });

  it("prunes rows older than the longest window", async () => {
    const bucket = `test-prune-${Date.now()}`;
    await db().rateLimitHit.createMany({
      data: [
        { bucket, key: "old", createdAt: new Date(Date.now() - 2 * 86_400_000) },
        { bucket, key: "new", createdAt: new Date() },
      ],
    });
    expect(await pruneRateLimitHits()).toBeGreaterThanOrEqual(1);
    expect((await db().rateLimitHit.findMany({ where: { bucket } })).map((r) => r.key)).toEqual(["new"]);
  });
});

describe("sign-in under a parallel burst", () => {
  it("records all 20 wrong passwords, refuses the 11th onwards, then refuses the right password", async () => {
    const { user } = await createExpert();
    const ip = "198.51.100.220";
    const { refused } = await settle(
      Array.from({ length: 20 }, () => authenticate({ email: user.email, password: "Wrong-Guess-123", portal: "general" }, ip)),
    );
    expect(refused).toHaveLength(20);
    const messages = refused.map((e) => e.message);
    expect(messages.filter((m) => m === "Account not found or password incorrect.")).toHaveLength(10);
    expect(messages.filter((m) => m === "Too many sign-in attempts. Try again in 15 minutes.")).toHaveLength(10);
    expect(refused.find((e) => e.status === 429)?.retryAfterSeconds).toBeGreaterThan(800);
    expect(await db().signInAttempt.count({ where: { email: user.email } })).toBe(20);
    await expect(authenticate({ email: user.email, password: PASSWORD, portal: "general" }, "198.51.100.221")).rejects.toThrow(
      "Too many sign-in attempts",
    );
  });
});

describe("limits on public writes", () => {
  it("password reset: 3 requests an hour per e-mail, known or not; another e-mail is unaffected", async () => {
    const { consumePasswordResetLimit } = await import("@/lib/accounts/password-reset");
    const email = `nobody-${Date.now()}@example.org`;
    for (let i = 0; i < 3; i++) await consumePasswordResetLimit(email, `192.0.2.${i + 1}`);
    await expect(consumePasswordResetLimit(email.toUpperCase(), "192.0.2.9")).rejects.toThrow(
      /^Too many password reset requests for this e-mail\. Try again in \d+ minutes\.$/,
    );
    await expect(consumePasswordResetLimit(`other-${email}`, "192.0.2.9")).resolves.toBeUndefined();
  });

  it("verification resend: 3 an hour per account", async () => {
    const { consumeVerificationResendLimit } = await import("@/lib/accounts/registration");
    const { user } = await createExpert();
    for (let i = 0; i < 3; i++) await consumeVerificationResendLimit(user.email, { ip: "192.0.2.30" });
    await expect(consumeVerificationResendLimit(user.email, { ip: "192.0.2.31" })).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many verification e-mails requested for this address\./),
    });
  });

  it("password reset refuses a weak new password and leaves the link usable", async () => {
    const { resetPassword } = await import("@/lib/accounts/password-reset");
    const { newToken } = await import("@/lib/accounts/tokens");
    const { user } = await createExpert();
    const { token, tokenHash } = newToken();
    await db().oneTimeToken.create({
      data: { userId: user.id, purpose: "password_reset", tokenHash, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    await expect(resetPassword(token, "iloveyou1")).rejects.toThrow("This password is on a list of common or breached passwords.");
    await expect(resetPassword(token, "Maple-Orbit-77")).resolves.toBeUndefined();
  });
});
