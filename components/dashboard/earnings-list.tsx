import { Badge } from "@/components/ui/badge";
import { formatDateTime, formatMoney } from "@/lib/format";
import { EARNING_KIND_LABELS } from "@/lib/money/policy";
import { cn } from "@/lib/utils";
import { TONE } from "@/components/ui/tone";
import type { EarningView } from "@/lib/money/earnings";
import type { EarningState } from "@/lib/generated/prisma/enums";

// The entries behind the wallet's balance (/payments "Earnings"): one row per completed session
// or late-cancel fee. A server component: it ships no JavaScript.

/** How each state of an earning is named and coloured wherever earnings are listed. */
export const EARNING_STATE: Record<EarningState, { label: string; className: string }> = {
  pending_qc: { label: "Pending QC", className: TONE.warning },
  disputed: { label: "In dispute", className: TONE.caution },
  available: { label: "Available", className: TONE.success },
  refunded: { label: "Returned to client", className: TONE.neutral },
};

export function EarningsList({ earnings, timeZone }: { earnings: EarningView[]; timeZone: string }) {
  if (earnings.length === 0) {
    return <p className="text-sm text-muted-foreground">No earnings yet. When a client marks one of your sessions completed, it appears here.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Earnings: date, project, amount and state</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-4 font-medium">Date</th>
            <th scope="col" className="py-2 pr-4 font-medium">Project</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Amount</th>
            <th scope="col" className="py-2 font-medium">State</th>
          </tr>
        </thead>
        <tbody>
          {earnings.map((e) => (
            <tr key={e.id} className="border-b last:border-0 align-top">
              <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(e.earnedAt, timeZone)}</td>
              <td className="py-2 pr-4">
                {e.projectTitle}
                {e.kind !== "session" && <span className="block text-xs text-muted-foreground">{EARNING_KIND_LABELS[e.kind] ?? e.kind}</span>}
                {e.state === "pending_qc" && <span className="block text-xs text-muted-foreground">Quality review ends {formatDateTime(e.qcEndsAt, timeZone)}</span>}
                {e.state === "disputed" && e.disputeReason && <span className="block text-xs text-muted-foreground">Client&apos;s reason: {e.disputeReason}</span>}
                {e.resolutionNote && <span className="block text-xs text-muted-foreground">Resolution: {e.resolutionNote}</span>}
              </td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatMoney(e.amountCents)}</td>
              <td className="py-2">
                <Badge variant="outline" className={cn(EARNING_STATE[e.state].className)}>{EARNING_STATE[e.state].label}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
