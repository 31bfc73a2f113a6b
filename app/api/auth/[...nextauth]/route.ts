import NextAuth from "next-auth";
import { NextResponse, type NextRequest } from "next/server";
import { authOptions } from "@/lib/accounts/options";
import { SESSION_COOKIE, expiredCookie } from "@/lib/accounts/cookies";
import { NO_STORE } from "@/lib/platform/no-store";
import { decodeSessionToken } from "@/lib/accounts/session-token";
import { liveSessionClaims } from "@/lib/accounts/sessions";

const nextAuth = NextAuth(authOptions);
type Context = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth answers a dead session with 200 and an empty body. A cookie whose server-side
 * session has ended (logout, password change, revoked, idle, expired) gets 401 and the cookie
 * cleared instead, so a stale cookie can never be turned back into a live one.
 */
async function handler(request: NextRequest, context: Context) {
  const cookie = request.cookies.get(SESSION_COOKIE)?.value;
  if (cookie && request.nextUrl.pathname === "/api/auth/session") {
    const claims = await decodeSessionToken(cookie);
    if (!claims || !(await liveSessionClaims(claims))) {
      const response = NextResponse.json(
        { success: false, error: "Your session has ended. Please sign in again." },
        { status: 401, headers: NO_STORE },
      );
      response.cookies.set(SESSION_COOKIE, "", expiredCookie());
      return response;
    }
  }
  return nextAuth(request, context);
}

export { handler as GET, handler as POST };
