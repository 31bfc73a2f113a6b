"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { recordFundingPayment, requestFunds, setCreditLimit, voidFundingInvoice } from "@/lib/money/funding";
import { startCardPayment } from "@/lib/money/card-payments";
import { isAppError } from "@/lib/platform/errors";
import {
  payInvoiceByCardSchema,
  recordFundingPaymentSchema,
  requestFundsSchema,
  setCreditLimitSchema,
  voidFundingInvoiceSchema,
} from "@/lib/money/schemas/funding";

/**
 * Finance (or an owner or admin of the organization) asks to add funds: a numbered open invoice to
 * pay, and by card the provider's payment page to go to. When the card page cannot be started the
 * invoice stays, payable by bank transfer or by card later, and the answer says why.
 */
export const requestFundsAction = defineAction(
  { schema: requestFundsSchema, roles: ["client", "admin"], failure: "Failed to create the invoice. Please try again." },
  async (input, actor) => {
    const invoice = await requestFunds(actor, input.amount);
    revalidatePath("/client/billing");
    revalidatePath("/admin/billing");
    const made = {
      number: invoice.number,
      amountCents: invoice.amountCents,
      payUrl: null as string | null,
      cardProblem: null as string | null,
    };
    if (input.method !== "card") return made;
    try {
      const started = await startCardPayment(actor, invoice.id);
      return { ...made, payUrl: "url" in started ? started.url : null };
    } catch (e) {
      if (isAppError(e) && e.status < 500) return { ...made, cardProblem: e.message };
      throw e;
    }
  },
);

/** Finance pays an open invoice by card: the provider's payment page to go to. */
export const payInvoiceByCardAction = defineAction(
  { schema: payInvoiceByCardSchema, roles: ["client", "admin"], failure: "Failed to start the card payment. Please try again." },
  async (input, actor) => {
    const started = await startCardPayment(actor, input.invoiceId);
    if (!("url" in started)) {
      revalidatePath("/client/billing");
      revalidatePath("/admin/billing");
    }
    return started;
  },
);

/** An open invoice nobody will pay is voided by the organization's billing roles (or the money desk). */
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

/** The money desk sets how far an organization may run on credit (0: prepaid only). */
export const setCreditLimitAction = defineAction(
  { schema: setCreditLimitSchema, roles: ["admin"], failure: "Failed to set the credit limit. Please try again." },
  async (input, actor) => {
    const result = await setCreditLimit(actor, input.organizationId, input.creditLimit);
    revalidatePath("/admin/billing");
    return result;
  },
);
