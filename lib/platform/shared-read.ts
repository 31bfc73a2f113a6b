import "server-only";
import { revalidateTag, unstable_cache } from "next/cache";

// Reads that many people make alike and that change only when someone writes them: kept in Next's
// data cache (in Redis when REDIS_URL is set, so every instance shares them) under a tag, and
// dropped by `sharedReadChanged(tag)` from the writes that change them. Never anything per session
// or per person: a shared read takes no cookie and no actor.

/** Outside a request (tests, scripts, the seed) there is no cache: the read just runs. */
const outsideRequest = (e: unknown) =>
  e instanceof Error && /incrementalCache missing|static generation store missing|outside a request scope/i.test(e.message);

/**
 * `read` kept under `key` until `tag` changes (or, with `maxAgeSeconds`, until it is that old:
 * for figures that many writes change, where dropping the copy on each write would keep none).
 * What it returns goes through JSON (the cache stores it so): plain data only, no Dates.
 */
export function sharedRead<T>(read: () => Promise<T>, key: string, tag: string, maxAgeSeconds?: number): () => Promise<T> {
  const cached = unstable_cache(read, [key], { tags: [tag], ...(maxAgeSeconds ? { revalidate: maxAgeSeconds } : {}) });
  return async () => {
    try {
      return await cached();
    } catch (e) {
      if (outsideRequest(e)) return read();
      throw e;
    }
  };
}

/** After a write that changes what `tag`'s reads return: the next read goes to the database. */
export function sharedReadChanged(tag: string) {
  try {
    revalidateTag(tag, { expire: 0 });
  } catch (e) {
    if (!outsideRequest(e)) throw e;
  }
}
