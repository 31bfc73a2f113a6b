// What a chart draws, as the services hand it to the components: one value per bucket (a month
// or a week) and series. Pure: server and browser code import it alike.

/** A bucket's start as a calendar day, "2026-11-01" (months in the person's zone, weeks in UTC). */
export type Bucket = string;

export type ChartSeries = { key: string; label: string; values: number[] };

export type ChartData = { buckets: Bucket[]; series: ChartSeries[] };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const parts = (bucket: Bucket) => bucket.split("-").map(Number) as [number, number, number];

/** "2026-11-01" → "Nov" (under a bar) or "Nov 2026" (in the table). */
export function monthLabel(bucket: Bucket, long = false) {
  const [y, m] = parts(bucket);
  return long ? `${MONTHS[m - 1]} ${y}` : MONTHS[m - 1];
}

/** "2026-11-02" → "Nov 2" (a week by the day it starts). */
export function weekLabel(bucket: Bucket) {
  const [, m, d] = parts(bucket);
  return `${MONTHS[m - 1]} ${d}`;
}

/** A bucket's total across the series (the height of a stacked bar). */
export const totalAt = (data: ChartData, i: number) => data.series.reduce((s, x) => s + x.values[i], 0);

/** The top of a chart's scale: the smallest round number at or above `max` whose half is round too (the middle grid line); whole numbers for counts. */
export function niceMax(max: number, integer: boolean) {
  if (max <= 0) return integer ? 2 : 1;
  const p = 10 ** Math.floor(Math.log10(max));
  const steps = integer && p === 1 ? [2, 4, 6, 8, 10] : [1, 2, 5, 10];
  return steps.map((k) => k * p).find((v) => v >= max) ?? 10 * p;
}

/** Rows of SQL (one per bucket, a number column per series key) as chart data, in bucket order. */
export function chartFromRows<K extends string>(
  rows: ({ bucket: Bucket } & Record<K, number | bigint>)[],
  series: { key: K; label: string }[],
): ChartData {
  return {
    buckets: rows.map((r) => r.bucket),
    series: series.map((s) => ({ key: s.key, label: s.label, values: rows.map((r) => Number(r[s.key])) })),
  };
}
