import "server-only";
import { db } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { bucketsIn } from "@/lib/platform/charts/buckets";
import { chartFromRows, type ChartData } from "@/lib/platform/charts/chart-data";

// The /payments chart: what the expert earned in each of the last 12 months (in their zone),
// split by where that money is now. Read from the ledger's side of things:
// - an earning in Pending QC or in dispute is pending; a refunded one left the books;
// - released money (earnings now Available, and the opening balance that predates the ledger)
//   is paid out first-in, first-out: the oldest released cents are the ones cashed out, up to the
//   expert's Payout in transit + Paid out balance. Cash Out always takes the whole available
//   balance, so first-in, first-out is what happened.
// Summed over every month, the three stacks are the expert's Pending QC, Available and
// (in transit + paid out) balances: the wallet's Total Earned, bonuses included.

export const EARNINGS_SERIES = [
  { key: "pending", label: "Pending QC" },
  { key: "available", label: "Available" },
  { key: "paid", label: "Paid out" },
] as const;

type Row = { bucket: string; pending: bigint; available: bigint; paid: bigint };

/** One aggregate query, scoped to the actor's own rows. */
export async function getEarningsByMonth(actor: Actor, now: Date = new Date(), months = 12): Promise<ChartData & { timeZone: string }> {
  requirePermission(actor, "update:expert:own");
  const me = actor.userId;
  const zone = Prisma.sql`(SELECT tz FROM me)`;
  const b = bucketsIn("month", zone, now, months);
  const rows = await db().$queryRaw<(Row & { tz: string })[]>`
    WITH me AS (SELECT COALESCE((SELECT time_zone FROM experts WHERE user_id = ${me}::uuid), 'America/New_York') AS tz),
    cashed AS (
      SELECT COALESCE(SUM(balance_cents), 0) AS cents FROM ledger_accounts
      WHERE owner_user_id = ${me}::uuid AND kind IN ('payout_in_transit', 'paid_out')
    ),
    credits AS (
      SELECT earned_at AS at, amount_cents::bigint AS cents, state IN ('pending_qc', 'disputed') AS pending,
             COALESCE(released_at, earned_at) AS fifo_at, 3 AS fifo_rank, id::text AS tie
      FROM earnings WHERE expert_user_id = ${me}::uuid AND state <> 'refunded'
      UNION ALL
      -- A bonus is the expert's once it is booked (Pending QC, then Available), like an earning;
      -- one waiting for approval, or declined, is not in the wallet.
      SELECT created_at, amount_cents::bigint, state = 'pending_qc', COALESCE(released_at, created_at), 3, id::text
      FROM bonuses WHERE expert_user_id = ${me}::uuid AND state IN ('pending_qc', 'available')
      UNION ALL
      -- The opening balance's legs (credits are negative entries); what it brought as already
      -- paid out or in transit comes first in line.
      SELECT t.created_at, -e.amount_cents::bigint, a.kind = 'expert_pending_qc', t.created_at,
             CASE a.kind WHEN 'paid_out' THEN 0 WHEN 'payout_in_transit' THEN 1 ELSE 2 END, e.id::text
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE a.owner_user_id = ${me}::uuid AND t.kind = 'opening_balance' AND a.kind <> 'opening_balance'
    ),
    released AS (
      SELECT at, cents, SUM(cents) OVER (ORDER BY fifo_at, fifo_rank, tie) - cents AS before FROM credits WHERE NOT pending
    ),
    split AS (
      SELECT at, 0::bigint AS pending, cents - paid AS available, paid
      FROM (SELECT at, cents, GREATEST(0, LEAST(cents, (SELECT cents FROM cashed) - before)) AS paid FROM released) r
      UNION ALL
      SELECT at, cents, 0, 0 FROM credits WHERE pending
    ),
    buckets AS (${b.series})
    SELECT ${b.bucketDay} AS bucket, (SELECT tz FROM me) AS tz,
           COALESCE(SUM(s.pending), 0)::bigint AS pending, COALESCE(SUM(s.available), 0)::bigint AS available, COALESCE(SUM(s.paid), 0)::bigint AS paid
    FROM buckets LEFT JOIN split s ON ${b.bucketOf(Prisma.sql`s.at`)} = buckets.bucket
    GROUP BY bucket ORDER BY bucket`;
  return { ...chartFromRows(rows, [...EARNINGS_SERIES]), timeZone: rows[0]?.tz ?? "America/New_York" };
}
