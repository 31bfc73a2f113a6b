// Graceful shutdown, the jobs half (the HTTP half is e2e/ops.spec.ts): the server's "drain" step
// (lib/platform/shutdown.mjs, run by scripts/server.mjs on SIGTERM) waits for the job that is running —
// here a mail whose SMTP server takes 1.5 s to accept it — and the mail is delivered.
import { randomUUID } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import { startJobWorkerInServer } from "@/lib/jobs/worker";
import { runShutdownHooks } from "@/lib/platform/shutdown.mjs";

const SMTP_DELAY_MS = 1_500;
let smtp: SMTPServer;
const started: string[] = [];
const accepted: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
        started.push(subject);
        setTimeout(() => {
          accepted.push(subject);
          callback();
        }, SMTP_DELAY_MS);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as { port: number };
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function until(check: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("shutdown drains running jobs", () => {
  it("the drain step returns only after the running mail job has finished, and the job is gone", { timeout: 60_000 }, async () => {
    startJobWorkerInServer();
    const subject = `drain ${randomUUID()}`;
    await enqueueJob("send-mail", { to: "someone@example.org", subject, text: "Sent while the server stops." });
    await until(() => started.includes(subject));

    const drainStarted = Date.now();
    const failures = await runShutdownHooks("drain");
    expect(failures).toEqual([]);
    // The job was in flight (the SMTP server still held it) when the drain began; it finished first.
    expect(accepted).toContain(subject);
    expect(Date.now() - drainStarted).toBeGreaterThan(SMTP_DELAY_MS / 3);
    const [{ n }] = await db().$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'subject' = ${subject}`;
    expect(n).toBe(0);
  });
});
