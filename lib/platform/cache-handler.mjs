// Next's cache handler (next.config.mjs `cacheHandler`): where the full-route cache (ISR pages,
// cached route handlers) and the data cache live.
//
// - REDIS_URL set: entries and tag revalidations live in Redis, so every instance behind the
//   load balancer serves the same pages and a revalidateTag/revalidatePath on one instance
//   invalidates the entry for all of them at once.
// - REDIS_URL unset: Next's own default (in-memory LRU over the .next folder), unchanged.
//
// Either way every page entry leaves here with the CSP that allows its own inline scripts by
// hash (lib/platform/page-script-hashes.mjs): entries prerendered at build time get it on first read,
// entries rendered at run time as they are stored.
//
// The decision is made when the server starts, not at build time, so one build runs either way.
// Plain JavaScript because Next loads this file at run time, outside the bundler.
import { readFileSync } from "node:fs";
import path from "node:path";
import fileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { securePageEntry } from "./page-script-hashes.mjs";
import { TAGS_KEY, redis, stampTags, warn } from "./cache-redis.mjs";

const TAGS_HEADER = "x-next-cache-tags";
// An entry nobody asks for again expires from Redis on its own after a week.
const ENTRY_TTL_SECONDS = 7 * 24 * 3600;

// A CommonJS module: its class is the `default` export of what ESM imports.
const FileSystemCache = fileSystemCacheModule.default ?? fileSystemCacheModule;

// Cached values hold Buffers (RSC payloads, route bodies) and Maps (segment data): JSON keeps
// them with a marker.
function encode(value) {
  return JSON.stringify(value, function replacer(key, v) {
    const raw = this[key];
    if (Buffer.isBuffer(raw)) return { __k12: "buffer", data: raw.toString("base64") };
    if (raw instanceof Map) return { __k12: "map", data: [...raw.entries()] };
    return v;
  });
}

function decode(text) {
  return JSON.parse(text, (_key, v) => {
    if (v && typeof v === "object" && v.__k12 === "buffer") return Buffer.from(v.data, "base64");
    if (v && typeof v === "object" && v.__k12 === "map") return new Map(v.data);
    return v;
  });
}

function tagsOfValue(value) {
  const header = value?.headers?.[TAGS_HEADER];
  if (typeof header === "string") return header.split(",").filter(Boolean);
  if (Array.isArray(value?.tags)) return value.tags;
  return [];
}

function buildId(serverDistDir) {
  try {
    return readFileSync(path.join(serverDistDir, "..", "BUILD_ID"), "utf8").trim();
  } catch {
    return "dev";
  }
}

export default class K12CacheHandler {
  constructor(ctx) {
    this.redisEnabled = Boolean(process.env.REDIS_URL);
    if (!this.redisEnabled) {
      this.fallback = new FileSystemCache(ctx);
      return;
    }
    // Entries of one build only: a new deploy never serves pages rendered by the old code.
    // Tag revalidations are shared by every build (an expert rejected is rejected for all).
    this.prefix = `k12:cache:${buildId(ctx.serverDistDir ?? ".next/server")}:`;
    this.tagsKey = TAGS_KEY;
  }

  async get(key, ctx) {
    const entry = await this.read(key, ctx);
    securePageEntry(entry?.value);
    return entry;
  }

  async read(key, ctx) {
    if (this.fallback) return this.fallback.get(key, ctx);
    try {
      const client = await redis();
      const text = await client.get(this.prefix + key);
      if (!text) return null;
      const entry = decode(text);
      const tags = [...new Set([...(entry.tags ?? []), ...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])])];
      if (tags.length) {
        const stamps = await client.hmGet(this.tagsKey, tags);
        // A tag revalidated (on any instance) after this entry was stored makes it a miss.
        if (stamps.some((s) => s !== null && Number(s) >= entry.lastModified)) return null;
      }
      return { lastModified: entry.lastModified, value: entry.value, ...(entry.cacheControl ? { cacheControl: entry.cacheControl } : {}) };
    } catch (e) {
      warn("cache read skipped", e);
      return null;
    }
  }

  async set(key, data, ctx) {
    // Before any await: the response being rendered reads these headers once set() resolves.
    securePageEntry(data);
    if (this.fallback) return this.fallback.set(key, data, ctx);
    try {
      const client = await redis();
      if (data === null) {
        await client.del(this.prefix + key);
        return;
      }
      const tags = [...new Set([...tagsOfValue(data), ...(ctx?.tags ?? [])])];
      const entry = { lastModified: Date.now(), value: data, tags, cacheControl: ctx?.cacheControl };
      await client.set(this.prefix + key, encode(entry), { EX: ENTRY_TTL_SECONDS });
    } catch (e) {
      warn("cache write skipped", e);
    }
  }

  async revalidateTag(tags, durations) {
    if (this.fallback) return this.fallback.revalidateTag(tags, durations);
    const list = (Array.isArray(tags) ? tags : [tags]).filter(Boolean);
    if (!list.length) return;
    // Every revalidation expires at once for every instance: a rejected expert's page must not
    // be served stale anywhere, even once.
    await stampTags(list);
  }

  resetRequestCache() {
    this.fallback?.resetRequestCache?.();
  }
}
