import { NO_STORE } from "@/lib/platform/no-store";

/**
 * Excel reads a CSV without a byte order mark in the machine's legacy code page ("JosÃ©"); with
 * one it reads UTF-8 ("José"). Fetch's text() and most CSV readers drop it.
 */
export const UTF8_BOM = "\uFEFF";

/** Every CSV download: UTF-8 with a BOM, an attachment named `filename`, never cached. */
export function csvResponse(csv: string, filename: string, headers: Record<string, string> = {}): Response {
  return new Response(UTF8_BOM + csv, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}
