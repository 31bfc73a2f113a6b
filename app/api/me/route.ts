import { getActor } from "@/lib/auth/session";
import { toSessionInfo } from "@/lib/services/session-info";
import { fail, ok } from "@/lib/api/handler";
import { isDatabaseDown } from "@/lib/db-outage";

export const dynamic = "force-dynamic";

/** Feeds the header's account island, so public pages themselves stay cacheable. */
export async function GET() {
  try {
    const actor = await getActor();
    // While impersonating, the real user is an admin by construction.
    const realIsAdmin = actor ? actor.impersonating || actor.roles.includes("admin") : false;
    return ok(toSessionInfo(actor, realIsAdmin));
  } catch (e) {
    // PostgreSQL restarting: a 503 the island retries, like every other route (not a 500).
    if (isDatabaseDown(e)) return fail(503, "The service is temporarily unavailable. Please try again shortly.", "UNAVAILABLE", { "Retry-After": "5" });
    throw e;
  }
}
