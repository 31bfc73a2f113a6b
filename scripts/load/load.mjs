#!/usr/bin/env node
// `npm run test:load`: the production build on loopback under LOAD_USERS simulated users for
// LOAD_SECONDS, with PostgreSQL restarted and SMTP down part of the way through. Prints requests/s,
// p50/p95/p99 per kind, errors, recovery time, the memory ratio (each reading after a full GC), and
// proves every acknowledged write is in the database exactly once. Exit 0 only when every check holds.
//
//   LOAD_USERS=200 LOAD_SECONDS=60      defaults; e.g. LOAD_USERS=20 LOAD_SECONDS=15 for a quick run
//   LOAD_PORT=3210                      the app's port
//   LOAD_DB_DOWN_MS=4000                how long PostgreSQL stays down (LOAD_DB_RESTART=0 skips it)
//   LOAD_THINK_MS=250                   mean pause between one user's requests
//
// Workloads are the KINDS table in ./kinds.mjs: add a row there to load a new route.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { cpSync, rmSync } from "node:fs";
import {
  log,
  sleep,
  runMain,
  onCleanup,
  prepareBuild,
  startPostgres,
  startApp,
  Browser,
  signIn,
  percentile,
  PASSWORD,
} from "./harness.mjs";
import { KINDS } from "./kinds.mjs";
import { startSmtpCapture } from "../lib/smtp-capture.mjs";

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PORT = Number(process.env.LOAD_PORT ?? 3210);
const DB_DOWN_MS = Number(process.env.LOAD_DB_DOWN_MS ?? 4_000);
const DB_RESTART = process.env.LOAD_DB_RESTART !== "0";
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 250);
const RECOVERY_LIMIT_MS = 5_000;

async function createLoadExperts(pool, count) {
  // Every simulated user is an onboarded, verified expert of their own, with the demo password.
  const {
    rows: [{ hash }],
  } = await pool.query(
    "SELECT pc.hash FROM password_credentials pc JOIN users u ON u.id = pc.user_id WHERE u.email = 'expert@example.com'",
  );
  const users = [];
  for (let i = 0; i < count; i += 1) {
    const email = `load-${i}-${randomUUID().slice(0, 8)}@example.org`;
    const {
      rows: [u],
    } = await pool.query(
      "INSERT INTO users (id, email, first_name, last_name, email_verified_at, updated_at) VALUES (gen_random_uuid(), $1, 'Load', $2, now(), now()) RETURNING id",
      [email, `User ${i}`],
    );
    await pool.query("INSERT INTO password_credentials (user_id, hash, updated_at) VALUES ($1, $2, now())", [u.id, hash]);
    await pool.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'expert')", [u.id]);
    const {
      rows: [e],
    } = await pool.query(
      `INSERT INTO experts (id, user_id, role_title, organization_name, state, verification_status,
         step_basics, step_linkedin, step_expertise, step_preferences, step_payments, step_pulse, updated_at)
       VALUES (gen_random_uuid(), $1, 'Principal', 'Load District', 'CA', 'verified', true, true, true, true, true, true, now()) RETURNING id`,
      [u.id],
    );
    users.push({ index: i, email, userId: u.id, expertId: e.id });
  }
  return users;
}

async function createLoadClients(pool, users) {
  // Each simulated person also has a client account of their own (verified, with a profile), as
  // the people searching the directory do: sign-in counts an attempt as failed until its password
  // check ends, so a shared account with more than the per-e-mail limit of sign-ins in flight at
  // once is refused, by design, and those refusals lock it for the rest of the run.
  const {
    rows: [{ hash }],
  } = await pool.query(
    "SELECT pc.hash FROM password_credentials pc JOIN users u ON u.id = pc.user_id WHERE u.email = 'client@example.com'",
  );
  for (const user of users) {
    const email = user.email.replace(/^load-/, "load-client-");
    const {
      rows: [u],
    } = await pool.query(
      "INSERT INTO users (id, email, first_name, last_name, email_verified_at, updated_at) VALUES (gen_random_uuid(), $1, 'Load', $2, now(), now()) RETURNING id",
      [email, `Client ${user.index}`],
    );
    await pool.query("INSERT INTO password_credentials (user_id, hash, updated_at) VALUES ($1, $2, now())", [u.id, hash]);
    await pool.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'client')", [u.id]);
    await pool.query("INSERT INTO client_profiles (user_id, organization, role_title) VALUES ($1, 'Load Research', 'Researcher')", [u.id]);
    await pool.query(
      `WITH o AS (INSERT INTO organizations (id, name, updated_at) VALUES (gen_random_uuid(), 'Load Research', now()) RETURNING id)
       INSERT INTO organization_members (user_id, organization_id, role) SELECT $1, id, 'owner' FROM o`,
      [u.id],
    );
    user.clientEmail = email;
  }
}

