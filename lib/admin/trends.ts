import "server-only";
import { db } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { bucketsIn } from "@/lib/platform/charts/buckets";
import { chartFromRows, type ChartData } from "@/lib/platform/charts/chart-data";

// The admin Trends page: two weekly charts (weeks Monday first, in the admin's zone), one aggregate query each.

export const TREND_WEEKS = 12;

export const VERIFICATION_SERIES = [
  { key: "verified", label: "Verified" },
  { key: "pending", label: "Pending" },
  { key: "rejected", label: "Rejected" },
] as const;

/**
 * Experts by verification status over time: at the end of each week, every expert who had joined
 * by then, by the status they had then. Each status change (expert_verification_events, written
 * by triggers on experts) adds one to its new status and takes one from the old from its week on,
 * so the query reads each event once: earlier events all fall in the first week, and a running
 * sum over the weeks gives the counts.
 */
export async function getVerificationTrend(
  actor: Actor | null,
  timeZone: string,
  now: Date = new Date(),
  weeks = TREND_WEEKS,
): Promise<ChartData> {
  requirePermission(actor, "manage:user:any");
  const b = bucketsIn("week", timeZone, now, weeks);
  const rows = await db().$queryRaw<{ bucket: string; verified: bigint; pending: bigint; rejected: bigint }[]>`
    WITH buckets AS (${b.series}),
    changes AS (
      SELECT at, status, lag(status) OVER (PARTITION BY expert_id ORDER BY at, id) AS was
      FROM expert_verification_events
    ),
    deltas AS (
      SELECT GREATEST(${b.bucketOf(Prisma.sql`c.at`)}, (SELECT min(bucket) FROM buckets)) AS bucket, s.status, s.d
      FROM changes c CROSS JOIN LATERAL (VALUES (c.status, 1), (c.was, -1)) AS s(status, d)
      WHERE s.status IS NOT NULL
    ),
    per_week AS (
      SELECT buckets.bucket,
             COALESCE(SUM(d) FILTER (WHERE status = 'verified'), 0) AS verified,
             COALESCE(SUM(d) FILTER (WHERE status = 'pending'), 0) AS pending,
             COALESCE(SUM(d) FILTER (WHERE status = 'rejected'), 0) AS rejected
      FROM buckets LEFT JOIN deltas USING (bucket)
      GROUP BY buckets.bucket
    )
    SELECT ${b.bucketDay} AS bucket,
           (SUM(verified) OVER w)::bigint AS verified,
           (SUM(pending) OVER w)::bigint AS pending,
           (SUM(rejected) OVER w)::bigint AS rejected
    FROM per_week WINDOW w AS (ORDER BY bucket) ORDER BY bucket`;
  return chartFromRows(rows, [...VERIFICATION_SERIES]);
}

export const ACTIVITY_SERIES = [
  { key: "invites", label: "Invites sent" },
  { key: "completed", label: "Sessions completed" },
] as const;

/** Invites sent (engagements a client started by invitation) and engagements completed, per week. */
export async function getActivityTrend(
  actor: Actor | null,
  timeZone: string,
  now: Date = new Date(),
  weeks = TREND_WEEKS,
): Promise<ChartData> {
  requirePermission(actor, "manage:user:any");
  const b = bucketsIn("week", timeZone, now, weeks);
  const rows = await db().$queryRaw<{ bucket: string; invites: bigint; completed: bigint }[]>`
    WITH happened AS (
      SELECT created_at AS at, 'invite' AS what FROM engagements WHERE origin = 'invite'
      UNION ALL
      SELECT completed_at, 'completed' FROM engagements WHERE state = 'completed' AND completed_at IS NOT NULL
    ),
    buckets AS (${b.series})
    SELECT ${b.bucketDay} AS bucket,
           COUNT(h.at) FILTER (WHERE h.what = 'invite')::bigint AS invites,
           COUNT(h.at) FILTER (WHERE h.what = 'completed')::bigint AS completed
    FROM buckets LEFT JOIN happened h ON ${b.bucketOf(Prisma.sql`h.at`)} = buckets.bucket
    GROUP BY bucket ORDER BY bucket`;
  return chartFromRows(rows, [...ACTIVITY_SERIES]);
}
