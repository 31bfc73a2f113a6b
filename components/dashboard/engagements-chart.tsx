import { BarChart } from "@/components/charts/bar-chart";
import type { ChartData } from "@/lib/platform/charts/chart-data";

/** The Impact tab: completed engagements per month against the expert's monthly goal. A server component. */
export function EngagementsChart({ chart }: { chart: ChartData & { goal: number } }) {
  const counts = chart.series[0]?.values ?? [];
  const met = counts.filter((c) => c >= chart.goal).length;
  return (
    <BarChart
      id="engagements-by-month"
      heading="h4"
      title="Engagements per month"
      description={`Completed engagements in each of the last 12 months against your monthly goal of ${chart.goal}. Goal met in ${met} of ${counts.length} months.`}
      data={chart}
      layout="stacked"
      colors={["blue"]}
      axis="months"
      formatValue={String}
      integer
      goal={{ value: chart.goal, label: "Monthly goal" }}
    />
  );
}
