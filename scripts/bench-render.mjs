#!/usr/bin/env node
// npm run bench:render — the server CPU each signed-in page costs per request, and its HTML, on a
// small and a large population, with the ratio to /terms. CPU, not throughput: on a shared
// machine requests/s follow the neighbours, while the CPU the server process spends on a request
// (user + system time from /proc/<pid>/stat around N sequential requests, divided by N) does not.
// For each population: a throwaway embedded PostgreSQL with the demo seed, enlarged by
// scripts/bench/population.ts (the bench:capacity population) and, for the large one, by
// scripts/bench/large-population.ts (bench:directory's bulk loader and bulk studies,
// organizations and payouts); the standalone server (and BENCH_BASELINE's beside it, on the same
// database, measured back to back); the demo expert, client and admin signed in; each page
// warmed up, then BENCH_REQUESTS (default 15) sequential rendered requests (Cache-Control:
// no-cache) whose responses must be 200 and the page itself.
//   PORT (default 3392) · BENCH_REQUESTS · BENCH_POPULATIONS (default small,large) ·
//   BENCH_ONLY=/admin,/terms · BENCH_BASELINE=<a copy of another build's .next/standalone> ·
//   BENCH_APP_DIR=<a copy of a build's .next/standalone> (measure that build instead of building) ·
//   BENCH_LARGE_EXPERTS / _ORGS / _STUDIES / _PAYOUTS (large-population.ts)
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { Browser, log, prepareBuild, runMain, signIn, startApp, startPostgres } from "./load/harness.mjs";
import { ensureSecrets } from "./lib/secrets.mjs";
import { migrateJobQueue } from "./lib/job-queue.mjs";

const PORT = Number(process.env.PORT ?? 3392);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 15);
const POPULATIONS = (process.env.BENCH_POPULATIONS ?? "small,large").split(",");
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

const EXPERT = "expert@example.com";
const CLIENT = "client@example.com";
const ADMIN = "admin@example.com";
// Every signed-in page people use, who sees it, and a string only that page carries.
const PAGES = [
  { path: "/terms", as: null, marker: "</h1>" },
  { path: "/dashboard", as: EXPERT, marker: "Dashboard sections" },
  { path: "/dashboard?tab=opportunities", as: EXPERT, marker: "opportunities-card" },
  { path: "/dashboard?tab=wallet", as: EXPERT, marker: "Dashboard sections" },
  { path: "/payments", as: EXPERT, marker: "Expert Wallet</h1>" },
  { path: "/client/dashboard", as: CLIENT, marker: "Client Dashboard</h1>" },
  { path: "/client/projects", as: CLIENT, marker: "</h1>" },
  { path: "/client/experts", as: CLIENT, marker: "Search Experts</h1>" },
  { path: "/client/shortlist", as: CLIENT, marker: "</h1>" },
  { path: "/client/billing", as: CLIENT, marker: "</h1>" },
  { path: "/admin", as: ADMIN, marker: "Admin Dashboard</h1>" },
  { path: "/admin/users", as: ADMIN, marker: "users-count" },
  { path: "/admin/organizations", as: ADMIN, marker: "</h1>" },
  { path: "/admin/payouts", as: ADMIN, marker: "payout-queue-summary" },
  { path: "/admin/messages", as: ADMIN, marker: "Messages</h1>" },
  { path: "/admin/districts", as: ADMIN, marker: "Districts</h1>" },
];

const RENDERED = { "cache-control": "no-cache" };

/** The server process's CPU time so far, in ms (utime + stime). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces: the fields after it start past the last ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function fetchPage(server, page) {
  const headers = { ...RENDERED, ...(page.as ? { cookie: server.cookies.get(page.as) } : {}) };
  const res = await fetch(server.base + page.path, { headers, redirect: "manual" });
  const body = await res.text();
  if (res.status !== 200 || !body.includes(page.marker))
    throw new Error(`${server.name} ${page.path} as ${page.as ?? "anonymous"}: ${res.status}, marker "${page.marker}" missing`);
  return Buffer.byteLength(body);
}

/** CPU ms per request and HTML bytes of one page on one server. */
async function measure(server, page) {
  for (let i = 0; i < 3; i++) await fetchPage(server, page);
  const before = cpuMs(server.pid);
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) bytes = await fetchPage(server, page);
  return { ms: (cpuMs(server.pid) - before) / REQUESTS, bytes };
}

