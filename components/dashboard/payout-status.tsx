import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/platform/utils";
import { TONE } from "@/components/ui/tone";
import { labelOf } from "@/lib/vocabulary/options";
import { PAYOUT_STATUSES } from "@/lib/vocabulary/payments";

// Shared by the wallet card and the payout history; no client code of its own, so the
// history (on /payments) does not pull the whole wallet card into the page's bundle.

export type WalletPayout = {
  id: string;
  amountCents: number;
  status: string;
  paymentMethod: string | null;
  estimatedPayoutDate: Date | null;
  createdAt: Date;
  /** Set once paid (the history shows it instead of the estimate). */
  actualPayoutDate?: Date | null;
  /** Why it failed, as the payout desk told the expert. */
  failureReason?: string | null;
};

/** Dashboard widget colours: completed/paid green, processing blue, pending yellow, others grey. */
export const PAYOUT_STATUS_CLASS: Record<string, string> = {
  completed: TONE.success,
  paid: TONE.success,
  processing: TONE.info,
  pending: TONE.warning,
};
const GREY = TONE.neutral;

export function PayoutStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="outline" className={cn(PAYOUT_STATUS_CLASS[status] ?? GREY)}>
      {labelOf(PAYOUT_STATUSES, status)}
    </Badge>
  );
}
