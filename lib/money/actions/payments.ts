"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/accounts/action";
import { saveTaxForm } from "@/lib/money/tax-forms";
import { taxFormSchema } from "@/lib/money/schemas/tax";

/** The expert's W-9: the service asks update:expert:own, a recent password and no impersonation. */
export const saveTaxFormAction = defineAction(
  { schema: taxFormSchema, roles: ["expert"], failure: "Failed to save your W-9. Please try again." },
  async (input, actor) => {
    const saved = await saveTaxForm(actor, input);
    revalidatePath("/payments");
    return { tinLast4: saved.tinLast4, signedAt: saved.signedAt };
  },
);
