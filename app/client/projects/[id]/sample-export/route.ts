import { z } from "@/lib/platform/validation/zod";
import { apiRoute } from "@/lib/accounts/api-handler";
import { csvResponse } from "@/lib/platform/csv-response";
import { AppError } from "@/lib/platform/errors";
import { sampleExportCsv } from "@/lib/samples/plans";

export const dynamic = "force-dynamic";

/** A closed project's completed engagements with their sample cells and weights, as a CSV download. */
export const GET = apiRoute({ roles: ["client", "admin"], failure: "Failed to build the sample export" }, async ({ actor, params }) => {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new AppError("NOT_FOUND", "Project not found");
  const csv = await sampleExportCsv(actor, id.data);
  return csvResponse(csv, `sample-${id.data.slice(0, 8)}.csv`);
});
