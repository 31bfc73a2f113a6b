#!/usr/bin/env node
// npm run bench:pages — the signed-in pages against the cached /terms, on one production server.
// Builds if needed, starts a throwaway embedded PostgreSQL with the demo seed and the standalone
// server, signs in the demo expert, client and admin, then runs autocannon (50 connections,
// BENCH_SECONDS each, one page after the other) and prints requests/s, p50, p99 and the ratio to
// /terms, with a verdict against issue #18's target (≥ 0.2× /terms and p99 ≤ 500 ms). Each page is
// measured as browsers ask for it (the server may answer from the session's kept copy,
// lib/render-cache.mjs) and, as a reference, rendered for every request (Cache-Control: no-cache);
// the dashboard also beside unrelated writes. The "kept" column is the share served from the copy.
// Every response is checked: status 200 and the page's own marker in the HTML (a redirect to a
// login or a policy page would otherwise look like a fast page).
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
  { path: "/dashboard", as: "expert@example.com", marker: "Welcome back, " },
  { path: "/payments", as: "expert@example.com", marker: "Expert Wallet</h1>" },
  { path: "/client/experts", as: "client@example.com", marker: "Search Experts</h1>" },
  { path: "/client/dashboard", as: "client@example.com", marker: "Client Dashboard</h1>" },
  { path: "/admin", as: "admin@example.com", marker: "Admin Dashboard</h1>" },
  // Not a page anyone visits: the proxy, the session and the root layout around one heading, so
  // the run shows what Next's per-request render costs before a page adds anything (no verdict).
  { path: "/test-only/floor", as: "expert@example.com", marker: "Signed in</p>", reference: true },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Each signed-in page is measured twice: as a browser asks for it (the server may answer from
// the session's kept copy while the database is unchanged, lib/render-cache.mjs), and with
// Cache-Control: no-cache (a reload that bypasses caches), so every response is rendered.
const RENDERED = { "cache-control": "no-cache" };
// A write ends the kept pages that could show its rows (its owners' and parties', a whole role's,
// or everyone's; migration 20261124230000_data_change_notices), so pages are also measured while
// others write ten times a second, to show what is left of the gain in each case: notifications
// for another user and updates to an engagement between others (which end none of these pages),
// another expert's profile edits (which end every client's pages, not experts'), and another
// person changing their name (which ends every page).
const WRITES_PER_SECOND = 10;
const WRITES = {
  notifications: { label: "others' notifications", sql: "INSERT INTO notifications (id, user_id, kind, title, body, href) SELECT gen_random_uuid(), id, 'bench', 'Bench', 'A notification', '/dashboard' FROM users WHERE email = 'client@example.com'" },
  engagements: { label: "others' engagement updates", sql: "UPDATE engagements SET updated_at = now() WHERE id = (SELECT id FROM engagements WHERE expert_id <> (SELECT e.id FROM experts e JOIN users u ON u.id = e.user_id WHERE u.email = 'expert@example.com') ORDER BY id LIMIT 1)" },
  profiles: { label: "another expert's profile edits", sql: "UPDATE experts SET updated_at = now() WHERE id = (SELECT id FROM experts WHERE user_id <> (SELECT id FROM users WHERE email = 'expert@example.com') ORDER BY id LIMIT 1)" },
  names: { label: "another person's name changes", sql: "UPDATE users SET updated_at = now() WHERE id = (SELECT user_id FROM experts WHERE user_id <> (SELECT id FROM users WHERE email = 'expert@example.com') ORDER BY id LIMIT 1)" },
};
const WRITES_BESIDE = { "/dashboard": [WRITES.notifications, WRITES.engagements, WRITES.profiles, WRITES.names], "/client/experts": [WRITES.profiles] };
const runsOf = (p) => {
  if (p.path === "/terms" || p.reference) return [{ ...p, label: p.path }];
  const runs = [{ ...p, label: p.path }, { ...p, label: `${p.path} (rendered)`, rendered: true, reference: true }];
  for (const w of WRITES_BESIDE[p.path] ?? []) runs.push({ ...p, label: `${p.path} (${WRITES_PER_SECOND}/s ${w.label})`, writing: w.sql, reference: true });
  return runs;
};

/** Runs `sql` `WRITES_PER_SECOND` times a second until the returned function is called. */
function writeBeside(pool, sql) {
  const timer = setInterval(() => void pool.query(sql).catch((e) => log(`bench write failed: ${e.message}`)), 1000 / WRITES_PER_SECOND);
  return () => clearInterval(timer);
}

/** One autocannon run; `bad` counts responses that were not the signed-in page, `kept` those served from the render cache. */
function cannon(url, headers, marker) {
  let bad = 0;
  let kept = 0;
  let firstBad = null;
  const onResponse = (status, body, _context, responseHeaders) => {
    if (responseHeaders?.["x-render-cache"] === "hit") kept++;
    if (status === 200 && String(body).includes(marker)) return;
    bad++;
    firstBad ??= `${status} ${String(body).slice(0, 120)}`;
  };
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests: [{ method: "GET", headers, onResponse }] }, (err, res) =>
      err ? reject(err) : resolve({ rps: res.requests.average, p50: res.latency.p50, p99: res.latency.p99, total: res.requests.total, errors: res.errors + res.timeouts, bad, kept, firstBad }),
    ),
  );
}

