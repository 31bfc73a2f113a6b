import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { AppError } from "@/lib/errors";
import { ROLE_PRIORITY, type AppRole } from "@/lib/constants";
import { loadSessionIdentity, type SessionIdentity } from "@/lib/services/sign-in";
import { IMPERSONATION_COOKIE, SESSION_COOKIE } from "@/lib/auth/cookies";
import { decodeSessionToken, encodeSessionToken } from "@/lib/auth/session-token";
import { unsealImpersonation } from "@/lib/auth/impersonation-seal";
import { verifyAccessToken } from "@/lib/auth/access-token";
import { SESSION_MAX_AGE_SECONDS, cookieOptions } from "@/lib/auth/cookies";

/**
 * Who is acting. `userId`/`roles` are the effective identity (the impersonated user while
 * an admin impersonates); `realUserId` is always the person who signed in.
 */
export type Actor = {
  userId: string;
  email: string;
  roles: AppRole[];
  primaryRole: AppRole;
  onboardingComplete: boolean;
  realUserId: string;
  realEmail: string;
  impersonating: boolean;
};

export const primaryRoleOf = (roles: AppRole[]): AppRole | null => ROLE_PRIORITY.find((r) => roles.includes(r)) ?? null;

function toActor(identity: SessionIdentity, real: SessionIdentity): Actor | null {
  const primaryRole = primaryRoleOf(identity.roles);
  if (!primaryRole) return null;
  return {
    userId: identity.id,
    email: identity.email,
    roles: identity.roles,
    primaryRole,
    onboardingComplete: identity.onboardingComplete,
    realUserId: real.id,
    realEmail: real.email,
    impersonating: identity.id !== real.id,
  };
}

/** Resolves the signed-in user from a session token (and an impersonation seal), checked against the database. */
export async function resolveActor(sessionToken: string | undefined, impersonationSeal: string | undefined): Promise<Actor | null> {
  const claims = await decodeSessionToken(sessionToken);
  if (!claims) return null;
  const real = await loadSessionIdentity(claims.sub);
  // A password reset bumps the version: every older token stops working.
  if (!real || real.sessionVersion !== claims.sv) return null;
  if (impersonationSeal && real.roles.includes("admin")) {
    const seal = await unsealImpersonation(impersonationSeal);
    if (seal && seal.adminUserId === real.id) {
      const target = await loadSessionIdentity(seal.targetUserId);
      // Admins are never impersonated (nor can an impersonation nest).
      if (target && !target.roles.includes("admin")) return toActor(target, real);
    }
  }
  return toActor(real, real);
}

/** Resolves an API caller's `Authorization: Bearer` access token, checked against the database. */
export async function resolveBearerActor(accessToken: string): Promise<Actor | null> {
  const payload = verifyAccessToken(accessToken);
  if (!payload) return null;
  const identity = await loadSessionIdentity(payload.sub);
  if (!identity || identity.sessionVersion !== payload.sv) return null;
  return toActor(identity, identity);
}

/** The actor of the current request (cookie session), once per request. */
export const getActor = cache(async (): Promise<Actor | null> => {
  const jar = await cookies();
  return resolveActor(jar.get(SESSION_COOKIE)?.value, jar.get(IMPERSONATION_COOKIE)?.value);
});

/** For server actions and services: throws instead of redirecting. */
export async function requireActor(roles?: AppRole[]): Promise<Actor> {
  const actor = await getActor();
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  if (roles && !roles.some((r) => actor.roles.includes(r))) {
    throw new AppError("FORBIDDEN", `This area requires ${roles.join(" or ")} access. You are signed in as ${actor.primaryRole}.`);
  }
  return actor;
}

/**
 * For pages: the same rule as proxy.ts, checked again on the server. Signed out → the
 * area's login with the path remembered; wrong role → the Access Restricted notice.
 */
export async function requirePageRole(roles: AppRole[] | null, loginPath: string, currentPath: string): Promise<Actor> {
  const actor = await getActor();
  if (!actor) redirect(`${loginPath}?callbackUrl=${encodeURIComponent(currentPath)}`);
  if (roles && !roles.some((r) => actor.roles.includes(r))) {
    redirect(`/access-restricted?need=${encodeURIComponent(roles.join(","))}&as=${actor.primaryRole}`);
  }
  return actor;
}

/**
 * Re-issues the session cookie with fresh roles and onboarding state (e.g. right after the
 * last onboarding step), so the proxy lets the user through without a new sign-in.
 */
export async function refreshSessionCookie(userId: string) {
  const identity = await loadSessionIdentity(userId);
  if (!identity) return;
  const jar = await cookies();
  const current = await decodeSessionToken(jar.get(SESSION_COOKIE)?.value);
  if (!current || current.sub !== userId) return;
  const token = await encodeSessionToken({
    ...current,
    sub: identity.id,
    email: identity.email,
    roles: identity.roles,
    onboardingComplete: identity.onboardingComplete,
    sv: identity.sessionVersion,
  });
  jar.set(SESSION_COOKIE, token, cookieOptions(SESSION_MAX_AGE_SECONDS));
}
