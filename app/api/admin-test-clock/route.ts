import { z } from "@/lib/platform/validation/zod";
import { apiRoute } from "@/lib/accounts/api-handler";
import { isDemoMode } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { requirePermission } from "@/lib/accounts/permissions";
import { completeOverdueSessions } from "@/lib/engagements/transitions";
import { releaseDueEarnings } from "@/lib/engagements/earnings-review";

export const dynamic = "force-dynamic";

const MAX_AHEAD_DAYS = 31;

const bodySchema = z.object({
  /** The instant to settle at, e.g. four business days from now to close a QC window. */
  at: z.iso
    .datetime({ offset: true, error: "Give an instant (ISO 8601)" })
    .transform((v) => new Date(v))
    // Far enough for any review window or the 7-day rule; a year ahead would settle every open session at once.
    .refine((d) => d.getTime() <= Date.now() + MAX_AHEAD_DAYS * 86_400_000, `The test clock moves at most ${MAX_AHEAD_DAYS} days ahead`),
});

/**
 * POST /api/admin-test-clock { at }: runs the money job (the 7-day rule and the QC release) as if
 * it were `at`, so a demo or an end-to-end test can see a review window close without waiting
 * three business days. Demo mode only (a real deployment answers 404) and admins only.
 */
export const POST = apiRoute({ roles: ["admin"], body: bodySchema, failure: "Failed to run the money job" }, async ({ actor, input }) => {
  if (!isDemoMode()) throw new AppError("NOT_FOUND", "Not found");
  requirePermission(actor, "manage:money:any");
  const completed = await completeOverdueSessions(input.at);
  const released = await releaseDueEarnings(input.at);
  return { completed, released };
});
