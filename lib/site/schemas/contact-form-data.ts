import { AppError } from "@/lib/platform/errors";
import { describeIssues, fieldErrorsOf } from "@/lib/platform/validation/issues";
import {
  checkAttachment,
  contactFieldsSchema,
  contactJsonSchema,
  type CheckedAttachment,
  type ContactFields,
} from "@/lib/site/schemas/contact";

export type ParsedContact = { fields: ContactFields; attachment: CheckedAttachment | null };

function invalid(error: import("zod").ZodError): never {
  throw new AppError("BAD_REQUEST", describeIssues(error), fieldErrorsOf(error));
}

/** A multipart form (the browser form, with an optional `attachment` file) → checked fields and file. */
export async function parseContactFormData(form: FormData): Promise<ParsedContact> {
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : undefined;
  };
  const parsed = contactFieldsSchema.safeParse({
    name: text("name"),
    email: text("email"),
    role: text("role") || undefined,
    subject: text("subject"),
    message: text("message"),
  });
  if (!parsed.success) invalid(parsed.error);
  const file = form.get("attachment");
  let attachment: CheckedAttachment | null = null;
  // An empty file input submits a nameless, empty File: that means "no attachment".
  if (file && typeof file !== "string" && (file.size > 0 || file.name)) {
    const checked = checkAttachment(file.name, new Uint8Array(await file.arrayBuffer()));
    if (!checked.ok) throw new AppError("BAD_REQUEST", `attachment: ${checked.message}`, { attachment: [checked.message] });
    attachment = checked.file;
  }
  return { fields: parsed.data, attachment };
}

/** The JSON body (name, email, role, subject, message, fileUrl). */
export function parseContactJson(body: unknown): ParsedContact {
  const parsed = contactJsonSchema.safeParse(body);
  if (!parsed.success) invalid(parsed.error);
  const { fileUrl: _ignored, ...fields } = parsed.data;
  void _ignored;
  return { fields, attachment: null };
}
