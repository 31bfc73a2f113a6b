#!/usr/bin/env node
// Where a server's CPU went: `node scripts/bench/profile-shares.mjs <file.cpuprofile | dir>` (the
// profile BENCH_CPU_PROF=<dir> has a bench server write on exit). Each sample is put in a category by
// its innermost frame that has a source (a built-in's time counts for the code that called it), and
// the busy time (idle excluded) is split by category, then the functions with most self time.
//   PROFILE_TOP=25 (how many functions) · PROFILE_CATEGORY=<part of a category's name> (the
//   functions of that category only, by the file they are in)
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const CATEGORIES = [
  ["garbage collection", (n) => n.callFrame.functionName === "(garbage collector)"],
  ["React Flight/Fizz + Next app-page runtime", (n) => /app-page(-turbo)?(-experimental)?\.runtime\.prod\.js/.test(n.callFrame.url)],
  ["React (other builds)", (n) => /react-dom|react-server-dom|\/react\//.test(n.callFrame.url)],
  ["pg (driver, protocol)", (n) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-)/.test(n.callFrame.url)],
  ["Prisma client", (n) => /@prisma|prisma\/client|\/generated\/prisma/.test(n.callFrame.url)],
  ["Next server and router", (n) => /next\/dist\/(server|shared|lib|client)/.test(n.callFrame.url)],
  ["Next compiled libraries", (n) => /next\/dist\/compiled/.test(n.callFrame.url)],
  ["our code (page, component and lib chunks)", (n) => /\.next\/server\/(chunks|app)/.test(n.callFrame.url)],
  ["the app's server (scripts, lib/*.mjs)", (n) => /\/scripts\/server\.mjs|\/lib\/(platform\/)?[^/]+\.mjs/.test(n.callFrame.url)],
  ["logging (pino)", (n) => /node_modules\/(pino|sonic-boom|thread-stream)/.test(n.callFrame.url)],
  ["graphile-worker", (n) => /graphile/.test(n.callFrame.url)],
  ["other node_modules", (n) => /node_modules/.test(n.callFrame.url)],
  ["Node internals (http, streams, buffers, timers)", (n) => /^node:/.test(n.callFrame.url)],
];

function summarise(file) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map(profile.nodes.map((n) => [n.id, 0]));
  for (const id of profile.samples) counts.set(id, counts.get(id) + 1);
  const dt = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);

  const byCategory = new Map();
  const bySelf = new Map();
  let busy = 0;
  for (const [id, count] of counts) {
    if (!count) continue;
    const node = byId.get(id);
    const name = node.callFrame.functionName;
    if (name === "(idle)" || name === "(program)" || name === "(root)") continue;
    busy += count;
    // The innermost frame with a source: built-ins (no url) count for their caller.
    let at = node;
    while (at && !at.callFrame.url && at.callFrame.functionName !== "(garbage collector)" && parent.has(at.id))
      at = byId.get(parent.get(at.id));
    const category = CATEGORIES.find(([, test]) => test(at))?.[0] ?? (at.callFrame.url ? "other" : "native / unattributed");
    byCategory.set(category, (byCategory.get(category) ?? 0) + count);
    const only = process.env.PROFILE_CATEGORY;
    if (only && !category.includes(only)) continue;
    const where = only
      ? `${at.callFrame.functionName || "(anonymous)"} ${path.basename(at.callFrame.url)}`
      : `${name || "(anonymous)"} ${path.basename(node.callFrame.url || at.callFrame.url || "")}:${node.callFrame.lineNumber + 1}`;
    bySelf.set(where, (bySelf.get(where) ?? 0) + count);
  }
  console.log(`\n${file}: ${((busy * dt) / 1000).toFixed(1)} s busy of ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
  for (const [category, n] of [...byCategory].sort((a, b) => b[1] - a[1]))
    console.log(`${((100 * n) / busy).toFixed(1).padStart(6)} %  ${category}`);
  console.log("\nmost self time:");
  for (const [where, n] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 25)))
    console.log(`${((100 * n) / busy).toFixed(1).padStart(6)} %  ${where}`);
}

const target = process.argv[2];
if (!target) {
  console.error("usage: node scripts/bench/profile-shares.mjs <file.cpuprofile | dir>");
  process.exit(2);
}
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => path.join(target, f))
  : [target];
for (const file of files) summarise(file);
