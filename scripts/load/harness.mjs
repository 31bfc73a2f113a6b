// Shared pieces of `npm run test:load` and `npm run test:scale`: a throwaway PostgreSQL that can
// be restarted, the production build, app servers, a cookie-keeping HTTP client, sign-in,
// server-action calls and cleanup that runs on success, failure and Ctrl-C.
import { execFile, spawn, spawnSync } from "node:child_process";
import { cpSync, createWriteStream, existsSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ensureSecrets } from "../lib/secrets.mjs";
import { buildIsCurrent, markBuilt, sourceHash } from "../lib/build-cache.mjs";
import { DATA_DIR, embeddedCluster, freePort } from "../lib/database.mjs";

export const log = (msg) => console.log(`[k12] ${msg}`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const PASSWORD = "DemoPass!2026";

// ───────────── cleanup ─────────────
const syncCleanups = [];
const asyncCleanups = [];
/** `sync` runs even inside process.on('exit'); `async` runs on normal finish and on signals. */
export function onCleanup({ sync, async }) {
  if (sync) syncCleanups.push(sync);
  if (async) asyncCleanups.push(async);
}
let cleaning;
export function cleanup() {
  cleaning ??= (async () => {
    for (const fn of asyncCleanups.reverse()) await fn().catch((e) => log(`cleanup: ${e?.message ?? e}`));
    for (const fn of syncCleanups.reverse()) {
      try {
        fn();
      } catch {
        /* best effort */
      }
    }
    syncCleanups.length = 0;
  })();
  return cleaning;
}
process.on("exit", () => {
  for (const fn of syncCleanups.reverse()) {
    try {
      fn();
    } catch {
      /* best effort */
    }
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    log(`${signal}: cleaning up ...`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Runs `main`, always cleans up, exits 0 when it returned true. */
export function runMain(main) {
  main()
    .then(async (passed) => {
      await cleanup();
      process.exit(passed ? 0 : 1);
    })
    .catch(async (e) => {
      console.error(`\n[k12] ${e instanceof Error ? e.stack : e}`);
      await cleanup();
      process.exit(1);
    });
}

// ───────────── build ─────────────
const bin = (name) => path.resolve("node_modules", ".bin", name);
function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(" ")} failed (exit ${r.status})`);
}

export function prepareBuild() {
  ensureSecrets();
  if (buildIsCurrent()) log("Build is up to date; skipping next build.");
  else {
    log("Building the app (next build) ...");
    const hash = sourceHash();
    run(bin("next"), ["build"], { NEXT_TELEMETRY_DISABLED: "1" });
    markBuilt(hash);
  }
  cpSync(".next/static", ".next/standalone/.next/static", { recursive: true });
  if (existsSync("public")) cpSync("public", ".next/standalone/public", { recursive: true });
}

// ───────────── PostgreSQL ─────────────
/**
 * A fresh embedded PostgreSQL cluster of its own under .data/<name> (or where database.mjs puts
 * clusters the postgres user cannot reach there; deleted afterwards) with one
 * migrated, seeded database. `restart()`-able, unlike the shared demo cluster.
 */
export async function startPostgres(name) {
  mkdirSync(DATA_DIR, { recursive: true });
  const { EmbeddedPostgres, dir, createPostgresUser } = await embeddedCluster(name, log);
  rmSync(dir, { recursive: true, force: true });
  const port = await freePort();
  const password = `load-${Math.random().toString(36).slice(2)}`;
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password,
    persistent: true,
    createPostgresUser,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300", "-c", "fsync=on"],
    onLog: () => {},
    onError: () => {},
  });
  onCleanup({
    sync: () => rmSync(dir, { recursive: true, force: true }),
    async: async () => {
      await server.stop();
    },
  });
  await server.initialise();
  await server.start();
  const adminUrl = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE "k12_load"');
  await admin.end();
  const url = `postgresql://postgres:${password}@127.0.0.1:${port}/k12_load`;
  log(`PostgreSQL on 127.0.0.1:${port} (${dir})`);
  run(bin("prisma"), ["migrate", "deploy"], { DATABASE_URL: url });
  log("Seeding demo data ...");
  run(process.execPath, ["--conditions=react-server", "--import", "tsx", "prisma/seed.ts"], { DATABASE_URL: url });
  return {
    url,
    stop: () => server.stop(),
    start: () => server.start(),
    pool: () => {
      const p = new pg.Pool({ connectionString: url, max: 4 });
      p.on("error", () => {});
      return p;
    },
  };
}

// ───────────── app servers ─────────────
/** `--cpu-prof` arguments for an app server when BENCH_CPU_PROF=<dir> is set: its profile is written there on exit. */
export function cpuProfileArgs() {
  if (!process.env.BENCH_CPU_PROF) return [];
  const dir = path.resolve(process.env.BENCH_CPU_PROF);
  mkdirSync(dir, { recursive: true });
  return ["--cpu-prof", `--cpu-prof-dir=${dir}`];
}

// Asks a process's inspector (its ws:// address in argv[1]) for a full garbage collection. Run in a
// child of its own because Node 20 has a WebSocket client only behind this flag.
const FULL_GC_SCRIPT = `
const ws = new WebSocket(process.argv[1]);
ws.addEventListener("error", () => { console.error("inspector unreachable"); process.exit(1); });
ws.addEventListener("message", (e) => {
  const m = JSON.parse(e.data);
  if (m.id !== 1) return;
  if (m.error) { console.error(m.error.message); process.exit(1); }
  ws.close();
  process.exit(0);
});
ws.addEventListener("open", () => ws.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" })));
`;

/**
 * `inspect`: the server listens for an inspector on a free loopback port, so that `fullGc()` can
 * collect its garbage before a memory reading.
 */
export async function startApp({
  port,
  env = {},
  label = `app:${port}`,
  nodeArgs = [],
  dir = ".next/standalone",
  server = "scripts/server.mjs",
  inspect = false,
}) {
  const base = `http://127.0.0.1:${port}`;
  const inspectArgs = inspect ? ["--inspect=127.0.0.1:0"] : [];
  const child = spawn(process.execPath, [...inspectArgs, ...nodeArgs, server, "--dir", dir], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      APP_URL: base,
      NEXTAUTH_URL: base,
      // One server process unless a run asks for more: its CPU and its logs are read by pid.
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
      ...env,
    },
  });
  const lines = [];
  let inspectorUrl = null;
  // The whole server log goes to .data/<label>.log too: the tail shown on failure is short.
  const logFile = createWriteStream(path.resolve(".data", `${label.replace(/[^a-z0-9-]+/gi, "-")}.log`));
  const keep = (chunk) => {
    logFile.write(chunk);
    for (const l of String(chunk).split("\n"))
      if (l.trim()) {
        inspectorUrl ??= /^Debugger listening on (ws:\/\/\S+)/.exec(l)?.[1] ?? null;
        lines.push(l);
        if (lines.length > 200) lines.shift();
      }
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = null;
  child.once("exit", (code, signal) => {
    exited = { code, signal };
  });
  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    await new Promise((r) => {
      child.once("exit", r);
      setTimeout(r, 5_000);
    });
  };
  onCleanup({
    sync: () => {
      if (!exited) child.kill("SIGKILL");
    },
    async: stop,
  });
  // A loaded machine may need longer (APP_READY_SECONDS).
  const readySeconds = Number(process.env.APP_READY_SECONDS ?? 60);
  const deadline = Date.now() + readySeconds * 1000;
  for (;;) {
    if (exited) throw new Error(`${label} exited (${JSON.stringify(exited)}):\n${lines.join("\n")}`);
    try {
      const r = await fetch(`${base}/api/ready`);
      if (r.status === 200) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`${label} did not answer /api/ready within ${readySeconds} s`);
    await sleep(250);
  }
  log(`${label} ready at ${base} (pid ${child.pid})`);
  return {
    base,
    pid: child.pid,
    stop,
    logs: () => lines.slice(),
    exited: () => exited,
    /** Resident set size in MiB, from /proc. */
    rssMiB() {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      return m ? Number(m[1]) / 1024 : NaN;
    },
    /** A full garbage collection in the server (started with `inspect`), then a moment for the freed pages to go. */
    async fullGc() {
      if (!inspectorUrl) throw new Error(`${label} has no inspector (start it with inspect: true)`);
      // Not spawnSync: this process serves the load run's SMTP, which must keep answering meanwhile.
      await new Promise((resolve, reject) =>
        execFile(
          process.execPath,
          ["--experimental-websocket", "--input-type=module", "-e", FULL_GC_SCRIPT, inspectorUrl],
          { timeout: 60_000 },
          (error, _stdout, stderr) => (error ? reject(new Error(`full GC of ${label} failed: ${stderr || error.message}`)) : resolve()),
        ),
      );
      await sleep(500);
    },
  };
}

export async function waitForHealth(base, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(2_000) })).status === 200) return true;
    } catch {
      /* retry */
    }
    await sleep(100);
  }
  return false;
}

