import { z } from "../../platform/validation/zod";

// What the study-consent pages and actions accept: an upload's fields, a signature, a withdrawal.

export const TYPED_NAME_MAX = 200;

export const studyDocumentFieldsSchema = z.object({
  projectId: z.uuid("Project is not valid"),
  kind: z.enum(["consent", "irb_approval"], { error: "Choose which document this is" }),
  expiresOn: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the expiry as a date")
    .nullish()
    .or(z.literal("").transform(() => null)),
});

export const signConsentSchema = z.object({
  projectId: z.uuid("Project is not valid"),
  documentId: z.uuid("Document is not valid"),
  typedName: z.string().trim().min(1, "Type your full name to sign").max(TYPED_NAME_MAX, "That name is too long"),
});

export const withdrawConsentSchema = z.object({ engagementId: z.uuid("Engagement is not valid") });
