import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// The time buckets of a chart as SQL, so each chart is one aggregate query that also returns the
// empty buckets. A row's bucket is `bucketOf(at)`; the series is `bucket` (a wall-clock
// timestamp, the bucket's start) and `bucketDay` (its "YYYY-MM-DD").

export type Buckets = { series: Prisma.Sql; bucketOf: (at: Prisma.Sql) => Prisma.Sql; bucketDay: Prisma.Sql };

/**
 * The last `count` calendar months, or weeks (Monday first), as a clock in `timeZone` (an IANA
 * name, or SQL that yields one) shows them, the current one last.
 */
export function bucketsIn(unit: "month" | "week", timeZone: Prisma.Sql | string, now: Date, count: number): Buckets {
  const zone = typeof timeZone === "string" ? Prisma.sql`${timeZone}` : timeZone;
  const trunc = (at: Prisma.Sql) => Prisma.sql`date_trunc(${unit}, ${at} AT TIME ZONE ${zone})`;
  const current = trunc(Prisma.sql`${now}::timestamptz`);
  const step = Prisma.sql`make_interval(${Prisma.raw(unit === "month" ? "months" : "weeks")} => 1)`;
  return {
    series: Prisma.sql`SELECT generate_series(${current} - ${step} * ${count - 1}::int, ${current}, ${step}) AS bucket`,
    bucketOf: trunc,
    bucketDay: Prisma.sql`to_char(bucket, 'YYYY-MM-DD')`,
  };
}
