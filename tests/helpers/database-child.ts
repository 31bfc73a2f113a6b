// For tests that start the embedded PostgreSQL in a real child process, as `npm run demo` does:
// temporary folders removed after the file, a script that has startDatabase and pg at hand, and
// the child's environment without DATABASE_URL (so the embedded server really starts).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

export const repo = path.resolve(import.meta.dirname, "../..");

/** A new folder under the system's temporary folder, removed after this test file. */
export function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An ES module script (for `node --input-type=module -e`) that runs `body` with `startDatabase` and `pg` imported. */
export const databaseScript = (body: string) => `
const { startDatabase } = await import(${JSON.stringify(path.join(repo, "scripts/lib/database.mjs"))});
const { default: pg } = await import(${JSON.stringify(path.join(repo, "node_modules/pg/lib/index.js"))});
${body}`;

/** This process's environment plus `env`, without DATABASE_URL. */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete merged.DATABASE_URL;
  return merged;
}
