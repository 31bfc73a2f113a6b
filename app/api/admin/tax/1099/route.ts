import { apiRoute } from "@/lib/api/handler";
import { csvResponse } from "@/lib/api/csv-response";
import { AppError } from "@/lib/errors";
import { requestMeta } from "@/lib/request";
import { export1099Csv } from "@/lib/services/tax";
import { taxYearSchema } from "@/lib/validation/tax";

export const dynamic = "force-dynamic";

/**
 * GET /api/admin/tax/1099?year=2026: the year's 1099-NEC totals as CSV, each payee at or above
 * the year's threshold with the TIN decrypted into the file. The service asks manage:money:any
 * and records the export.
 */
export const GET = apiRoute({ roles: ["admin"], failure: "Failed to export the 1099 totals" }, async ({ request, actor }) => {
  const year = taxYearSchema.safeParse(request.nextUrl.searchParams.get("year") ?? "");
  if (!year.success) throw new AppError("BAD_REQUEST", year.error.issues[0]?.message ?? "Choose a year");
  const { filename, csv } = await export1099Csv(actor, year.data, { ip: requestMeta(request.headers).ip });
  return csvResponse(csv, filename);
});
