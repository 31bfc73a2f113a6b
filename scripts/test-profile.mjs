#!/usr/bin/env node
// `npm run test:profile`: the slowest 20 Vitest files and the slowest 20 Playwright spec files of
// the last `npm test`, and its counts of checks, from the files it leaves in .data/
// (vitest-unit.json, vitest-integration.json, e2e-summary.json, test-times.json).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const DATA = path.resolve(".data");
const read = (name) => {
  const file = path.join(DATA, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
};
const s = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

const files = [];
let vitestTests = 0;
for (const run of ["unit", "integration"]) {
  const report = read(`vitest-${run}.json`);
  if (!report) {
    console.log(`(no .data/vitest-${run}.json: run npm test first)`);
    continue;
  }
  vitestTests += report.numTotalTests;
  for (const f of report.testResults) {
    files.push({ file: path.relative(process.cwd(), f.name), ms: f.endTime - f.startTime, tests: f.assertionResults.length });
  }
}
if (files.length) {
  console.log(`Vitest: ${vitestTests} tests in ${files.length} files; the slowest 20 files (wall time of each file, set-up included):`);
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 20))
    console.log(`  ${s(f.ms)}  ${String(f.tests).padStart(4)} tests  ${f.file}`);
}

const e2e = read("e2e-summary.json");
if (e2e) {
  console.log(`\nPlaywright: ${e2e.tests} tests; the slowest 20 spec files (worker time, every attempt):`);
  for (const f of e2e.slowestSpecs) console.log(`  ${s(f.ms)}  ${String(f.tests).padStart(4)} tests  ${f.file}`);
  if (e2e.matrix)
    console.log(`\naccess matrix: ${e2e.matrix.routes} rows, ${e2e.matrix.cells} cells checked, ${e2e.matrix.skipped.length} skipped`);
  if (e2e.fuzz) console.log(`fuzz: ${e2e.fuzz.targets} targets, ${e2e.fuzz.payloads} payloads`);
  if (e2e.flaky.length) console.log(`passed only on a retry:\n  ${e2e.flaky.join("\n  ")}`);
} else {
  console.log("(no .data/e2e-summary.json: run npm test or npx playwright test first)");
}

const times = read("test-times.json");
if (times) {
  console.log(`\nSteps of the run that finished ${times.finishedAt} (build: ${times.buildMode}):`);
  for (const r of [...times.steps, ...times.e2e]) console.log(`  ${r.name.padEnd(28)} ${s(r.ms ?? 0)}  ${r.status ?? ""} ${r.note ?? ""}`);
  console.log(`  ${"total".padEnd(28)} ${s(times.totalMs)}`);
}
