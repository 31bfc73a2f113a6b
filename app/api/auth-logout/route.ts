import { NextResponse, type NextRequest } from "next/server";
import { IMPERSONATION_COOKIE, SESSION_COOKIE, expiredCookie } from "@/lib/accounts/cookies";
import { actorFromRequest } from "@/lib/accounts/api-handler";
import { NO_STORE } from "@/lib/platform/no-store";
import { decodeSessionToken } from "@/lib/accounts/session-token";
import { revokeSession, revokeSessionOfToken } from "@/lib/accounts/sessions";
import { isDatabaseDown } from "@/lib/platform/db-outage";

export const dynamic = "force-dynamic";

const NEXT_AUTH_COOKIES = [
  "next-auth.csrf-token",
  "__Host-next-auth.csrf-token",
  "next-auth.callback-url",
  "__Secure-next-auth.callback-url",
];

/**
 * Ends the session on the server (the cookie's session, or the bearer token's API session),
 * then clears the session, impersonation and next-auth helper cookies. The same cookie or
 * token is refused from then on, everywhere.
 */
export async function POST(request: NextRequest) {
  try {
    if (request.headers.has("authorization")) {
      const actor = await actorFromRequest(request);
      if (actor?.via === "bearer") await revokeSession(actor.sessionId, "logout");
    }
    await revokeSessionOfToken(await decodeSessionToken(request.cookies.get(SESSION_COOKIE)?.value), "logout");
  } catch (e) {
    if (!isDatabaseDown(e)) throw e;
    return NextResponse.json(
      { success: false, error: "The service is temporarily unavailable. Please try again shortly." },
      { status: 503, headers: { ...NO_STORE, "Retry-After": "5" } },
    );
  }
  const response = NextResponse.json({ success: true, data: { signedOut: true } }, { headers: NO_STORE });
  response.cookies.set(SESSION_COOKIE, "", expiredCookie());
  response.cookies.set(IMPERSONATION_COOKIE, "", expiredCookie());
  for (const name of NEXT_AUTH_COOKIES) {
    response.cookies.set(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__") });
  }
  return response;
}
