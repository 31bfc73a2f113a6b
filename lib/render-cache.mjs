import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

// Signed-in pages kept per session and served again while nothing they could show has changed
// (docs/decisions/0029-render-cache.md). The server (scripts/server.mjs) asks before handing a
// request to Next and keeps what Next answered; the page itself says whether it may be kept
// (allowResponseReuse in lib/request-context.mjs, called once its authorisation has passed).
// An entry is one session's (the key holds the whole Cookie header) and ends at the first of:
// a committed write to rows its page could show (announced by PostgreSQL on DATA_CHANGE_CHANNEL
// after commit, migration 20261124230000_data_change_notices), the end of the session, TTL_MS,
// or losing the channel. Plain JavaScript: that server runs outside the bundler.

export const DATA_CHANGE_CHANNEL = "k12_data_change";
/** How long a kept page may be served: what it shows from the clock ("in 5 minutes") is at most this old. */
export const TTL_MS = 30_000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

// Next answers a client-side navigation from these headers: they are part of what was asked.
const ROUTER_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url"];
// Per response, or recomputed when served again.
const PER_RESPONSE = new Set(["x-request-id", "date", "content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"]);
const KEPT_TYPES = /^(text\/html|text\/x-component)\b/;
const NONCE = /'nonce-([^']+)'/;

const decoders = { gzip: promisify(zlib.gunzip), br: promisify(zlib.brotliDecompress), deflate: promisify(zlib.inflate) };
const gzip = promisify(zlib.gzip);

/**
 * @typedef {import("./request-context.mjs").RequestContext} Context
 * @typedef {Omit<import("./request-context.mjs").Reuse, "until">} Reader
 * @typedef {Reader & { status: number; headers: Record<string, string | string[] | number>; body: Buffer; text: string | null; nonce: string | null; logUserId?: string; until: number; size: number }} Entry
 */

/**
 * Which readers' pages a change notice ends. A notice is tokens separated by spaces
 * (k12_announce_data_change): '*' anyone's pages, 'u:<id>' that user's, 'g:<role>' every page
 * of a person with that role (expert, client), '-' none but admins'. An admin's pages read
 * everyone's rows. Read once per notice, then asked of every kept page.
 * @param {string} notice
 * @returns {(reader: Reader) => boolean}
 */
export function readersEnded(notice) {
  const tokens = new Set(notice.split(" "));
  if (tokens.has("*")) return () => true;
  return (reader) => reader.readsEveryone || tokens.has(`u:${reader.userId}`) || reader.groups.some((role) => tokens.has(`g:${role}`));
}

/** The longest a kept page waits for the catch-up round trip before it is rendered instead. */
const CATCH_UP_MS = 1_000;
/** How many recent notices are remembered, to tell whether one crossed a render still in flight. */
const NOTICES_KEPT = 512;

