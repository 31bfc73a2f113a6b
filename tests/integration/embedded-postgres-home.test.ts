// A newcomer working as root who clones into /root (mode 700): PostgreSQL runs as the `postgres`
// user, who cannot enter that folder. scripts/lib/database.mjs then runs the binaries and the
// cluster from K12_PG_HOME (default /var/lib/k12-experts). Reproduced with a temporary folder of
// mode 700 as the "home", in a real child process started from inside it, as `npm run demo` is.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { childEnv, databaseScript, tempDir } from "@/tests/helpers/database-child";

// The clusters are stopped by the script; root removes what the postgres user owns too.
const home = tempDir("k12-home-");
const pgHome = tempDir("k12-pg-home-");

/** Starts the database as `npm run demo` does, runs one query, stops it; prints JSON. */
const script = databaseScript(`
const db = await startDatabase({ name: "pg", database: "k12_home", log: (m) => console.error(m) });
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const { rows } = await client.query("SELECT current_database() AS name, current_setting('data_directory') AS dir");
await client.end();
await db.stop();
console.log(JSON.stringify(rows[0]));
`);

function runFrom(cwd: string, env: Record<string, string>) {
  return spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd,
    env: childEnv(env),
    encoding: "utf8",
    timeout: 120_000,
  });
}

describe.skipIf(process.getuid?.() !== 0)("embedded PostgreSQL from a folder of mode 700 (as root)", () => {
  it("runs the binaries and the cluster from K12_PG_HOME, and starts again from there", { timeout: 180_000 }, () => {
    chmodSync(home, 0o700);
    chmodSync(pgHome, 0o755);
    const project = path.join(home, "k12-experts");
    mkdirSync(project);
    const env = { K12_DATA_DIR: path.join(project, ".data"), K12_PG_HOME: pgHome };

    const first = runFrom(project, env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain("cannot reach");
    const answer = JSON.parse(first.stdout.trim().split("\n").at(-1)!);
    expect(answer.name).toBe("k12_home");
    expect(answer.dir.startsWith(path.join(pgHome, "clusters") + path.sep)).toBe(true);
    // The passwords and ports stay with the project; the binaries were copied once.
    expect(existsSync(path.join(project, ".data", "pg.json"))).toBe(true);
    expect(readdirSync(pgHome).filter((f) => f.startsWith("embedded-postgres-"))).toHaveLength(1);

    const second = runFrom(project, env);
    expect(second.status, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout.trim().split("\n").at(-1)!).dir).toBe(answer.dir);
    expect(second.stderr).not.toContain("Copying");
  });

  it("stops with the cause and the fix when K12_PG_HOME is closed too", () => {
    const closed = path.join(home, "closed-pg-home");
    const project = path.join(home, "other");
    mkdirSync(project, { recursive: true });
    const run = runFrom(project, { K12_DATA_DIR: path.join(project, ".data"), K12_PG_HOME: closed });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/postgres user, who cannot reach/);
    expect(run.stderr).toMatch(/Clone the project outside your home folder .* or set DATABASE_URL/);
  });
});
