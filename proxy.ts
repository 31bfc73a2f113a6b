import { NextResponse, type NextRequest } from "next/server";
import { IMPERSONATION_COOKIE, SESSION_COOKIE, expiredCookie } from "@/lib/accounts/cookies";
import { decodeSessionToken } from "@/lib/accounts/session-token";
import { unsealImpersonation } from "@/lib/accounts/impersonation-seal";
import { areaFor, onboardingGateApplies } from "@/lib/accounts/route-rules";
import { ROLE_PRIORITY, type AppRole } from "@/lib/accounts/constants";
import { contentSecurityPolicy, isSelfFramed } from "@/lib/platform/security-headers.mjs";
import { malformedActionBody } from "@/lib/platform/security/action-body";
import { CROSS_ORIGIN_MESSAGE, crossOriginAction } from "@/lib/platform/security/action-origin";
import { pageNeedsDatabase, rendersPerRequest } from "@/lib/accounts/page-rendering";
import { databaseRecentlyDown } from "@/lib/platform/db-outage";
import { unavailablePage } from "@/lib/platform/unavailable-page";
import { setRequestUser } from "@/lib/platform/request-context.mjs";
import { readProxySession, refreshedSessionCookie } from "@/lib/accounts/proxy-session";

/**
 * The first line: role gates, the onboarding gate and the impersonation cookie. Public pages
 * are decided from the session token alone; a signed-in area, and the onboarding gate before
 * it sends anyone away, read the session row first (lib/accounts/proxy-session.ts). Every page,
 * action and route handler checks again on the server.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const area = areaFor(pathname);
  let claims = await decodeSessionToken(request.cookies.get(SESSION_COOKIE)?.value);
  let clearSession = false;
  let refreshedClaims: typeof claims = null;
  const gated = (c: NonNullable<typeof claims>) =>
    c.roles.length === 1 && c.roles[0] === "expert" && !c.onboardingComplete && onboardingGateApplies(pathname);
  if (claims && (area || gated(claims))) {
    const session = await readProxySession(claims);
    if (session.state === "ended") {
      claims = null;
      clearSession = true;
    } else if (session.state === "live") {
      if (session.stale) refreshedClaims = session.claims;
      claims = session.claims;
    }
  }
  setRequestUser(claims?.sub); // for this request's log line (scripts/server.mjs)
  let roles: AppRole[] = claims?.roles ?? [];
  let onboardingComplete = claims?.onboardingComplete ?? true;
  let clearImpersonation = clearSession && request.cookies.has(IMPERSONATION_COOKIE);

  const seal = request.cookies.get(IMPERSONATION_COOKIE)?.value;
  if (seal) {
    const data = claims?.roles.includes("admin") ? await unsealImpersonation(seal) : null;
    if (data && data.adminUserId === claims?.sub) {
      roles = [data.targetUserRole];
      onboardingComplete = true; // an admin looking through an expert's eyes is not gated
    } else {
      clearImpersonation = true; // tampered, expired, or sent by a non-admin
    }
  }

  // Every answer the proxy makes itself, and every page rendered per request, carries the nonce
  // policy; Next reads the nonce from the request's CSP header and puts it on its scripts.
  // Pages passed on to the full-route cache get their hash policy from the cache entry instead
  // (a second CSP header would be enforced on top of it), so they need no nonce at all.
  let policy: string | undefined;
  const noncePolicy = () => (policy ??= contentSecurityPolicy({ nonce: btoa(crypto.randomUUID()), selfFramed: isSelfFramed(pathname) }));
  const refreshed = refreshedClaims && (await refreshedSessionCookie(refreshedClaims));
  const done = (response: NextResponse, cached = false) => {
    if (clearSession) response.cookies.set(SESSION_COOKIE, "", expiredCookie());
    if (refreshed) response.cookies.set(refreshed.name, refreshed.value, refreshed.options);
    if (clearImpersonation) response.cookies.set(IMPERSONATION_COOKIE, "", expiredCookie());
    if (!cached) response.headers.set("Content-Security-Policy", noncePolicy());
    return response;
  };
  const redirectTo = (path: string) => done(NextResponse.redirect(new URL(path, request.url)));

  // Visitors get the directory's marketing view as a static page without the directory's code.
  if (pathname === "/experts" && !claims && request.method === "GET") {
    return done(NextResponse.rewrite(new URL("/experts-welcome", request.url)), true);
  }

  // The database just failed: a page would crash with 500, so say 503 until it answers again.
  if (pageNeedsDatabase(pathname, request.method) && databaseRecentlyDown()) {
    return done(unavailablePage());
  }

  if (request.method === "POST" && request.headers.has("next-action")) {
    if (crossOriginAction(request.headers)) {
      return done(NextResponse.json({ success: false, error: CROSS_ORIGIN_MESSAGE, code: "FORBIDDEN" }, { status: 403 }));
    }
    const problem = await malformedActionBody(request);
    if (problem) return done(NextResponse.json({ success: false, error: problem, code: "BAD_REQUEST" }, { status: 400 }));
  }

  if (claims && roles.length === 1 && roles[0] === "expert" && !onboardingComplete && onboardingGateApplies(pathname)) {
    return redirectTo("/onboarding");
  }

  if (area) {
    if (!claims) return redirectTo(`${area.login}?callbackUrl=${encodeURIComponent(pathname + search)}`);
    if (area.roles && !area.roles.some((r) => roles.includes(r))) {
      const as = ROLE_PRIORITY.find((r) => roles.includes(r)) ?? "none";
      return redirectTo(`/access-restricted?need=${area.roles.join(",")}&as=${as}`);
    }
  }
  if (!rendersPerRequest(pathname, request.method)) return done(NextResponse.next(), true);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", noncePolicy());
  return done(NextResponse.next({ request: { headers: requestHeaders } }));
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt|sitemap.xml|.*\\.(?:png|jpg|jpeg|svg|webp|ico|txt|xml)$).*)"],
};
