#!/usr/bin/env node
// npm run bench:pages — the signed-in pages against the cached /terms, on one production server.
// Builds if needed, starts a throwaway embedded PostgreSQL with the demo seed and the standalone
// server, signs in the demo expert, client and admin once per connection (every connection is
// its own session), then runs autocannon (50 connections, BENCH_SECONDS each, one page after the
// other) and prints requests/s, p50, p99 and the ratio to /terms, with a verdict against the
// target (≥ 0.2× /terms and p99 ≤ 500 ms). Every request is sent as a reload that bypasses caches
// (Cache-Control: no-cache), so each figure is a page rendered for its request. Every response is
// checked: status 200 and the page's own marker in the HTML (a redirect to a login or a policy
// page would otherwise look like a fast page). For the load people put on a server, see
// bench:capacity (scripts/bench-capacity.mjs).
//   PORT (default 3390) · BENCH_SECONDS (default 10) · BENCH_ROUNDS (default 1: rounds repeat the
//   whole list; the figures are each page's median over the rounds) · BENCH_ONLY=/dashboard,/terms
//   BENCH_CPU_PROF=<dir>: the server runs with --cpu-prof and writes its profile there on exit.
//   BENCH_BASELINE=<dir>: a copy of another build's .next/standalone, measured beside this one.
import path from "node:path";
import autocannon from "autocannon";
import { Browser, cpuProfileArgs, log, prepareBuild, runMain, signIn, startApp, startPostgres } from "./load/harness.mjs";

const PORT = Number(process.env.PORT ?? 3390);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const CONNECTIONS = 50;
const TARGET_RATIO = 0.2;
const TARGET_P99_MS = 500;

// Who, where, and a string only the signed-in page itself carries.
const PAGES = [
  { path: "/terms", as: null, marker: "</h1>" },
  { path: "/dashboard", as: "expert@example.com", marker: "Dashboard sections" },
  { path: "/payments", as: "expert@example.com", marker: "Expert Wallet</h1>" },
  { path: "/client/experts", as: "client@example.com", marker: "Search Experts</h1>" },
  { path: "/client/dashboard", as: "client@example.com", marker: "Client Dashboard</h1>" },
  { path: "/admin", as: "admin@example.com", marker: "Admin Dashboard</h1>" },
  // Not a page anyone visits: the proxy, the session and the root layout around one heading, so
  // the run shows what Next's per-request render costs before a page adds anything (no verdict).
  { path: "/test-only/floor", as: "expert@example.com", marker: "Signed in</p>", reference: true },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// A reload that bypasses caches: what any cache in front of the render might keep is not used.
const RENDERED = { "cache-control": "no-cache" };

/** One autocannon run; each connection sends one of `cookies` (its own session); `bad` counts responses that were not the signed-in page. */
function cannon(url, cookies, marker) {
  let bad = 0;
  let firstBad = null;
  let next = 0;
  // Called once per connection: its session for the whole run.
  const setupClient = (client) =>
    client.setHeaders({ ...RENDERED, ...(cookies.length ? { cookie: cookies[next++ % cookies.length] } : {}) });
  const onResponse = (status, body) => {
    if (status === 200 && String(body).includes(marker)) return;
    bad++;
    firstBad ??= `${status} ${String(body).slice(0, 120)}`;
  };
  return new Promise((resolve, reject) =>
    autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, setupClient, requests: [{ method: "GET", headers: RENDERED, onResponse }] },
      (err, res) =>
        err
          ? reject(err)
          : resolve({
              rps: res.requests.average,
              p50: res.latency.p50,
              p99: res.latency.p99,
              total: res.requests.total,
              errors: res.errors + res.timeouts,
              bad,
              firstBad,
            }),
    ),
  );
}

/** Signs in the pages' users on one server, once per connection: { email → cookie headers }. */
async function signInAll(base, pages) {
  const cookies = new Map();
  for (const email of new Set(pages.map((p) => p.as).filter(Boolean))) {
    const sessions = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const browser = new Browser(base);
      const r = await signIn(browser, email);
      if (!r.ok) throw new Error(`sign-in failed on ${base} for ${email}: ${r.status} ${r.error}`);
      sessions.push(browser.cookieHeader());
    }
    cookies.set(email, sessions);
  }
  return cookies;
}

