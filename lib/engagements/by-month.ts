import "server-only";
import { db } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { bucketsIn } from "@/lib/platform/charts/buckets";
import { chartFromRows, type ChartData } from "@/lib/platform/charts/chart-data";

// The Impact tab's chart: the expert's completed engagements in each of the last 12 months (in
// their zone), drawn against their monthly goal. Completed counts by the completion time, as the
// Monthly Goal card does.

type Row = { bucket: string; completed: bigint; goal: number };

/** One aggregate query over the actor's own engagements. */
export async function getEngagementsByMonth(actor: Actor, now: Date = new Date(), months = 12): Promise<ChartData & { goal: number }> {
  requirePermission(actor, "update:expert:own");
  const b = bucketsIn("month", Prisma.sql`(SELECT time_zone FROM me)`, now, months);
  const rows = await db().$queryRaw<Row[]>`
    WITH me AS (SELECT id, time_zone, monthly_goal FROM experts WHERE user_id = ${actor.userId}::uuid),
    done AS (
      SELECT COALESCE(completed_at, updated_at) AS at FROM engagements
      WHERE expert_id = (SELECT id FROM me) AND state = 'completed'
    ),
    buckets AS (${b.series})
    SELECT ${b.bucketDay} AS bucket, COUNT(d.at)::bigint AS completed, (SELECT monthly_goal FROM me) AS goal
    FROM buckets LEFT JOIN done d ON ${b.bucketOf(Prisma.sql`d.at`)} = buckets.bucket
    GROUP BY bucket ORDER BY bucket`;
  // No expert profile: no months (the dashboard asks for a profile first).
  if (rows.length === 0 || rows[0].goal === null) return { buckets: [], series: [], goal: 0 };
  return { ...chartFromRows(rows, [{ key: "completed", label: "Completed engagements" }]), goal: rows[0].goal };
}
