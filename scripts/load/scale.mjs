#!/usr/bin/env node
// `npm run test:scale`: two production instances behind Debian's nginx (round-robin) sharing
// PostgreSQL and a Redis cache handler, and the checks that prove they behave as one app.
//
//   SCALE_PORTS=3211,3212  the instances; SCALE_NGINX_PORT=3290 nginx (its edge cache's purge
//   listener on the next port); SCALE_REDIS_URL=redis://127.0.0.1:6379/7 (only keys k12:cache*
//   of that database are touched)
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
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
  whoAmI,
  callAction,
  actionId,
  PASSWORD,
} from "./harness.mjs";
import { DATA_DIR } from "../lib/database.mjs";

const [PORT_A, PORT_B] = (process.env.SCALE_PORTS ?? "3211,3212").split(",").map(Number);
const NGINX_PORT = Number(process.env.SCALE_NGINX_PORT ?? 3290);
const PURGE_PORT = NGINX_PORT + 1;
const REDIS_URL = process.env.SCALE_REDIS_URL ?? "redis://127.0.0.1:6379/7";

function nginxBinary() {
  for (const p of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(p)) return p;
  log("nginx is missing: installing Debian's nginx-light (apt-get) ...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", "nginx-light"], { stdio: "inherit", env });
  if (update.status !== 0 || install.status !== 0 || !existsSync("/usr/sbin/nginx"))
    throw new Error("could not install nginx (apt-get install nginx-light)");
  return "/usr/sbin/nginx";
}

