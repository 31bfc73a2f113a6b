import { createHash } from "node:crypto";

// The rules for a study's uploaded documents that need no database: what counts as a PDF, the
// size limit, the stored hash, and a small valid PDF made in code for the demo seed and tests.

/** The request body is capped at 11 MB (next.config.mjs); a document may use 10 of it. */
export const STUDY_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** A PDF by its first bytes, whatever its name or declared type says. */
export const isPdf = (bytes: Uint8Array) => bytes.length > PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Names compared as people type them: case and runs of spaces do not matter. */
const normalName = (s: string) => s.normalize("NFKC").toLocaleLowerCase("en-US").replace(/\s+/g, " ").trim();

/** The typed signature matches the account's full name, case- and space-insensitively. */
export const nameMatches = (typed: string, firstName: string, lastName: string) =>
  normalName(typed) !== "" && normalName(typed) === normalName(`${firstName} ${lastName}`);

/**
 * A one-page PDF with the given lines of text (Helvetica, 11 pt): byte offsets in its
 * cross-reference table are computed, so readers open it without repairing it.
 */
export function simplePdf(lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[^\x20-\x7e]/g, "?").replace(/([\\()])/g, "\\$1");
  const text = lines.map((l, i) => `BT /F1 11 Tf 56 ${760 - i * 16} Td (${esc(l)}) Tj ET`).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
