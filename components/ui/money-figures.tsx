import { cn } from "@/lib/platform/utils";
import { formatMoney } from "@/lib/platform/format";

export type MoneyFigure = { id: string; label: string; cents: number; help?: string };

/**
 * An organization's balance as labelled amounts, one box each: Billing's Balance and the
 * dashboard's Balance and spend show the same figures in the same way. Each amount is findable
 * as `${testIdPrefix}-${id}`.
 */
export function MoneyFigures({ figures, testIdPrefix, className }: { figures: MoneyFigure[]; testIdPrefix: string; className?: string }) {
  return (
    <dl className={cn("grid gap-3", className)}>
      {figures.map((f) => (
        <div key={f.id} className="rounded-lg border p-4">
          <dt className="text-sm font-medium text-muted-foreground">{f.label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={`${testIdPrefix}-${f.id}`}>
            {formatMoney(f.cents)}
          </dd>
          {f.help ? <dd className="mt-1 text-xs text-muted-foreground">{f.help}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
