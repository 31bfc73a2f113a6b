import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { hasAnyRole, refusalFor } from "@/lib/accounts/permissions";
import { ROLE_PRIORITY, type AppRole } from "@/lib/accounts/constants";
import { loadSessionIdentity, type SessionIdentity } from "@/lib/accounts/sign-in";
import { liveSessionClaims, loadSessionOfToken } from "@/lib/accounts/sessions";
import { IMPERSONATION_COOKIE, SESSION_COOKIE } from "@/lib/accounts/cookies";
import { decodeSessionToken, encodeSessionToken } from "@/lib/accounts/session-token";
import { unsealImpersonation } from "@/lib/accounts/impersonation-seal";
import { verifyAccessToken } from "@/lib/accounts/access-token";
import { listPendingPolicies } from "@/lib/accounts/consents";
import { POLICIES_PAGE } from "@/lib/accounts/route-rules";
import { SESSION_MAX_AGE_SECONDS, cookieOptions } from "@/lib/accounts/cookies";
import { setRequestUser } from "@/lib/platform/request-context.mjs";
import type { Actor } from "@/lib/accounts/actor";

type SessionContext = Pick<Actor, "sessionId" | "scope" | "authenticatedAt" | "via">;

export const primaryRoleOf = (roles: AppRole[]): AppRole | null => ROLE_PRIORITY.find((r) => roles.includes(r)) ?? null;

function toActor(identity: SessionIdentity, real: SessionIdentity, session: SessionContext): Actor | null {
  const primaryRole = primaryRoleOf(identity.roles);
  if (!primaryRole) return null;
  // The request's log line names the person who signed in (an admin viewing as someone: the admin).
  setRequestUser(real.id);
  return {
    userId: identity.id,
    email: identity.email,
    roles: identity.roles,
    primaryRole,
    onboardingComplete: identity.onboardingComplete,
    realUserId: real.id,
    realEmail: real.email,
    impersonating: identity.id !== real.id,
    membership: identity.membership,
    ...session,
  };
}

/**
 * Resolves the signed-in user from a session token (and an impersonation seal): the token's
 * session must be live in the database (not revoked, idle or expired) and belong to the
 * token's user at the token's session version.
 */
export async function resolveActor(sessionToken: string | undefined, impersonationSeal: string | undefined): Promise<Actor | null> {
  const claims = await decodeSessionToken(sessionToken);
  const session = claims && (await loadSessionOfToken(claims, "browser"));
  if (!session) return null;
  const real = session.identity;
  const context: SessionContext = { sessionId: session.id, scope: "full", authenticatedAt: session.authenticatedAt, via: "cookie" };
  if (impersonationSeal && real.roles.includes("admin")) {
    const seal = await unsealImpersonation(impersonationSeal);
    if (seal && seal.adminUserId === real.id) {
      const target = await loadSessionIdentity(seal.targetUserId);
      // Admins are never impersonated (nor can an impersonation nest).
      if (target && !target.roles.includes("admin")) return toActor(target, real, context);
    }
  }
  return toActor(real, real, context);
}

/** Resolves an API caller's `Authorization: Bearer` access token against its live API session. */
export async function resolveBearerActor(accessToken: string): Promise<Actor | null> {
  const payload = verifyAccessToken(accessToken);
  const session = payload && (await loadSessionOfToken(payload, "api"));
  if (!session) return null;
  const identity = session.identity;
  return toActor(identity, identity, {
    sessionId: session.id,
    scope: session.scope,
    authenticatedAt: session.authenticatedAt,
    via: "bearer",
  });
}

/** The actor of the current request (cookie session), once per request. */
export const getActor = cache(async (): Promise<Actor | null> => {
  const jar = await cookies();
  return resolveActor(jar.get(SESSION_COOKIE)?.value, jar.get(IMPERSONATION_COOKIE)?.value);
});

/** For server actions and services: throws instead of redirecting, with the one wording of `refusalFor`. */
export async function requireActor(roles?: AppRole[]): Promise<Actor> {
  const actor = await getActor();
  if (!actor || (roles && !hasAnyRole(actor, roles))) throw refusalFor(actor, roles ?? []);
  return actor;
}

/**
 * For pages: the same rule as proxy.ts, checked again on the server. Signed out → the
 * area's login with the path remembered; wrong role → the Access Restricted notice.
 */
export async function requirePageRole(roles: AppRole[] | null, loginPath: string, currentPath: string): Promise<Actor> {
  const actor = await getActor();
  if (!actor) redirect(`${loginPath}?callbackUrl=${encodeURIComponent(currentPath)}`);
  if (roles && !hasAnyRole(actor, roles)) {
    redirect(`/access-restricted?need=${encodeURIComponent(roles.join(","))}&as=${actor.primaryRole}`);
  }
  // A policy they accepted has a newer version: accept it first, then come back here. Every
  // signed-in page passes through this function (public, cached pages do not).
  if (await mustAcceptPolicies(actor)) redirect(`${POLICIES_PAGE}?next=${encodeURIComponent(currentPath)}`);
  return actor;
}

/**
 * True while the person has a newer version of an accepted policy to accept: the pages send them
 * to the policies page, and what renders a page's part on its own (a dashboard tab) refuses. An
 * admin viewing as someone is never asked on their behalf.
 */
export async function mustAcceptPolicies(actor: Actor): Promise<boolean> {
  return !actor.impersonating && (await listPendingPolicies(actor)).length > 0;
}

/**
 * Re-issues the session cookie with fresh roles and onboarding state (e.g. right after the
 * last onboarding step), so the proxy lets the user through without a new sign-in. The
 * session itself must still be live: a revoked one is never revived.
 */
export async function refreshSessionCookie(userId: string) {
  const jar = await cookies();
  const current = await decodeSessionToken(jar.get(SESSION_COOKIE)?.value);
  if (!current || current.sub !== userId) return;
  const fresh = await liveSessionClaims(current);
  if (!fresh) return;
  const token = await encodeSessionToken({ ...current, ...fresh });
  jar.set(SESSION_COOKIE, token, cookieOptions(SESSION_MAX_AGE_SECONDS));
}
