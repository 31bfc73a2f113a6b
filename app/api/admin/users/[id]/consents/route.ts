import { apiRoute } from "@/lib/accounts/api-handler";
import { csvResponse } from "@/lib/platform/csv-response";
import { AppError } from "@/lib/platform/errors";
import { exportConsentHistoryCsv } from "@/lib/accounts/consents";
import { z } from "@/lib/platform/validation/zod";

export const dynamic = "force-dynamic";

const userIdSchema = z.uuid();

/**
 * GET /api/admin/users/{id}/consents: one user's consent history as CSV, for a data request.
 * Admins only (the service asks manage:user:any); an unknown user is a 404.
 */
export const GET = apiRoute({ roles: ["admin"], failure: "Failed to export the consent history" }, async ({ actor, params }) => {
  const id = userIdSchema.safeParse(params.id);
  if (!id.success) throw new AppError("NOT_FOUND", "User not found");
  const { filename, csv } = await exportConsentHistoryCsv(actor, id.data);
  return csvResponse(csv, filename);
});
