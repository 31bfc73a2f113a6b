#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary, for machines that cannot download it
// from binaries.prisma.sh. prisma.config.ts points PRISMA_SCHEMA_ENGINE_BINARY here when the
// variable is unset (see docs/decisions/0001-prisma-offline-schema-engine.md).
//
// It speaks the same protocol as the native engine, as the Prisma CLI (node_modules/prisma/build)
// uses it:
//   schema-engine --version
//   schema-engine --datasource '{"url":"postgresql://…"}' cli can-connect-to-database
//                                                          cli create-database | drop-database
//   schema-engine [--datamodels <file>]… [--datasource '{"url":…,"shadowDatabaseUrl":…}']
//       → JSON-RPC 2.0 on stdin/stdout, one JSON message per line.
// The `cli` commands are done directly with `pg`; every JSON-RPC method is delegated to
// Prisma's published wasm build of the same engine (@prisma/schema-engine-wasm), which reaches
// PostgreSQL through @prisma/adapter-pg (with fixes, see ./postgres.mjs).
//
// stdout carries only the protocol; logs go to stderr as JSON lines (./log.mjs).
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { log } from "./log.mjs";

// Nothing but protocol on stdout: route stray console output from libraries to stderr.
for (const name of ["log", "info", "debug", "warn"]) console[name] = console.error;
// If the CLI has gone away, writes fail with EPIPE: ignore them rather than crash mid-cleanup.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});

// ───────────────────────────── arguments ─────────────────────────────
function parseArgs(argv) {
  const args = { datamodels: [], datasource: {}, command: undefined, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--version" || arg === "-V") args.version = true;
    else if (arg === "--datamodels") args.datamodels.push(argv[++i]);
    else if (arg === "--datasource" || arg === "-d") args.datasource = parseDatasource(argv[++i]);
    else if (arg === "--enabled-preview-features" || arg === "--extension-types")
      i++; // not used here
    else if (arg === "cli") args.command = argv[++i];
    else if (args.command === undefined && !arg.startsWith("-")) args.command = arg;
  }
  return args;
}

// `--datasource` is JSON ({ url, shadowDatabaseUrl? }); a bare URL is accepted too.
function parseDatasource(value = "") {
  try {
    const parsed = JSON.parse(value);
    if (parsed && typeof parsed === "object") return parsed;
  } catch {}
  return { url: value };
}

// The wasm package exports only its JS glue; its .wasm file and package.json sit next to it.
const wasmGlue = "@prisma/schema-engine-wasm/schema_engine_bg";
const wasmFile = (name) => new URL(name, import.meta.resolve(wasmGlue));
const wasmVersion = () => JSON.parse(readFileSync(wasmFile("package.json"), "utf8")).version;

// ───────────────────────────── `cli` subcommands ─────────────────────────────
async function runCli(command, { url }) {
  const pgOps = await import("./postgres.mjs");
  const ops = {
    "can-connect-to-database": async () => (await pgOps.canConnect(url), "Connection successful"),
    "create-database": async () => `Database '${await pgOps.createDatabase(url)}' was successfully created.`,
    "drop-database": async () => `The database '${await pgOps.dropDatabase(url)}' was successfully dropped.`,
  };
  // The CLI ignores stderr's first line and parses every further line as JSON.
  log("INFO", `Starting schema-engine stand-in (wasm ${wasmVersion()}): cli ${command}`);
  if (!ops[command]) {
    log("ERROR", `Unknown cli command: ${command}`);
    return 1;
  }
  if (!url) {
    log("ERROR", "No database URL given (--datasource '{\"url\":…}').");
    return 1;
  }
  try {
    process.stdout.write((await ops[command]()) + "\n");
    return 0;
  } catch (error) {
    const { code, message } = pgOps.prismaError(error, url);
    log("ERROR", message, code ? { error_code: code } : {});
    return 1;
  }
}

