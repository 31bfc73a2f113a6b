import { apiRoute } from "@/lib/accounts/api-handler";
import { csvResponse } from "@/lib/platform/csv-response";
import { requestMeta } from "@/lib/platform/request";
import { exportPayoutBatch } from "@/lib/money/payouts";
import { exportPayoutsSchema } from "@/lib/money/schemas/payouts";

export const dynamic = "force-dynamic";

/**
 * {payoutIds, reexportReason?} → the batch CSV as a download, with the full payment details;
 * the export is audited (payout_exports) and the rows become processing. A payout leaves once:
 * sending one again needs reexportReason. Admins only, with the password entered recently
 * (403 REAUTH_REQUIRED otherwise); never cached.
 */
export const POST = apiRoute(
  { roles: ["admin"], body: exportPayoutsSchema, failure: "Failed to export the payout batch" },
  async ({ actor, input, request }) => {
    const batch = await exportPayoutBatch(actor, input.payoutIds, {
      ip: requestMeta(request.headers).ip,
      reexportReason: input.reexportReason,
    });
    return csvResponse(batch.csv, batch.filename, { "X-Payout-Count": String(batch.count) });
  },
);