// The same edge cache as docker-compose's `lb` (deploy/nginx-scale.conf): the snippets in
// deploy/nginx are copied beside this nginx.conf and included from there.
async function startNginx(upstreams) {
  const prefix = path.join(DATA_DIR, "scale-nginx");
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(path.join(prefix, "logs"), { recursive: true });
  cpSync(path.resolve("deploy/nginx"), path.join(prefix, "k12"), { recursive: true });
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  proxy_cache_path ${prefix}/cache levels=1:2 keys_zone=k12_edge:10m max_size=256m inactive=1d use_temp_path=off;
  upstream k12 {
${upstreams.map((u) => `    server ${u} max_fails=0;`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    add_header X-K12-Upstream $upstream_addr always;
    add_header X-K12-Edge $upstream_cache_status always;
    include k12/edge-cache.conf;
  }
  server {
    listen 127.0.0.1:${PURGE_PORT};
    add_header X-K12-Edge $upstream_cache_status always;
    include k12/edge-purge.conf;
  }
}
`,
  );
  const bin = nginxBinary();
  const test = spawnSync(bin, ["-t", "-p", prefix, "-c", conf], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx config test failed:\n${test.stderr}`);
  const child = spawn(bin, ["-p", prefix, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  onCleanup({
    sync: () => {
      if (!exited) child.kill("SIGKILL");
      rmSync(prefix, { recursive: true, force: true });
    },
    async: async () => {
      if (exited) return;
      child.kill("SIGQUIT");
      await new Promise((r) => {
        child.once("exit", r);
        setTimeout(r, 3_000);
      });
    },
  });
  const base = `http://127.0.0.1:${NGINX_PORT}`;
  for (let i = 0; i < 50; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) {
        log(`nginx (pid ${child.pid}) at ${base} → ${upstreams.join(", ")}`);
        return base;
      }
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error("nginx did not come up");
}

async function redisKeys(client, pattern) {
  const keys = [];
  for await (const batch of client.scanIterator({ MATCH: pattern, COUNT: 500 })) keys.push(...(Array.isArray(batch) ? batch : [batch]));
  return keys;
}

async function main() {
  prepareBuild();
  const { createClient } = await import("@redis/client");
  const redis = createClient({ url: REDIS_URL });
  redis.on("error", () => {});
  await redis.connect();
  const clearRedis = async () => {
    const keys = await redisKeys(redis, "k12:cache*");
    if (keys.length) await redis.del(keys);
  };
  await clearRedis();
  onCleanup({
    async: async () => {
      await clearRedis().catch(() => {});
      await redis.quit().catch(() => {});
    },
  });

  const database = await startPostgres("scale-pg");
  const pool = database.pool();
  onCleanup({ async: () => pool.end() });
  const nginxBase = `http://127.0.0.1:${NGINX_PORT}`;
  // Both instances are one app at one public address: the load balancer's.
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    APP_URL: nginxBase,
    NEXTAUTH_URL: nginxBase,
    MAIL_DIR: path.resolve(".data/scale-mail"),
    TRUSTED_PROXIES: "127.0.0.1",
    EDGE_PURGE_URLS: `http://127.0.0.1:${PURGE_PORT}`,
  };
  const [a, b] = await Promise.all([
    startApp({ port: PORT_A, env, label: "instance A" }),
    startApp({ port: PORT_B, env, label: "instance B" }),
  ]);
  const lb = await startNginx([`127.0.0.1:${PORT_A}`, `127.0.0.1:${PORT_B}`]);

  const checks = [];
  const check = (name, pass, detail) => {
    checks.push({ name, pass, detail });
    console.log(`${pass === null ? "SKIP" : pass ? "PASS" : "FAIL"}  ${name} — ${detail}`);
  };
  const {
    rows: [demoExpert],
  } = await pool.query(
    "SELECT u.id AS user_id, e.id AS expert_id FROM users u JOIN experts e ON e.user_id = u.id WHERE u.email = 'expert@example.com'",
  );

  // 1. nginx spreads requests over both instances.
  const upstreams = new Set();
  for (let i = 0; i < 6; i += 1) upstreams.add((await fetch(`${lb}/api/health`)).headers.get("x-k12-upstream"));
  check("nginx round-robins over both instances", upstreams.size === 2, `upstreams seen: ${[...upstreams].join(", ")}`);

  // 2. Signed in through one instance, signed in on the other (and through nginx every time).
  const viaA = new Browser(a.base);
  const signed = await signIn(viaA, "expert@example.com");
  const onB = await whoAmI(viaA.withBase(b.base));
  const viaLb = viaA.withBase(lb);
  const lbAnswers = [];
  for (let i = 0; i < 4; i += 1) lbAnswers.push((await whoAmI(viaLb))?.email);
  check(
    "a user signed in through A is signed in on B",
    signed.ok && onB?.email === "expert@example.com" && lbAnswers.every((e) => e === "expert@example.com"),
    `sign-in on A ${signed.ok ? "ok" : `failed (${signed.error})`}; /api/me on B: ${onB?.email ?? "signed out"}; 4× through nginx: ${lbAnswers.join(", ")}`,
  );

  // 3. Throttling counts across both: 5 failures on A + 5 on B lock the account on either.
  const victim = `throttle-${randomUUID().slice(0, 8)}@example.org`;
  const {
    rows: [{ hash }],
  } = await pool.query(
    "SELECT pc.hash FROM password_credentials pc JOIN users u ON u.id = pc.user_id WHERE u.email = 'expert@example.com'",
  );
  const {
    rows: [v],
  } = await pool.query(
    "INSERT INTO users (id, email, first_name, last_name, email_verified_at, updated_at) VALUES (gen_random_uuid(), $1, 'Throttle', 'Victim', now(), now()) RETURNING id",
    [victim],
  );
  await pool.query("INSERT INTO password_credentials (user_id, hash, updated_at) VALUES ($1, $2, now())", [v.id, hash]);
  await pool.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'client')", [v.id]);
  const failures = [];
  for (let i = 0; i < 10; i += 1) failures.push((await signIn(new Browser(i % 2 ? b.base : a.base), victim, "Wrong-password-1")).error);
  const afterOnA = await signIn(new Browser(a.base), victim, PASSWORD);
  const afterOnB = await signIn(new Browser(b.base), victim, PASSWORD);
  const throttled = (r) => !r.ok && /Too many sign-in attempts/.test(r.error ?? "");
  check(
    "throttling counts across both instances",
    failures.every((e) => /Account not found or password incorrect/.test(e ?? "")) && throttled(afterOnA) && throttled(afterOnB),
    `10 wrong passwords (5 on A, 5 on B), then the right one: A → "${afterOnA.error}", B → "${afterOnB.error}"`,
  );

  // 4. Impersonation started on A holds on B and through nginx; stopped on B ends it on A.
  const admin = new Browser(a.base);
  await signIn(admin, "admin@example.com");
  const start = await admin.fetch("/api/admin-impersonate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: demoExpert.user_id }),
  });
  await start.arrayBuffer();
  const meB = await whoAmI(admin.withBase(b.base));
  const adminB = admin.withBase(b.base);
  const stop = await adminB.fetch("/api/admin-impersonate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ action: "stop" }),
  });
  await stop.arrayBuffer();
  const meAAfter = await whoAmI(adminB.withBase(a.base));
  check(
    "impersonation started on A holds on B",
    start.status === 200 &&
      meB?.impersonating === true &&
      meB?.email === "expert@example.com" &&
      meB?.realEmail === "admin@example.com" &&
      stop.status === 200 &&
      meAAfter?.impersonating === false,
    `start on A ${start.status}; on B: ${meB?.email} (impersonating ${meB?.impersonating}, real ${meB?.realEmail}); stop on B ${stop.status}; then on A impersonating ${meAAfter?.impersonating}`,
  );

  // 5. The shared page cache: a page rendered and stored by A is served by B from Redis.
  const buildKeysBefore = (await redisKeys(redis, "k12:cache:*")).length;
  const pageOnA = await fetch(`${a.base}/`);
  await pageOnA.arrayBuffer();
  await sleep(300);
  const pageKeys = await redisKeys(redis, "k12:cache:*");
  const pageOnB = await fetch(`${b.base}/`);
  await pageOnB.arrayBuffer();
  // The entry carries its script-hash CSP (lib/platform/page-script-hashes.mjs), so B sends A's policy.
  const cspA = pageOnA.headers.get("content-security-policy");
  const cspB = pageOnB.headers.get("content-security-policy");
  const hashPolicy = /script-src 'self'( 'sha256-[^']+')+;/.test(cspB ?? "");
  check(
    "a page cached by A is served from the shared cache by B, with its script-hash CSP",
    pageKeys.length > 0 && pageOnB.headers.get("x-nextjs-cache") === "HIT" && hashPolicy && cspA === cspB,
    `${buildKeysBefore} → ${pageKeys.length} entries in Redis; B's first GET / → x-nextjs-cache ${pageOnB.headers.get("x-nextjs-cache")}, ` +
      `CSP ${hashPolicy ? "by hash" : `not by hash (${cspB})`}${cspA === cspB ? ", same as A's" : ", differs from A's"}`,
  );

  // 6. An admin rejecting an expert on A: the public profile answers 404 on B at once.
  const {
    rows: [target],
  } = await pool.query(
    "SELECT id FROM experts WHERE verification_status = 'verified' AND is_public_profile AND user_id <> $1 ORDER BY created_at LIMIT 1",
    [demoExpert.user_id],
  );
  const profilePath = `/experts/${target.id}`;
  const before = await fetch(b.base + profilePath);
  await before.arrayBuffer();
  const profileExists = before.status !== 404;
  if (profileExists) {
    await (await fetch(b.base + profilePath)).arrayBuffer();
  } // B caches it
  const rejectStarted = Date.now();
  const reject = await callAction(
    adminB.withBase(a.base),
    `/admin/experts/${target.id}`,
    actionId("setVerificationStatusAction", "admin/experts"),
    { expertId: target.id, status: "rejected" },
  );
  const {
    rows: [after],
  } = await pool.query("SELECT verification_status FROM experts WHERE id = $1", [target.id]);
  // The profile is cached by path: Next's implicit path tag is what the rejection stamps.
  const stamps = await redis.hmGet("k12:cache-tags", [`_N_T_${profilePath}`]);
  check(
    "rejecting on A invalidates the expert's cache entries for every instance (Redis tags)",
    reject.result?.ok === true && after.verification_status === "rejected" && stamps.every((s) => s !== null && Number(s) >= rejectStarted),
    `action on A ${reject.result?.ok ? "ok" : `${reject.status} ${JSON.stringify(reject.result)} ${reject.raw ?? ""}`}; tag _N_T_${profilePath.slice(0, 17)}… revalidated at ${stamps.map((s) => (s ? `+${Number(s) - rejectStarted} ms` : "never")).join(", ")}`,
  );
  if (profileExists) {
    const onB2 = await fetch(b.base + profilePath);
    await onB2.arrayBuffer();
    check(
      "the rejected expert's cached profile answers 404 on B at once",
      before.status === 200 && onB2.status === 404,
      `B before: ${before.status}; B right after the rejection on A: ${onB2.status}`,
    );
  } else {
    check(`the rejected expert's cached profile answers 404 on B at once`, null, `skipped: /experts/{id} not present on this build`);
  }

  // 7. The edge cache: anonymous public pages come from nginx; a signed-in request never does.
  const edge = async (p, browser) => {
    const res = browser ? await browser.withBase(lb).fetch(p) : await fetch(lb + p);
    await res.arrayBuffer();
    return { status: res.status, edge: res.headers.get("x-k12-edge") ?? "-" };
  };
  const warm = async (p) => {
    await edge(p);
    return edge(p);
  };
  const landing = await warm("/");
  const signedIn = await edge("/", viaA);
  const privatePage = await edge("/dashboard", viaA);
  check(
    "nginx serves anonymous public pages from its cache, never a signed-in request",
    landing.edge === "HIT" && signedIn.edge !== "HIT" && privatePage.edge !== "HIT",
    `GET / twice → ${landing.status} ${landing.edge}; signed in: / → ${signedIn.edge}, /dashboard → ${privatePage.status} ${privatePage.edge}`,
  );

  // 8. A profile in the edge cache answers 404 through nginx right after a rejection, on either instance.
  const { rows: targets } = await pool.query(
    "SELECT id FROM experts WHERE verification_status = 'verified' AND is_public_profile AND user_id <> $1 AND id <> $2 ORDER BY created_at LIMIT 2",
    [demoExpert.user_id, target.id],
  );
  for (const [n, app, t] of [
    ["A", a, targets[0]],
    ["B", b, targets[1]],
  ]) {
    const p = `/experts/${t.id}`;
    const cached = await warm(p);
    const started = performance.now();
    const r = await callAction(
      adminB.withBase(app.base),
      `/admin/experts/${t.id}`,
      actionId("setVerificationStatusAction", "admin/experts"),
      { expertId: t.id, status: "rejected" },
    );
    const tookMs = Math.round(performance.now() - started);
    const after = await edge(p);
    check(
      `a cached profile answers 404 through nginx right after its rejection on ${n}`,
      cached.status === 200 && cached.edge === "HIT" && r.result?.ok === true && after.status === 404,
      `before: ${cached.status} ${cached.edge}; rejection on ${n} ${r.result?.ok ? "ok" : JSON.stringify(r.result ?? r.raw)} (${tookMs} ms, purge included); then through nginx: ${after.status} ${after.edge}`,
    );
  }

  // 9. …and right after its expert hides it (and comes back when shown again).
  const privacy = (isPublicProfile) => ({
    privacy: { showContactInfo: false, showExperience: true, showOrganization: true, showRates: true, isPublicProfile },
    notifications: { emailOpportunities: true, emailReminders: true, emailFeedback: false, pushNotifications: true },
  });
  const ownPath = `/experts/${demoExpert.expert_id}`;
  const expertOnB = viaA.withBase(b.base);
  const saveSettings = actionId("saveSettingsAction", "lib/experts/actions/dashboard");
  const shown = await warm(ownPath);
  const hide = await callAction(expertOnB, "/dashboard", saveSettings, privacy(false));
  const hidden = await edge(ownPath);
  const show = await callAction(expertOnB, "/dashboard", saveSettings, privacy(true));
  const back = await edge(ownPath);
  check(
    "a cached profile answers 404 through nginx right after its expert hides it",
    shown.status === 200 &&
      shown.edge === "HIT" &&
      hide.result?.ok === true &&
      hidden.status === 404 &&
      show.result?.ok === true &&
      back.status === 200,
    `before: ${shown.status} ${shown.edge}; hidden on B ${hide.result?.ok ? "ok" : JSON.stringify(hide.result ?? hide.raw)} → through nginx ${hidden.status} ${hidden.edge}; shown again → ${back.status} ${back.edge}`,
  );

  // 10. Throughput: a public profile from one instance (Next's full-route cache) and through nginx's cache.
  const { default: autocannon } = await import("autocannon");
  const cannon = (url) =>
    new Promise((resolve, reject) => autocannon({ url, connections: 50, duration: 8 }, (err, res) => (err ? reject(err) : resolve(res))));
  const {
    rows: [bench],
  } = await pool.query(
    "SELECT id FROM experts WHERE verification_status = 'verified' AND is_public_profile ORDER BY created_at DESC LIMIT 1",
  );
  const benchPath = `/experts/${bench.id}`;
  await warm(benchPath);
  await (await fetch(a.base + benchPath)).arrayBuffer();
  const one = await cannon(a.base + benchPath);
  const cachedRun = await cannon(lb + benchPath);
  const rps = (r) => Math.round(r.requests.average);
  const ratio = rps(cachedRun) / Math.max(1, rps(one));
  const errors = (r) => r.errors + r.timeouts + (r.non2xx ?? 0);
  check(
    "public pages through the edge cache serve ≥ 5× one instance's requests/s",
    ratio >= 5 && errors(cachedRun) === 0,
    `${benchPath.slice(0, 17)}… 50 connections, 8 s each: instance A alone ${rps(one).toLocaleString()} req/s (p99 ${one.latency.p99} ms); through nginx's cache ${rps(cachedRun).toLocaleString()} req/s (p99 ${cachedRun.latency.p99} ms) = ${ratio.toFixed(1)}×, ${errors(cachedRun)} errors`,
  );

  const failed = checks.filter((c) => c.pass === false).length;
  const skipped = checks.filter((c) => c.pass === null).length;
  console.log(`\n${checks.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped`);
  if (failed)
    for (const [n, app] of [
      ["A", a],
      ["B", b],
    ])
      console.log(`\ninstance ${n} log:\n${app.logs().slice(-20).join("\n")}`);
  return failed === 0;
}

runMain(main);
