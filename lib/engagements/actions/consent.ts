"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "@/lib/platform/validation/zod";
import { defineAction } from "@/lib/accounts/action";
import { requestMeta } from "@/lib/platform/request";
import { AppError } from "@/lib/platform/errors";
import { uploadStudyDocument } from "@/lib/engagements/consent/documents";
import { signStudyConsent } from "@/lib/engagements/consent/signatures";
import { withdrawConsent } from "@/lib/engagements/consent/withdrawal";
import { signConsentSchema, studyDocumentFieldsSchema, withdrawConsentSchema } from "@/lib/engagements/schemas/consent";
import { revalidateExpertPages } from "@/lib/experts/revalidate";

// A study's own consent: the client uploads its form or IRB letter (a browser form with the
// file), the expert signs it with their typed name or withdraws. The services check every row
// against the actor.

/** The project page's upload form: `projectId`, `kind`, `expiresOn` and the `file` (checked by its bytes in the service). */
export const uploadStudyDocumentAction = defineAction(
  {
    schema: z.instanceof(FormData, { error: "Choose a PDF file to upload." }),
    roles: ["client", "admin"],
    failure: "Failed to upload the document. Please try again.",
  },
  async (form, actor) => {
    const fields = studyDocumentFieldsSchema.safeParse({
      projectId: form.get("projectId"),
      kind: form.get("kind"),
      expiresOn: form.get("expiresOn") ?? null,
    });
    if (!fields.success) throw new AppError("BAD_REQUEST", fields.error.issues[0]?.message ?? "Check the form.");
    const file = form.get("file");
    if (!file || typeof file === "string")
      throw new AppError("BAD_REQUEST", "Choose a PDF file to upload.", { file: ["Choose a PDF file."] });
    const uploaded = await uploadStudyDocument(actor, {
      ...fields.data,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    revalidatePath(`/client/projects/${fields.data.projectId}`);
    revalidateExpertPages();
    return uploaded;
  },
);

export const signStudyConsentAction = defineAction(
  { schema: signConsentSchema, roles: ["expert"], failure: "Failed to record your signature. Please try again." },
  async (input, actor) => {
    const signed = await signStudyConsent(actor, input, requestMeta(await headers()));
    revalidateExpertPages();
    return signed;
  },
);

export const withdrawConsentAction = defineAction(
  { schema: withdrawConsentSchema, roles: ["expert"], failure: "Failed to withdraw your consent. Please try again." },
  async (input, actor) => {
    const result = await withdrawConsent(actor, input.engagementId, requestMeta(await headers()));
    revalidateExpertPages();
    revalidatePath("/client/projects/[id]", "page");
    return result;
  },
);
