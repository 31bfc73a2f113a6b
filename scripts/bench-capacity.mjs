#!/usr/bin/env node
// npm run bench:capacity — how many requests a second one production server takes from people
// using it, with every response rendered for its request.
// The standalone build on a throwaway embedded PostgreSQL: the demo seed enlarged to a realistic
// population (scripts/bench/population.ts: 200 experts, 20 clients, 2 admins with their studies,
// engagements, earnings and notifications), each person signed in with their own session. Then an
// open-model load: requests arrive at a fixed rate whatever the response times (an arrival goes to
// a person who is not waiting for an answer, when there is one), each person walking a path:
//   expert  dashboard → a tab → opportunities → apply / pick a time (or the wallet page)
//   client  dashboard → search → a profile → invite (or the shortlist) → the study's pipeline
//   admin   admin dashboard → users → an expert
// About a tenth of the requests are writes (server actions, called as the browser calls them).
// Each page is a document load (its full HTML) with the person's cookies; each response is
// checked (200 and the whole document; an action's { ok } answer), and its time counts from when it
// was due to leave, so a slow server cannot hide its queue by delaying the load.
// For each offered rate it prints p50/p95/p99 per page kind and per action kind and the errors,
// then the highest rate at which every kind's p95 is ≤ 500 ms with no error. /terms (cached) is
// measured first with autocannon as the machine's yardstick. The last line is the verdict:
//   capacity: N req/s at p95 <= 500 ms; p95 at 40 req/s: pages X ms, actions Y ms
//
//   PORT (default 3395) · BENCH_RATES (default 20,40,60,… to 400) · BENCH_STEP_SECONDS (20) ·
//   BENCH_ALL_RATES=1 (go on after the first rate that fails) · BENCH_CPU_PROF=<dir> (the server
//   under --cpu-prof) · BENCH_APP_DIR=<a copy of another build's .next/standalone> (measure that
//   build instead; BENCH_SERVER=<its scripts/server.mjs>) · BENCH_BASELINE=<a copy of another build's
//   .next/standalone> (that build beside this one on the same population, each rate offered to both
//   in turn) · BENCH_EXPERTS / BENCH_CLIENTS / BENCH_ADMINS (population.ts).
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import {
  Browser,
  actionId,
  callAction,
  cpuProfileArgs,
  log,
  percentile,
  prepareBuild,
  runMain,
  signIn,
  sleep,
  startApp,
  startPostgres,
} from "./load/harness.mjs";
import { migrateJobQueue } from "./lib/job-queue.mjs";

const PORT = Number(process.env.PORT ?? 3395);
const RATES = (process.env.BENCH_RATES ?? Array.from({ length: 20 }, (_, i) => 20 * (i + 1)).join(",")).split(",").map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 20);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 10);
const ALL_RATES = process.env.BENCH_ALL_RATES === "1";
const P95_LIMIT_MS = 500;
const TIMEOUT_MS = 15_000;
/** Of the paths' last-but-one steps, the share that writes (the rest read a page instead): about a tenth of all requests. */
const WRITE_SHARE = 0.4;

const groupBy = (xs, key) => xs.reduce((m, x) => m.set(key(x), [...(m.get(key(x)) ?? []), x]), new Map());
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

// ───────────── the population ─────────────
function populate(url) {
  log("Enlarging the demo data to the bench population ...");
  const r = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/bench/population.ts"], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (r.status !== 0) throw new Error(`scripts/bench/population.ts failed (exit ${r.status}): ${r.stdout}`);
  log(`population: ${r.stdout.trim().split("\n").at(-1)}`);
}

/** Everyone who signs in, with what their paths need from the database. */
async function people(pool) {
  const { rows: users } = await pool.query(`
    SELECT u.id, u.email, r.role, e.id AS expert_id FROM users u JOIN user_roles r ON r.user_id = u.id LEFT JOIN experts e ON e.user_id = u.id
     WHERE u.email LIKE 'bench-%@example.org' OR u.email IN ('expert@example.com', 'client@example.com', 'admin@example.com')
        OR (r.role = 'expert' AND u.created_by_seed)
     ORDER BY r.role, u.email`);
  const { rows: opportunities } = await pool.query(
    "SELECT o.id FROM opportunities o JOIN projects p ON p.id = o.project_id WHERE p.status = 'open' AND o.status = 'open' ORDER BY o.id",
  );
  const { rows: toPick } = await pool.query(`
    SELECT DISTINCT ON (g.id) g.expert_id, g.id AS engagement_id, s.id AS slot_id FROM engagements g
      JOIN availability_slots s ON s.expert_id = g.expert_id AND s.date > now() + interval '2 days'
     WHERE g.state = 'accepted' ORDER BY g.id, s.date`);
  const { rows: studies } = await pool.query("SELECT id, client_user_id FROM projects WHERE status = 'open' ORDER BY created_at");
  const { rows: listed } = await pool.query(
    "SELECT id FROM experts WHERE verification_status = 'verified' AND is_public_profile ORDER BY id",
  );
  const picks = groupBy(toPick, (r) => r.expert_id);
  const studiesOf = groupBy(studies, (r) => r.client_user_id);
  const experts = users.filter((u) => u.role === "expert");
  return {
    listed: listed.map((r) => r.id),
    opportunities: opportunities.map((r) => r.id),
    experts: experts.map((u) => u.expert_id),
    users: users.map((u, index) => ({
      index,
      role: u.role,
      email: u.email,
      userId: u.id,
      expertId: u.expert_id,
      step: 0,
      busy: false,
      toPick: (picks.get(u.expert_id) ?? []).slice(0, 1),
      studies: (studiesOf.get(u.id) ?? []).map((s) => s.id),
      // Each person moves through the lists from their own place, so they rarely repeat a write.
      cursor: index * 7,
    })),
  };
}