/** Signs in the page's users on one server: { email → cookie header }. */
async function signInAll(base) {
  const cookies = new Map();
  for (const email of new Set(PAGES.map((p) => p.as).filter(Boolean))) {
    const browser = new Browser(base);
    const r = await signIn(browser, email);
    if (!r.ok) throw new Error(`sign-in failed on ${base} for ${email}: ${r.status} ${r.error}`);
    cookies.set(email, browser.cookieHeader());
  }
  return cookies;
}

/** The first renders compile and fill caches; every page must show its marker before the clock starts. */
async function warmUp(server, pages) {
  for (const p of pages) {
    const headers = p.as ? { cookie: server.cookies.get(p.as) } : {};
    for (let i = 0; i < 20; i++) {
      const res = await fetch(server.base + p.path, { headers, redirect: "manual" });
      const body = await res.text();
      if (res.status !== 200 || !body.includes(p.marker)) throw new Error(`${server.name} ${p.path} as ${p.as ?? "anonymous"}: ${res.status}, marker "${p.marker}" missing`);
    }
  }
}

function report(name, pages, runs) {
  const terms = median(runs.get("/terms").map((r) => r.rps));
  let passed = true;
  console.log(`\n${name}\n${"page".padEnd(52)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"× /terms".padStart(9)} ${"kept".padStart(5)}  verdict`);
  for (const p of pages) {
    const rs = runs.get(p.label);
    const rps = median(rs.map((r) => r.rps));
    const p50 = median(rs.map((r) => r.p50));
    const p99 = median(rs.map((r) => r.p99));
    const bad = rs.reduce((s, r) => s + r.bad + r.errors, 0);
    const ratio = rps / terms;
    const baseline = p.path === "/terms" || p.reference;
    const ok = bad === 0 && (baseline || (ratio >= TARGET_RATIO && p99 <= TARGET_P99_MS));
    passed &&= ok;
    const why = bad ? `FAIL: ${bad} responses not the page (first: ${rs.find((r) => r.firstBad)?.firstBad ?? "errors/timeouts"})` : ok ? "ok" : "FAIL";
    const kept = `${Math.round((100 * rs.reduce((s, r) => s + r.kept, 0)) / Math.max(1, rs.reduce((s, r) => s + r.total, 0)))}%`;
    const note = p.rendered ? "(reference: rendered for every request)" : p.writing ? "(reference: beside others' writes)" : p.reference ? "(reference: an empty signed-in page)" : "(baseline)";
    console.log(`${p.label.padEnd(52)} ${rps.toFixed(0).padStart(7)} ${String(p50).padStart(7)} ${String(p99).padStart(7)} ${ratio.toFixed(2).padStart(9)} ${kept.padStart(5)}  ${baseline && !bad ? note : why}`);
  }
  console.log(`target: every signed-in page ≥ ${TARGET_RATIO}× /terms's requests/s and p99 ≤ ${TARGET_P99_MS} ms at ${CONNECTIONS} connections → ${passed ? "MET" : "NOT MET"}`);
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
    servers.push({ name: `baseline ${process.env.BENCH_BASELINE}`, ...(await startApp({ port: PORT + 1, env, label: "bench-pages-baseline", dir: path.resolve(process.env.BENCH_BASELINE) })) });
  }
  for (const server of servers) server.cookies = await signInAll(server.base);

  const only = process.env.BENCH_ONLY?.split(",");
  const pages = PAGES.filter((p) => !only || only.includes(p.path) || p.path === "/terms").flatMap(runsOf);
  for (const server of servers) await warmUp(server, pages);

  for (const server of servers) server.runs = new Map(pages.map((p) => [p.label, []]));
  const writer = database.pool();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const p of pages) {
      for (const server of servers) {
        log(`round ${round}/${ROUNDS}, ${server.name}: ${p.label}${p.as ? ` as ${p.as}` : ""} (${CONNECTIONS} connections, ${SECONDS} s) ...`);
        const headers = { ...(p.as ? { cookie: server.cookies.get(p.as) } : {}), ...(p.rendered ? RENDERED : {}) };
        const stopWriting = p.writing ? writeBeside(writer, p.writing) : () => {};
        server.runs.get(p.label).push(await cannon(server.base + p.path, headers, p.marker));
        stopWriting();
      }
    }
  }
  await writer.end();
  const verdicts = servers.map((server) => report(server.name, pages, server.runs));
  return verdicts[0];
}

runMain(main);
