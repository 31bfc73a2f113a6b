import "server-only";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/session";

/**
 * While an admin impersonates, `getActor()` answers with the target's identity, so an
 * effective-role check cannot tell whether the person behind the request is an admin.
 * resolveActor() only ever sets `impersonating` for a real admin session whose id matches
 * the seal, so either flag proves the signed-in person is an admin.
 */
export function isRealAdmin(actor: Actor | null): actor is Actor {
  return Boolean(actor && (actor.impersonating || actor.roles.includes("admin")));
}

/** The admin behind the request (even while impersonating); 401 when signed out, 403 otherwise. */
export function requireRealAdmin(actor: Actor | null): { adminUserId: string; adminEmail: string; impersonating: boolean } {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  if (!(actor.impersonating || actor.roles.includes("admin"))) throw new AppError("FORBIDDEN", `This requires admin access. You are signed in as ${actor.primaryRole}.`);
  return { adminUserId: actor.realUserId, adminEmail: actor.realEmail, impersonating: actor.impersonating };
}

/** For admin services: the effective identity must be an admin (an impersonating admin acts as the target). */
export function assertAdmin(actor: Actor | null): asserts actor is Actor {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  if (!actor.roles.includes("admin")) throw new AppError("FORBIDDEN", `This area requires admin access. You are signed in as ${actor.primaryRole}.`);
}
