#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile) scores and first-load gzipped JavaScript for the
// public pages. Uses LIGHTHOUSE_URL when a server is already running; otherwise starts the
// production build with a fresh seeded database (`scripts/run.mjs e2e`) and stops it after.
import { spawn } from "node:child_process";
import { firstLoadJs } from "./lib/first-load-js.mjs";

const PAGES = (process.env.LIGHTHOUSE_PAGES ?? "/,/help-center,/contact").split(",");
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

let server;
let base = process.env.LIGHTHOUSE_URL;

async function waitFor(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (server && server.exitCode !== null) throw new Error(`the server exited early (code ${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

async function stop() {
  if (!server || server.exitCode !== null) return;
  server.kill("SIGTERM");
  await new Promise((r) => {
    server.once("exit", r);
    setTimeout(r, 15_000);
  });
}

try {
  if (!base) {
    const port = process.env.LIGHTHOUSE_PORT ?? "3199";
    base = `http://localhost:${port}`;
    server = spawn(process.execPath, ["scripts/run.mjs", "e2e"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PORT: port },
    });
    console.log(`Starting the production server on ${base} ...`);
    await waitFor(`${base}/api/health`, 600_000);
  }
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const path of PAGES) {
      const url = new URL(path, base).toString();
      await fetch(url); // warm the route once so the score measures the page, not a cold start
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const c = result.lhr.categories;
      const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
      const js = await firstLoadJs(url);
      const a = result.lhr.audits;
      console.log(
        `${path}: FCP ${a["first-contentful-paint"].displayValue}, LCP ${a["largest-contentful-paint"].displayValue}, TBT ${a["total-blocking-time"].displayValue}, CLS ${a["cumulative-layout-shift"].displayValue}, SI ${a["speed-index"].displayValue}`,
      );
      rows.push({
        page: path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
        "first-load JS (KB gz)": js.kb,
        "nomodule polyfill (not fetched)": js.legacyKb,
      });
      const failed = Object.values(result.lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id);
      if (failed.length) console.log(`${path}: audits not passed: ${failed.join(", ")}`);
    }
  } finally {
    await chrome.kill();
  }
  console.table(rows);
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await stop();
}
