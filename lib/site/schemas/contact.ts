import { z } from "../../platform/validation/zod";
import {
  CONTACT_ATTACHMENT_EXTENSIONS,
  CONTACT_ATTACHMENT_MAX_BYTES,
  CONTACT_MESSAGES,
  CONTACT_ROLES,
} from "@/lib/site/schemas/contact-rules";

// The contact form: name, email, subject and message required; role one of
// expert/client/other; an optional attachment of a listed type, at most 10 MB.

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactFieldsSchema = z.object({
  name: required("Name", 120),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email("Please enter a valid email address"))
    .transform((v) => v.toLowerCase()),
  role: z.enum(CONTACT_ROLES, { error: CONTACT_MESSAGES.roleDescription }),
  subject: required("Subject", 200),
  message: required("Message", 5000),
});
export type ContactFields = z.infer<typeof contactFieldsSchema>;

/** The JSON body of POST /api/contact-form (it may also carry fileUrl, always null). */
export const contactJsonSchema = contactFieldsSchema.extend({
  fileUrl: z.null().optional(),
});

export type AttachmentKind = "pdf" | "doc" | "docx" | "txt" | "png" | "jpeg";

const MIME: Record<AttachmentKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain; charset=utf-8",
  png: "image/png",
  jpeg: "image/jpeg",
};

const KIND_BY_EXTENSION: Record<string, AttachmentKind> = {
  ".pdf": "pdf",
  ".doc": "doc",
  ".docx": "docx",
  ".txt": "txt",
  ".png": "png",
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
};

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** What the bytes actually are, judged by their opening signature (not by the name). */
export function sniffAttachment(bytes: Uint8Array): AttachmentKind | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "doc"; // OLE compound file
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // A .docx is a zip whose entry names (stored uncompressed) include the word/ part.
    const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 64 * 1024))).toString("latin1");
    return head.includes("word/") || head.includes("[Content_Types].xml") ? "docx" : null;
  }
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return "txt";
  } catch {
    return null;
  }
}

export type CheckedAttachment = { name: string; kind: AttachmentKind; mimeType: string; size: number; data: Buffer };

/**
 * Accepts an attachment only when its name has an allowed extension, its content matches that
 * extension, and it is at most 10 MB. Returns the problem in words, or the checked file.
 */
export function checkAttachment(name: string, data: Uint8Array): { ok: true; file: CheckedAttachment } | { ok: false; message: string } {
  const cleanName =
    name
      .replace(/[\\/]/g, "_")
      .replace(/[\u0000-\u001f]/g, "")
      .trim()
      .slice(-200) || "attachment";
  const dot = cleanName.lastIndexOf(".");
  const extension = dot >= 0 ? cleanName.slice(dot).toLowerCase() : "";
  const expected = KIND_BY_EXTENSION[extension];
  if (!expected) return { ok: false, message: `Attachment must be one of: ${CONTACT_ATTACHMENT_EXTENSIONS.join(", ")}` };
  if (data.byteLength > CONTACT_ATTACHMENT_MAX_BYTES) return { ok: false, message: "Attachment must be 10 MB or smaller" };
  if (data.byteLength === 0) return { ok: false, message: "Attachment is empty" };
  const actual = sniffAttachment(data);
  if (actual !== expected) return { ok: false, message: `Attachment content does not match its ${extension} file type` };
  return { ok: true, file: { name: cleanName, kind: actual, mimeType: MIME[actual], size: data.byteLength, data: Buffer.from(data) } };
}
