// The proxy's read of the session row (lib/accounts/proxy-session.ts): an ended session is signed
// out, and claims that no longer match the database are re-issued from it.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { decodeSessionToken } from "@/lib/accounts/session-token";
import { readProxySession, refreshedSessionCookie } from "@/lib/accounts/proxy-session";
import { revokeSession } from "@/lib/accounts/sessions";
import { createExpert, sessionCookieFor } from "../factories";

/** A cookie of an expert who signed in before finishing onboarding. */
async function unfinishedExpertCookie() {
  const { user, expert } = await createExpert({}, { complete: false });
  const { token, sessionId } = await sessionCookieFor(user, ["expert"]);
  const claims = (await decodeSessionToken(token))!;
  return { user, expert, sessionId, claims: { ...claims, onboardingComplete: false } };
}

describe("the proxy's session read", () => {
  it("a live session whose token agrees with the database is live and not stale", async () => {
    const { claims } = await unfinishedExpertCookie();
    expect(await readProxySession(claims)).toMatchObject({
      state: "live",
      stale: false,
      claims: { onboardingComplete: false, roles: ["expert"] },
    });
  });

  it("onboarding finished elsewhere: the claims come from the row and the cookie is re-issued with them", async () => {
    const { expert, claims } = await unfinishedExpertCookie();
    await db().expert.update({
      where: { id: expert.id },
      data: { stepBasics: true, stepLinkedin: true, stepExpertise: true, stepPreferences: true, stepPayments: true, stepPulse: true },
    });
    const read = await readProxySession(claims);
    expect(read).toMatchObject({ state: "live", stale: true, claims: { onboardingComplete: true, sid: claims.sid } });
    if (read.state !== "live") throw new Error("not live");
    const cookie = await refreshedSessionCookie(read.claims);
    expect(await decodeSessionToken(cookie.value)).toMatchObject({ sub: claims.sub, sid: claims.sid, onboardingComplete: true });
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" });
  });

  it("a role granted or taken away since sign-in makes the token stale", async () => {
    const { user, claims } = await unfinishedExpertCookie();
    await db().userRole.create({ data: { userId: user.id, role: "client" } });
    expect(await readProxySession(claims)).toMatchObject({ state: "live", stale: true });
  });

  it("a session ended by logout (a cookie replayed afterwards) is ended", async () => {
    const { sessionId, claims } = await unfinishedExpertCookie();
    await revokeSession(sessionId, "signed out");
    expect(await readProxySession(claims)).toEqual({ state: "ended" });
  });

  it("a token from before a password change (older session version) is ended", async () => {
    const { user, claims } = await unfinishedExpertCookie();
    await db().user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    expect(await readProxySession(claims)).toEqual({ state: "ended" });
  });
});
