import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { ensureSecrets } from "../../scripts/lib/secrets.mjs";
import { freePort } from "../../scripts/lib/database.mjs";
import { e2eDatabaseUrl } from "../helpers";

// A second app server from the e2e build (.next/standalone, built by the Playwright web server),
// on its own port, whose stdout the test reads and whose process the test may signal. It shares
// the e2e database; its job worker stays off so it never takes another spec's jobs.

export type LogLine = Record<string, unknown> & { level: string; msg: string };

export type AppServer = {
  base: string;
  port: number;
  /** Every stdout line so far, parsed; a line that is not JSON fails the caller's expectations. */
  lines: () => LogLine[];
  /** The raw stdout lines that were not JSON. */
  otherLines: () => string[];
  waitForLine: (match: (line: LogLine) => boolean, timeoutMs?: number) => Promise<LogLine>;
  signal: (signal: NodeJS.Signals) => void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: () => Promise<void>;
};

export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  ensureSecrets();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Not the test runner's NODE_OPTIONS (its TypeScript loader): the server runs as in production.
  const { NODE_OPTIONS: _runnerOptions, ...inherited } = process.env;
  const child = spawn(process.execPath, ["scripts/server.mjs", "--dir", ".next/standalone"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...inherited,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      APP_URL: base,
      NEXTAUTH_URL: base,
      DATABASE_URL: await e2eDatabaseUrl(),
      TRUSTED_PROXIES: "127.0.0.1",
      TEST_ROUTES: "1",
      JOBS_DISABLED: "1",
      LOG_FILE: "",
      ...env,
    },
  });
  const parsed: LogLine[] = [];
  const other: string[] = [];
  let pending = "";
  const waiters = new Set<() => void>();
  child.stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const raw of complete.filter((l) => l.trim())) {
      try {
        parsed.push(JSON.parse(raw) as LogLine);
      } catch {
        other.push(raw);
      }
    }
    for (const wake of waiters) wake();
  });
  const stderr: string[] = [];
  child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => (done = true));

  const waitForLine = (match: (line: LogLine) => boolean, timeoutMs = 15_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const found = parsed.find(match);
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no such log line within ${timeoutMs} ms; stderr:\n${stderr.join("")}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  const stop = async () => {
    if (done) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForLine((l) => l.msg === "listening", 60_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, port, lines: () => [...parsed], otherLines: () => [...other], waitForLine, signal: (s) => child.kill(s), exited, stop };
}

export type PlainResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on a fresh connection, from `localAddress` (127.0.0.x) when given. */
export function get(
  port: number,
  path: string,
  opts: { headers?: Record<string, string>; localAddress?: string } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method: "GET", headers: opts.headers, localAddress: opts.localAddress, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Resolves with the error code of a TCP connection attempt, or "connected". */
export function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
  });
}
