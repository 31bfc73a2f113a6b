import type { NextResponse } from "next/server";
import { IMPERSONATION_COOKIE, IMPERSONATION_MAX_AGE_SECONDS, cookieOptions, expiredCookie } from "@/lib/accounts/cookies";

// Both impersonation routes set or clear the same sealed cookie.
export function setImpersonationCookie(response: NextResponse, seal: string) {
  response.cookies.set(IMPERSONATION_COOKIE, seal, cookieOptions(IMPERSONATION_MAX_AGE_SECONDS));
  return response;
}

export function clearImpersonationCookie(response: NextResponse) {
  response.cookies.set(IMPERSONATION_COOKIE, "", expiredCookie());
  return response;
}