// ───────────── HTTP with cookies ─────────────
export class Browser {
  /**
   * `address`: the client address this browser comes from, sent as X-Forwarded-For (the app
   * trusts it from loopback when started with TRUSTED_PROXIES), so simulated people each have
   * their own, as real ones do, and per-address limits count them apart.
   */
  constructor(base, { address } = {}) {
    this.base = base;
    this.address = address;
    this.cookies = new Map();
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async fetch(pathOrUrl, init = {}) {
    const url = pathOrUrl.startsWith("http") ? pathOrUrl : this.base + pathOrUrl;
    const headers = { ...(this.address ? { "x-forwarded-for": this.address } : {}), ...(init.headers ?? {}) };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(init.timeoutMs ?? 30_000), ...init, headers });
    for (const c of res.headers.getSetCookie?.() ?? []) {
      const [pair, ...attrs] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  /** Another browser (e.g. pointed at another instance) with the same cookies. */
  withBase(base) {
    const b = new Browser(base, { address: this.address });
    b.cookies = new Map(this.cookies);
    return b;
  }
}

/** next-auth credentials sign-in. Returns { ok, status, error }. */
export async function signIn(browser, email, password = PASSWORD, portal = "general") {
  const csrf = await (await browser.fetch("/api/auth/csrf")).json();
  const body = new URLSearchParams({ csrfToken: csrf.csrfToken, email, password, portal, json: "true" });
  const res = await browser.fetch("/api/auth/callback/credentials", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const text = await res.text();
  let error = null;
  try {
    const j = JSON.parse(text);
    if (j.url) error = new URL(j.url).searchParams.get("error");
  } catch {
    /* not JSON */
  }
  const ok = res.ok && !error && browser.cookies.has("__Host-k12.session-token");
  return { ok, status: res.status, error };
}

export async function whoAmI(browser) {
  const r = await browser.fetch("/api/me");
  const j = await r.json().catch(() => null);
  return j?.data ?? null;
}

// ───────────── server actions ─────────────
const actionIds = new Map();
/** The id Next gave an exported server action, from the manifest of the build in `dir` (a `.next` or a standalone copy). */
export function actionId(exportedName, fileHint, dir = ".") {
  if (!actionIds.has(dir))
    actionIds.set(dir, JSON.parse(readFileSync(path.join(dir, ".next/server/server-reference-manifest.json"), "utf8")).node);
  for (const [id, entry] of Object.entries(actionIds.get(dir))) {
    const name = entry.exportedName ?? Object.values(entry.workers ?? {})[0]?.exportedName;
    const file = entry.filename ?? "";
    if (name === exportedName && (!fileHint || file.includes(fileHint) || JSON.stringify(entry).includes(fileHint))) return id;
  }
  throw new Error(`server action ${exportedName} not found in the build`);
}

/**
 * Calls a server action the way the browser does (POST to the page with Next-Action) and
 * returns { status, result } where result is the action's return value ({ ok, data|message }).
 */
export async function callAction(browser, pagePath, id, arg) {
  const res = await browser.fetch(pagePath, {
    method: "POST",
    headers: { "next-action": id, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: browser.base },
    body: JSON.stringify([arg]),
  });
  const text = await res.text();
  let result = null;
  for (const line of text.split("\n")) {
    const m = /^[0-9a-f]+:(.*)$/.exec(line);
    if (!m) continue;
    try {
      const v = JSON.parse(m[1]);
      if (v && typeof v === "object" && "ok" in v) {
        result = v;
        break;
      }
    } catch {
      /* other chunk */
    }
  }
  return { status: res.status, result, raw: result ? undefined : text.slice(0, 300) };
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