async function signInAll(base, users) {
  const queue = [...users];
  const worker = async () => {
    for (let u = queue.shift(); u; u = queue.shift()) {
      u.browser = new Browser(base);
      const r = await signIn(u.browser, u.email);
      if (!r.ok) throw new Error(`sign-in failed for ${u.email}: ${r.status} ${r.error}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

// ───────────── requests ─────────────
const page = (kind, path) => ({ kind, type: "page", path });
const action = (kind, pagePath, id, arg) => ({ kind, type: "action", pagePath, id, arg });
const TABS = ["wallet", "impact", "pulse", "settings"];
const SEARCHES = ["", "?q=principal", "?state=CA", "?q=literacy", "?tag=Leadership", "?page=2"];

/** The request a person makes next on their path, and moves them along it. */
function nextRequest(u, world, ids) {
  const step = u.step++;
  const at = (list, k = 0) => list[(u.cursor + k) % list.length];
  if (u.role === "expert") {
    switch (step % 4) {
      case 0:
        return page("expert dashboard", "/dashboard");
      case 1:
        return page("expert dashboard tab", `/dashboard?tab=${at(TABS, step)}`);
      case 2:
        return page("opportunities", "/dashboard?tab=opportunities");
      default: {
        if (Math.random() >= WRITE_SHARE) return page("wallet page", "/payments");
        const pick = u.toPick.shift();
        if (pick) return action("pick a time", "/dashboard", ids.pickTime, { engagementId: pick.engagement_id, slotId: pick.slot_id });
        u.cursor++;
        return action("apply", "/dashboard", ids.apply, { opportunityId: at(world.opportunities), outsideActivityConfirmed: true });
      }
    }
  }
  if (u.role === "client") {
    switch (step % 5) {
      case 0:
        return page("client dashboard", "/client/dashboard");
      case 1:
        return page("client search", `/client/experts${at(SEARCHES, step)}`);
      case 2:
        return page("expert profile", `/experts/${at(world.listed, step)}`);
      case 3: {
        if (Math.random() >= WRITE_SHARE || !u.studies.length) return page("shortlist", "/client/shortlist");
        u.cursor++;
        return action("invite", "/client/experts", ids.invite, { expertId: at(world.listed), projectId: at(u.studies) });
      }
      default:
        return page("study pipeline", u.studies.length ? `/client/projects/${at(u.studies, step)}` : "/client/projects");
    }
  }
  switch (step % 3) {
    case 0:
      return page("admin dashboard", "/admin");
    case 1:
      return page("admin users", "/admin/users");
    default:
      return page("admin expert", `/admin/experts/${at(world.experts, step)}`);
  }
}

/** Sends `req` as person `u`; resolves to { outcome: ok | refused | error, detail }. */
async function send(u, req) {
  if (req.type === "page") {
    const res = await u.browser.fetch(req.path, { timeoutMs: TIMEOUT_MS });
    const body = await res.text();
    if (res.status === 200 && body.trimEnd().endsWith("</html>")) return { outcome: "ok" };
    return { outcome: "error", detail: `${req.path} → ${res.status} ${res.headers.get("location") ?? body.slice(0, 100)}` };
  }
  const { status, result, raw } = await callAction(u.browser, req.pagePath, req.id, req.arg);
  if (status === 200 && result?.ok) return { outcome: "ok" };
  // A business refusal (already invited, a cap reached) is an answer, not a failure.
  if (status === 200 && result && !result.ok) return { outcome: "refused", detail: result.message };
  return { outcome: "error", detail: `${req.kind} → ${status} ${raw ?? JSON.stringify(result)}` };
}

// ───────────── the open model ─────────────
/**
 * Offers `rate` requests a second for `seconds` (exponential gaps: arrivals independent of each
 * other), each to a person who is not waiting (or anyone, when all are), then waits for the last
 * answer. Returns one sample per request: { kind, type, ms, outcome, detail }.
 */
async function offer(world, ids, rate, seconds) {
  const samples = [];
  const inFlight = new Set();
  const started = performance.now();
  let due = started;
  const end = started + seconds * 1000;
  const idle = () => {
    for (let tries = 0; tries < 8; tries++) {
      const u = world.users[Math.floor(Math.random() * world.users.length)];
      if (!u.busy) return u;
    }
    return world.users.find((u) => !u.busy) ?? world.users[Math.floor(Math.random() * world.users.length)];
  };
  while ((due += (-Math.log(1 - Math.random()) / rate) * 1000) < end) {
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const u = idle();
    const req = nextRequest(u, world, ids);
    const sentAt = due;
    u.busy = true;
    const p = send(u, req)
      .catch((e) => ({ outcome: "error", detail: `${req.kind}: ${e?.message ?? e}` }))
      .then((r) => {
        samples.push({ kind: req.kind, type: req.type, ms: performance.now() - sentAt, ...r });
        u.busy = false;
        inFlight.delete(p);
      });
    inFlight.add(p);
  }
  // Every request has its own time-out; this bounds the wait should one never settle anyway.
  const unanswered = await Promise.race([Promise.all(inFlight).then(() => 0), sleep(3 * TIMEOUT_MS).then(() => inFlight.size)]);
  for (let i = 0; i < unanswered; i++)
    samples.push({ kind: "unanswered", type: "page", ms: 3 * TIMEOUT_MS, outcome: "error", detail: "no answer and no time-out" });
  return { samples, seconds: (performance.now() - started) / 1000 };
}

const pct = (xs, p) =>
  Math.round(
    percentile(
      [...xs].sort((a, b) => a - b),
      p,
    ),
  );

/** Prints one rate's table; returns its summary. */
function report(rate, { samples, seconds }, loadAtStart) {
  const kinds = [...new Set(samples.map((s) => `${s.type}\t${s.kind}`))].sort().map((k) => k.split("\t"));
  const errors = samples.filter((s) => s.outcome === "error");
  const writes = samples.filter((s) => s.type === "action").length;
  console.log(
    `\noffered ${rate} req/s for ${STEP_SECONDS} s: ${samples.length} requests answered in ${seconds.toFixed(1)} s (${(samples.length / seconds).toFixed(1)} req/s), ${Math.round((100 * writes) / Math.max(1, samples.length))}% writes, ${errors.length} errors; load average ${loadAtStart}`,
  );
  console.log(
    `  ${"kind".padEnd(28)} ${"n".padStart(5)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"refused".padStart(8)} ${"errors".padStart(7)}`,
  );
  let worstP95 = 0;
  for (const [type, kind] of kinds) {
    const of = samples.filter((s) => s.kind === kind);
    const ms = of.map((s) => s.ms);
    const p95 = pct(ms, 95);
    worstP95 = Math.max(worstP95, p95);
    console.log(
      `  ${`${type === "action" ? "action" : "page"}: ${kind}`.padEnd(28)} ${String(of.length).padStart(5)} ${String(pct(ms, 50)).padStart(7)} ${String(p95).padStart(7)} ${String(pct(ms, 99)).padStart(7)} ${String(of.filter((s) => s.outcome === "refused").length).padStart(8)} ${String(of.filter((s) => s.outcome === "error").length).padStart(7)}`,
    );
  }
  for (const detail of [...new Set(errors.map((e) => e.detail))].slice(0, 5)) console.log(`  error: ${String(detail).slice(0, 200)}`);
  const refusals = [...new Set(samples.filter((s) => s.outcome === "refused").map((s) => `${s.kind}: ${s.detail}`))];
  for (const r of refusals.slice(0, 3)) console.log(`  refused: ${String(r).slice(0, 200)}`);
  const of = (type) => samples.filter((s) => s.type === type).map((s) => s.ms);
  const passed = errors.length === 0 && worstP95 <= P95_LIMIT_MS;
  console.log(
    `  all pages p95 ${pct(of("page"), 95)} ms, all actions p95 ${pct(of("action"), 95)} ms; every kind's p95 ≤ ${P95_LIMIT_MS} ms and no error: ${passed ? "yes" : "no"}`,
  );
  return { rate, passed, pagesP95: pct(of("page"), 95), actionsP95: pct(of("action"), 95) };
}

/** The cached /terms at 50 connections: the machine's yardstick for this run. */
function terms(base) {
  return new Promise((resolve, reject) =>
    autocannon({ url: `${base}/terms`, connections: 50, duration: 5 }, (err, res) =>
      err
        ? reject(err)
        : resolve({
            rps: Math.round(res.requests.average),
            p50: res.latency.p50,
            p99: res.latency.p99,
            bad: res.errors + res.timeouts + res.non2xx,
          }),
    ),
  );
}

/** One build under test: its server, its people signed in there, and its action ids. */
async function startBuild(database, { name, dir, server, port, label, nodeArgs }, pool, half) {
  const world = await people(pool);
  // Side by side, each build gets every other person's time to pick, so neither finds its picks
  // already taken by the other.
  if (half) for (const u of world.users) if (u.index % 2 !== half.index) u.toPick = [];
  const app = await startApp({ port, env: { DATABASE_URL: database.url, DEMO_MODE: "1" }, label, nodeArgs, dir, server });
  const counts = [...groupBy(world.users, (u) => u.role)].map(([r, us]) => `${us.length} ${r}s`).join(", ");
  log(`${name}: signing in ${counts} ...`);
  await signInAll(app.base, world.users);
  const ids = {
    apply: actionId("applyAction", "app/dashboard", dir),
    pickTime: actionId("pickTimeAction", "app/dashboard", dir),
    invite: actionId("sendInviteAction", "app/client", dir),
  };
  return { name, app, world, ids, results: [] };
}

/** The verdict line of one build's results. */
function capacityLine(results) {
  const firstFailure = results.findIndex((r) => !r.passed);
  const capacity = (firstFailure === -1 ? results : results.slice(0, firstFailure)).at(-1)?.rate ?? 0;
  const at40 = results.find((r) => r.rate === 40);
  return `capacity: ${capacity} req/s at p95 <= ${P95_LIMIT_MS} ms; p95 at 40 req/s: pages ${at40?.pagesP95 ?? "-"} ms, actions ${at40?.actionsP95 ?? "-"} ms`;
}

async function main() {
  prepareBuild();
  const database = await startPostgres("bench-capacity-pg");
  await migrateJobQueue(database.url);
  populate(database.url);
  const pool = database.pool();
  // BENCH_APP_DIR: another build's .next/standalone (a copy), e.g. the one before a change, on the same population.
  const dir = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : ".next/standalone";
  // BENCH_SERVER: that build's own scripts/server.mjs (from a checkout of it), when the server changed too.
  const server = process.env.BENCH_SERVER ? path.resolve(process.env.BENCH_SERVER) : undefined;
  const builds = [{ name: "this build", dir, server, port: PORT, label: "bench-capacity", nodeArgs: cpuProfileArgs() }];
  // BENCH_BASELINE: a second build on the same population, offered each rate right after this one,
  // so a machine busy with other work weighs on both alike.
  if (process.env.BENCH_BASELINE) {
    const baseline = path.resolve(process.env.BENCH_BASELINE);
    builds.push({ name: `baseline ${baseline}`, dir: baseline, port: PORT + 1, label: "bench-capacity-baseline", nodeArgs: [] });
  }
  const started = [];
  for (const [index, b] of builds.entries()) started.push(await startBuild(database, b, pool, builds.length > 1 ? { index } : null));
  await pool.end();

  for (const b of started) {
    const yardstick = await terms(b.app.base);
    b.reference = `/terms (cached, 50 connections, 5 s): ${yardstick.rps} req/s, p50 ${yardstick.p50} ms, p99 ${yardstick.p99} ms${yardstick.bad ? `, ${yardstick.bad} bad` : ""}`;
    log(`${b.name} reference: ${b.reference}`);
    log(`${b.name} warm-up: ${WARM_SECONDS} s at 20 req/s ...`);
    await offer(b.world, b.ids, 20, WARM_SECONDS);
  }

  for (const rate of RATES) {
    for (const b of started) {
      const loadAtStart = load();
      log(`${b.name}: offering ${rate} req/s for ${STEP_SECONDS} s ...`);
      if (started.length > 1) console.log(`\n${b.name}:`);
      b.results.push(report(rate, await offer(b.world, b.ids, rate, STEP_SECONDS), loadAtStart));
      if (b.app.exited()) throw new Error(`${b.name}'s server exited: ${JSON.stringify(b.app.exited())}`);
    }
    const failed = (b) => !b.results.at(-1).passed;
    if (!ALL_RATES && started.every(failed) && started.every((b) => b.results.some((r) => r.rate >= 40))) break;
  }
  for (const b of started.slice(1)) console.log(`\n${b.name}\nreference: ${b.reference}\n${capacityLine(b.results)}`);
  console.log(`\n${started.length > 1 ? `${started[0].name}\n` : ""}reference: ${started[0].reference}`);
  console.log(capacityLine(started[0].results));
  return true;
}

runMain(main);
