import { apiRoute } from "@/lib/accounts/api-handler";
import { csvResponse } from "@/lib/platform/csv-response";
import { exportConsentHistoryCsv } from "@/lib/accounts/consents";

export const dynamic = "force-dynamic";

/** GET /api/me/consents: the caller's own consent history (every version accepted) as CSV. Any signed-in user. */
export const GET = apiRoute({ roles: [], failure: "Failed to export your consent history" }, async ({ actor }) => {
  const { filename, csv } = await exportConsentHistoryCsv(actor, actor!.userId);
  return csvResponse(csv, filename);
});
