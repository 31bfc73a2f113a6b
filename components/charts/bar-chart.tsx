import { monthLabel, niceMax, totalAt, weekLabel, type Bucket, type ChartData } from "@/lib/platform/charts/chart-data";
import { cn } from "@/lib/platform/utils";
import { ChartLegend, ChartTable } from "@/components/charts/chart-parts";

// A bar chart drawn on the server as SVG: no JavaScript, no chart library. Bars stretch with the
// card (preserveAspectRatio="none"); the axis labels are HTML beside them, so text keeps its size
// on a phone. The same numbers are one click away as a table (<details>, no script), and the
// colours are theme tokens that change with the colour scheme.

/** Series colours by hue, so a chart can say "good" in green; each at least 3:1 against the card in both schemes. */
const SWATCHES = {
  amber: { fill: "fill-chart-amber", bg: "bg-chart-amber" },
  green: { fill: "fill-chart-green", bg: "bg-chart-green" },
  blue: { fill: "fill-chart-blue", bg: "bg-chart-blue" },
  red: { fill: "fill-chart-red", bg: "bg-chart-red" },
} as const;
export type ChartColor = keyof typeof SWATCHES;

/**
 * How buckets read: under the bars ("Nov", "Nov 2"), in the table's rows and its first column's
 * header; and which labels show under the bars, counted back from the latest, on a phone and
 * from 640 px (every one, every other...), so none is cut short.
 */
const AXES = {
  months: {
    short: (b: Bucket) => monthLabel(b),
    heading: (b: Bucket) => monthLabel(b, true),
    column: "Month",
    every: { phone: 2, wide: 1 },
  },
  weeks: { short: weekLabel, heading: (b: Bucket) => `Week of ${weekLabel(b)}`, column: "Week", every: { phone: 3, wide: 2 } },
} as const;

const W = 100; // viewBox units per bucket
const H = 1000; // viewBox height

export type BarChartProps = {
  id: string;
  title: string;
  /** The title's heading level where it sits on the page. */
  heading: "h2" | "h3" | "h4";
  /** What the chart shows, and a sentence with its main figures (read by screen readers with the title). */
  description: string;
  data: ChartData;
  layout: "stacked" | "grouped";
  /** One colour per series, in order. */
  colors: ChartColor[];
  /** Calendar months ("Nov", "Nov 2026") or weeks ("Nov 2", "Week of Nov 2"). */
  axis: keyof typeof AXES;
  formatValue: (v: number) => string;
  /** The axis labels (default: formatValue), e.g. whole dollars. */
  formatTick?: (v: number) => string;
  /** Whole numbers (counts): the grid lines fall on whole numbers. */
  integer?: boolean;
  goal?: { value: number; label: string };
};

