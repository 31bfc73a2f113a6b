"use client";

import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateIn, formatDay, formatMoney } from "@/lib/platform/format";
import { labelOf } from "@/lib/vocabulary/options";
import { PAYMENT_METHODS } from "@/lib/vocabulary/payments";
import { PayoutStatusBadge, type WalletPayout } from "@/components/dashboard/payout-status";

const FILTERS = [
  { value: "all", label: "All", match: () => true },
  { value: "pending", label: "Pending", match: (s: string) => s === "pending" || s === "processing" },
  { value: "paid", label: "Paid", match: (s: string) => s === "paid" || s === "completed" },
] as const;

/** The wallet page's payout history with the All / Pending / Paid filter. */
export function PayoutHistory({ payouts, timeZone }: { payouts: WalletPayout[]; timeZone: string }) {
  return (
    <Tabs defaultValue="all">
      <TabsList aria-label="Filter payouts">
        {FILTERS.map((f) => (
          <TabsTrigger key={f.value} value={f.value}>
            {f.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {FILTERS.map((f) => {
        const rows = payouts.filter((p) => f.match(p.status));
        return (
          <TabsContent key={f.value} value={f.value} className="mt-3">
            {rows.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">No payout history yet</p>
            ) : (
              <div>
                <Table stacked>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Requested</TableHead>
                      <TableHead>Amount</TableHead>
                      <TableHead>Method</TableHead>
                      <TableHead>Status</TableHead>
                      <TableHead>Estimated payout</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((p) => (
                      <TableRow key={p.id} data-testid="payout-history-row">
                        <TableCell label="Requested">{formatDateIn(p.createdAt, timeZone)}</TableCell>
                        <TableCell label="Amount" className="font-medium tabular-nums">
                          {formatMoney(p.amountCents)}
                        </TableCell>
                        <TableCell label="Method">{p.paymentMethod ? labelOf(PAYMENT_METHODS, p.paymentMethod) : "Not set"}</TableCell>
                        <TableCell label="Status">
                          <div>
                            <PayoutStatusBadge status={p.status} />
                            {p.status === "failed" && p.failureReason ? (
                              <p className="mt-1 max-w-xs text-xs text-muted-foreground" data-testid="payout-failure-reason">
                                {p.failureReason} The money is back in your Available balance.
                              </p>
                            ) : null}
                          </div>
                        </TableCell>
                        <TableCell label="Estimated payout">
                          {p.actualPayoutDate
                            ? `Paid ${formatDay(p.actualPayoutDate)}`
                            : p.status === "failed"
                              ? "—"
                              : p.estimatedPayoutDate
                                ? formatDay(p.estimatedPayoutDate)
                                : "—"}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
