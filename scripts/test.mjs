#!/usr/bin/env node
// `npm test`: every check of the project, overlapped where the machine has room, with the wall
// time of each step printed at the end.
//
//   typecheck ┐ side by side (single-threaded tools: one core each)
//   lint      │
//   format    ┘
//   build       the production build for Playwright, in the background once typecheck is done
//               (tsc reads .next/types, which the build rewrites) — or after Vitest with
//               TEST_BUILD=serial; see docs/testing.md for which is faster on 2 cores
//   unit        Vitest, every file outside tests/integration (after lint and format)
//   integration Vitest, tests/integration
//   e2e         Playwright, once the build is done: its web server finds the build current
//               (scripts/lib/build-cache.mjs keys it on a hash of the sources) and skips it
//
// Every step runs even when an earlier one failed (one red run shows every failure); Playwright
// does not run when the build failed. Exits non-zero when any step failed, after the table.
// Timings also go to .data/test-times.json; Vitest's per-file durations to .data/vitest-*.json and
// Playwright's summary to .data/e2e-summary.json (`node scripts/test-profile.mjs` ranks them).
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const DATA = path.resolve(".data");
mkdirSync(DATA, { recursive: true });
const bin = (name) => path.resolve("node_modules", ".bin", name);
const BUILD_MODE = process.env.TEST_BUILD ?? "overlap";
if (!["overlap", "serial"].includes(BUILD_MODE)) {
  console.error(`TEST_BUILD must be overlap or serial, not ${BUILD_MODE}`);
  process.exit(2);
}

const started = Date.now();
/** name → { ms, status: "passed" | "failed" | "not run", note? } in the order steps finish. */
const results = new Map();
const children = new Set();

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const clock = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}`;

/**
 * Runs one step. `output`: "inherit" (the foreground step), "buffer" (printed in one block when it
 * ends, so steps running side by side do not interleave) or a log file (printed on failure).
 */
function step(name, cmd, args, { output = "buffer", env = {} } = {}) {
  const t0 = Date.now();
  console.log(`[test] ${name}: started at +${seconds(t0 - started)}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: output === "inherit" ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0"), ...env },
    });
    children.add(child);
    const chunks = [];
    const file = output !== "inherit" && output !== "buffer" ? createWriteStream(output) : null;
    for (const stream of [child.stdout, child.stderr]) stream?.on("data", (d) => (file ? file.write(d) : chunks.push(d)));
    child.on("error", (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code, signal) => {
      children.delete(child);
      file?.end();
      const ms = Date.now() - t0;
      const status = code === 0 ? "passed" : "failed";
      results.set(name, { ms, status, ...(signal ? { note: `stopped by ${signal}` } : {}) });
      const text = Buffer.concat(chunks).toString().trimEnd();
      if (output === "buffer" && text) console.log(`\n──── ${name} ────\n${text}\n`);
      if (file && status === "failed") {
        const log = existsSync(output) ? readFileSync(output, "utf8").trimEnd().split("\n") : [];
        console.log(`\n──── ${name} (last 80 lines of ${path.relative(".", output)}) ────\n${log.slice(-80).join("\n")}\n`);
      }
      console.log(`[test] ${name}: ${status} in ${seconds(ms)}`);
      resolve(status === "passed");
    });
  });
}

function notRun(name, why) {
  results.set(name, { ms: 0, status: "not run", note: why });
  console.log(`[test] ${name}: not run (${why})`);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 130;
  });
}

const build = () => step("build", process.execPath, ["scripts/run.mjs", "build"], { output: path.join(DATA, "test-build.log") });

const typecheck = step("typecheck", bin("tsc"), ["--noEmit"]);
const lint = step("lint", bin("eslint"), ["--max-warnings=0", "."]);
const format = step("format", bin("prettier"), ["--check", "--log-level=warn", "."]);
const built = BUILD_MODE === "overlap" ? typecheck.then(build) : null;
await Promise.all([typecheck, lint, format]);

const vitest = (name, filters) =>
  step(
    name,
    bin("vitest"),
    ["run", ...filters, "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(DATA, `vitest-${name}.json`)}`],
    {
      output: "inherit",
    },
  );
// The two Vitest projects of vitest.config.ts: unit (every file outside tests/integration, no
// database) and integration (each file its own PostgreSQL database).
await vitest("unit", ["--project", "unit"]);
await vitest("integration", ["--project", "integration"]);

const buildOk = await (built ?? build());
const summaryFile = path.join(DATA, "e2e-summary.json");
rmSync(summaryFile, { force: true }); // never a table from an earlier run
if (buildOk) {
  await step("e2e", bin("playwright"), ["test"], { output: "inherit", env: { E2E_SUMMARY_FILE: summaryFile } });
} else {
  notRun("e2e", "the build failed");
}

// ---- the table ----------------------------------------------------------------------------
const total = Date.now() - started;
const ORDER = ["typecheck", "lint", "format", "unit", "integration", "build", "e2e"];
const rows = ORDER.filter((n) => results.has(n)).map((name) => ({ name, ...results.get(name) }));
// Playwright's own parts: its web server's start (database, migrations, seed) and each project.
let e2eParts = [];
if (results.get("e2e")?.status && existsSync(summaryFile)) {
  try {
    const summary = JSON.parse(readFileSync(summaryFile, "utf8"));
    const part = (label) => (p) => ({
      name: `  e2e ${label}: ${p.name.replace(/^area /, "")}`,
      ms: p.wallMs,
      note: `${p.tests} tests, ${seconds(p.busyMs)} of worker time${p.flaky ? `, ${p.flaky} passed only on a retry` : ""}`,
    });
    e2eParts = [
      {
        name: "  e2e start",
        ms: summary.serverStartMs,
        note: "web server (database, migrations, seed; the build was current), first worker",
      },
      ...summary.projects.map(part("project")),
      ...summary.areas.map(part("area")),
    ];
  } catch {
    e2eParts = [];
  }
}
const width = Math.max(...[...rows, ...e2eParts].map((r) => r.name.length), 12);
const line = (name, ms, status, note) =>
  `  ${name.padEnd(width)}  ${ms == null ? "".padStart(7) : clock(ms).padStart(7)}  ${status.padEnd(7)}  ${note ?? ""}`;
const failed = rows.filter((r) => r.status !== "passed");
console.log(
  [
    "",
    `npm test — wall time per step (build ${BUILD_MODE === "overlap" ? "overlapped with lint and Vitest" : "after Vitest"}; steps side by side overlap)`,
    `  ${"step".padEnd(width)}  ${"m:ss".padStart(7)}  result`,
    ...rows.flatMap((r) => [
      line(r.name, r.ms, r.status, r.note),
      ...(r.name === "e2e" ? e2eParts.map((p) => line(p.name, p.ms, "", p.note)) : []),
    ]),
    line("total", total, failed.length ? "FAILED" : "passed", failed.length ? `failed: ${failed.map((r) => r.name).join(", ")}` : ""),
    "",
  ].join("\n"),
);
writeFileSync(
  path.join(DATA, "test-times.json"),
  JSON.stringify({ finishedAt: new Date().toISOString(), buildMode: BUILD_MODE, totalMs: total, steps: rows, e2e: e2eParts }, null, 2),
);
process.exitCode = failed.length ? 1 : (process.exitCode ?? 0);
