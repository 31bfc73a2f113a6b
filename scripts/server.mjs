#!/usr/bin/env node
// The app's HTTP server: Next's request handler inside our own http.Server, used by every way the
// app is served (npm run demo / dev / start, the e2e and load servers, the Docker image).
//   node scripts/server.mjs [--dir DIR] [--dev]
// DIR is the app: a standalone build (.next/standalone, or /app in the image) or the repository.
// It adds what Next's own server lacks (docs/decisions/0022-logs-and-shutdown.md):
// - one JSON log line per request (method, path without its query, status, duration, user id),
//   under a request id taken from a trusted proxy's X-Request-Id or made here, and echoed back;
// - on SIGTERM/SIGINT: no new connections, in-flight requests and running jobs finish (25 s at
//   most), then the database pool closes and the process exits 0.
// Every page is rendered for its request: nothing is kept per session here
// (docs/decisions/0031-signed-in-pages-rendered-per-request.md).
// With WEB_CONCURRENCY above 1 (by default the available CPUs when REDIS_URL is set) this process
// is a primary that runs that many of these servers as node:cluster workers (scripts/lib/cluster.mjs).
import cluster from "node:cluster";
import http from "node:http";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { format, parseArgs, stripVTControlCharacters } from "node:util";
import { loggerFor } from "../lib/platform/log.mjs";
import { runWithRequest } from "../lib/platform/request-context.mjs";
import { runShutdownHooks } from "../lib/platform/shutdown.mjs";
import { isTrustedProxy } from "../lib/platform/security/trusted-proxies.mjs";
import { statusDuringOutage } from "../lib/platform/db-outage-state.mjs";
import { runPrimary, webConcurrency } from "./lib/cluster.mjs";

/** How long in-flight requests and running jobs get after SIGTERM. */
const SHUTDOWN_GRACE_MS = 25_000;
const CLOSE_TIMEOUT_MS = 5_000;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const log = loggerFor("server");

// What else writes to the console (Next's own messages, libraries) becomes JSON lines too.
const consoleLog = loggerFor("console");
for (const [method, level] of [
  ["log", "info"],
  ["info", "info"],
  ["warn", "warn"],
  ["error", "error"],
  ["debug", "debug"],
]) {
  console[method] = (...args) => {
    const err = args.find((a) => a instanceof Error);
    const text = stripVTControlCharacters(format(...args.filter((a) => a !== err))).trim() || err?.message;
    if (text) consoleLog[level](err ? { err } : {}, text); // Next's blank spacer lines are dropped
  };
}
const { values: options } = parseArgs({ options: { dir: { type: "string", default: "." }, dev: { type: "boolean", default: false } } });
const dir = path.resolve(options.dir);
const dev = options.dev;
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";

const concurrency = webConcurrency({ dev });
const primary = cluster.isPrimary && concurrency > 1;

// A standalone build carries its resolved config (Next's own standalone server.js does the same).
const standaloneConfig = path.join(dir, ".next", "required-server-files.json");
if (!dev && !existsSync(path.join(dir, "next.config.mjs")) && existsSync(standaloneConfig)) {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(standaloneConfig, "utf8")).config);
}
if (!dev) process.env.NODE_ENV = "production";
// The mail folder is the project's (README: `.data/mail/`), named from where the server was
// started: the standalone build runs from .next/standalone, which a relative path would follow.
process.env.MAIL_DIR = path.resolve(process.env.MAIL_DIR || ".data/mail");
// Text messages (the log provider) go beside the mail, for the same reason.
process.env.SMS_DIR = path.resolve(process.env.SMS_DIR || ".data/sms");
process.chdir(dir);

// The primary of a cluster loads no app: its workers do.
const server = primary ? null : http.createServer();
// As Next's own server: behind a load balancer, keep idle connections longer than it does (ms).
const keepAliveTimeout = Number(process.env.KEEP_ALIVE_TIMEOUT);
if (server && Number.isFinite(keepAliveTimeout) && keepAliveTimeout > 0) server.keepAliveTimeout = keepAliveTimeout;
const app = primary ? null : createRequire(path.join(dir, "package.json"))("next")({ dev, dir, hostname, port, httpServer: server });