export function BarChart({
  id,
  title,
  heading: Heading,
  description,
  data,
  layout,
  colors,
  axis,
  formatValue,
  formatTick = formatValue,
  integer = false,
  goal,
}: BarChartProps) {
  const n = data.buckets.length;
  const heights = data.buckets.map((_, i) =>
    layout === "stacked" ? totalAt(data, i) : Math.max(0, ...data.series.map((s) => s.values[i])),
  );
  const top = niceMax(Math.max(0, ...heights, goal?.value ?? 0), integer);
  const y = (v: number) => H - (v / top) * H;
  const ticks = [top, top / 2, 0];
  const { short: bucketLabel, heading: bucketHeading, column: bucketColumn, every } = AXES[axis];
  const swatch = (k: number) => SWATCHES[colors[k] ?? "blue"];
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;

  return (
    <figure className="space-y-3" data-testid={`chart-${id}`}>
      <figcaption className="space-y-1">
        <Heading id={titleId} className="text-lg font-semibold leading-tight tracking-tight">
          {title}
        </Heading>
        <span id={descId} className="block text-sm text-muted-foreground">
          {description}
        </span>
      </figcaption>
      <ChartLegend
        series={data.series}
        swatches={data.series.map((_, k) => swatch(k).bg)}
        goal={goal && `${goal.label} (${formatValue(goal.value)})`}
      />
      <div className="flex gap-2">
        <div aria-hidden="true" className="relative h-44 w-14 shrink-0 text-right text-xs text-muted-foreground sm:h-56">
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 -translate-y-1/2 whitespace-nowrap" style={{ top: `${(y(t) / H) * 100}%` }}>
              {formatTick(t)}
            </span>
          ))}
        </div>
        {/* w-0 flex-1: the plot takes the width left and asks for none, so a chart in a grid cell never widens it on a phone. */}
        <div className="w-0 flex-1">
          <svg
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
            viewBox={`0 0 ${n * W} ${H}`}
            preserveAspectRatio="none"
            className="block h-44 w-full overflow-visible sm:h-56"
          >
            {ticks.map((t) => (
              <line
                key={t}
                x1={0}
                x2={n * W}
                y1={y(t)}
                y2={y(t)}
                className="stroke-border"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {data.buckets.map((b, i) => (
              <g key={b}>
                {layout === "stacked"
                  ? stackedBars(data, i, y, swatch, bucketHeading(b), formatValue)
                  : groupedBars(data, i, y, swatch, bucketHeading(b), formatValue)}
              </g>
            ))}
            {goal ? (
              <line
                x1={0}
                x2={n * W}
                y1={y(goal.value)}
                y2={y(goal.value)}
                className="stroke-foreground"
                strokeWidth={2}
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
                data-testid="chart-goal"
              />
            ) : null}
          </svg>
          <div aria-hidden="true" className="mt-1 flex text-xs text-muted-foreground">
            {data.buckets.map((b, i) => (
              <span
                key={b}
                className={cn(
                  "w-0 flex-1 text-center whitespace-nowrap",
                  (n - 1 - i) % every.phone && "max-sm:invisible",
                  (n - 1 - i) % every.wide && "sm:invisible",
                )}
              >
                {bucketLabel(b)}
              </span>
            ))}
          </div>
        </div>
      </div>
      <ChartTable
        id={id}
        title={title}
        data={data}
        total={layout === "stacked" && data.series.length > 1}
        column={bucketColumn}
        rowHeading={bucketHeading}
        formatValue={formatValue}
      />
    </figure>
  );
}

type Y = (v: number) => number;
type Swatch = (k: number) => (typeof SWATCHES)[ChartColor];
type Format = (v: number) => string;

/** One bucket's series on top of each other, the first at the bottom. */
function stackedBars(data: ChartData, i: number, y: Y, swatch: Swatch, heading: string, format: Format) {
  let base = 0;
  return data.series.map((s, k) => {
    const v = s.values[i];
    const from = base;
    base += v;
    if (v <= 0) return null;
    return (
      <rect
        key={s.key}
        x={i * W + 20}
        width={W - 40}
        y={y(from + v)}
        height={y(from) - y(from + v)}
        className={cn(swatch(k).fill, "stroke-card")}
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
        data-series={s.key}
        data-value={v}
      >
        <title>{`${heading}, ${s.label}: ${format(v)}`}</title>
      </rect>
    );
  });
}

/** One bucket's series side by side. */
function groupedBars(data: ChartData, i: number, y: Y, swatch: Swatch, heading: string, format: Format) {
  const width = (W - 30) / data.series.length;
  return data.series.map((s, k) => {
    const v = s.values[i];
    if (v <= 0) return null;
    return (
      <rect
        key={s.key}
        x={i * W + 15 + k * width}
        width={width - 4}
        y={y(v)}
        height={H - y(v)}
        className={swatch(k).fill}
        data-series={s.key}
        data-value={v}
      >
        <title>{`${heading}, ${s.label}: ${format(v)}`}</title>
      </rect>
    );
  });
}
