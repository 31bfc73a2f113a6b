import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { JOB_PAYLOADS, type JobName, type JobPayload } from "@/lib/platform/jobs/payloads";

export type EnqueueOptions = {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /**
   * At most one waiting job per key: enqueueing again with the same key updates the waiting job
   * instead of adding one (graphile's `job_key`). A job already running is not touched.
   */
  jobKey?: string;
  /** "replace" (default) also moves `run_at`; "preserve_run_at" keeps the waiting job's time. */
  jobKeyMode?: "replace" | "preserve_run_at";
  /** Tries before the job is left failed (default 25; retries back off exponentially). */
  maxAttempts?: number;
};

/**
 * Adds a job to the PostgreSQL queue. Pass the Prisma transaction `tx` of the business write
 * the job belongs to: the job row is written in that transaction, so it exists only if the
 * write commits, and workers are woken (NOTIFY) only on commit.
 */
export async function enqueueJob<T extends JobName>(
  task: T,
  payload: JobPayload<T>,
  options: EnqueueOptions = {},
  tx?: Tx,
): Promise<{ id: string }> {
  const checked = JOB_PAYLOADS[task].parse(payload);
  const rows = await (tx ?? db()).$queryRaw<{ id: string }[]>`
    SELECT (graphile_worker.add_job(
      ${task}::text,
      payload := ${JSON.stringify(checked)}::json,
      run_at := ${options.runAt ?? null}::timestamptz,
      max_attempts := ${options.maxAttempts ?? null}::int,
      job_key := ${options.jobKey ?? null}::text,
      job_key_mode := ${options.jobKeyMode ?? "replace"}::text
    )).id::text AS id`;
  return rows[0];
}
