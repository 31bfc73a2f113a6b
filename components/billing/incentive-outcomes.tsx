import { formatMoney } from "@/lib/platform/format";

export type IncentiveOutcomes = { donatedCents: number; declinedCents: number; declinedCount: number };

/**
 * What the organization's incentives did besides pay experts: the part donated to schools (billed
 * like pay, paid to the expert's district) and the part declined (never billed). Shown on Billing
 * and on the dashboard, so an organization sees how much of its money went to schools.
 */
export function IncentiveOutcomesLine({ outcomes }: { outcomes: IncentiveOutcomes }) {
  return (
    <div className="mt-4 rounded-lg border p-4 text-sm" data-testid="incentive-outcomes">
      <p>
        <span className="font-medium">Went to schools:</span>{" "}
        <span className="tabular-nums" data-testid="incentive-donated">
          {formatMoney(outcomes.donatedCents)}
        </span>{" "}
        <span className="text-muted-foreground">donated by experts to their school or district, billed like pay.</span>
      </p>
      <p className="mt-1">
        <span className="font-medium">Declined pay:</span>{" "}
        <span className="tabular-nums" data-testid="incentive-declined">
          {formatMoney(outcomes.declinedCents)}
        </span>{" "}
        <span className="text-muted-foreground">
          {outcomes.declinedCount === 1 ? "1 expert" : `${outcomes.declinedCount} experts`} declined the incentive; you were not charged.
        </span>
      </p>
    </div>
  );
}
