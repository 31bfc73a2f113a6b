import { liveSessionClaims } from "@/lib/accounts/sessions";
import { isDatabaseDown } from "@/lib/platform/db-outage";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, cookieOptions } from "@/lib/accounts/cookies";
import { encodeSessionToken, type SessionClaims } from "@/lib/accounts/session-token";
import { loggerFor } from "@/lib/platform/log.mjs";

const log = loggerFor("proxy");

/** What the proxy's read of a session row decided. */
export type ProxySession =
  /** The session has ended (logout, revoked, idle, expired, disabled, outdated): signed out. */
  | { state: "ended" }
  /** The session is live; `claims` are what the token should carry now, `stale` when it does not. */
  | { state: "live"; claims: SessionClaims; stale: boolean }
  /** The read failed (the database did not answer): the token's claims stand and the page's own check decides. */
  | { state: "unknown" };

/**
 * Reads the session row behind a decoded token, for the proxy. A signed-in page streams its
 * loading skeleton before its own session check runs, so a check made only by the page turns a
 * replayed or revoked cookie into a 200 with the redirect inside the stream; made here, it is a
 * plain redirect. The same read keeps the gate following the database: roles and onboarding
 * state come from the row, so a change made in another browser (an expert finishing onboarding
 * there) reaches this one without a new sign-in.
 */
export async function readProxySession(token: SessionClaims): Promise<ProxySession> {
  let fresh: Awaited<ReturnType<typeof liveSessionClaims>>;
  try {
    fresh = await liveSessionClaims(token);
  } catch (e) {
    // An outage is noted for the 503 pages; anything else is logged. Either way the request goes
    // on as the token says, and the page's own read of the session decides.
    if (!isDatabaseDown(e)) log.error({ err: e }, "the proxy could not read the session");
    return { state: "unknown" };
  }
  if (!fresh) return { state: "ended" };
  const claims: SessionClaims = { ...token, ...fresh };
  const sameRoles = token.roles.length === fresh.roles.length && fresh.roles.every((r) => token.roles.includes(r));
  return { state: "live", claims, stale: !sameRoles || token.onboardingComplete !== fresh.onboardingComplete };
}

/** The session cookie re-issued with the live claims (as refreshSessionCookie does for a server action). */
export async function refreshedSessionCookie(claims: SessionClaims) {
  return { name: SESSION_COOKIE, value: await encodeSessionToken(claims), options: cookieOptions(SESSION_MAX_AGE_SECONDS) };
}
