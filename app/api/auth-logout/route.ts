import { NextResponse } from "next/server";
import { IMPERSONATION_COOKIE, SESSION_COOKIE } from "@/lib/auth/cookies";
import { NO_STORE } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

const NEXT_AUTH_COOKIES = ["next-auth.csrf-token", "__Host-next-auth.csrf-token", "next-auth.callback-url", "__Secure-next-auth.callback-url"];

/** Ends the session: clears the session, impersonation and next-auth helper cookies. */
export async function POST() {
  const response = NextResponse.json({ success: true, data: { signedOut: true } }, { headers: NO_STORE });
  for (const name of [SESSION_COOKIE, IMPERSONATION_COOKIE, ...NEXT_AUTH_COOKIES]) {
    response.cookies.set(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax" });
  }
  return response;
}
