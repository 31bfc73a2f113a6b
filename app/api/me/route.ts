import { getActor } from "@/lib/auth/session";
import { toSessionInfo } from "@/lib/services/session-info";
import { ok } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

/** Feeds the header's account island, so public pages themselves stay cacheable. */
export async function GET() {
  const actor = await getActor();
  // While impersonating, the real user is an admin by construction.
  const realIsAdmin = actor ? actor.impersonating || actor.roles.includes("admin") : false;
  return ok(toSessionInfo(actor, realIsAdmin));
}