/** The first renders compile and fill caches; every page must show its marker before the clock starts. */
async function warmUp(server, pages) {
  for (const p of pages) {
    for (let i = 0; i < 20; i++) {
      const headers = { ...RENDERED, ...(p.as ? { cookie: server.cookies.get(p.as)[i % CONNECTIONS] } : {}) };
      const res = await fetch(server.base + p.path, { headers, redirect: "manual" });
      const body = await res.text();
      if (res.status !== 200 || !body.includes(p.marker))
        throw new Error(`${server.name} ${p.path} as ${p.as ?? "anonymous"}: ${res.status}, marker "${p.marker}" missing`);
    }
  }
}

function report(name, pages, runs) {
  const terms = median(runs.get("/terms").map((r) => r.rps));
  let passed = true;
  console.log(
    `\n${name}\n${"page".padEnd(24)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"× /terms".padStart(9)}  verdict`,
  );
  for (const p of pages) {
    const rs = runs.get(p.path);
    const rps = median(rs.map((r) => r.rps));
    const p50 = median(rs.map((r) => r.p50));
    const p99 = median(rs.map((r) => r.p99));
    const bad = rs.reduce((s, r) => s + r.bad + r.errors, 0);
    const ratio = rps / terms;
    const baseline = p.path === "/terms" || p.reference;
    const ok = bad === 0 && (baseline || (ratio >= TARGET_RATIO && p99 <= TARGET_P99_MS));
    passed &&= ok;
    const why = bad
      ? `FAIL: ${bad} responses not the page (first: ${rs.find((r) => r.firstBad)?.firstBad ?? "errors/timeouts"})`
      : ok
        ? "ok"
        : "FAIL";
    const note = p.reference ? "(reference: an empty signed-in page)" : "(baseline)";
    console.log(
      `${p.path.padEnd(24)} ${rps.toFixed(0).padStart(7)} ${String(p50).padStart(7)} ${String(p99).padStart(7)} ${ratio.toFixed(2).padStart(9)}  ${baseline && !bad ? note : why}`,
    );
  }
  console.log(
    `target: every signed-in page, rendered for every request with ${CONNECTIONS} sessions, ≥ ${TARGET_RATIO}× /terms's requests/s and p99 ≤ ${TARGET_P99_MS} ms at ${CONNECTIONS} connections → ${passed ? "MET" : "NOT MET"}`,
  );
  return passed;
}

async function main() {
  prepareBuild();
  const database = await startPostgres("bench-pages-pg");
  // TEST_ROUTES serves the reference page /test-only/floor.
  const env = { DATABASE_URL: database.url, DEMO_MODE: "1", TEST_ROUTES: "1" };
  const servers = [{ name: "this build", ...(await startApp({ port: PORT, env, label: "bench-pages", nodeArgs: cpuProfileArgs() })) }];
  // BENCH_BASELINE=<a copy of another build's .next/standalone>: that build runs beside this one on
  // the same database, and each page is measured on both back to back, so a busy machine weighs
  // on both alike.
  if (process.env.BENCH_BASELINE) {
    servers.push({
      name: `baseline ${process.env.BENCH_BASELINE}`,
      ...(await startApp({ port: PORT + 1, env, label: "bench-pages-baseline", dir: path.resolve(process.env.BENCH_BASELINE) })),
    });
  }
  const only = process.env.BENCH_ONLY?.split(",");
  const pages = PAGES.filter((p) => !only || only.includes(p.path) || p.path === "/terms");
  for (const server of servers) server.cookies = await signInAll(server.base, pages);
  for (const server of servers) await warmUp(server, pages);

  for (const server of servers) server.runs = new Map(pages.map((p) => [p.path, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const p of pages) {
      for (const server of servers) {
        log(
          `round ${round}/${ROUNDS}, ${server.name}: ${p.path}${p.as ? ` as ${p.as} (${CONNECTIONS} sessions)` : ""} (${CONNECTIONS} connections, ${SECONDS} s) ...`,
        );
        server.runs.get(p.path).push(await cannon(server.base + p.path, p.as ? server.cookies.get(p.as) : [], p.marker));
      }
    }
  }
  const verdicts = servers.map((server) => report(server.name, pages, server.runs));
  return verdicts[0];
}

runMain(main);