// ───────────────────────────── JSON-RPC over stdio ─────────────────────────────
async function loadWasmEngine() {
  // The package's entry does `import "./x.wasm"`, which Node 20 cannot do without a flag,
  // so instantiate the module ourselves with the package's own JS glue as its imports.
  const glue = await import(wasmGlue);
  const bytes = readFileSync(wasmFile("schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return glue.SchemaEngine;
}

// The engine's panic hook reports its message here before the wasm traps.
let panicMessage;
globalThis.PRISMA_WASM_PANIC_REGISTRY = { set_message: (message) => void (panicMessage = message) };

// Errors in the native engine's JSON-RPC shape, which the CLI reads from `error.data`.
function rpcError(error) {
  if (error instanceof WebAssembly.RuntimeError) {
    const message = panicMessage ?? error.message;
    return { code: 4466, message, data: { is_panic: true, message, error: { message }, backtrace: error.stack } };
  }
  const message = error?.message ?? String(error);
  const errorCode = typeof error?.code === "string" && /^P\d{4}$/.test(error.code) ? error.code : null;
  return {
    code: 4466,
    message: "An error happened. Check the data field for details.",
    data: { is_panic: false, message, meta: error?.meta ?? null, error_code: errorCode },
  };
}

async function runRpc({ datamodels, datasource }) {
  const [SchemaEngine, pgOps, { bindMigrationAwareSqlAdapterFactory }] = await Promise.all([
    loadWasmEngine(),
    import("./postgres.mjs"),
    import("@prisma/driver-adapter-utils"),
  ]);
  const adapterFactory = bindMigrationAwareSqlAdapterFactory(
    datasource.url ? new pgOps.StandInPgFactory(datasource) : pgOps.offlineAdapterFactory(),
  );
  const files = datamodels.map((path) => [path, readFileSync(path, "utf8")]);
  const engineLog = (line) => process.stderr.write(`${line}\n`);
  // The engine connects as soon as it is created; do that on the first request so a connection
  // failure becomes that request's error (as with the native engine), not a crash at start-up.
  let engine;
  const getEngine = async () =>
    (engine ??= await SchemaEngine.new({ datamodels: files.length ? files : undefined }, engineLog, adapterFactory));

  // Adapter errors reach us as "External error id#N"; the registry holds the original error.
  const explain = (error) => {
    const id = /External error id#(\d+)/.exec(error?.message ?? "")?.[1];
    const original = id && adapterFactory.errorRegistry.consumeError(Number(id))?.error;
    return original ? Object.assign(error, { message: original.message ?? String(original) }) : error;
  };

  // Outgoing requests to the CLI (only `print`), answered on our stdin.
  const reply = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
  const awaitingAnswer = new Map();
  let lastOutgoingId = 0;
  const askCli = (method, params) =>
    new Promise((resolve) => {
      awaitingAnswer.set(++lastOutgoingId, resolve);
      reply({ id: lastOutgoingId, method, params });
    });

  // Methods the wasm engine lacks, names differently, or answers differently.
  const methods = {
    getDatabaseVersion: async (params) => (await getEngine()).version(params),
    createDatabase: async (params) => {
      const url = params?.datasource?.tag === "ConnectionString" ? params.datasource.url : datasource.url;
      return { databaseName: await pgOps.createDatabase(url) };
    },
    // Wasm engine quirk: these two take the schema of the migration history only from a cache
    // that diagnoseMigrationHistory's drift check fills (through the shadow-database factory);
    // on a miss (e.g. `migrate dev` right after applying migrations to a fresh database) they
    // fail with "PostgreSQL shadow DB must be provided through an external factory".
    // Fill the cache that way and retry once.
    evaluateDataLoss: (params) => withMigrationCache("evaluateDataLoss", params),
    createMigration: (params) => withMigrationCache("createMigration", params),
    // The wasm engine returns the diff text; the native one asks the CLI to print it.
    diff: async (params) => {
      const { stdout, ...result } = await (await getEngine()).diff(params);
      if (stdout) await askCli("print", { content: stdout.replace(/\n$/, "") });
      return { ...result, stdout: null };
    },
  };
  const withMigrationCache = async (method, params) => {
    const target = await getEngine();
    try {
      return await target[method](params);
    } catch (error) {
      if (!/shadow DB must be provided through an external factory/.test(error?.message)) throw error;
      const { migrationsList, filters } = params;
      await target.diagnoseMigrationHistory({ migrationsList, filters, optInToShadowDatabase: true });
      return await target[method](params);
    }
  };
  const call = async (method, params) => {
    if (methods[method]) return methods[method](params);
    const target = await getEngine();
    if (method !== "free" && typeof target[method] === "function") return target[method](params);
    throw Object.assign(new Error(`Method not supported by the schema-engine stand-in: ${method}`), { rpcCode: -32601 });
  };

  // The CLI closes stdin and then sends SIGTERM when done; open pools must not keep us alive,
  // and no shadow database may outlive us (not even on Ctrl-C in the middle of a request).
  const exit = (code) => pgOps.dropOpenShadowDatabases().finally(() => process.exit(code));
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => exit(0));

  // A wasm panic inside one of the engine's own promise callbacks never reaches our `await`:
  // report it as a panic of the request in flight instead of dying silently.
  let current;
  const onCrash = (error) => {
    log("ERROR", `Schema engine stand-in crashed: ${panicMessage ?? error?.stack ?? error}`);
    if (current) reply({ id: current.id, error: rpcError(error instanceof Error ? error : new Error(String(error))) });
    exit(error instanceof WebAssembly.RuntimeError ? 101 : 1);
  };
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);

  const handle = async ({ id, method, params }) => {
    current = { id, method };
    try {
      const result = await call(method, params);
      reply({ id, result: result === undefined ? null : result });
    } catch (error) {
      explain(error);
      log("ERROR", `${method} failed: ${error?.message ?? error}`);
      reply({ id, error: error?.rpcCode ? { code: error.rpcCode, message: error.message } : rpcError(error) });
      if (error instanceof WebAssembly.RuntimeError) await exit(101); // like the native engine after a panic
    } finally {
      current = undefined;
    }
  };

  let queue = Promise.resolve(); // requests run one at a time, in order
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return reply({ id: null, error: { code: -32700, message: "Parse error" } });
    }
    // An answer to our own request must not wait behind the request that is waiting for it.
    if (message.method === undefined) return awaitingAnswer.get(message.id)?.(message.result);
    queue = queue.then(() => handle(message));
  });
  lines.on("close", () => queue.then(() => exit(0)));
}

// ───────────────────────────── main ─────────────────────────────
const args = parseArgs(process.argv.slice(2));
if (args.version) {
  process.stdout.write(`schema-engine-cli ${wasmVersion()} (wasm stand-in)\n`);
} else if (args.command) {
  process.exitCode = await runCli(args.command, args.datasource);
} else {
  await runRpc(args).catch((error) => {
    log("ERROR", `Schema engine stand-in failed to start: ${error?.stack ?? error}`);
    process.exit(1);
  });
}
