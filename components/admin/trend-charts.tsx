import { BarChart } from "@/components/charts/bar-chart";
import type { ChartData } from "@/lib/platform/charts/chart-data";
import { describeZone } from "@/lib/platform/format";

// The admin Trends page's two weekly charts. Server components.

const last = (chart: ChartData, key: string) => chart.series.find((s) => s.key === key)?.values.at(-1) ?? 0;
const total = (chart: ChartData, key: string) => chart.series.find((s) => s.key === key)?.values.reduce((a, v) => a + v, 0) ?? 0;

export function VerificationTrendChart({ chart, timeZone }: { chart: ChartData; timeZone: string }) {
  return (
    <BarChart
      id="experts-by-status"
      heading="h2"
      title="Experts by verification status"
      description={`Every expert who had joined by the end of each week (weeks start Monday, ${describeZone(timeZone)}), by verification status. This week: ${last(chart, "verified")} verified, ${last(chart, "pending")} pending, ${last(chart, "rejected")} rejected.`}
      data={chart}
      layout="stacked"
      colors={["green", "amber", "red"]}
      axis="weeks"
      formatValue={String}
      integer
    />
  );
}

export function ActivityTrendChart({ chart, timeZone }: { chart: ChartData; timeZone: string }) {
  return (
    <BarChart
      id="invites-and-sessions"
      heading="h2"
      title="Invites and completed sessions per week"
      description={`Invites clients sent and engagements completed in each of the last ${chart.buckets.length} weeks (weeks start Monday, ${describeZone(timeZone)}). In all: ${total(chart, "invites")} invites, ${total(chart, "completed")} completed.`}
      data={chart}
      layout="grouped"
      colors={["blue", "green"]}
      axis="weeks"
      formatValue={String}
      integer
    />
  );
}
