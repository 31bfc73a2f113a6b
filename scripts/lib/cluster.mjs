// One container, every core: scripts/server.mjs runs as a primary that forks WEB_CONCURRENCY
// workers (node:cluster), each a whole server sharing nothing but the database and Redis, as
// separate containers behind a load balancer do. The primary serves nothing itself: it hands
// connections to the workers, starts a worker again if one dies, and on SIGTERM/SIGINT passes the
// signal on and waits for each worker's own graceful drain (scripts/server.mjs), then exits.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { loggerFor } from "../../lib/platform/log.mjs";

const log = loggerFor("cluster");

/** How long the primary waits for its workers' drain before it ends them (their own grace is 25 s + 5 s to close). */
const STOP_WAIT_MS = 40_000;
const RESTART_DELAY_MS = 1_000;

/**
 * How many workers to run. WEB_CONCURRENCY when set (1 to 64); otherwise the container's
 * available CPUs, but only with REDIS_URL: without Redis the full-route cache is each process's
 * own memory, so a page revalidated by one worker would stay stale in the others. `npm run dev`
 * always runs one.
 * @param {{ dev?: boolean; env?: Record<string, string | undefined> }} [options]
 */
export function webConcurrency({ dev = false, env = process.env } = {}) {
  if (dev) return 1;
  const given = env.WEB_CONCURRENCY?.trim();
  if (given) {
    const n = Number(given);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64, got "${given}"`);
    return n;
  }
  return env.REDIS_URL ? availableParallelism() : 1;
}

/**
 * The environment of worker `index`: one worker per instance runs the job queue, the others none.
 * @param {number} index
 * @param {Record<string, string | undefined>} [env]
 */
export function workerEnv(index, env = process.env) {
  const jobsElsewhere = index > 0 || env.JOBS_DISABLED === "1" || env.JOBS_DISABLED === "true";
  return { K12_WORKER_INDEX: String(index), JOBS_DISABLED: jobsElsewhere ? "1" : (env.JOBS_DISABLED ?? "0") };
}

/** Runs the primary: forks `count` workers and keeps them running until a signal stops them all. */
export function runPrimary(count) {
  let stopping = false;
  let exitCode = 0;
  const indexOf = new Map();
  const fork = (index) => {
    const worker = cluster.fork(workerEnv(index));
    indexOf.set(worker.id, index);
  };
  cluster.on("exit", (worker, code, signal) => {
    const index = indexOf.get(worker.id);
    indexOf.delete(worker.id);
    if (stopping) {
      // A worker that did not drain cleanly makes the whole exit non-zero, the last one included.
      if (code !== 0) exitCode = 1;
      if (indexOf.size === 0) finish();
      return;
    }
    // A worker that died on its own (a crash, out of memory) is replaced; the others keep serving.
    log.error({ worker: index, code, signal }, "worker ended; starting another");
    setTimeout(() => {
      if (!stopping) fork(index);
    }, RESTART_DELAY_MS).unref();
  });

  const finish = () => {
    log.info({ clean: exitCode === 0 }, "every worker stopped");
    process.exit(exitCode);
  };

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: indexOf.size }, "stopping: each worker drains its requests and jobs");
    if (indexOf.size === 0) return finish();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => {
      log.error({ waitMs: STOP_WAIT_MS }, "workers still running; ending them");
      exitCode = 1;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
    }, STOP_WAIT_MS).unref();
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stop(signal));

  for (let i = 0; i < count; i++) fork(i);
  log.info({ workers: count, pid: process.pid }, "cluster started");
}
