import { apiRoute } from "@/lib/api/handler";
import { requestMeta } from "@/lib/request";
import { exportPayoutBatch } from "@/lib/money/payouts";
import { exportPayoutsSchema } from "@/lib/validation/payouts";

export const dynamic = "force-dynamic";

/**
 * {payoutIds} → the batch CSV as a download, with the full payment details; the export is
 * audited (payout_exports) and the rows become processing. Admins only; never cached.
 */
export const POST = apiRoute({ roles: ["admin"], body: exportPayoutsSchema, failure: "Failed to export the payout batch" }, async ({ actor, input, request }) => {
  const batch = await exportPayoutBatch(actor, input.payoutIds, { ip: requestMeta(request.headers).ip });
  return new Response(batch.csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${batch.filename}"`,
      "Cache-Control": "no-store, private",
      "X-Content-Type-Options": "nosniff",
      "X-Payout-Count": String(batch.count),
    },
  });
});
