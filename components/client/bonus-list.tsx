import type { BonusView } from "@/lib/engagements/bonuses";
import { formatDateTime, formatMoney } from "@/lib/platform/format";

// The bonuses on an engagement's card, each with where it is: waiting for a billing member's
// approval, declined, in Pending QC or Available to the expert.

export const BONUS_STATE_LABELS: Record<BonusView["state"], string> = {
  awaiting_approval: "Waiting for approval",
  declined: "Declined",
  pending_qc: "Pending QC",
  available: "Available to the expert",
};

export function BonusList({ bonuses, zone }: { bonuses: BonusView[]; zone: string }) {
  return (
    <div className="grid gap-1 text-sm" data-testid="engagement-bonuses">
      <p className="font-medium">Bonuses</p>
      <ul className="grid gap-0.5">
        {bonuses.map((b) => (
          <li key={b.id} className="flex flex-wrap gap-x-2">
            <span>{formatMoney(b.amountCents)}</span>
            <span className={b.state === "declined" ? "text-muted-foreground line-through" : "text-muted-foreground"}>
              {BONUS_STATE_LABELS[b.state]}
            </span>
            <span className="text-xs text-muted-foreground">{formatDateTime(b.createdAt, zone)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