/** @param {{ now?: () => number; ttlMs?: number; maxBytes?: number }} [options] */
export function createRenderCache({ now = Date.now, ttlMs = TTL_MS, maxBytes = MAX_BYTES } = {}) {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  let bytes = 0;
  // Bumped by every change notice and by every gain or loss of the channel, each remembered in
  // `notices`: a page whose render a notice for it crossed is not kept, since it may have read
  // rows from before the change.
  let version = 0;
  /** @type {{ version: number; ends: (reader: Reader) => boolean }[]} */
  const notices = [];
  let live = false;
  /** @type {() => Promise<boolean>} */
  let caughtUp = async () => true;

  const drop = (/** @type {string} */ key) => {
    const entry = entries.get(key);
    if (entry) bytes -= entry.size;
    entries.delete(key);
  };
  const heard = (/** @type {string} */ notice) => {
    version++;
    const ends = readersEnded(notice);
    notices.push({ version, ends });
    if (notices.length > NOTICES_KEPT) notices.shift();
    if (notice === "*") {
      entries.clear();
      bytes = 0;
    } else {
      for (const [key, entry] of entries) if (ends(entry)) drop(key);
    }
  };
  /** True when a notice since `since` ends `reader`'s pages (or the notices since then are no longer all remembered). */
  const crossed = (/** @type {number} */ since, /** @type {Reader} */ reader) => {
    if (since === version) return false;
    if (!notices.length || notices[0].version > since + 1) return true;
    return notices.some((n) => n.version > since && n.ends(reader));
  };

  return {
    get size() {
      return entries.size;
    },

    /**
     * The database now announces its changes to us (true), or can no longer (false).
     * `catchUp` resolves true once every change committed before it was called has been heard.
     * @param {boolean} isLive
     * @param {() => Promise<boolean>} [catchUp]
     */
    setLive(isLive, catchUp) {
      live = isLive;
      if (catchUp) caughtUp = catchUp;
      heard("*");
    },

    /**
     * A write was committed: the pages that could show its rows are not served again.
     * @param {string} [notice] the notice's payload; without one, every page
     */
    dataChanged(notice = "*") {
      heard(notice);
    },

    /**
     * The key of a request that may be served from or kept in the cache, or null: reads with a
     * cookie (a session), outside Next's assets and our route handlers, while changes are heard.
     * @param {import("node:http").IncomingMessage} req
     */
    keyOf(req) {
      if (!live || req.method !== "GET" || !req.headers.cookie) return null;
      const url = req.url ?? "/";
      if (url.startsWith("/_next/") || url.startsWith("/api/")) return null;
      return JSON.stringify([req.headers.host ?? "", url, req.headers.cookie, req.headers["user-agent"] ?? "", ...ROUTER_HEADERS.map((h) => req.headers[h] ?? "")]);
    },

    /**
     * Answers the request from its entry, if there is a live one; a browser's reload without
     * its cache (Cache-Control: no-cache) is rendered again. The page's script nonce is
     * replaced by a new one, as if it had been rendered for this request.
     * @param {string} key
     * @param {import("node:http").IncomingMessage} req
     * @param {import("node:http").ServerResponse} res
     * @param {Context} context
     */
    async serve(key, req, res, context) {
      if (/no-cache/.test(`${req.headers["cache-control"] ?? ""} ${req.headers.pragma ?? ""}`) || !entries.has(key)) return false;
      // A write committed before this request arrived (on any instance, e.g. the one that just
      // answered this person's form) ends the entry before it can be served.
      if (!(await caughtUp())) return false;
      const entry = entries.get(key);
      if (!entry) return false;
      if (entry.until <= now()) {
        drop(key);
        return false;
      }
      entries.delete(key); // most recently used last
      entries.set(key, entry);
      const headers = { ...entry.headers, "x-render-cache": "hit" };
      let body = entry.body;
      if (entry.nonce && entry.text !== null) {
        const nonce = btoa(randomUUID());
        body = Buffer.from(entry.text.replaceAll(entry.nonce, nonce));
        headers["content-security-policy"] = String(headers["content-security-policy"]).replaceAll(entry.nonce, nonce);
      }
      if (/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) {
        body = await gzip(body);
        headers["content-encoding"] = "gzip";
        const vary = String(headers.vary ?? "");
        if (!/accept-encoding/i.test(vary)) headers.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
      }
      headers["content-length"] = body.length;
      context.userId = entry.logUserId;
      context.renderCache = "hit";
      res.writeHead(entry.status, headers);
      res.end(body);
      return true;
    },

    /**
     * Keeps what Next answers to this request once it has been sent, when the page allowed it,
     * it is a 200 page without cookies to set, and no change was heard while it rendered.
     * @param {string} key
     * @param {import("node:http").ServerResponse} res
     * @param {Context} context
     */
    capture(key, res, context) {
      const started = version;
      /** @type {Buffer[]} */
      const chunks = [];
      let size = 0;
      let tooBig = false;
      const keep = (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding) => {
        if (chunk == null || typeof chunk === "function" || tooBig) return;
        const buffer = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8") : Buffer.from(/** @type {Uint8Array} */ (chunk));
        size += buffer.length;
        if (size <= MAX_ENTRY_BYTES) return void chunks.push(buffer);
        tooBig = true;
        chunks.length = 0;
      };
      const write = res.write;
      const end = res.end;
      res.write = /** @type {any} */ (function (/** @type {any[]} */ ...args) {
        keep(args[0], args[1]);
        return write.apply(this, /** @type {any} */ (args));
      });
      res.end = /** @type {any} */ (function (/** @type {any[]} */ ...args) {
        keep(args[0], args[1]);
        return end.apply(this, /** @type {any} */ (args));
      });
      context.renderCache = "miss";
      res.once("finish", () => {
        const reuse = context.reuse;
        if (!reuse) return;
        const until = Math.min(reuse.until, now() + ttlMs);
        // X-Request-Id is set before Next runs, so every header Next sets (writeHead's too) is in getHeaders().
        const headers = res.getHeaders();
        const storable =
          !tooBig && !context.reuseForbidden && until > now() && res.statusCode === 200 && !headers["set-cookie"] && KEPT_TYPES.test(String(headers["content-type"] ?? ""));
        if (!storable || crossed(started, reuse)) return;
        void decode(Buffer.concat(chunks), String(headers["content-encoding"] ?? "")).then((body) => {
          if (!body || crossed(started, reuse)) return;
          /** @type {Record<string, string | string[] | number>} */
          const kept = {};
          for (const [name, value] of Object.entries(headers)) if (!PER_RESPONSE.has(name) && value !== undefined) kept[name] = value;
          const nonce = NONCE.exec(String(kept["content-security-policy"] ?? ""))?.[1] ?? null;
          const entry = { status: 200, headers: kept, body, text: nonce ? body.toString("utf8") : null, nonce, userId: reuse.userId, groups: reuse.groups, readsEveryone: reuse.readsEveryone, logUserId: context.userId, until, size: body.length * (nonce ? 2 : 1) };
          drop(key);
          entries.set(key, entry);
          bytes += entry.size;
          for (const oldest of entries.keys()) {
            if (bytes <= maxBytes) break;
            drop(oldest);
          }
        });
      });
    },
  };
}

