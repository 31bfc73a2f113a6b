"use client";

import type { ActionResult } from "@/lib/accounts/action";
import type { AppErrorCode } from "@/lib/platform/errors";

/**
 * POSTs `body` to a CSV route handler and saves the answer as a download. The route's refusal
 * comes back as an action result (with its code), so `useReauth` can ask for the password and
 * try again when the file holds payment details or TINs.
 */
export async function downloadCsv(
  url: string,
  body: unknown,
  fallbackName: string,
): Promise<ActionResult<{ filename: string; count: number | null }>> {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { error?: string; code?: AppErrorCode } | null;
    return { ok: false, message: answer?.error ?? "The export failed. Please try again.", code: answer?.code };
  }
  const blob = await res.blob();
  const filename = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
  const count = res.headers.get("x-payout-count");
  return { ok: true, data: { filename, count: count === null ? null : Number(count) } };
}
