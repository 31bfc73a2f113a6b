import "server-only";
import pg from "pg";
import { Logger, parseCrontab, run, runOnce, type Runner } from "graphile-worker";
import { env } from "@/lib/platform/env";
import { jobTaskList } from "@/lib/jobs/tasks";
import { JOB_CRONTAB } from "@/lib/platform/jobs/payloads";
import { requeueUndeliveredContactMessages } from "@/lib/site/contact";
import { loggerFor } from "@/lib/platform/log.mjs";
import { onShutdown } from "@/lib/platform/shutdown.mjs";

export type JobWorker = {
  /** Takes no new job, waits for the running ones, closes the worker's connections. */
  stop: () => Promise<void>;
  /** Settles when the worker has ended (stopped, or ended on its own). */
  done: Promise<void>;
  /**
   * The ids of this worker's job runners that quit on their own (the database went away while one
   * was recording a job's outcome). A runner that quit that way may have left its job locked:
   * hand these to the next worker (`unlockWorkerIds`) so that job runs again at once.
   */
  lostWorkerIds: string[];
};

const log = loggerFor("jobs");

// graphile's info lines (one per completed job) are noise here; failures are not.
const logger = new Logger(() => (level, message) => {
  if (level === "error") log.error(message);
  else if (level === "warning") log.warn(message);
});

/** The worker's own small pool, apart from Prisma's, so jobs never starve requests of connections. */
function createPool(max: number) {
  const pool = new pg.Pool({ connectionString: env().DATABASE_URL, max, connectionTimeoutMillis: 5_000 });
  // A dropped idle connection (database restart) must not crash the server; pg replaces it.
  pool.on("error", (e) => log.warn({ err: e }, "database connection lost"));
  return pool;
}

/**
 * Starts a worker that runs jobs as they arrive (LISTEN/NOTIFY, plus polling for due retries and
 * scheduled jobs). Any number may run, in one process or on many instances: each job is taken
 * with `FOR UPDATE SKIP LOCKED`, so exactly one worker runs it.
 * `unlockWorkerIds`: a previous worker's `lostWorkerIds`, whose jobs are unlocked before this one starts.
 */
export async function startJobWorker({
  concurrency = env().JOBS_CONCURRENCY,
  pollInterval = 2_000,
  unlockWorkerIds = [],
}: { concurrency?: number; pollInterval?: number; unlockWorkerIds?: readonly string[] } = {}): Promise<JobWorker> {
  // One connection listens for new jobs, one per running job, one spare for housekeeping.
  const pool = createPool(concurrency + 2);
  let runner: Runner;
  try {
    // A runner that quit mid-job left that job locked, and graphile frees a lock only after
    // 4 hours: nobody else holds these ids (they were this process's own), so free them now.
    // Done first, so a database that is still down fails this start and it is tried again.
    if (unlockWorkerIds.length) {
      await pool.query("SELECT graphile_worker.force_unlock_workers($1::text[])", [[...unlockWorkerIds]]);
      log.info({ workerIds: unlockWorkerIds }, "unlocked the jobs of job runners that quit");
    }
    runner = await run({
      pgPool: pool,
      concurrency,
      pollInterval,
      taskList: jobTaskList(),
      parsedCronItems: parseCrontab(JOB_CRONTAB),
      noHandleSignals: true,
      logger,
    });
  } catch (e) {
    await pool.end();
    throw e;
  }
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= runner
      .stop()
      .catch(() => {}) // "already stopped": it ended on its own
      .then(() => pool.end()));
  // graphile-worker 0.16 lets one of its job runners quit when it cannot record a job's outcome
  // (the database went away mid-job), yet keeps the pool "running" with one runner fewer, down to
  // none: the process then lives on and no job ever runs again, and the pool's promise never
  // settles. A runner quitting unasked therefore stops the whole worker, so `done` settles and
  // the server starts a fresh one (startJobWorkerInServer).
  const lostWorkerIds: string[] = [];
  runner.events.on("worker:stop", ({ worker, error }) => {
    // Our own stop releases every runner without an error; one that quits with an error, even
    // then, may have left its job locked.
    if (stopped && !error) return;
    lostWorkerIds.push(worker.workerId);
    log.warn({ err: error, workerId: worker.workerId }, "a job runner quit; stopping the worker so that a fresh one starts");
    void stop();
  });
  return { stop, done: runner.promise.then(stop, stop), lostWorkerIds };
}

/** Runs every job that is due now, one at a time, then returns (tests, scripts). */
export async function runDueJobsOnce(): Promise<void> {
  const pool = createPool(2);
  try {
    await runOnce({ pgPool: pool, taskList: jobTaskList(), noHandleSignals: true, logger });
  } finally {
    await pool.end();
  }
}

const state = globalThis as unknown as { __k12Jobs?: { worker?: JobWorker; stopping: boolean } };
const RETRY_START_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/**
 * Called once per server process by instrumentation.ts: every instance runs a worker (unless
 * JOBS_DISABLED). A database that is down at boot delays the worker, never the server; the
 * server's shutdown stops it before the process exits.
 */
export function startJobWorkerInServer() {
  if (state.__k12Jobs) return;
  const s: { worker?: JobWorker; stopping: boolean } = { stopping: false };
  state.__k12Jobs = s;
  if (env().JOBS_DISABLED) {
    log.info("JOBS_DISABLED is set: this instance runs no background jobs");
    return;
  }
  // Runners of ended workers whose jobs may still be locked: the next start unlocks them.
  let lost: string[] = [];
  const attempt = async (retryMs: number) => {
    if (s.stopping) return;
    try {
      const worker = await startJobWorker({ unlockWorkerIds: lost });
      lost = [];
      if (s.stopping) return void (await worker.stop());
      s.worker = worker;
      log.info({ concurrency: env().JOBS_CONCURRENCY }, "worker started");
      void requeueUndeliveredContactMessages().catch((e) => log.warn({ err: e }, "could not requeue contact messages"));
      void worker.done.then(() => {
        if (s.stopping) return;
        log.warn("worker ended; starting it again shortly");
        s.worker = undefined;
        lost = [...lost, ...worker.lostWorkerIds];
        setTimeout(() => void attempt(RETRY_START_MS), RETRY_START_MS).unref();
      });
    } catch (e) {
      log.warn({ err: e, retryMs }, "worker not started; trying again");
      setTimeout(() => void attempt(Math.min(retryMs * 2, RETRY_MAX_MS)), retryMs).unref();
    }
  };
  void attempt(RETRY_START_MS);
  // The server (scripts/server.mjs) waits for the running jobs while requests drain: a job cut
  // off by the exit would stay locked for 4 hours (graphile's lock timeout).
  onShutdown("jobs", "drain", async () => {
    s.stopping = true;
    const started = Date.now();
    await s.worker?.stop();
    log.info({ ms: Date.now() - started }, "worker stopped");
  });
}
