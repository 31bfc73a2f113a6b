import "server-only";
import { db } from "@/lib/platform/db";

/**
 * How many rows a paged list holds, at a cost that does not grow with the table: rows are
 * counted up to EXACT_TOTAL_UP_TO (a count over at most that many index entries); past it the
 * list says "about" the planner's statistics for the whole table (pg_class.reltuples, kept by
 * autovacuum's ANALYZE, read in one catalogue lookup), or "more than" the bound for a search.
 * A count of every row on every render was the admin lists' cost at a hundred thousand users.
 */

export const EXACT_TOTAL_UP_TO = 1_000;

export type ListTotal = { total: number; exact: boolean };

// Only the tables the lists name: the name goes into a catalogue lookup, never into SQL text.
const ESTIMATED_TABLES = ["users", "experts", "organizations", "payouts", "funding_invoices", "districts", "engagement_messages"] as const;
export type EstimatedTable = (typeof ESTIMATED_TABLES)[number];

/** The planner's row count for a whole table, or 0 before its first ANALYZE. */
export async function tableRowEstimate(table: EstimatedTable): Promise<number> {
  if (!ESTIMATED_TABLES.includes(table)) return 0;
  const rows = await db().$queryRaw<
    { n: number }[]
  >`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = ${table} AND relkind = 'r'`;
  return Math.max(0, Math.round(rows[0]?.n ?? 0));
}

/**
 * The total of a list: `count(take)` counts the list's matches up to `take` (Prisma's
 * `count({ where, take })`); `wholeTable`, for a list with no search, names the table whose
 * statistics stand in beyond the bound.
 */
export async function boundedTotal(count: (take: number) => Promise<number>, wholeTable?: EstimatedTable): Promise<ListTotal> {
  const counted = await count(EXACT_TOTAL_UP_TO + 1);
  if (counted <= EXACT_TOTAL_UP_TO) return { total: counted, exact: true };
  const estimate = wholeTable ? await tableRowEstimate(wholeTable) : 0;
  return { total: Math.max(estimate, counted), exact: false };
}

/** Three significant figures: an estimate should not look more precise than it is. */
const roughly = (n: number) => {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, n))) - 2);
  return Math.round(n / unit) * unit;
};

/** "37 users", "About 102,000 users" (statistics) or "More than 1,000 users" (a search past the bound). */
export function totalText({ total, exact }: ListTotal, one: string, many: string): string {
  if (exact) return `${total.toLocaleString("en-US")} ${total === 1 ? one : many}`;
  if (total > EXACT_TOTAL_UP_TO + 1) return `About ${roughly(total).toLocaleString("en-US")} ${many}`;
  return `More than ${EXACT_TOTAL_UP_TO.toLocaleString("en-US")} ${many}`;
}
