import { z } from "@/lib/platform/validation/zod";
import { apiRoute } from "@/lib/accounts/api-handler";
import { testRoutesEnabled } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { describeIssues } from "@/lib/platform/validation/issues";
import { loggerFor } from "@/lib/platform/log.mjs";

export const dynamic = "force-dynamic";

const querySchema = z.object({ ms: z.coerce.number({ error: "ms must be a number" }).int().min(0).max(20_000).default(2_000) });

/**
 * GET /api/test-only/slow?ms=N answers after N ms (at most 20 s): a request still in flight when
 * the e2e tests send SIGTERM. TEST_ROUTES=1 only; elsewhere 404.
 */
export const GET = apiRoute({ roles: null, failure: "Failed to wait" }, async ({ request }) => {
  if (!testRoutesEnabled()) throw new AppError("NOT_FOUND", "Not found");
  const parsed = querySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success) throw new AppError("BAD_REQUEST", describeIssues(parsed.error));
  // A line written inside the request: it carries the request's id.
  loggerFor("test-only").info({ ms: parsed.data.ms }, "slow request waiting");
  await new Promise((resolve) => setTimeout(resolve, parsed.data.ms));
  return { waitedMs: parsed.data.ms };
});
