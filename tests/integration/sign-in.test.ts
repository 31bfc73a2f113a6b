import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { authenticate } from "@/lib/accounts/sign-in";
import { requestPasswordReset, resetPassword } from "@/lib/accounts/password-reset";
import { resolveActor } from "@/lib/accounts/session";
import { hashToken, newToken } from "@/lib/accounts/tokens";
import { PASSWORD, createAdmin, createClient, createExpert, createUser, sessionCookieFor, uniqueEmail } from "../factories";

const ip = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

describe("sign-in rules per login page", () => {
  it("admits each role on the general page and refuses a wrong password with the spec's message", async () => {
    const { user } = await createExpert();
    await expect(authenticate({ email: user.email, password: "wrong-password", portal: "general" }, ip())).rejects.toThrow(
      "Account not found or password incorrect.",
    );
    await expect(authenticate({ email: uniqueEmail("nobody"), password: PASSWORD, portal: "general" }, ip())).rejects.toThrow(
      "Account not found or password incorrect.",
    );
    const identity = await authenticate({ email: user.email, password: PASSWORD, portal: "general" }, ip());
    expect(identity).toMatchObject({ id: user.id, roles: ["expert"], onboardingComplete: true });
  });

  it("expert login refuses non-experts; client login refuses experts but admits admins", async () => {
    const client = await createClient();
    const admin = await createAdmin();
    const { user: expert } = await createExpert();
    await expect(authenticate({ email: client.email, password: PASSWORD, portal: "expert" }, ip())).rejects.toThrow(
      "You're signed in as CLIENT. Please use the general login page.",
    );
    await expect(authenticate({ email: expert.email, password: PASSWORD, portal: "client" }, ip())).rejects.toThrow(
      "You're signed in as EXPERT. Please use the general login page.",
    );
    expect((await authenticate({ email: admin.email, password: PASSWORD, portal: "client" }, ip())).roles).toEqual(["admin"]);
    expect((await authenticate({ email: client.email, password: PASSWORD, portal: "client" }, ip())).roles).toEqual(["client"]);
  });

  it("refuses a user without a role with the access-denied message", async () => {
    const user = await createUser({ roles: [] });
    await expect(authenticate({ email: user.email, password: PASSWORD, portal: "general" }, ip())).rejects.toThrow(
      "No valid role found for your account. Please contact support.",
    );
  });

  it("reports an unfinished expert profile in the identity", async () => {
    const { user } = await createExpert({}, { complete: false });
    expect((await authenticate({ email: user.email, password: PASSWORD, portal: "expert" }, ip())).onboardingComplete).toBe(false);
  });
});

describe("throttling", () => {
  it("locks an e-mail after 10 failures in 15 minutes, without checking the password", async () => {
    const { user } = await createExpert();
    for (let i = 0; i < 10; i++) {
      await expect(authenticate({ email: user.email, password: "nope-nope", portal: "general" }, ip())).rejects.toThrow(
        "Account not found",
      );
    }
    await expect(authenticate({ email: user.email, password: PASSWORD, portal: "general" }, ip())).rejects.toThrow(
      /^Too many sign-in attempts\. Try again in 15 minutes\.$/,
    );
    // Once the failures are older than the window, the right password works again.
    await db().signInAttempt.updateMany({ where: { email: user.email }, data: { createdAt: new Date(Date.now() - 16 * 60_000) } });
    expect((await authenticate({ email: user.email, password: PASSWORD, portal: "general" }, ip())).id).toBe(user.id);
  });

  it("locks an IP after 30 failures across e-mails", async () => {
    const address = "192.0.2.200";
    await db().signInAttempt.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        email: `x${i}@example.org`,
        ipAddress: address,
        succeeded: false,
        createdAt: new Date(Date.now() - 14 * 60_000),
      })),
    });
    const { user } = await createExpert();
    await expect(authenticate({ email: user.email, password: PASSWORD, portal: "general" }, address)).rejects.toThrow(
      "Too many sign-in attempts. Try again in 1 minute.",
    );
    expect((await authenticate({ email: user.email, password: PASSWORD, portal: "general" }, ip())).id).toBe(user.id);
  });

  it("a success clears the e-mail's count", async () => {
    const { user } = await createExpert();
    for (let i = 0; i < 9; i++) await authenticate({ email: user.email, password: "bad-pass", portal: "general" }, ip()).catch(() => {});
    await authenticate({ email: user.email, password: PASSWORD, portal: "general" }, ip());
    for (let i = 0; i < 9; i++) await authenticate({ email: user.email, password: "bad-pass", portal: "general" }, ip()).catch(() => {});
    expect((await authenticate({ email: user.email, password: PASSWORD, portal: "general" }, ip())).id).toBe(user.id);
  });
});

describe("password reset", () => {
  async function tokenFor(userId: string, expiresInMs = 3_600_000) {
    const { token, tokenHash } = newToken();
    await db().oneTimeToken.create({
      data: { userId, purpose: "password_reset", tokenHash, expiresAt: new Date(Date.now() + expiresInMs) },
    });
    return token;
  }

  it("answers the same for unknown e-mails and stores only a hash for known ones", async () => {
    await expect(requestPasswordReset(uniqueEmail("ghost"))).resolves.toBeUndefined();
    const { user } = await createExpert();
    await requestPasswordReset(user.email);
    const rows = await db().oneTimeToken.findMany({ where: { userId: user.id, purpose: "password_reset" } });
    expect(rows).toHaveLength(1);
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBeCloseTo(3_600_000, -3);
  });

  it("sets the new password once, ends other sessions and refuses reuse", async () => {
    const { user } = await createExpert();
    const { token: oldSession } = await sessionCookieFor(user);
    expect((await resolveActor(oldSession, undefined))?.userId).toBe(user.id);

    const token = await tokenFor(user.id);
    await resetPassword(token, "a-new-password-1");
    await expect(resetPassword(token, "another-pass-2")).rejects.toThrow("invalid or has expired");
    await expect(authenticate({ email: user.email, password: PASSWORD, portal: "general" }, ip())).rejects.toThrow("Account not found");
    expect((await authenticate({ email: user.email, password: "a-new-password-1", portal: "general" }, ip())).id).toBe(user.id);
    expect(await resolveActor(oldSession, undefined)).toBeNull();
  });

  it("refuses an expired or unknown link", async () => {
    const { user } = await createExpert();
    const token = await tokenFor(user.id, -1000);
    await expect(resetPassword(token, "a-new-password-1")).rejects.toThrow("invalid or has expired");
    await expect(resetPassword("x".repeat(43), "a-new-password-1")).rejects.toThrow("invalid or has expired");
    expect(await db().oneTimeToken.count({ where: { tokenHash: hashToken(token), usedAt: null } })).toBe(1);
  });
});
