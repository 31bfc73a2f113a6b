#!/usr/bin/env node
// npm run bench:http — builds and starts the demo server (embedded PostgreSQL + demo seed,
// or DATABASE_URL), then runs autocannon (50 connections, 10 s each, one after the other)
// against a static page, a public expert profile and /sitemap.xml, and measures the
// profile's first-load JavaScript (gzipped). PORT overrides the port (default 3190).
import { spawn } from "node:child_process";
import { firstLoadJs } from "./lib/first-load-js.mjs";
import autocannon from "autocannon";

const PORT = Number(process.env.PORT ?? 3190);
const origin = `http://localhost:${PORT}`;
const log = (m) => console.log(`[bench:http] ${m}`);

const server = spawn(process.execPath, ["scripts/run.mjs", "demo"], {
  env: { ...process.env, PORT: String(PORT) },
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
let serverLog = "";
server.stdout.on("data", (d) => (serverLog += d));
server.stderr.on("data", (d) => (serverLog += d));
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
};
process.on("exit", stop);

async function waitForServer() {
  const until = Date.now() + 10 * 60_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${serverLog.slice(-3000)}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("server did not start in 10 minutes");
}

const cannon = (url) =>
  new Promise((resolve, reject) => autocannon({ url, connections: 50, duration: 10 }, (err, res) => (err ? reject(err) : resolve(res))));

try {
  log(`starting the demo server on ${origin} (build + seed) ...`);
  await waitForServer();
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const expertPath = /<loc>https?:\/\/[^<]+(\/experts\/[0-9a-f-]{36})<\/loc>/.exec(sitemap)?.[1];
  if (!expertPath) throw new Error("no expert profile in /sitemap.xml");
  const staticPath = (await fetch(`${origin}/terms`)).ok ? "/terms" : "/";
  // Warm the full-route cache.
  for (const p of [staticPath, expertPath, "/sitemap.xml"]) await fetch(`${origin}${p}`);

  const results = {};
  for (const [name, p] of [
    ["static " + staticPath, staticPath],
    ["profile /experts/{id}", expertPath],
    ["/sitemap.xml", "/sitemap.xml"],
  ]) {
    log(`autocannon ${p} (50 connections, 10 s) ...`);
    const r = await cannon(`${origin}${p}`);
    results[name] = r;
    console.log(
      `${name.padEnd(24)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`,
    );
  }
  const [s, prof] = [results[`static ${staticPath}`], results["profile /experts/{id}"]];
  const ratio = prof.requests.average / s.requests.average;
  const js = await firstLoadJs(`${origin}${expertPath}`);
  const floor = await firstLoadJs(`${origin}${staticPath}`);
  console.log(`\nprofile / static throughput: ${ratio.toFixed(2)} (target ≥ 0.8); profile p99 ${prof.latency.p99} ms (target ≤ 50)`);
  console.log(
    `profile first-load JS: ${js.kb} KiB gzipped in ${js.scripts} scripts (target ≤ 175; the nomodule polyfill, ${js.legacyKb} KiB, is not fetched by module browsers); ${staticPath} for comparison: ${floor.kb} KiB in ${floor.scripts} scripts`,
  );
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  stop();
}
