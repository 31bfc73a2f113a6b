// `npm run demo` serves the standalone build from .next/standalone (scripts/server.mjs changes
// into it), yet the README promises mail in the project's `.data/mail/`: the server names the
// folder from where it was started. Run here with a stand-in for Next that reports what the app
// would see, and exits.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = mkdtempSync(path.join(tmpdir(), "k12-mail-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  const app = path.join(root, ".next", "standalone");
  const next = path.join(app, "node_modules", "next");
  mkdirSync(next, { recursive: true });
  writeFileSync(path.join(app, "package.json"), "{}");
  writeFileSync(path.join(app, "next.config.mjs"), "export default {};");
  const out = path.join(root, "seen.json");
  writeFileSync(
    path.join(next, "index.js"),
    `module.exports = () => ({ prepare: async () => {
       require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify({ cwd: process.cwd(), mailDir: process.env.MAIL_DIR ?? null }));
       process.exit(0);
     } });`,
  );
  const { PATH, HOME } = process.env;
  const run = spawnSync(process.execPath, [path.resolve("scripts/server.mjs"), "--dir", app], {
    cwd: root,
    env: { PATH: PATH ?? "", HOME: HOME ?? "", NODE_ENV: "production", PORT: "0", ...env },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const seen = JSON.parse(readFileSync(out, "utf8")) as { cwd: string; mailDir: string | null };
  // What lib/platform/env.ts and the mail writer make of it, from the app's own folder.
  return { cwd: seen.cwd, mailDir: path.resolve(seen.cwd, seen.mailDir ?? ".data/mail") };
}

describe("where mail without SMTP goes when the standalone build serves", () => {
  it("the project's .data/mail/, as the README says, not .next/standalone/.data/mail/", () => {
    const seen = startServer({});
    expect(seen.cwd).toBe(path.join(root, ".next", "standalone"));
    expect(seen.mailDir).toBe(path.join(root, ".data", "mail"));
  });

  it("a relative MAIL_DIR is read from the project too; an absolute one is kept", () => {
    expect(startServer({ MAIL_DIR: "var/mail" }).mailDir).toBe(path.join(root, "var", "mail"));
    expect(startServer({ MAIL_DIR: "/srv/k12-mail" }).mailDir).toBe("/srv/k12-mail");
  });
});
