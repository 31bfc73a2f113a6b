import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import { EARNING_KIND_LABELS } from "@/lib/money/policy";
import { cn } from "@/lib/platform/utils";
import { TONE } from "@/components/ui/tone";
import { countsTowardTotal, type EarningState, type EarningsStatement } from "@/lib/money/earnings";

// The entries behind the wallet's balance (/payments "Earnings"): one row per completed session
// or fee, the money from before itemised earnings as a row of its own, and their total, which is
// the wallet's Total Earned. A server component: it ships no JavaScript.

/** How each state of an earning is named and coloured wherever earnings are listed. */
export const EARNING_STATE: Record<EarningState, { label: string; className: string }> = {
  pending_qc: { label: "Pending QC", className: TONE.warning },
  disputed: { label: "In dispute", className: TONE.caution },
  available: { label: "Available", className: TONE.success },
  refunded: { label: "Returned to client", className: TONE.neutral },
};

export const OPENING_BALANCE_LABEL = "Opening balance";

/** `children` go under the table: the list's page links. */
export function EarningsList({ statement, children }: { statement: EarningsStatement; children?: React.ReactNode }) {
  const { items, opening, totalCents, timeZone } = statement;
  if (items.length === 0 && !opening) {
    return (
      <p className="text-sm text-muted-foreground">No earnings yet. When a client marks one of your sessions completed, it appears here.</p>
    );
  }
  // The total adds up to Total Earned only when every row is on this one page.
  const paged = Boolean(statement.after || statement.before);
  return (
    <div className="space-y-2">
      <Table stacked data-testid="earnings">
        <caption className="sr-only">Earnings: date, project, amount and state</caption>
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Project</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>State</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((e) => (
            <TableRow key={e.id} className="align-top" data-testid="earning-row">
              <TableCell label="Date" className="whitespace-nowrap">
                {formatDateTime(e.earnedAt, timeZone)}
              </TableCell>
              <TableCell label="Project">
                <div>
                  {e.projectTitle}
                  {e.kind !== "session" && (
                    <span className="block text-xs text-muted-foreground">{EARNING_KIND_LABELS[e.kind] ?? e.kind}</span>
                  )}
                  {e.state === "pending_qc" && (
                    <span className="block text-xs text-muted-foreground">Quality review ends {formatDateTime(e.qcEndsAt, timeZone)}</span>
                  )}
                  {e.state === "disputed" && e.disputeReason && (
                    <span className="block text-xs text-muted-foreground">Client&apos;s reason: {e.disputeReason}</span>
                  )}
                  {e.resolutionNote && <span className="block text-xs text-muted-foreground">Resolution: {e.resolutionNote}</span>}
                </div>
              </TableCell>
              <TableCell
                label="Amount"
                className={cn("text-right tabular-nums", !countsTowardTotal(e) && "text-muted-foreground line-through")}
              >
                {formatMoney(e.amountCents)}
              </TableCell>
              <TableCell label="State">
                <Badge variant="outline" className={cn(EARNING_STATE[e.state].className)}>
                  {EARNING_STATE[e.state].label}
                </Badge>
              </TableCell>
            </TableRow>
          ))}
          {opening && (
            <TableRow className="align-top" data-testid="earning-row">
              <TableCell label="Date" className="whitespace-nowrap">
                {formatDateTime(opening.at, timeZone)}
              </TableCell>
              <TableCell label="Project">
                <div>
                  {OPENING_BALANCE_LABEL}
                  <span className="block text-xs text-muted-foreground">Earned before itemised earnings began</span>
                </div>
              </TableCell>
              <TableCell label="Amount" className="text-right tabular-nums">
                {formatMoney(opening.cents)}
              </TableCell>
              <TableCell label="State">
                <Badge variant="outline" className={cn(TONE.neutral)}>
                  Carried over
                </Badge>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
        {!paged && (
          <tfoot>
            <TableRow className="border-t-2 font-semibold hover:bg-transparent">
              <TableCell colSpan={2} className="text-left">
                Total earned
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="earnings-total">
                {formatMoney(totalCents)}
              </TableCell>
              <TableCell className="max-sm:hidden" />
            </TableRow>
          </tfoot>
        )}
      </Table>
      {children}
      {items.some((e) => !countsTowardTotal(e)) && (
        <p className="text-xs text-muted-foreground">
          Amounts returned to the client are struck through and do not count toward Total Earned.
        </p>
      )}
    </div>
  );
}
