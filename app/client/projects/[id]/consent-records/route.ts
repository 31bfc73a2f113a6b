import { z } from "@/lib/platform/validation/zod";
import { apiRoute } from "@/lib/accounts/api-handler";
import { csvResponse } from "@/lib/platform/csv-response";
import { AppError } from "@/lib/platform/errors";
import { consentRecordsCsv } from "@/lib/engagements/consent/records";

export const dynamic = "force-dynamic";

/** The study's consent signature records (version, hash, typed name, time, IP, browser, withdrawal), as a CSV for the IRB. */
export const GET = apiRoute({ roles: ["client", "admin"], failure: "Failed to build the consent records" }, async ({ actor, params }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new AppError("NOT_FOUND", "Project not found");
  const csv = await consentRecordsCsv(actor, id.data);
  return csvResponse(csv, `consent-records-${id.data.slice(0, 8)}.csv`);
});
