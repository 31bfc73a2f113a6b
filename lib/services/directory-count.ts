import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

// The directory's total is an exact count(*), which grows with the number of matching rows
// (a broad partial match at 100,000 experts reads ~25,000 of them). Repeated searches with
// the same filters reuse the figure for as long as no expert has changed: each entry is
// stamped with the newest experts.updated_at, which Prisma's @updatedAt moves on every insert
// and update. Experts are never deleted by the app; the time limit
// bounds the one case the stamp can miss (an older transaction committing after a newer one).
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 500;

type Entry = { stamp: string; at: number; total: number };
const entries = new Map<string, Entry>();

/**
 * The freshness stamp: the newest experts.updated_at and how many rows carry it (two writes
 * in the same millisecond still move it), counted up to 100 so a bulk insert that stamped
 * thousands of rows alike stays cheap. Both read from experts_updated_at_idx.
 */
export async function directoryStamp(): Promise<string> {
  const rows = await db().$queryRaw<{ at: Date | null; n: bigint }[]>`
    SELECT (SELECT max(updated_at) FROM experts) AS at, count(*) AS n
    FROM (SELECT 1 FROM experts WHERE updated_at = (SELECT max(updated_at) FROM experts) LIMIT 100) AS newest`;
  return `${rows[0]?.at?.getTime() ?? 0}:${rows[0]?.n ?? 0}`;
}

/** count(*) for a directory where clause, reused while the stamp and age allow. */
export async function countDirectory(where: Prisma.ExpertWhereInput, stamp: string, now = Date.now()): Promise<number> {
  const key = JSON.stringify(where);
  const hit = entries.get(key);
  if (hit && hit.stamp === stamp && now - hit.at < MAX_AGE_MS) return hit.total;
  const total = await db().expert.count({ where });
  entries.delete(key);
  entries.set(key, { stamp, at: now, total });
  // Map keeps insertion order, so the first key is the least recently computed.
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return total;
}
