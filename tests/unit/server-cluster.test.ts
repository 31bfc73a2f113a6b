// scripts/server.mjs on every core: with WEB_CONCURRENCY=2 the process is a primary with two
// workers that share the port; one of them runs the job queue; a worker that dies is replaced;
// SIGTERM drains both and the whole exits 0. Run with a stand-in for Next that answers with the
// worker's pid and environment.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { webConcurrency, workerEnv } from "../../scripts/lib/cluster.mjs";

const root = mkdtempSync(path.join(tmpdir(), "k12-cluster-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
});

function standInApp() {
  const app = path.join(root, "app");
  const next = path.join(app, "node_modules", "next");
  mkdirSync(next, { recursive: true });
  writeFileSync(path.join(app, "package.json"), "{}");
  writeFileSync(path.join(app, "next.config.mjs"), "export default {};");
  writeFileSync(
    path.join(next, "index.js"),
    `module.exports = () => ({
       prepare: async () => {},
       getRequestHandler: () => async (req, res) => res.end(JSON.stringify({ pid: process.pid, worker: process.env.K12_WORKER_INDEX, jobsDisabled: process.env.JOBS_DISABLED })),
       close: async () => {},
     });`,
  );
  return app;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const ask = (port: number) =>
  new Promise<{ pid: number; worker: string; jobsDisabled: string }>((resolve, reject) => {
    // A new connection each time: the primary hands connections to its workers in turn.
    http
      .get({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve(JSON.parse(body)));
      })
      .on("error", reject)
      // A connection handed to a worker that has just been killed is never answered.
      .setTimeout(2_000, function (this: http.ClientRequest) {
        this.destroy(new Error("no answer in 2 s"));
      });
  });

async function answersFrom(port: number, times = 12) {
  const seen = new Map<number, { worker: string; jobsDisabled: string }>();
  for (let i = 0; i < times; i++) {
    const r = await ask(port).catch(() => null);
    if (r) seen.set(r.pid, r);
  }
  return seen;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("how many workers", () => {
  it("WEB_CONCURRENCY when set; the CPUs only with Redis; one in development", () => {
    expect(webConcurrency({ env: { WEB_CONCURRENCY: "3" } })).toBe(3);
    expect(webConcurrency({ env: {} })).toBe(1);
    expect(webConcurrency({ env: { REDIS_URL: "redis://r:6379" } })).toBeGreaterThanOrEqual(1);
    expect(webConcurrency({ dev: true, env: { WEB_CONCURRENCY: "4" } })).toBe(1);
    for (const bad of ["0", "two", "1.5", "65"]) expect(() => webConcurrency({ env: { WEB_CONCURRENCY: bad } })).toThrow(/WEB_CONCURRENCY/);
  });

  it("one worker per instance runs the job queue, none when the instance runs none", () => {
    expect(workerEnv(0, {})).toMatchObject({ JOBS_DISABLED: "0" });
    expect(workerEnv(1, {})).toMatchObject({ JOBS_DISABLED: "1" });
    expect(workerEnv(0, { JOBS_DISABLED: "1" })).toMatchObject({ JOBS_DISABLED: "1" });
  });
});

describe("a server of two workers", () => {
  it("shares one port, replaces a worker that dies, and drains both on SIGTERM", { timeout: 60_000 }, async () => {
    const app = standInApp();
    const port = await freePort();
    const { PATH, HOME } = process.env;
    const child = spawn(process.execPath, [path.resolve("scripts/server.mjs"), "--dir", app], {
      cwd: root,
      env: { PATH: PATH ?? "", HOME: HOME ?? "", NODE_ENV: "production", PORT: String(port), HOSTNAME: "127.0.0.1", WEB_CONCURRENCY: "2" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let out = "";
    child.stdout!.on("data", (c) => (out += c));
    child.stderr!.on("data", (c) => (out += c));

    const both = await until(
      () => answersFrom(port),
      (seen) => seen.size === 2,
    );
    expect(both.size, out).toBe(2);
    expect([...both.values()].map((w) => w.jobsDisabled).sort()).toEqual(["0", "1"]);

    // A worker killed outright is replaced; the other never stopped serving.
    const [deadPid] = [...both.keys()];
    process.kill(deadPid, "SIGKILL");
    const after = await until(
      () => answersFrom(port),
      (seen) => seen.size === 2 && !seen.has(deadPid),
    );
    expect(after.has(deadPid)).toBe(false);
    expect(after.size, out).toBe(2);

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited, out).toBe(0);
    expect(out).toContain("every worker stopped");
    expect(out.match(/"msg":"stopped"/g)?.length ?? 0).toBe(2);
  });
});
