// Skips `next build` when nothing that goes into the build has changed since the last one.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const INPUTS = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.mjs",
  "package-lock.json",
  "prisma/schema.prisma",
  "postcss.config.mjs",
  "tsconfig.json",
];
const SKIP = new Set(["generated", "node_modules", ".next"]);

function walk(entry, hash) {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  if (stat.isDirectory()) {
    for (const name of readdirSync(entry).sort()) if (!SKIP.has(name)) walk(path.join(entry, name), hash);
  } else {
    hash.update(entry).update(readFileSync(entry));
  }
}

export function sourceHash() {
  const hash = createHash("sha256");
  for (const input of INPUTS) walk(input, hash);
  return hash.digest("hex");
}

const stamp = (dir) => path.join(dir, "k12-build-hash");

export function buildIsCurrent(distDir = ".next") {
  return existsSync(path.join(distDir, "BUILD_ID")) && existsSync(stamp(distDir)) && readFileSync(stamp(distDir), "utf8") === sourceHash();
}

/** `hash` is the sourceHash() taken before the build started: an edit made during it must not be stamped as built. */
export function markBuilt(hash, distDir = ".next") {
  writeFileSync(stamp(distDir), hash);
}
