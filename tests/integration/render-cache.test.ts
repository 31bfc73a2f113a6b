// The render cache (lib/render-cache.mjs, docs/decisions/0029-render-cache.md): an HTTP server
// composed as scripts/server.mjs composes it, with a stand-in for Next's handler that renders a
// page the way Next does for a signed-in page (a nonce in its CSP header and on its scripts) and
// allows reuse as requirePageRole does; and the change notices from this file's own database.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import zlib from "node:zlib";
import pg from "pg";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DATA_CHANGE_CHANNEL, TTL_MS, createRenderCache, watchDataChanges, withRenderCache } from "@/lib/render-cache.mjs";
import { allowResponseReuse, forbidResponseReuse, runWithRequest } from "@/lib/request-context.mjs";
import { db } from "@/lib/db";
import { createExpert, createUser } from "@/tests/factories";
import { postOpeningBalance } from "@/lib/services/dashboard/wallet";
import { createStudy, engagementIn } from "@/tests/studies";

type Page = { status?: number; allow?: boolean; forbid?: boolean; setCookie?: boolean; gzip?: boolean; during?: () => void };

let clock = Date.parse("2026-11-24T12:00:00Z");
const cache = createRenderCache({ now: () => clock });
let renders = 0;
let page: Page = {};
let server: http.Server;
let base = "";

// What Next does for a page rendered per request: a fresh nonce in the CSP header and on every script.
async function standInForNext(req: http.IncomingMessage, res: http.ServerResponse) {
  renders++;
  const nonce = btoa(crypto.randomUUID());
  const html = `<!DOCTYPE html><html><body><h1>Render ${renders} for ${req.headers.cookie}</h1><script nonce="${nonce}">1</script><script nonce="${nonce}">2</script></body></html>`;
  page.during?.();
  // The cookie names the user here ("session=alice" is alice's); root is an admin, whose pages read everyone's rows.
  // Carol is a client; everyone else here an expert.
  const userId = String(req.headers.cookie).replace("session=", "");
  if (page.allow !== false) allowResponseReuse({ until: clock + 3_600_000, userId, groups: [userId === "carol" ? "client" : "expert"], readsEveryone: userId === "root" });
  if (page.forbid) forbidResponseReuse();
  res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  if (page.setCookie) res.setHeader("Set-Cookie", "a=b");
  res.statusCode = page.status ?? 200;
  if (page.gzip) {
    res.setHeader("Content-Encoding", "gzip");
    res.end(await promisify(zlib.gzip)(html));
    return;
  }
  res.write(html.slice(0, 40)); // streamed in parts, as Next streams
  await new Promise((r) => setTimeout(r, 5));
  res.end(html.slice(40));
}