function summarise(samples, seconds) {
  const byKind = new Map();
  for (const s of samples) {
    const k = byKind.get(s.kind) ?? { ms: [], outcomes: {} };
    k.ms.push(s.ms);
    k.outcomes[s.outcome] = (k.outcomes[s.outcome] ?? 0) + 1;
    byKind.set(s.kind, k);
  }
  const rows = [];
  for (const [kind, k] of byKind) {
    const sorted = k.ms.sort((a, b) => a - b);
    rows.push({
      kind,
      requests: sorted.length,
      "req/s": (sorted.length / seconds).toFixed(1),
      p50: Math.round(percentile(sorted, 50)),
      p95: Math.round(percentile(sorted, 95)),
      p99: Math.round(percentile(sorted, 99)),
      ok: k.outcomes.ok ?? 0,
      refused: k.outcomes.refused ?? 0,
      unavailable: k.outcomes.unavailable ?? 0,
      errors: k.outcomes.error ?? 0,
    });
  }
  return rows;
}

async function main() {
  prepareBuild();
  // The server runs from a copy of the build: a `next build` started in this checkout meanwhile
  // (another test, another person) empties .next/ and would fail the run's requests mid-way.
  const appDir = path.resolve(".data/load-app");
  rmSync(appDir, { recursive: true, force: true });
  cpSync(".next/standalone", appDir, { recursive: true });
  onCleanup({ sync: () => rmSync(appDir, { recursive: true, force: true }) });
  const database = await startPostgres("load-pg");
  const pool = database.pool();
  const mailDir = path.resolve(".data/load-mail");
  rmSync(mailDir, { recursive: true, force: true });
  onCleanup({ sync: () => rmSync(mailDir, { recursive: true, force: true }) });
  let smtp = await startSmtpCapture({ dir: mailDir, port: 0 });
  const smtpPort = smtp.port;
  const app = await startApp({
    port: PORT,
    env: {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_DIR: path.resolve(".data/load-mail-files"),
      DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? "20",
      TRUSTED_PROXIES: "127.0.0.1,::1",
    },
    inspect: true, // for a full GC before each memory reading
    dir: appDir,
  });
  const users = await createLoadExperts(pool, USERS);
  await createLoadClients(pool, users);
  log(`${users.length} load users created (an expert and a client account each).`);

  const ctx = { base: app.base, appDir, pool, users, acked: new Map(), notes: [] };
  // Which kinds can run on this build: a kind whose route answers 404 is skipped, with a note.
  const active = [];
  for (const kind of KINDS) {
    const reason = kind.probe ? await kind.probe(ctx) : null;
    if (reason) {
      ctx.notes.push(`skipped ${kind.name}: ${reason}`);
      continue;
    }
    active.push(kind);
    ctx.acked.set(kind.name, []);
  }
  const totalWeight = active.reduce((s, k) => s + k.weight, 0);
  const pick = () => {
    let r = Math.random() * totalWeight;
    for (const k of active) {
      r -= k.weight;
      if (r <= 0) return k;
    }
    return active.at(-1);
  };

  // Every user signs in once before the clock starts (their later sign-ins are part of the mix).
  await Promise.all(
    users.map(async (u) => {
      u.browser = new Browser(app.base, { address: `10.200.${(u.index >> 8) & 255}.${1 + (u.index & 255)}` });
      const r = await signIn(u.browser, u.email, PASSWORD);
      if (!r.ok) throw new Error(`initial sign-in failed for ${u.email}: ${r.status} ${r.error}`);
      u.iteration = 0;
    }),
  );

  const samples = [];
  // The first few distinct errors, with the kind and the time, for the report.
  const seenErrors = new Set();
  const noteError = (kind, detail = "") => {
    const key = `${kind}: ${String(detail).slice(0, 160)}`;
    if (seenErrors.has(key) || seenErrors.size >= 12) return;
    seenErrors.add(key);
    log(`error (${new Date().toISOString().slice(11, 23)}) ${key}`);
  };
  let stopAt = 0;
  let phase = "warm-up";
  async function userLoop(u) {
    while (Date.now() < stopAt) {
      const kind = pick();
      const started = performance.now();
      let outcome;
      try {
        const res = await kind.run(u, ctx);
        outcome = res.outcome;
        if (res.outcome === "ok" && res.ack) ctx.acked.get(kind.name).push(res.ack);
        if (res.outcome === "error") noteError(kind.name, res.detail);
      } catch (e) {
        outcome = "error";
        noteError(kind.name, e?.message ?? String(e));
      }
      if (phase === "run") samples.push({ kind: kind.name, ms: performance.now() - started, outcome, at: Date.now() });
      u.iteration += 1;
      if (THINK_MS) await sleep(Math.random() * 2 * THINK_MS);
    }
  }

  // Warm-up: a fifth of the run (at least 5 s) at full concurrency, then the RSS baseline.
  // Memory is read after a full garbage collection, both here and after the run: under this load
  // V8 lets garbage pile up to several hundred MiB before a major collection (its heap limit
  // follows the machine's memory: about 4 GiB on a 16 GiB one), so RSS read at a random moment
  // says more about when the last collection ran than about what the server keeps.
  const warmMs = Math.max(5_000, SECONDS * 200);
  stopAt = Date.now() + warmMs;
  log(`Warm-up ${warmMs / 1000} s with ${USERS} users ...`);
  await Promise.all(users.map(userLoop));
  const rssWarmRaw = app.rssMiB();
  await app.fullGc();
  const rssWarm = app.rssMiB();
  let rssPeak = rssWarmRaw;
  const rssSampler = setInterval(() => (rssPeak = Math.max(rssPeak, app.rssMiB())), 1_000);

  // The measured run, with the faults injected on a timeline.
  phase = "run";
  const runStarted = Date.now();
  stopAt = runStarted + SECONDS * 1000;
  log(`Run: ${USERS} users for ${SECONDS} s (kinds: ${active.map((k) => k.name).join(", ")}) ...`);
  const faults = (async () => {
    const result = { db: null, smtp: null };
    // SMTP down from 20 % to 45 % of the run.
    await sleep(SECONDS * 200);
    await smtp.stop();
    const smtpDownAt = Date.now();
    log("SMTP stopped.");
    await sleep(SECONDS * 250);
    smtp = await startSmtpCapture({ dir: mailDir, port: smtpPort });
    result.smtp = { downMs: Date.now() - smtpDownAt };
    log("SMTP back.");
    if (!DB_RESTART) return result;
    // PostgreSQL down at 50 %: probe /api/ready (readiness: the database answers) all along (each probe has its own clock).
    await sleep(Math.max(0, runStarted + SECONDS * 500 - Date.now()));
    const probes = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const t0 = Date.now();
        let status = 0;
        try {
          status = (await fetch(`${app.base}/api/ready`, { signal: AbortSignal.timeout(10_000) })).status;
        } catch {
          status = -1;
        }
        probes.push({ at: t0, status, ms: Date.now() - t0 });
        await sleep(100);
      }
    })();
    log("Stopping PostgreSQL ...");
    const downAt = Date.now();
    await database.stop();
    await sleep(DB_DOWN_MS);
    await database.start();
    const upAt = Date.now();
    log(`PostgreSQL back after ${upAt - downAt} ms.`);
    let recoveredAt = null;
    while (Date.now() - upAt < 30_000) {
      const ok = probes.find((p) => p.at >= upAt && p.status === 200);
      if (ok) {
        recoveredAt = ok.at + ok.ms;
        break;
      }
      await sleep(50);
    }
    probing = false;
    await prober;
    const during = probes.filter((p) => p.at >= downAt + 200 && p.at + p.ms <= upAt);
    result.db = {
      downMs: upAt - downAt,
      recoveryMs: recoveredAt ? recoveredAt - upAt : null,
      probesWhileDown: during.length,
      statusesWhileDown: [...new Set(during.map((p) => p.status))],
      slowestProbeMs: Math.max(0, ...probes.map((p) => p.ms)),
      downWindow: [downAt, upAt + (recoveredAt ? recoveredAt - upAt : 0)],
    };
    return result;
  })();
  await Promise.all(users.map(userLoop));
  const faultResult = await faults;
  const elapsed = (Date.now() - runStarted) / 1000;
  await sleep(2_000); // let the last requests' after-work (revalidation, mail) finish
  clearInterval(rssSampler);
  const rssAfterRaw = app.rssMiB();
  rssPeak = Math.max(rssPeak, rssAfterRaw);
  await app.fullGc();
  const rssAfter = app.rssMiB();

  // ── figures ──
  const rows = summarise(samples, elapsed);
  const total = samples.length;
  console.log(
    `\n=== Load: ${USERS} users, ${elapsed.toFixed(1)} s, ${total} requests, ${(total / elapsed).toFixed(1)} req/s (latency ms) ===`,
  );
  console.table(rows);
  const inOutage = (s) => faultResult.db && s.at >= faultResult.db.downWindow[0] && s.at <= faultResult.db.downWindow[1] + 1_000;
  const errorsOutside = samples.filter((s) => s.outcome === "error" && !inOutage(s)).length;
  const errorsInside = samples.filter((s) => s.outcome === "error" && inOutage(s)).length;
  for (const n of ctx.notes) console.log(`  note: ${n}`);

  const checks = [];
  const check = (name, pass, detail) => {
    checks.push({ name, pass, detail });
  };
  check(
    "no errors outside the database outage",
    errorsOutside === 0,
    `${errorsOutside} errors (${errorsInside} more inside the outage window)`,
  );
  check("no 5xx other than 503 during the outage", errorsInside === 0, `${errorsInside} errors inside the outage window`);

  if (faultResult.db) {
    const d = faultResult.db;
    check(
      "app answers 503 while PostgreSQL is down",
      d.probesWhileDown > 0 && d.statusesWhileDown.every((s) => s === 503),
      `${d.probesWhileDown} probes, statuses ${JSON.stringify(d.statusesWhileDown)}`,
    );
    check("never hangs (every probe answered within 10 s)", d.slowestProbeMs < 10_000, `slowest probe ${d.slowestProbeMs} ms`);
    check(
      `recovers within ${RECOVERY_LIMIT_MS / 1000} s of PostgreSQL's return`,
      d.recoveryMs !== null && d.recoveryMs <= RECOVERY_LIMIT_MS,
      `recovery ${d.recoveryMs} ms after ${d.downMs} ms down`,
    );
  } else {
    ctx.notes.push("PostgreSQL restart skipped (LOAD_DB_RESTART=0)");
  }
  check("app never crashed", app.exited() === null, app.exited() ? JSON.stringify(app.exited()) : `pid ${app.pid} alive`);

  // ── no acknowledged write lost (the database is back; give SMTP retries time) ──
  for (const kind of active) {
    if (!kind.verify) continue;
    const acked = ctx.acked.get(kind.name);
    const v = await kind.verify(acked, ctx);
    check(`${kind.name}: every acknowledged write stored exactly once`, v.pass, v.detail);
    if (kind.verifyAfterFaults) {
      const w = await kind.verifyAfterFaults(acked, ctx);
      check(`${kind.name}: ${w.name}`, w.pass, w.detail);
    }
  }

  if (!active.some((k) => k.verifyAfterFaults))
    ctx.notes.push(
      "SMTP was stopped and restarted, but no kind sends mail on this build: the 'stored and sent after SMTP returns' check is skipped",
    );
  const ratio = rssAfter / rssWarm;
  check(
    "RSS after the run ≤ 1.5 × RSS after warm-up (each after a full GC)",
    ratio <= 1.5,
    `${rssWarm.toFixed(0)} MiB → ${rssAfter.toFixed(0)} MiB (×${ratio.toFixed(2)}); before the GC ${rssWarmRaw.toFixed(0)} → ${rssAfterRaw.toFixed(0)} MiB, peak ${rssPeak.toFixed(0)} MiB`,
  );

  console.log("\n=== Checks ===");
  for (const c of checks) console.log(`${c.pass ? "PASS" : "FAIL"}  ${c.name} — ${c.detail}`);
  for (const n of ctx.notes) console.log(`NOTE  ${n}`);
  const failed = checks.filter((c) => !c.pass).length;
  console.log(`\n${checks.length - failed} passed, ${failed} failed`);
  await pool.end();
  await smtp.stop().catch(() => {});
  if (failed) console.log(`\nlast server log lines:\n${app.logs().slice(-30).join("\n")}`);
  return failed === 0;
}

runMain(main);
