// The Redis side of the shared page cache (REDIS_URL): one connection per process and the tag
// revalidation stamps. Used by Next's cache handler (lib/platform/cache-handler.mjs) and by the edge
// purge (lib/platform/edge-cache.ts), which must expire a page before it asks nginx to fetch it again.
// Plain JavaScript because Next loads the cache handler at run time, outside the bundler.
import { loggerFor } from "./log.mjs";

/** Hash of tag → time of its last revalidation (ms): an entry stored before it is a miss. */
export const TAGS_KEY = "k12:cache-tags";

let clientPromise;
let warnedAt = 0;

export function warn(message, error) {
  // One line a minute at most while Redis is unreachable, not one per request.
  if (Date.now() - warnedAt < 60_000) return;
  warnedAt = Date.now();
  loggerFor("cache").warn({ err: error }, message);
}

/** One Redis connection per process. Commands fail fast while it is down (no offline queue). */
export async function redis() {
  clientPromise ??= (async () => {
    const { createClient } = await import("@redis/client");
    const client = createClient({
      url: process.env.REDIS_URL,
      disableOfflineQueue: true,
      socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
    });
    client.on("error", (e) => warn("Redis error", e));
    await client.connect();
    return client;
  })().catch((e) => {
    clientPromise = undefined;
    throw e;
  });
  return clientPromise;
}

/** Marks tags revalidated now, for every instance. Returns false when Redis did not take it. */
export async function stampTags(tags) {
  if (!tags.length) return true;
  const now = String(Date.now());
  try {
    const client = await redis();
    await client.hSet(TAGS_KEY, Object.fromEntries(tags.map((t) => [t, now])));
    return true;
  } catch (e) {
    // The write that asked for this is already committed; while Redis is down every read is
    // a miss anyway, so nothing stale is served.
    warn("tag revalidation not stored", e);
    return false;
  }
}