beforeAll(async () => {
  const serve = withRenderCache(cache, standInForNext);
  server = http.createServer((req, res) => {
    const context = { requestId: "test" };
    res.setHeader("X-Request-Id", context.requestId);
    void runWithRequest(context, () => serve(req, res, context));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  page = {};
  cache.setLive(true);
});

const settle = () => new Promise((r) => setTimeout(r, 30)); // the entry is kept once the response has finished
async function get(path = "/dashboard", headers: Record<string, string> = { cookie: "session=alice" }) {
  const res = await fetch(base + path, { headers });
  const body = await res.text();
  await settle();
  return { res, body, cached: res.headers.get("x-render-cache") === "hit" };
}
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("render cache", () => {
  it("serves a page again to the same session, with a new nonce on the header and every script", async () => {
    cache.setLive(true);
    const first = await get();
    const second = await get();
    const third = await get();
    expect(first.cached).toBe(false);
    expect(second.cached && third.cached).toBe(true);
    expect(renders).toBe(1);
    for (const r of [second, third]) expect(r.body.replace(/nonce="[^"]+"/g, "")).toBe(first.body.replace(/nonce="[^"]+"/g, ""));
    const nonces = [first, second, third].map((r) => nonceOf(r.res.headers.get("content-security-policy")));
    expect(new Set(nonces).size).toBe(3);
    for (const [i, r] of [first, second, third].entries()) expect(r.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonces[i]}"`, `nonce="${nonces[i]}"`]);
    expect(second.res.headers.get("x-request-id")).toBe("test");
  });

  it("never serves one session's page to another, nor to a request without a session", async () => {
    await get("/payments", { cookie: "session=alice" });
    const bob = await get("/payments", { cookie: "session=bob" });
    expect(bob.cached).toBe(false);
    expect(bob.body).toContain("for session=bob");
    const anonymous = await get("/payments", {});
    expect(anonymous.cached).toBe(false);
    expect(anonymous.body).not.toContain("alice");
  });

  it("renders again after any change is heard, and keeps nothing rendered across one", async () => {
    await get("/a");
    expect((await get("/a")).cached).toBe(true);
    cache.dataChanged();
    expect((await get("/a")).cached).toBe(false);
    page = { during: () => cache.dataChanged() };
    await get("/b");
    page = {};
    expect((await get("/b")).cached).toBe(false);
  });

  it("a notice ends only the pages that could show its rows: its owners', admins', or everyone's", async () => {
    const alice = { cookie: "session=alice" };
    const bob = { cookie: "session=bob" };
    const carol = { cookie: "session=carol" };
    const admin = { cookie: "session=root" };
    const people = { alice, bob, carol, admin };
    const keepAll = async () => {
      for (const who of Object.values(people)) await get("/t", who);
    };
    const kept = async () => {
      const result: Record<string, boolean> = {};
      for (const [name, who] of Object.entries(people)) result[name] = (await get("/t", who)).cached;
      return result;
    };
    await keepAll();
    expect(await kept()).toEqual({ alice: true, bob: true, carol: true, admin: true });
    cache.dataChanged("u:bob u:dave");
    expect(await kept()).toEqual({ alice: true, bob: false, carol: true, admin: false });
    await keepAll();
    cache.dataChanged("u:alice g:client"); // alice's profile: hers, and every client's search
    expect(await kept()).toEqual({ alice: false, bob: true, carol: false, admin: false });
    await keepAll();
    cache.dataChanged("-");
    expect(await kept()).toEqual({ alice: true, bob: true, carol: true, admin: false });
    await keepAll();
    cache.dataChanged("*");
    expect(await kept()).toEqual({ alice: false, bob: false, carol: false, admin: false });
    // A notice that crosses a render ends it only if it is for that page.
    page = { during: () => cache.dataChanged("u:bob") };
    await get("/u", alice);
    page = {};
    expect((await get("/u", alice)).cached).toBe(true);
    page = { during: () => cache.dataChanged("u:alice") };
    await get("/v", alice);
    page = {};
    expect((await get("/v", alice)).cached).toBe(false);
  });

  it("keeps nothing while the change notices are not heard", async () => {
    await get("/c");
    cache.setLive(false);
    expect((await get("/c")).cached).toBe(false);
    expect((await get("/c")).cached).toBe(false);
    expect(cache.size).toBe(0);
  });

  it("keeps only 200 pages that allowed it, set no cookie and did not fail", async () => {
    for (const [path, p] of [["/no-allow", { allow: false }], ["/forbid", { forbid: true }], ["/cookie", { setCookie: true }], ["/404", { status: 404 }]] as const) {
      page = p;
      await get(path);
      expect((await get(path)).cached, path).toBe(false);
    }
  });

  it("ends an entry after TTL_MS, and a reload without cache renders and refreshes it", async () => {
    await get("/d");
    clock += TTL_MS - 1;
    expect((await get("/d")).cached).toBe(true);
    clock += 1;
    expect((await get("/d")).cached).toBe(false);
    const reload = await get("/d", { cookie: "session=alice", "cache-control": "no-cache" });
    expect(reload.cached).toBe(false);
    const after = await get("/d");
    expect(after.cached).toBe(true);
    const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, "");
    expect(withoutNonces(after.body)).toBe(withoutNonces(reload.body)); // the reload's render was kept
  });

  it("keeps what the client got compressed, and compresses a kept page for a client that asks", async () => {
    page = { gzip: true };
    const first = await get("/e", { cookie: "session=alice", "accept-encoding": "gzip" });
    expect(first.body).toContain("<h1>Render");
    const plain = await get("/e", { cookie: "session=alice", "accept-encoding": "gzip" });
    expect(plain.cached).toBe(true);
    expect(plain.res.headers.get("content-encoding")).toBe("gzip"); // fetch decoded it: the body above is the page
    expect(plain.body).toContain("<h1>Render");
  });

  it("serves only reads with a cookie, outside assets and route handlers", () => {
    const req = (method: string, url: string, headers: Record<string, string>) => ({ method, url, headers }) as unknown as http.IncomingMessage;
    expect(cache.keyOf(req("GET", "/dashboard", { cookie: "s=1" }))).not.toBeNull();
    expect(cache.keyOf(req("POST", "/dashboard", { cookie: "s=1" }))).toBeNull();
    expect(cache.keyOf(req("GET", "/dashboard", {}))).toBeNull();
    expect(cache.keyOf(req("GET", "/api/me", { cookie: "s=1" }))).toBeNull();
    expect(cache.keyOf(req("GET", "/_next/static/x.js", { cookie: "s=1" }))).toBeNull();
    // A client-side navigation (RSC) is its own entry, apart from the document.
    expect(cache.keyOf(req("GET", "/dashboard", { cookie: "s=1", rsc: "1" }))).not.toBe(cache.keyOf(req("GET", "/dashboard", { cookie: "s=1" })));
  });
});

describe("change notices from PostgreSQL", () => {
  it("every table of the app announces its writes", async () => {
    const rows = await db().$queryRaw<{ table: string }[]>`
      SELECT t.tablename AS table FROM pg_tables t
      WHERE t.schemaname = 'public' AND t.tablename <> '_prisma_migrations'
        AND NOT EXISTS (SELECT 1 FROM pg_trigger g JOIN pg_proc p ON p.oid = g.tgfoid
                        WHERE g.tgrelid = format('public.%I', t.tablename)::regclass AND p.proname = 'k12_announce_data_change')`;
    expect(rows.map((r) => r.table)).toEqual([]);
  });

  it("each write names whose pages it can change; a session's last-seen touch names nobody; a write is heard after one catch-up", async () => {
    const watched = createRenderCache();
    let changes = 0;
    let catchUp: (() => Promise<boolean>) | undefined;
    const counting = {
      ...watched,
      dataChanged: () => (changes++, watched.dataChanged()),
      setLive: (live: boolean, given?: () => Promise<boolean>) => ((catchUp = given ?? catchUp), watched.setLive(live, given)),
    } as typeof watched;
    const stop = watchDataChanges({ pg, connectionString: process.env.DATABASE_URL!, cache: counting, log: pino({ level: "silent" }) });
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    listener.on("notification", (n) => heard.push(n.payload ?? ""));
    await listener.query(`LISTEN ${DATA_CHANGE_CHANNEL}`);
    try {
      await expect.poll(() => watched.keyOf({ method: "GET", url: "/x", headers: { cookie: "s=1" } } as unknown as http.IncomingMessage)).not.toBeNull();
      const user = await createUser();
      await expect.poll(() => heard).toContain("*");
      await expect.poll(() => changes).toBeGreaterThan(0);
      const other = await createUser();
      const mine = `u:${user.id}`;

      // Whose pages each write can change.
      // A query on a listening connection is answered after the notices queued before it.
      const heardSoFar = () => listener.query("SELECT 1");
      const noticesOf = async (write: () => Promise<unknown>) => {
        await heardSoFar(); // earlier notices are in
        heard.length = 0;
        await write();
        await db().platformSetting.findMany(); // a read: no notice of its own
        await heardSoFar();
        return [...heard];
      };
      expect(await noticesOf(() => db().user.update({ where: { id: other.id }, data: { firstName: "Renamed" } }))).toEqual(["*"]); // names: anyone's pages
      const { expert } = await createExpert();
      expect(await noticesOf(() => db().expert.update({ where: { id: expert.id }, data: { bio: "Edited" } }))).toEqual([`u:${expert.userId} g:client`]);
      const slot = { expertId: expert.id, date: new Date("2030-01-07T00:00:00Z"), startTime: "16:00", endTime: "17:00", timezone: "America/New_York" };
      expect(await noticesOf(() => db().availabilitySlot.create({ data: slot }))).toEqual([`u:${expert.userId} g:client`]);
      // A project: its client's pages and every expert's; an engagement and its parts: its two parties'.
      const study = await createStudy();
      expect(await noticesOf(() => db().project.update({ where: { id: study.project.id }, data: { title: "Renamed study" } }))).toEqual([`u:${study.clientUser.id} g:expert`]);
      expect(await noticesOf(() => db().shortlist.create({ data: { clientUserId: study.clientUser.id, expertId: expert.id } }))).toEqual([`u:${study.clientUser.id}`]);
      const engagement = await engagementIn("applied", study, expert.id);
      const parties = new Set([`u:${expert.userId}`, `u:${study.clientUser.id}`]);
      const partiesOf = (notices: string[]) => new Set(notices.flatMap((n) => n.split(" ")));
      expect(partiesOf(await noticesOf(() => db().engagement.update({ where: { id: engagement.id }, data: { message: "Edited" } })))).toEqual(parties);
      expect(partiesOf(await noticesOf(() => db().engagementEvent.create({ data: { engagementId: engagement.id, actorSide: "system", kind: "note", toState: "applied" } })))).toEqual(parties);
      expect(await noticesOf(() => db().notification.create({ data: { userId: user.id, kind: "test", title: "T", body: "B", href: "/dashboard" } }))).toEqual([mine]);
      expect(await noticesOf(() => db().notification.updateMany({ where: { userId: other.id }, data: { readAt: new Date() } }))).toEqual([]); // no row changed
      expect(await noticesOf(() => db().signInAttempt.create({ data: { email: "x@example.org", ipAddress: "127.0.0.1", succeeded: false } }))).toEqual(["-"]);

      // Money: the owner's accounts and entries, and the transaction row (admins' pages only).
      const funded = await noticesOf(() => db().$transaction((tx) => postOpeningBalance(tx, user.id, { availableCents: 500 }, `render-cache:${user.id}`)));
      expect(new Set(funded)).toEqual(new Set([mine, "-"]));

      const session = await db().authSession.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) } });
      expect(await noticesOf(() => db().authSession.updateMany({ where: { id: session.id }, data: { lastSeenAt: new Date() } }))).toEqual([]);
      expect(await noticesOf(() => db().authSession.updateMany({ where: { id: session.id }, data: { revokedAt: new Date(), revokedReason: "test" } }))).toEqual([mine]);

      // Read-your-writes: once a write has committed (through another connection), one catch-up
      // and its notice has been heard, without waiting. Twenty times, concurrent catch-ups too.
      for (let i = 0; i < 20; i++) {
        const before = changes;
        await db().user.update({ where: { id: user.id }, data: { lastName: `Write ${i}` } });
        const results = await Promise.all([catchUp!(), catchUp!(), catchUp!()]);
        expect(results).toEqual([true, true, true]);
        expect(changes, `write ${i}`).toBeGreaterThan(before);
      }
    } finally {
      await listener.end();
      await stop();
    }
    expect(watched.keyOf({ method: "GET", url: "/x", headers: { cookie: "s=1" } } as unknown as http.IncomingMessage)).toBeNull();
  });
});
