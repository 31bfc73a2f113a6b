import "server-only";
import { env } from "@/lib/platform/env";
import { stampTags } from "@/lib/platform/cache-redis.mjs";
import { loggerFor } from "@/lib/platform/log.mjs";

const log = loggerFor("edge");

// The nginx edge cache in front of the instances (docs/decisions/0023-edge-cache.md) keeps
// public pages for as long as Next does. Debian's nginx cannot delete an entry, but it can
// replace one: its purge listener (deploy/nginx/edge-purge.conf) fetches the page from the app
// past the cache and stores whatever the app answers now, a 404 for a hidden profile.

const PURGE_TIMEOUT_MS = 5_000;

// Next's implicit tag for a path (what revalidatePath stamps at the end of the request).
const pathTag = (path: string) => `_N_T_${path}`;

/**
 * Replaces the edge cache's copy of each path with the app's current answer, before the request
 * that changed the data returns. Next's own copy is expired first (revalidatePath takes effect
 * only when the action ends, and nginx must not fetch the stale page back). Never throws: the
 * change is committed; a purge that fails is logged.
 */
export async function purgeEdgePaths(paths: string[]): Promise<void> {
  const listeners = env().EDGE_PURGE_URLS;
  if (!listeners.length || !paths.length) return;
  await stampTags(paths.map(pathTag));
  await Promise.all(
    listeners.flatMap((base) =>
      paths.map(async (path) => {
        try {
          const res = await fetch(`${base}${path}`, { method: "HEAD", signal: AbortSignal.timeout(PURGE_TIMEOUT_MS), cache: "no-store" });
          if (res.status >= 500) log.warn({ path, listener: base, status: res.status }, "edge purge answered an error");
        } catch (e) {
          log.warn({ path, listener: base, err: e }, "edge purge failed");
        }
      }),
    ),
  );
}
