import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { resolveActor, resolveBearerActor } from "@/lib/accounts/session";
import { SESSION_COOKIE } from "@/lib/accounts/cookies";
import { createSession, liveSessionClaims, loadLiveSession, revokeSession, revokeUserSessions } from "@/lib/accounts/sessions";
import {
  assertRecentlyAuthenticated,
  changePassword,
  confirmPassword,
  signOutOtherSessions,
  signOutSession,
} from "@/lib/accounts/security";
import { setAccountDisabled } from "@/lib/admin/users";
import { authenticate } from "@/lib/accounts/sign-in";
import { issueTokens, refreshTokens } from "@/lib/accounts/api-tokens";
import { GET as sessionGet, POST as sessionPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as logoutPost } from "@/app/api/auth-logout/route";
import { POST as searchPost } from "@/app/api/experts-search/route";
import { GET as meGet } from "@/app/api/experts-me/route";
import { getOwnExpertProfile, saveProfileDraft, saveProfileStep } from "@/lib/experts/expert-profile";
import { stepSubmissionSchema } from "@/lib/experts/profile/table";
import { PAYMENT_DETAILS_EMPTY } from "@/lib/experts/profile/steps/payments";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { TEST_ENV } from "../setup/test-env";
import { runWithRequest } from "@/lib/platform/request-context.mjs";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { PASSWORD, actorFor, createAdmin, createClient, createExpert, sessionCookieFor } from "../factories";

// Server-side sessions: a cookie or token is only as good as its session row.

const ip = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const HOUR = 3_600_000;

async function actorOf(token: string) {
  const actor = await resolveActor(token, undefined);
  if (!actor) throw new Error("expected a live session");
  return actor;
}

