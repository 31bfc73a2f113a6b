import type { AppRole } from "@/lib/constants";

// The route table of 000 §2 as data: one home for the rule, read by proxy.ts and by the
// pages' own server checks (and by the access-control tests).

export type AreaRule = { roles: AppRole[] | null; login: string };

export function areaFor(pathname: string): AreaRule | null {
  if (pathname === "/expert/login" || pathname === "/client/login") return null;
  if (pathname === "/dashboard" || pathname.startsWith("/dashboard/") || pathname === "/expert" || pathname.startsWith("/expert/")) {
    return { roles: ["expert"], login: "/expert/login" };
  }
  if (pathname === "/client" || pathname.startsWith("/client/")) return { roles: ["client", "admin"], login: "/client/login" };
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return { roles: ["admin"], login: "/login" };
  if (pathname === "/onboarding" || pathname.startsWith("/onboarding/")) return { roles: null, login: "/login" };
  if (pathname === "/settings" || pathname.startsWith("/settings/")) return { roles: null, login: "/login" };
  return null;
}

// Pages an expert with an unfinished profile may still open (000 §4, with the variant that exempts /).
const ONBOARDING_EXEMPT = ["/", "/onboarding", "/login", "/register", "/join", "/logout", "/access-restricted", "/verify-email", "/reset-password"];

export function onboardingGateApplies(pathname: string) {
  if (pathname.startsWith("/api/") || pathname.startsWith("/_next/")) return false;
  return !ONBOARDING_EXEMPT.some((p) => pathname === p || (p !== "/" && pathname.startsWith(`${p}/`)));
}

/** Only same-site paths may be used as a post-login destination (no open redirect). */
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  try {
    const url = new URL(value, "http://internal.invalid");
    if (url.origin !== "http://internal.invalid") return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

export function accessRestrictedMessage(need: readonly string[], as: string) {
  return `This area requires ${need.join(" or ")} access. You are signed in as ${as}.`;
}
