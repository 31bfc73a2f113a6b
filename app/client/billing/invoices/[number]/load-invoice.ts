import "server-only";
import { cache } from "react";
import { isAppError } from "@/lib/platform/errors";
import { requirePageRole } from "@/lib/accounts/session";
import { getFundingInvoice } from "@/lib/money/funding";
import { confirmCollection } from "@/lib/money/card-payments";
import { invoiceNumberSchema } from "@/lib/money/schemas/funding";

/**
 * The invoice when the signed-in person may read it (their organization's billing roles, or the
 * money desk), else null; an invoice being paid by card is checked with the provider first. Once per request: the layout asks first so that "not found" is a 404
 * sent before anything streams.
 */
export const loadInvoice = cache(async (raw: string) => {
  const number = decodeURIComponent(raw);
  const actor = await requirePageRole(["client", "admin"], "/client/login", `/client/billing/invoices/${number}`);
  const parsed = invoiceNumberSchema.safeParse(number);
  if (!parsed.success) return null;
  try {
    const invoice = await getFundingInvoice(actor, parsed.data);
    // A card payment may have gone through since: ask its provider before showing "awaiting payment".
    if (invoice.status === "open" && invoice.provider !== "manual" && (await confirmCollection({ invoiceId: invoice.id })).paid)
      return { actor, invoice: await getFundingInvoice(actor, parsed.data) };
    return { actor, invoice };
  } catch (e) {
    // Another organization's invoice, or a role without billing: the same "not found".
    if (isAppError(e) && (e.code === "NOT_FOUND" || e.code === "FORBIDDEN")) return null;
    throw e;
  }
});
