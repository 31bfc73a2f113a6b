import { apiRoute } from "@/lib/accounts/api-handler";
import { csvResponse } from "@/lib/platform/csv-response";
import { AppError } from "@/lib/platform/errors";
import { statementCsv } from "@/lib/money/billing";
import { monthSchema } from "@/lib/money/schemas/billing";

export const dynamic = "force-dynamic";

/** The signed-in client's statement for one UTC month ("2026-03") as a CSV download. */
export const GET = apiRoute({ roles: ["client", "admin"], failure: "Failed to build the statement" }, async ({ actor, params }) => {
  const month = monthSchema.safeParse(params.month);
  if (!month.success) throw new AppError("BAD_REQUEST", "Month must look like 2026-03");
  const csv = await statementCsv(actor, month.data);
  return csvResponse(csv, `statement-${month.data}.csv`);
});
