import { apiRoute } from "@/lib/accounts/api-handler";
import { csvResponse } from "@/lib/platform/csv-response";
import { requestMeta } from "@/lib/platform/request";
import { export1099Csv } from "@/lib/money/tax-forms";
import { export1099Schema } from "@/lib/money/schemas/tax";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/tax/1099 {year}: the year's 1099-NEC totals as CSV, each payee at or above
 * the year's threshold with the TIN decrypted into the file. A POST, not a link: the file holds
 * full taxpayer numbers, so it needs the password entered recently (403 REAUTH_REQUIRED), and a
 * prefetch or a crawler must never produce one. The service asks manage:money:any and records
 * the export.
 */
export const POST = apiRoute(
  { roles: ["admin"], body: export1099Schema, failure: "Failed to export the 1099 totals" },
  async ({ request, actor, input }) => {
    const { filename, csv } = await export1099Csv(actor, input.year, { ip: requestMeta(request.headers).ip });
    return csvResponse(csv, filename);
  },
);
