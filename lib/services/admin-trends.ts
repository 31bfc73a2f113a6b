import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/auth/session";
import { requirePermission } from "@/lib/auth/permissions";
import { bucketsIn } from "@/lib/charts/buckets";
import { chartFromRows, type ChartData } from "@/lib/charts/chart-data";

// The admin Trends page: two weekly charts (weeks Monday first, in the admin's zone), one aggregate query each.

export const TREND_WEEKS = 12;

export const VERIFICATION_SERIES = [
  { key: "verified", label: "Verified" },
  { key: "pending", label: "Pending" },
  { key: "rejected", label: "Rejected" },
] as const;

/**
 * Experts by verification status over time: at the end of each week, every expert who had joined
 * by then, by their status. Status changes are updated in place (experts.verification_status has
 * no history), so a status is the expert's status today and each expert counts from the week
 * their profile was created.
 */
export async function getVerificationTrend(actor: Actor | null, timeZone: string, now: Date = new Date(), weeks = TREND_WEEKS): Promise<ChartData> {
  requirePermission(actor, "manage:user:any");
  const b = bucketsIn("week", timeZone, now, weeks);
  const rows = await db().$queryRaw<{ bucket: string; verified: bigint; pending: bigint; rejected: bigint }[]>`
    WITH buckets AS (${b.series})
    SELECT ${b.bucketDay} AS bucket,
           COUNT(e.id) FILTER (WHERE e.verification_status = 'verified')::bigint AS verified,
           COUNT(e.id) FILTER (WHERE e.verification_status = 'pending')::bigint AS pending,
           COUNT(e.id) FILTER (WHERE e.verification_status = 'rejected')::bigint AS rejected
    FROM buckets LEFT JOIN experts e ON e.created_at < (buckets.bucket + interval '1 week') AT TIME ZONE ${timeZone}
    GROUP BY bucket ORDER BY bucket`;
  return chartFromRows(rows, [...VERIFICATION_SERIES]);
}

export const ACTIVITY_SERIES = [
  { key: "invites", label: "Invites sent" },
  { key: "completed", label: "Sessions completed" },
] as const;

/** Invites sent (engagements a client started by invitation) and engagements completed, per week. */
export async function getActivityTrend(actor: Actor | null, timeZone: string, now: Date = new Date(), weeks = TREND_WEEKS): Promise<ChartData> {
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
