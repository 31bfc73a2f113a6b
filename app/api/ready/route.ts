import { fail, ok } from "@/lib/accounts/api-handler";
import { checkDatabase } from "@/lib/site/system-status";

export const dynamic = "force-dynamic";

/** Readiness: 200 when the database answers, 503 otherwise (load balancers, compose). */
export async function GET() {
  const database = await checkDatabase();
  if (!database.ok) return fail(503, "Database unreachable", "UNAVAILABLE", { "Retry-After": "5" });
  return ok({ status: "ok", databaseMs: database.roundTripMs });
}
