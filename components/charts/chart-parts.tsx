import { totalAt, type Bucket, type ChartData } from "@/lib/platform/charts/chart-data";
import { cn } from "@/lib/platform/utils";

// The parts of a chart around its bars: the legend, and the same numbers as a table one click
// away (<details>, no script).

/** Each series with its colour, and the goal line's words where there is one. */
export function ChartLegend({
  series,
  swatches,
  goal,
}: {
  series: ChartData["series"];
  /** The background class of each series' colour, in order. */
  swatches: string[];
  goal?: string;
}) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {series.map((s, k) => (
        <li key={s.key} className="flex items-center gap-2">
          <span aria-hidden="true" className={cn("size-3 rounded-sm", swatches[k])} />
          {s.label}
        </li>
      ))}
      {goal ? (
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="w-4 border-t-2 border-dashed border-foreground" />
          {goal}
        </li>
      ) : null}
    </ul>
  );
}

/** The chart's numbers: one row per bucket, one column per series, and the total of a stacked chart. */
export function ChartTable({
  id,
  title,
  data,
  total,
  column,
  rowHeading,
  formatValue,
}: {
  id: string;
  title: string;
  data: ChartData;
  total: boolean;
  column: string;
  rowHeading: (b: Bucket) => string;
  formatValue: (v: number) => string;
}) {
  return (
    <details className="text-sm">
      <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline">
        Show the numbers as a table
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full" data-testid={`chart-${id}-table`}>
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {column}
              </th>
              {data.series.map((s) => (
                <th key={s.key} scope="col" className="py-1.5 pr-3 text-right font-medium">
                  {s.label}
                </th>
              ))}
              {total ? (
                <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                  Total
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {data.buckets.map((b, i) => (
              <tr key={b} className="border-b last:border-0">
                <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap">
                  {rowHeading(b)}
                </th>
                {data.series.map((s) => (
                  <td key={s.key} className="py-1.5 pr-3 text-right tabular-nums" data-series={s.key}>
                    {formatValue(s.values[i])}
                  </td>
                ))}
                {total ? (
                  <td className="py-1.5 pr-3 text-right tabular-nums" data-series="total">
                    {formatValue(totalAt(data, i))}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
