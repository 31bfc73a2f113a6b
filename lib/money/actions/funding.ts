"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { recordFundingPayment, requestFunds, setCreditLimit, voidFundingInvoice } from "@/lib/money/funding";
import {
  recordFundingPaymentSchema,
  requestFundsSchema,
  setCreditLimitSchema,
  voidFundingInvoiceSchema,
} from "@/lib/money/schemas/funding";

/** Finance (or an owner or admin of the organisation) asks to add funds: a numbered open invoice to pay. */
export const requestFundsAction = defineAction(
  { schema: requestFundsSchema, roles: ["client", "admin"], failure: "Failed to create the invoice. Please try again." },
  async (input, actor) => {
    const invoice = await requestFunds(actor, input.amount);
    revalidatePath("/client/billing");
    revalidatePath("/admin/billing");
    return { number: invoice.number, amountCents: invoice.amountCents };
  },
);

/** An open invoice nobody will pay is voided by the organisation's billing roles (or the money desk). */
export const voidFundingInvoiceAction = defineAction(
  { schema: voidFundingInvoiceSchema, roles: ["client", "admin"], failure: "Failed to void the invoice. Please try again." },
  async (input, actor) => {
    const result = await voidFundingInvoice(actor, input.invoiceId);
    revalidatePath("/client/billing");
    revalidatePath("/admin/billing");
    return result;
  },
);

/** The money desk records an invoice's payment: one ledger transaction; recording it again adds nothing. */
export const recordFundingPaymentAction = defineAction(
  { schema: recordFundingPaymentSchema, roles: ["admin"], failure: "Failed to record the payment. Please try again." },
  async (input, actor) => {
    const result = await recordFundingPayment(actor, input.invoiceId, input.reference);
    revalidatePath("/admin/billing");
    revalidatePath("/client/billing");
    return result;
  },
);

/** The money desk sets how far an organisation may run on credit (0: prepaid only). */
export const setCreditLimitAction = defineAction(
  { schema: setCreditLimitSchema, roles: ["admin"], failure: "Failed to set the credit limit. Please try again." },
  async (input, actor) => {
    const result = await setCreditLimit(actor, input.organizationId, input.creditLimit);
    revalidatePath("/admin/billing");
    return result;
  },
);
