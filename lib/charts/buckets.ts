import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// The time buckets of a chart as SQL, so each chart is one aggregate query that also returns the
// empty buckets. A row's bucket is `bucketOf(at)`; the series is `bucket` (a wall-clock
// timestamp, the bucket's start) and `bucketDay` (its "YYYY-MM-DD").

export type Buckets = { series: Prisma.Sql; bucketOf: (at: Prisma.Sql) => Prisma.Sql; bucketDay: Prisma.Sql };

/** The last `count` calendar months in `timeZone` (an IANA name), the current one last. */
export function monthsIn(timeZone: Prisma.Sql | string, now: Date, count: number): Buckets {
  const zone = typeof timeZone === "string" ? Prisma.sql`${timeZone}` : timeZone;
  const current = Prisma.sql`date_trunc('month', ${now}::timestamptz AT TIME ZONE ${zone})`;
  return {
    series: Prisma.sql`SELECT generate_series(${current} - make_interval(months => ${count - 1}::int), ${current}, interval '1 month') AS bucket`,
    bucketOf: (at) => Prisma.sql`date_trunc('month', ${at} AT TIME ZONE ${zone})`,
    bucketDay: Prisma.sql`to_char(bucket, 'YYYY-MM-DD')`,
  };
}

/** The last `count` weeks (Monday to Sunday, UTC), the current one last. */
export function weeksUtc(now: Date, count: number): Buckets {
  const current = Prisma.sql`date_trunc('week', ${now}::timestamptz AT TIME ZONE 'UTC')`;
  return {
    series: Prisma.sql`SELECT generate_series(${current} - make_interval(weeks => ${count - 1}::int), ${current}, interval '1 week') AS bucket`,
    bucketOf: (at) => Prisma.sql`date_trunc('week', ${at} AT TIME ZONE 'UTC')`,
    bucketDay: Prisma.sql`to_char(bucket, 'YYYY-MM-DD')`,
  };
}
