import "server-only";
import { requirePermission } from "@/lib/accounts/permissions";
import type { Actor } from "@/lib/accounts/actor";

/**
 * The admin behind the request (even while impersonating), for the actions that record the
 * admin's own ids: "impersonate:user:any" is held by the person who signed in, so it passes
 * while `getActor()` answers with the target's identity. 401 when signed out, 403 otherwise.
 */
export function requireRealAdmin(actor: Actor | null): { adminUserId: string; adminEmail: string; impersonating: boolean } {
  requirePermission(actor, "impersonate:user:any");
  return { adminUserId: actor.realUserId, adminEmail: actor.realEmail, impersonating: actor.impersonating };
}
