// The PostgreSQL job queue (lib/jobs) against a real database and a real loopback SMTP server:
// transactional enqueue, exactly-once delivery with two workers, retry with backoff, job_key.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import { runDueJobsOnce, startJobWorker, type JobWorker } from "@/lib/jobs/worker";
import { parseCrontab } from "graphile-worker";
import { JOB_CRONTAB } from "@/lib/platform/jobs/payloads";
import { jobTaskList } from "@/lib/jobs/tasks";
import { startSmtpCapture } from "../../scripts/lib/smtp-capture.mjs";
import { startTestSmtp } from "../helpers/mail";

let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.stop();
});

const mail = (subject: string) => ({ to: "someone@example.org", subject, text: `Body of ${subject}` });
const received = (subject: string) => smtp.messages().filter((m) => m.subject === subject);
const jobsFor = async (subject: string) =>
  (
    await db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'subject' = ${subject}`
  )[0].n;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("enqueue in the caller's transaction", () => {
  it("a job enqueued in a transaction that rolls back never exists and never runs", async () => {
    const subject = `rolled back ${randomUUID()}`;
    await expect(
      db().$transaction(async (tx) => {
        await enqueueJob("send-mail", mail(subject), {}, tx);
        expect(await jobsFor(subject)).toBe(0); // not visible outside the transaction yet
        throw new Error("business write failed");
      }),
    ).rejects.toThrow("business write failed");
    expect(await jobsFor(subject)).toBe(0);
    await runDueJobsOnce();
    expect(received(subject)).toHaveLength(0);
  });

  it("a job enqueued in a committed transaction runs once and is then gone", async () => {
    const subject = `committed ${randomUUID()}`;
    await db().$transaction(async (tx) => {
      await enqueueJob(
        "send-mail",
        {
          ...mail(subject),
          html: "<p>Hello</p>",
          attachments: [{ filename: "note.txt", content: Buffer.from("attached text").toString("base64"), contentType: "text/plain" }],
        },
        {},
        tx,
      );
    });
    expect(await jobsFor(subject)).toBe(1);
    await runDueJobsOnce();
    await runDueJobsOnce();
    const [only, ...more] = received(subject);
    expect(more).toHaveLength(0);
    expect(only.to).toEqual(["someone@example.org"]);
    expect(only.raw).toContain("text/html");
    expect(only.raw).toContain(`filename=note.txt`);
    expect(only.raw).toContain(Buffer.from("attached text").toString("base64"));
    expect(await jobsFor(subject)).toBe(0);
  });

  it("refuses a payload that does not match its task's schema before anything is written", async () => {
    await expect(enqueueJob("send-mail", { ...mail("x"), to: "not an address" })).rejects.toThrow();
    await expect(enqueueJob("deliver-contact-message", { messageId: "42" })).rejects.toThrow();
  });
});

describe("workers", () => {
  it("two workers running at once deliver each mail exactly once, picked up within moments of the commit", async () => {
    const workers: JobWorker[] = await Promise.all([startJobWorker({ concurrency: 2 }), startJobWorker({ concurrency: 2 })]);
    try {
      const subjects = Array.from({ length: 20 }, (_, i) => `two workers ${i} ${randomUUID()}`);
      const committed = Date.now();
      await db().$transaction(async (tx) => {
        for (const s of subjects) await enqueueJob("send-mail", mail(s), {}, tx);
      });
      await until(() => subjects.every((s) => received(s).length > 0));
      const allIn = Date.now() - committed;
      // Pickup latency: one more job after the burst, timed from commit to its arrival at the SMTP server.
      const single = `latency ${randomUUID()}`;
      const t0 = Date.now();
      await enqueueJob("send-mail", mail(single));
      await until(() => received(single).length === 1);
      console.log(`[job-queue] 20 mails through two workers in ${allIn} ms; one mail from commit to SMTP in ${Date.now() - t0} ms`);
      await new Promise((r) => setTimeout(r, 300)); // a second delivery, were there one, would land now
      for (const s of subjects) expect(received(s), s).toHaveLength(1);
      await until(async () => (await jobsFor(subjects[subjects.length - 1])) === 0);
    } finally {
      const t0 = Date.now();
      await Promise.all(workers.map((w) => w.stop()));
      console.log(`[job-queue] two idle workers stopped in ${Date.now() - t0} ms`);
    }
  });

  it("an SMTP outage fails the attempt, the queue backs off, and the retry succeeds once SMTP is back", async () => {
    const subject = `outage ${randomUUID()}`;
    const port = smtp.port;
    await smtp.stop();
    const worker = await startJobWorker({ concurrency: 1, pollInterval: 200 });
    try {
      await enqueueJob("send-mail", mail(subject));
      const job = () =>
        db().$queryRaw<{ attempts: number; last_error: string | null; run_at: Date }[]>`
          SELECT attempts, last_error, run_at FROM graphile_worker.jobs WHERE id = (
            SELECT id FROM graphile_worker._private_jobs WHERE payload->>'subject' = ${subject})`;
      await until(async () => (await job())[0]?.last_error != null);
      const [failed] = await job();
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toMatch(/ECONNREFUSED/);
      // Exponential backoff: the first retry waits e^1 ≈ 2.7 s.
      const waitMs = failed.run_at.getTime() - Date.now();
      expect(waitMs).toBeGreaterThan(1_000);
      expect(waitMs).toBeLessThan(3_000);

      const restarted = await startSmtpCapture({ dir: smtp.dir, port });
      smtp = { ...smtp, ...restarted };
      await until(() => received(subject).length === 1, 10_000);
      await until(async () => (await jobsFor(subject)) === 0); // completed just after the SMTP reply
      expect(received(subject)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it("a job runner that cannot record its job's outcome ends the worker, and the next worker runs that job again at once", async () => {
    // The database refuses to finish this one job, as when it goes away while the runner records
    // the outcome: the runner quits and the job stays locked by it.
    const stuck = `stuck ${randomUUID()}`;
    await db().$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION public.refuse_stuck_job_completion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.payload->>'subject' = '${stuck}' THEN RAISE EXCEPTION 'completion refused'; END IF;
        RETURN OLD;
      END $$`);
    await db().$executeRawUnsafe(`
      CREATE TRIGGER refuse_stuck_job_completion BEFORE DELETE ON graphile_worker._private_jobs
      FOR EACH ROW EXECUTE FUNCTION public.refuse_stuck_job_completion()`);
    const first = await startJobWorker({ concurrency: 2, pollInterval: 200 });
    let second: JobWorker | undefined;
    try {
      await enqueueJob("send-mail", mail(stuck));
      await until(() => received(stuck).length === 1);
      // The worker does not carry on with a runner short (with none left, nothing would run again):
      // it ends, naming the runner that quit.
      const ended = await Promise.race([first.done.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
      expect(ended).toBe(true);
      expect(first.lostWorkerIds).toHaveLength(1);
      const [locked] = await db().$queryRaw<{ locked_by: string | null }[]>`
        SELECT locked_by FROM graphile_worker._private_jobs WHERE payload->>'subject' = ${stuck}`;
      expect(locked.locked_by).toBe(first.lostWorkerIds[0]);

      await db().$executeRawUnsafe("DROP TRIGGER refuse_stuck_job_completion ON graphile_worker._private_jobs");
      const after = `after ${randomUUID()}`;
      await enqueueJob("send-mail", mail(after));
      second = await startJobWorker({ concurrency: 2, pollInterval: 200, unlockWorkerIds: first.lostWorkerIds });
      // The locked job runs again now, not after graphile's 4-hour lock timeout (so it is mailed twice:
      // the queue delivers at least once), and new jobs run as before.
      await until(() => received(after).length === 1);
      await until(async () => (await jobsFor(stuck)) === 0);
      expect(received(stuck)).toHaveLength(2);
    } finally {
      await first.stop();
      await second?.stop();
      await db().$executeRawUnsafe("DROP TRIGGER IF EXISTS refuse_stuck_job_completion ON graphile_worker._private_jobs");
    }
  });

  it("job_key keeps one waiting job per key: enqueueing again updates it instead of adding one", async () => {
    const key = `digest:${randomUUID()}`;
    const first = `key first ${randomUUID()}`;
    const second = `key second ${randomUUID()}`;
    const a = await enqueueJob("send-mail", mail(first), { jobKey: key });
    const b = await enqueueJob("send-mail", mail(second), { jobKey: key });
    expect(b.id).toBe(a.id);
    const [{ n }] = await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ${key}`;
    expect(n).toBe(1);
    await runDueJobsOnce();
    expect(received(first)).toHaveLength(0);
    expect(received(second)).toHaveLength(1);
  });

  it("a job scheduled for later waits until its time", async () => {
    const subject = `later ${randomUUID()}`;
    await enqueueJob("send-mail", mail(subject), { runAt: new Date(Date.now() + 60 * 60_000) });
    await runDueJobsOnce();
    expect(received(subject)).toHaveLength(0);
    expect(await jobsFor(subject)).toBe(1);
  });
});

describe("recurring jobs", () => {
  it("the crontab names tasks the worker knows (the hourly prune, the deadline and money sweeps), and the prune removes old abuse counters", async () => {
    const items = parseCrontab(JOB_CRONTAB);
    expect(items.map((i) => i.task)).toEqual([
      "prune-abuse-counters",
      "close-due-projects",
      "settle-due-money",
      "request-work-email-reconfirmations",
      "rereview-school-badges",
      "admin-digest",
      "send-project-digests",
      "check-money-invariants",
      "district-approval-reminders",
      "district-officer-digest",
    ]);
    for (const item of items) expect(Object.keys(jobTaskList())).toContain(item.task);

    const bucket = `test-cron-prune-${Date.now()}`;
    await db().rateLimitHit.createMany({
      data: [
        { bucket, key: "old", createdAt: new Date(Date.now() - 2 * 86_400_000) },
        { bucket, key: "new" },
      ],
    });
    await enqueueJob("prune-abuse-counters", {});
    await runDueJobsOnce();
    expect((await db().rateLimitHit.findMany({ where: { bucket } })).map((r) => r.key)).toEqual(["new"]);
  });
});
