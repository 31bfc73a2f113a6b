"use server";

import { revalidatePath } from "next/cache";
import { z } from "@/lib/platform/validation/zod";
import { AppError } from "@/lib/platform/errors";
import { defineAction } from "@/lib/accounts/action";
import { reviewApprovalLetter, uploadApprovalLetter } from "@/lib/projects/district-letters";
import { letterDecisionSchema } from "@/lib/projects/schemas/district-letters";

// Approval letters signed by a district outside the product: the researcher uploads one (a
// browser form with the PDF), an admin accepts it or rejects it with a reason.

const letterFieldsSchema = z.object({
  approvalId: z.uuid({ error: "District approval not found." }),
  expiresOn: z.iso.date({ error: "Enter the last day the letter approves the study." }),
});

/** The district row's upload form: `approvalId`, `expiresOn` and the `file` (checked by its bytes in the service). */
export const uploadApprovalLetterAction = defineAction(
  {
    schema: z.instanceof(FormData, { error: "Choose the signed letter as a PDF file." }),
    roles: ["client", "admin"],
    failure: "Failed to upload the letter. Please try again.",
  },
  async (form, actor) => {
    const fields = letterFieldsSchema.safeParse({ approvalId: form.get("approvalId"), expiresOn: form.get("expiresOn") });
    if (!fields.success) {
      const issue = fields.error.issues[0];
      throw new AppError("BAD_REQUEST", issue?.message ?? "Check the form.", {
        [String(issue?.path[0] ?? "file")]: [issue?.message ?? ""],
      });
    }
    const file = form.get("file");
    if (!file || typeof file === "string")
      throw new AppError("BAD_REQUEST", "Choose the signed letter as a PDF file.", { file: ["Choose a PDF file."] });
    const letter = await uploadApprovalLetter(actor, {
      ...fields.data,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    revalidatePath("/admin/districts/letters");
    return letter;
  },
);

export const reviewApprovalLetterAction = defineAction(
  { schema: letterDecisionSchema, roles: ["admin"], failure: "Failed to record the check" },
  async ({ letterId, ...decision }, actor) => {
    const result = await reviewApprovalLetter(actor, letterId, decision);
    revalidatePath("/admin/districts/letters");
    return result;
  },
);
