import { BarChart } from "@/components/charts/bar-chart";
import type { ChartData } from "@/lib/platform/charts/chart-data";
import { describeZone, formatMoney, formatWholeDollars } from "@/lib/platform/format";

/** /payments: the last 12 months' earnings, stacked by where the money is now. A server component. */
export function EarningsChart({ chart }: { chart: ChartData & { timeZone: string } }) {
  const totals = chart.series.map((s) => ({ label: s.label, cents: s.values.reduce((a, v) => a + v, 0) }));
  const all = totals.reduce((a, t) => a + t.cents, 0);
  const summary =
    all === 0
      ? "No earnings in the last 12 months yet."
      : `In all: ${formatMoney(all)} (${totals.map((t) => `${t.label} ${formatMoney(t.cents)}`).join(", ")}).`;
  return (
    <BarChart
      id="earnings-by-month"
      heading="h2"
      title="Earnings by month"
      description={`The last 12 months, by the month each session was earned in ${describeZone(chart.timeZone)}; each bar is split by where the money is now. ${summary}`}
      data={chart}
      layout="stacked"
      colors={["amber", "green", "blue"]}
      axis="months"
      formatValue={formatMoney}
      formatTick={formatWholeDollars}
    />
  );
}