/**
 * `handle` (Next's request handler) behind `cache`: a request is answered from its session's
 * kept page when there is one, and what `handle` answers is kept when it may be.
 * @param {ReturnType<typeof createRenderCache> | null} cache
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<unknown>} handle
 */
export function withRenderCache(cache, handle) {
  /** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {Context} context */
  return async (req, res, context) => {
    const key = cache?.keyOf(req);
    if (key && cache) {
      if (await cache.serve(key, req, res, context)) return;
      cache.capture(key, res, context);
    }
    await handle(req, res);
  };
}

/** The body as it was before Next compressed it for this client, or null when it cannot be read. */
async function decode(/** @type {Buffer} */ body, /** @type {string} */ encoding) {
  if (!encoding || encoding === "identity") return body;
  const decoder = decoders[/** @type {keyof typeof decoders} */ (encoding)];
  return decoder ? decoder(body).catch(() => null) : null;
}

/**
 * A catch-up for the listening connection `c`: PostgreSQL sends a listener the notices queued
 * before a query ahead of that query's answer, so once a query sent after the call has been
 * answered, every change committed before the call has been heard. Callers that arrive while
 * a query is out wait for the next one (it must start after they arrived); one query serves them all.
 * @param {import("pg").Client} c
 * @returns {() => Promise<boolean>}
 */
function roundTrips(c) {
  /** @type {Promise<boolean> | null} */
  let current = null;
  /** @type {Promise<boolean> | null} */
  let queued = null;
  const start = () => {
    // A trip that takes too long (a wedged connection, a database under strain) answers false:
    // the page is rendered instead of waiting.
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(resolve, CATCH_UP_MS, false)));
    const trip = Promise.race([c.query("SELECT 1").then(() => true, () => false), late]).finally(() => clearTimeout(timer));
    current = trip;
    void trip.then(() => {
      if (current === trip) current = null;
    });
    return trip;
  };
  return () => {
    if (!current) return start();
    queued ??= current.then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}

/**
 * Listens for change notices on its own connection and keeps `cache` told: live while listening,
 * a change per notice, and not live (so nothing is served or kept) from a lost connection until
 * it is back. Returns a function that stops listening.
 * @param {{ pg: { Client: typeof import("pg").Client }; connectionString: string; cache: ReturnType<typeof createRenderCache>; log: import("pino").Logger }} options
 */
export function watchDataChanges({ pg, connectionString, cache, log }) {
  let stopped = false;
  /** @type {import("pg").Client | null} */
  let client = null;
  let delay = 1_000;
  /** @type {NodeJS.Timeout | undefined} */
  let retry;

  const reconnectLater = () => {
    cache.setLive(false);
    client = null;
    if (stopped) return;
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, 30_000);
  };

  async function connect() {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    client = c;
    let failed = false;
    const fail = (/** @type {unknown} */ err) => {
      if (failed || stopped) return;
      failed = true;
      log.warn({ err }, "render cache: lost the change notices; pages are rendered until they are back");
      void c.end().catch(() => {});
      reconnectLater();
    };
    c.on("error", fail);
    c.on("end", () => fail(new Error("connection ended")));
    c.on("notification", (n) => cache.dataChanged(n.payload || "*"));
    try {
      await c.connect();
      await c.query(`LISTEN ${DATA_CHANGE_CHANNEL}`);
      if (stopped) return void c.end().catch(() => {});
      delay = 1_000;
      cache.setLive(true, roundTrips(c));
    } catch (err) {
      fail(err);
    }
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    cache.setLive(false);
    await client?.end().catch(() => {});
  };
}