describe("session lifetime", () => {
  it("a live session resolves; revoked, idle (12 h), expired (30 d) or disabled ones do not", async () => {
    const { user } = await createExpert();
    const live = await sessionCookieFor(user);
    expect((await resolveActor(live.token, undefined))?.sessionId).toBe(live.sessionId);

    const revoked = await sessionCookieFor(user);
    await revokeSession(revoked.sessionId, "test");
    expect(await resolveActor(revoked.token, undefined)).toBeNull();

    const idle = await sessionCookieFor(user);
    await db().authSession.update({ where: { id: idle.sessionId }, data: { lastSeenAt: new Date(Date.now() - 12 * HOUR - 1000) } });
    expect(await resolveActor(idle.token, undefined)).toBeNull();

    const old = await sessionCookieFor(user);
    await db().authSession.update({ where: { id: old.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await resolveActor(old.token, undefined)).toBeNull();

    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await resolveActor(live.token, undefined)).toBeNull();
  });

  it("carries the user's roles and onboarding state from the database; a malformed session id is refused, never an error", async () => {
    const client = await createClient();
    const asClient = await actorOf((await sessionCookieFor(client, ["client"])).token);
    expect([asClient.roles, asClient.primaryRole, asClient.onboardingComplete]).toEqual([["client"], "client", true]);

    const { user } = await createExpert();
    await db().userRole.create({ data: { userId: user.id, role: "client" } });
    expect((await actorOf((await sessionCookieFor(user)).token)).roles.sort()).toEqual(["client", "expert"]);
    await db().expert.update({ where: { userId: user.id }, data: { stepPulse: false } });
    // The cookie still says onboarding is complete; the session's own read says it is not.
    expect((await actorOf((await sessionCookieFor(user)).token)).onboardingComplete).toBe(false);

    for (const id of ["-".repeat(36), "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz", "00000000-0000-0000-0000-000000000000"]) {
      expect(await loadLiveSession(id)).toBeNull();
    }
  });

  it("within one page load the proxy's read of the session serves the page too, until the session ends", async () => {
    const { user } = await createExpert();
    const s = await sessionCookieFor(user);
    await runWithRequest({ requestId: "page-load", readOnly: true }, async () => {
      const first = await loadLiveSession(s.sessionId);
      expect(first?.id).toBe(s.sessionId);
      expect(await loadLiveSession(s.sessionId)).toBe(first);
      await revokeUserSessions(user.id, "test");
      expect(await loadLiveSession(s.sessionId)).toBeNull();
      expect(await resolveActor(s.token, undefined)).toBeNull();
    });
  });

  it("activity moves last-seen forward, at most once a minute", async () => {
    const { user } = await createExpert();
    const s = await sessionCookieFor(user);
    const before = new Date(Date.now() - 11 * HOUR);
    await db().authSession.update({ where: { id: s.sessionId }, data: { lastSeenAt: before } });
    await resolveActor(s.token, undefined);
    const row = await db().authSession.findUniqueOrThrow({ where: { id: s.sessionId } });
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a token can never revive its session: claims of a revoked or outdated session are refused", async () => {
    const { user } = await createExpert();
    const s = await sessionCookieFor(user);
    const claims = { sub: user.id, sid: s.sessionId, sv: 0 };
    expect(await liveSessionClaims(claims)).toMatchObject({ sid: s.sessionId, roles: ["expert"] });
    expect(await liveSessionClaims({ ...claims, sv: 1 })).toBeNull();
    await revokeSession(s.sessionId, "logout");
    expect(await liveSessionClaims(claims)).toBeNull();
  });
});

describe("GET/POST /api/auth/session with an ended session", () => {
  const request = (method: "GET" | "POST", token: string) =>
    new NextRequest("http://localhost:3999/api/auth/session", {
      method,
      headers: { cookie: `${SESSION_COOKIE}=${token}`, "content-type": "application/json" },
      body: method === "POST" ? JSON.stringify({ csrfToken: "x" }) : undefined,
    });
  const ctx = { params: Promise.resolve({ nextauth: ["session"] }) };

  it("answers 401 and clears the cookie instead of re-issuing it", async () => {
    const { user } = await createExpert();
    const s = await sessionCookieFor(user);
    await revokeUserSessions(user.id, "password reset");
    for (const res of [await sessionGet(request("GET", s.token), ctx), await sessionPost(request("POST", s.token), ctx)]) {
      expect(res.status).toBe(401);
      const setCookie = res.headers.get("set-cookie") ?? "";
      expect(setCookie).toContain(`${SESSION_COOKIE}=;`);
      expect(setCookie).toMatch(/Max-Age=0/i);
    }
  });
});

describe("logout", () => {
  it("revokes the cookie's session: the same cookie is refused afterwards, another session stays", async () => {
    const { user } = await createExpert();
    const mine = await sessionCookieFor(user);
    const other = await sessionCookieFor(user);
    const res = await logoutPost(
      new NextRequest("http://localhost:3999/api/auth-logout", { method: "POST", headers: { cookie: `${SESSION_COOKIE}=${mine.token}` } }),
    );
    expect(res.status).toBe(200);
    expect(await resolveActor(mine.token, undefined)).toBeNull();
    expect((await resolveActor(other.token, undefined))?.userId).toBe(user.id);
  });

  it("with a bearer token ends the API session: access and refresh tokens stop working", async () => {
    const { user } = await createExpert();
    const pair = await issueTokens({ email: user.email, password: PASSWORD }, { ip: ip(), userAgent: "vitest" });
    expect(await resolveBearerActor(pair.access_token)).not.toBeNull();
    const res = await logoutPost(
      new NextRequest("http://localhost:3999/api/auth-logout", {
        method: "POST",
        headers: { authorization: `Bearer ${pair.access_token}` },
      }),
    );
    expect(res.status).toBe(200);
    expect(await resolveBearerActor(pair.access_token)).toBeNull();
    await expect(refreshTokens(pair.refresh_token, ip())).rejects.toThrow("Invalid or expired refresh token");
  });
});

describe("bearer token scope", () => {
  it("is expert-api by default: the expert API answers, client and admin routes refuse", async () => {
    const client = await createClient();
    const { user: expert } = await createExpert();
    const call = (handler: typeof searchPost, token: string, method = "POST") =>
      handler(
        new NextRequest("http://localhost:3999/api/x", {
          method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: method === "POST" ? "{}" : undefined,
        }),
        { params: Promise.resolve({}) },
      );
    const narrow = await issueTokens({ email: client.email, password: PASSWORD }, { ip: ip(), userAgent: null });
    expect(narrow.scope).toBe("expert-api");
    const refused = await call(searchPost, narrow.access_token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(/expert API only/);
    const full = await issueTokens({ email: client.email, password: PASSWORD, scope: "full" }, { ip: ip(), userAgent: null });
    expect((await call(searchPost, full.access_token)).status).toBe(200);
    const expertToken = await issueTokens({ email: expert.email, password: PASSWORD }, { ip: ip(), userAgent: null });
    expect((await call(meGet, expertToken.access_token, "GET")).status).toBe(200);
  });
});

describe("account security", () => {
  it("change password: needs the current one, ends every other session and token, keeps this one", async () => {
    const { user } = await createExpert();
    const mine = await sessionCookieFor(user);
    const other = await sessionCookieFor(user);
    const api = await issueTokens({ email: user.email, password: PASSWORD }, { ip: ip(), userAgent: null });
    const actor = await actorOf(mine.token);

    await expect(
      changePassword(
        actor,
        { currentPassword: "not-it-at-all", newPassword: "Fresh-Lantern-82", confirmPassword: "Fresh-Lantern-82" },
        ip(),
      ),
    ).rejects.toThrow("Your current password is not correct.");
    expect(await resolveActor(other.token, undefined)).not.toBeNull();

    const result = await changePassword(
      actor,
      { currentPassword: PASSWORD, newPassword: "Fresh-Lantern-82", confirmPassword: "Fresh-Lantern-82" },
      ip(),
    );
    expect(result.otherSessionsEnded).toBe(2);
    expect(await resolveActor(other.token, undefined)).toBeNull();
    expect(await resolveBearerActor(api.access_token)).toBeNull();
    await expect(refreshTokens(api.refresh_token, ip())).rejects.toThrow();
    expect((await resolveActor(mine.token, undefined))?.userId).toBe(user.id);
    await expect(authenticate({ email: user.email, password: PASSWORD, portal: "general" }, ip())).rejects.toThrow(
      "Account not found or password incorrect.",
    );
    expect((await authenticate({ email: user.email, password: "Fresh-Lantern-82", portal: "general" }, ip())).id).toBe(user.id);
  });

  it("sign out other sessions keeps this one; a single session can be signed out; never another user's", async () => {
    const { user } = await createExpert();
    const { user: stranger } = await createExpert();
    const mine = await sessionCookieFor(user);
    const a = await sessionCookieFor(user);
    const b = await sessionCookieFor(user);
    const theirs = await sessionCookieFor(stranger);
    const actor = await actorOf(mine.token);

    await signOutSession(actor, a.sessionId);
    expect(await resolveActor(a.token, undefined)).toBeNull();
    await expect(signOutSession(actor, theirs.sessionId)).rejects.toThrow("This session has already ended.");
    expect(await resolveActor(theirs.token, undefined)).not.toBeNull();

    expect((await signOutOtherSessions(actor)).ended).toBe(1);
    expect(await resolveActor(b.token, undefined)).toBeNull();
    expect(await resolveActor(mine.token, undefined)).not.toBeNull();
  });

  it("money needs the password within 10 minutes, and never while impersonating", async () => {
    const { user } = await createExpert();
    const s = await sessionCookieFor(user);
    await db().authSession.update({ where: { id: s.sessionId }, data: { authenticatedAt: new Date(Date.now() - 11 * 60_000) } });
    const stale = await actorOf(s.token);
    expect(() => assertRecentlyAuthenticated(stale)).toThrow("Please confirm your password to continue.");
    await expect(confirmPassword(stale, "wrong-password-here", ip())).rejects.toThrow("That password is not correct.");
    await confirmPassword(stale, PASSWORD, ip());
    expect(() => assertRecentlyAuthenticated(stale)).toThrow(); // the old snapshot stays stale
    const fresh = await actorOf(s.token);
    expect(() => assertRecentlyAuthenticated(fresh)).not.toThrow();

    const admin = await createAdmin();
    const viewing = actorFor(user, ["expert"], { impersonating: true, realUserId: admin.id, realEmail: admin.email });
    expect(() => assertRecentlyAuthenticated(viewing)).toThrow("While viewing as another user");
  });
});

describe("an admin disabling an account", () => {
  it("ends every session at once and refuses new ones; re-enabling lets the person sign in again", async () => {
    const admin = await createAdmin();
    const adminActor = actorFor(admin, ["admin"]);
    const { user } = await createExpert();
    const s = await sessionCookieFor(user);
    await setAccountDisabled(adminActor, user.id, true);
    expect(await resolveActor(s.token, undefined)).toBeNull();
    await expect(createSession({ userId: user.id, ip: null, userAgent: null })).rejects.toThrow("This account has been disabled.");
    await expect(setAccountDisabled(adminActor, admin.id, true)).rejects.toThrow("You cannot disable your own account.");
    await expect(setAccountDisabled(actorFor(user, ["expert"]), user.id, false)).rejects.toThrow(/admin access/);

    await setAccountDisabled(adminActor, user.id, false);
    expect((await createSession({ userId: user.id, ip: null, userAgent: null })).id).toBeTruthy();
  });
});

describe("payout details (re-authentication, notice, audit)", () => {
  const paypal = (email: string) =>
    stepSubmissionSchema.parse({
      step: "payments",
      values: {
        preferredPaymentMethod: "paypal",
        paymentDetails: { ...PAYMENT_DETAILS_EMPTY, paypalEmail: email },
        hourlyRateMin: 50,
        hourlyRateMax: 100,
        w9Consent: true,
      },
    });

  it("a change needs the password within 10 minutes; the owner is told; other steps are not gated", async () => {
    const { user } = await createExpert({ preferredPaymentMethod: "paypal", paypalEmail: "old@example.org" });
    const s = await sessionCookieFor(user);
    await db().authSession.update({ where: { id: s.sessionId }, data: { authenticatedAt: new Date(Date.now() - 11 * 60_000) } });
    const stale = await actorOf(s.token);
    await expect(saveProfileStep(stale, paypal("thief@example.org"))).rejects.toMatchObject({ code: "REAUTH_REQUIRED" });
    expect((await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).paypalEmail).toBe("old@example.org");
    // The same details again change nothing, so they need no password.
    await expect(saveProfileStep(stale, paypal("old@example.org"))).resolves.toBeTruthy();
    // Autosave keeps the stored details until Save & Continue confirms the password.
    await saveProfileDraft(stale, {
      step: "payments",
      values: { paymentDetails: { ...PAYMENT_DETAILS_EMPTY, paypalEmail: "draft@example.org" } },
    });
    expect((await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).paypalEmail).toBe("old@example.org");

    await confirmPassword(stale, PASSWORD, ip());
    await saveProfileStep(await actorOf(s.token), paypal("new@example.org"));
    expect((await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).paypalEmail).toBe("new@example.org");
    await runDueJobsOnce(); // the notice goes through the mail queue
    const notices = readdirSync(TEST_ENV.MAIL_DIR).filter((f) => f.includes(user.email.replace(/[^a-z0-9@.]/gi, "_")));
    expect(
      notices.some((f) => readFileSync(path.join(TEST_ENV.MAIL_DIR, f), "utf8").includes("Subject: Your payout details were changed")),
    ).toBe(true);
  });

  it("the first payout setup sends no 'payout details were changed' alarm; a later change does", async () => {
    const { user } = await createExpert();
    const s = await sessionCookieFor(user);
    const sent = () =>
      readdirSync(TEST_ENV.MAIL_DIR)
        .filter((f) => f.includes(user.email.replace(/[^a-z0-9@.]/gi, "_")))
        .filter((f) => readFileSync(path.join(TEST_ENV.MAIL_DIR, f), "utf8").includes("Subject: Your payout details were changed")).length;
    await saveProfileStep(await actorOf(s.token), paypal("first@example.org"));
    await runDueJobsOnce();
    expect((await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).paypalEmail).toBe("first@example.org");
    expect(sent()).toBe(0);
    await saveProfileStep(await actorOf(s.token), paypal("second@example.org"));
    await runDueJobsOnce();
    expect(sent()).toBe(1);
  });

  it("while impersonating: reads are audited with the admin's id, changes are refused", async () => {
    const admin = await createAdmin();
    const { user } = await createExpert({ preferredPaymentMethod: "paypal", paypalEmail: "kept@example.org" });
    const viewing = actorFor(user, ["expert"], { impersonating: true, realUserId: admin.id, realEmail: admin.email });
    await getOwnExpertProfile(viewing);
    const reads = await db().impersonationEvent.findMany({ where: { adminUserId: admin.id, targetUserId: user.id, action: "read" } });
    expect(reads.map((r) => r.detail)).toEqual(["payout details"]);
    await expect(saveProfileStep(viewing, paypal("admin@example.org"))).rejects.toThrow(
      "While viewing as another user you can see payout details, but not change them or cash out.",
    );
    expect((await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).paypalEmail).toBe("kept@example.org");
  });
});