function populate(script, url) {
  log(`Enlarging the data with ${script} ...`);
  const r = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", script], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (r.status !== 0) throw new Error(`${script} failed (exit ${r.status}): ${r.stdout}`);
  const summary = r.stdout.trim().split("\n").at(-1);
  log(`${script}: ${summary}`);
  return summary;
}

async function runPopulation(name, pages) {
  const database = await startPostgres(`bench-render-${name}`);
  const env = { DATABASE_URL: database.url, DEMO_MODE: "1" };
  const dir = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : undefined;
  const servers = [
    { name: "this build", ...(await startApp({ port: PORT, env, label: `bench-render-${name}`, ...(dir ? { dir } : {}) })) },
  ];
  if (process.env.BENCH_BASELINE) {
    const baseline = path.resolve(process.env.BENCH_BASELINE);
    servers.push({ name: "baseline", ...(await startApp({ port: PORT + 1, env, label: `bench-render-${name}-baseline`, dir: baseline })) });
  }
  // The job queue's schema, which the population's bookings use: the servers' start creates it
  // too, but on a loaded machine a server can answer before its worker has.
  await migrateJobQueue(database.url);
  const made = [populate("scripts/bench/population.ts", database.url)];
  if (name === "large") made.push(populate("scripts/bench/large-population.ts", database.url));
  for (const server of servers) {
    server.cookies = new Map();
    for (const email of new Set(pages.map((p) => p.as).filter(Boolean))) {
      const browser = new Browser(server.base);
      const r = await signIn(browser, email);
      if (!r.ok) throw new Error(`sign-in failed on ${server.base} for ${email}: ${r.status} ${r.error}`);
      server.cookies.set(email, browser.cookieHeader());
    }
  }
  const results = new Map(servers.map((s) => [s.name, new Map()]));
  for (const page of pages) {
    for (const server of servers) {
      log(`${name}, ${server.name}: ${page.path} (${REQUESTS} requests)`);
      results.get(server.name).set(page.path, await measure(server, page));
    }
  }
  for (const server of servers) await server.stop();
  await database.stop();
  return { name, made, results };
}

const kb = (b) => `${(b / 1024).toFixed(0)} KB`;

function report(runs, pages) {
  for (const server of runs[0].results.keys()) {
    console.log(`\n== ${server}: server CPU per request (ms) and HTML, ${REQUESTS} sequential rendered requests each`);
    const head = ["page".padEnd(30)];
    for (const run of runs) head.push(`${run.name} ms`.padStart(10), "× /terms".padStart(9), "HTML".padStart(9));
    if (runs.length > 1) head.push(`${runs[1].name}/${runs[0].name}`.padStart(12));
    console.log(head.join(" "));
    for (const page of pages) {
      const row = [page.path.padEnd(30)];
      for (const run of runs) {
        const r = run.results.get(server).get(page.path);
        const terms = run.results.get(server).get("/terms");
        row.push(r.ms.toFixed(1).padStart(10), (r.ms / terms.ms).toFixed(1).padStart(9), kb(r.bytes).padStart(9));
      }
      if (runs.length > 1) {
        const [a, b] = runs.map((run) => run.results.get(server).get(page.path).ms);
        row.push(`${(b / a).toFixed(2)}×`.padStart(12));
      }
      console.log(row.join(" "));
    }
  }
  for (const run of runs) console.log(`${run.name}: ${run.made.join(" ")}`);
}

async function main() {
  if (process.env.BENCH_APP_DIR) ensureSecrets();
  else prepareBuild();
  const only = process.env.BENCH_ONLY?.split(",");
  const pages = PAGES.filter((p) => !only || only.includes(p.path) || p.path === "/terms");
  const runs = [];
  // Each population's table as soon as it is measured, then both side by side.
  for (const name of POPULATIONS) {
    runs.push(await runPopulation(name, pages));
    report(runs.slice(-1), pages);
  }
  if (runs.length > 1) report(runs, pages);
  return true;
}

runMain(main);
