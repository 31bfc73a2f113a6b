import { apiRoute } from "@/lib/accounts/api-handler";
import { csvResponse } from "@/lib/platform/csv-response";
import { shortlistCsv } from "@/lib/projects/shortlists";
import { env } from "@/lib/platform/env";

/** The shortlist as a CSV download (client or admin; the proxy and this handler both check). */
export const GET = apiRoute({ roles: ["client", "admin"], failure: "Failed to export shortlist" }, async ({ actor }) => {
  const csv = await shortlistCsv(actor, env().APP_URL.replace(/\/$/, ""));
  return csvResponse(csv, `shortlist-${new Date().toISOString().slice(0, 10)}.csv`);
});
