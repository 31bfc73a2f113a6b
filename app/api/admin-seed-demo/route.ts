import { NextResponse, type NextRequest } from "next/server";
import { actorFromRequest, crossOriginWrite } from "@/lib/accounts/api-handler";
import { NO_STORE } from "@/lib/platform/no-store";
import { isDatabaseDown } from "@/lib/platform/db-outage";
import { isAppError } from "@/lib/platform/errors";
import { loggerFor } from "@/lib/platform/log.mjs";
import { isDemoMode } from "@/lib/platform/env";
import { CROSS_ORIGIN_MESSAGE } from "@/lib/platform/security/action-origin";
import { seedDemoData, type SeedResult } from "@/lib/site/demo-seed";
import { requirePermission } from "@/lib/accounts/permissions";

export const dynamic = "force-dynamic";

// The seed may take a few seconds on a cold database (password hashing, ~400 rows).
export const maxDuration = 60;

type SeedResponse = { ok: boolean; code: string; message: string; stats: SeedResult["stats"] | null };

const answer = (status: number, body: SeedResponse) => NextResponse.json(body, { status, headers: NO_STORE });

/**
 * POST /api/admin-seed-demo: runs the idempotent demo seed. Unlike the other functions its
 * body is the seed statistics response: exactly { ok, code, message, stats },
 * also on failure, so the admin card can show "code: message". It exists only in demo mode
 * (DEMO_MODE=1): a real deployment answers 404, as for any unknown route.
 */
export async function POST(request: NextRequest) {
  if (!isDemoMode()) return answer(404, { ok: false, code: "NOT_FOUND", message: "Not found", stats: null });
  if (crossOriginWrite(request)) return answer(403, { ok: false, code: "CROSS_ORIGIN", message: CROSS_ORIGIN_MESSAGE, stats: null });
  try {
    const actor = await actorFromRequest(request);
    // The effective identity: an admin viewing as a client acts as that client here too, so the
    // check is an admin-area permission, not the personal "impersonate:user:any".
    requirePermission(actor, "manage:user:any");
    const result = await seedDemoData();
    return answer(200, { ok: result.ok, code: result.code, message: result.message, stats: result.stats });
  } catch (e) {
    if (isAppError(e)) return answer(e.status, { ok: false, code: e.code, message: e.message, stats: null });
    if (isDatabaseDown(e))
      return answer(503, {
        ok: false,
        code: "UNAVAILABLE",
        message: "The database is unavailable. Please try again shortly.",
        stats: null,
      });
    loggerFor("api").error({ err: e }, "POST /api/admin-seed-demo failed");
    return answer(500, { ok: false, code: "SEED_FAILED", message: "The demo data could not be written. Please try again.", stats: null });
  }
}