/** The request id: a trusted proxy's (it ties our line to the proxy's), otherwise a new one. */
function requestIdFor(req) {
  const given = req.headers["x-request-id"];
  if (typeof given === "string" && REQUEST_ID.test(given) && isTrustedProxy(req.socket.remoteAddress ?? "", process.env.TRUSTED_PROXIES))
    return given;
  return randomUUID();
}

/** One line per request, when its response ends or its client goes away. */
function logRequest(req, res, context, started) {
  const status = res.statusCode;
  const line = {
    requestId: context.requestId,
    method: req.method,
    // Never the query: reset and verification links carry their tokens there.
    path: (req.url ?? "/").split("?", 1)[0].slice(0, 2048),
    status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    userId: context.userId,
    statements: context.statements,
  };
  if (!res.writableFinished) line.aborted = true;
  if (status >= 500) log.error(line, "request");
  else if (status >= 400) log.warn(line, "request");
  else log.info(line, "request");
}

let stopping = false;

async function main() {
  await app.prepare();
  const handle = app.getRequestHandler();
  server.on("request", (req, res) => {
    const started = performance.now();
    // A GET or HEAD changes nothing it reads, so a read repeated within it may be shared (readOncePerRequest).
    const context = { requestId: requestIdFor(req), readOnly: req.method === "GET" || req.method === "HEAD" };
    res.setHeader("X-Request-Id", context.requestId);
    // While draining, a keep-alive connection is closed after its current response.
    if (stopping) res.setHeader("Connection", "close");
    res.once("close", () => logRequest(req, res, context, started));
    // A render cut off by the database going away is an outage, not a crash: 503, retry shortly.
    const writeHead = res.writeHead;
    res.writeHead = function (status, ...rest) {
      const answered = statusDuringOutage(status);
      if (answered !== status) res.setHeader("Retry-After", "5");
      return writeHead.call(this, answered, ...rest);
    };
    runWithRequest(context, () => handle(req, res)).catch((error) => {
      log.error({ err: error, requestId: context.requestId }, "request handler failed");
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });
  log.info({ port, hostname, dir, dev, worker: process.env.K12_WORKER_INDEX }, "listening");
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  const httpClosed = new Promise((resolve) => server.close(() => resolve()));
  // After close(): once this line is out, a new connection is refused.
  log.info({ signal }, "stopping: no new connections; finishing requests and jobs");
  // server.close() waits for every connection to end: idle keep-alive ones are closed as they appear.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const drained = Promise.all([httpClosed, runShutdownHooks("drain")]).then(([, failures]) => failures);
  const drainFailures = await Promise.race([drained, sleep(SHUTDOWN_GRACE_MS).then(() => null)]);
  clearInterval(sweep);
  const timedOut = drainFailures === null;
  if (timedOut) {
    log.error({ graceMs: SHUTDOWN_GRACE_MS }, "requests or jobs still running after the grace period; cutting them off");
    server.closeAllConnections();
  }
  const closeFailures = await Promise.race([
    Promise.all([
      runShutdownHooks("close"),
      app.close().then(
        () => [],
        (error) => [{ name: "next", error }],
      ),
    ]).then((lists) => lists.flat()),
    sleep(CLOSE_TIMEOUT_MS).then(() => [{ name: "close", error: new Error(`not closed within ${CLOSE_TIMEOUT_MS} ms`) }]),
  ]);
  const failures = [...(drainFailures ?? []), ...closeFailures];
  for (const { name, error } of failures) log.error({ err: error, hook: name }, "shutdown step failed");
  const clean = !timedOut && failures.length === 0;
  log.info({ signal, ms: Date.now() - started, clean }, "stopped");
  process.exit(clean ? 0 : 1);
}

if (primary) runPrimary(concurrency);
else {
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));
  main().catch((error) => {
    log.fatal({ err: error }, "the server did not start");
    process.exit(1);
  });
}
