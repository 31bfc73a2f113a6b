import { loggerFor } from "@/lib/platform/log.mjs";

const log = loggerFor("pages");

/**
 * A page part's data, or a marker that reading it failed: the page shows that part's error state
 * and renders the rest. The failure is logged under `where` (the page), never shown.
 */
export async function settle<T>(p: Promise<T>, where: string): Promise<{ ok: true; data: T } | { ok: false }> {
  try {
    return { ok: true, data: await p };
  } catch (e) {
    log.error({ err: e, where }, "a page part failed to load");
    return { ok: false };
  }
}
