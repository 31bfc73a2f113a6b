import type { AppRole } from "@/lib/accounts/constants";

// The route table (which role may open which path, and which sign-in page the others are sent
// to) as data: one home for the rule, read by proxy.ts and by the pages' own server checks (and
// by the access-control tests).

export type AreaRule = { roles: AppRole[] | null; login: string };

export function areaFor(pathname: string): AreaRule | null {
  if (pathname === "/expert/login" || pathname === "/client/login") return null;
  if (pathname === "/dashboard" || pathname.startsWith("/dashboard/") || pathname === "/expert" || pathname.startsWith("/expert/")) {
    return { roles: ["expert"], login: "/expert/login" };
  }
  // A district research officer's account is an expert's (their verified school e-mail names the district).
  if (pathname === "/district-office" || pathname.startsWith("/district-office/")) return { roles: ["expert"], login: "/expert/login" };
  // A donation receipt is the expert's own (an admin reads any); the wallet around it is public.
  if (pathname.startsWith("/payments/donations/")) return { roles: ["expert", "admin"], login: "/expert/login" };
  if (pathname === "/client" || pathname.startsWith("/client/")) return { roles: ["client", "admin"], login: "/client/login" };
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return { roles: ["admin"], login: "/login" };
  if (pathname === "/onboarding" || pathname.startsWith("/onboarding/")) return { roles: null, login: "/login" };
  if (pathname === "/settings" || pathname.startsWith("/settings/")) return { roles: null, login: "/login" };
  return null;
}

/** Where a signed-in user accepts a policy's new version before continuing (lib/accounts/session.ts). */
export const POLICIES_PAGE = "/settings/policies";

// Pages an expert with an unfinished profile may still open: onboarding itself, signing in and
// out, the links mailed to them, and the landing page.
// The policies page too: onboarding itself may send them there first.
const ONBOARDING_EXEMPT = [
  "/",
  "/onboarding",
  "/login",
  "/register",
  "/join",
  "/logout",
  "/access-restricted",
  "/verify-email",
  "/verify-work-email",
  "/reset-password",
  POLICIES_PAGE,
];

export function onboardingGateApplies(pathname: string) {
  if (pathname.startsWith("/api/") || pathname.startsWith("/_next/")) return false;
  return !ONBOARDING_EXEMPT.some((p) => pathname === p || (p !== "/" && pathname.startsWith(`${p}/`)));
}

const CALLBACK_BASE = "http://callback.invalid";
const MAX_CALLBACK_LENGTH = 2048;

/** A path the browser resolves on our own origin: one slash, no backslash, no control characters. */
function isSameOriginPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  if (path.includes("\\") || /[\u0000-\u001f\u007f]/.test(path)) return false;
  try {
    return new URL(path, CALLBACK_BASE).origin === CALLBACK_BASE;
  } catch {
    return false;
  }
}

/**
 * The post-login destination named by ?callbackUrl=, or null when it is not a path on this
 * site (no open redirect). It parses the value, then checks the RESULT again, because
 * parsing normalises: "/.//evil.com" and "/%2e//evil.com" become "//evil.com", which a
 * browser reads as another host. The answer is returned only when it is itself safe.
 */
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value.length > MAX_CALLBACK_LENGTH || !isSameOriginPath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, CALLBACK_BASE);
  } catch {
    return null;
  }
  if (url.origin !== CALLBACK_BASE || url.username || url.password) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSameOriginPath(path) ? path : null;
}

export function accessRestrictedMessage(need: readonly string[], as: string) {
  return `This area requires ${need.join(" or ")} access. You are signed in as ${as}.`;
}
