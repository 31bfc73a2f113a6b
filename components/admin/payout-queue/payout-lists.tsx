"use client";

import type { ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { PayoutStatusBadge } from "@/components/dashboard/payout-status";
import { DueDate, ExportHistory, label } from "@/components/admin/payout-queue/payout-parts";
import { formatDateIn, formatMoney } from "@/lib/platform/format";
import { cn } from "@/lib/platform/utils";
import { labelOf } from "@/lib/vocabulary/options";
import { PAYMENT_METHODS } from "@/lib/vocabulary/payments";
import type { PayoutQueueItem } from "@/lib/money/payouts";

export type PayoutListProps = {
  payouts: PayoutQueueItem[];
  zone: string;
  selected: Set<string>;
  toggle: (id: string, on: boolean) => void;
  /** The payout's buttons (PayoutActions), with the classes of where they sit. */
  actions: (p: PayoutQueueItem, className?: string) => ReactNode;
};

/** Below 640 px each payout is a card (a wide table would hide its buttons off screen). */
export function PayoutCards({ payouts, zone, selected, toggle, actions }: PayoutListProps) {
  return (
    <ul className="space-y-3 sm:hidden" aria-label="Payouts waiting">
      {payouts.map((p) => (
        <li key={p.id} className="space-y-2 rounded-lg border p-3" data-testid="payout-queue-card">
          <div className="flex items-start gap-3">
            <Checkbox
              className="mt-0.5"
              aria-label={p.exportable ? `Select ${label(p)}` : `Already exported: ${label(p)}`}
              disabled={!p.exportable}
              checked={selected.has(p.id)}
              onCheckedChange={(v) => toggle(p.id, v === true)}
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">{p.expert.name}</span>
                <span className="font-semibold">{formatMoney(p.amountCents)}</span>
              </div>
              <div className="break-all text-xs text-muted-foreground">{p.expert.email}</div>
              <div className="mt-1 text-sm">
                {p.paymentMethod ? labelOf(PAYMENT_METHODS, p.paymentMethod) : "Not set"} ·{" "}
                <span className="font-mono text-xs">{p.details}</span>
              </div>
              <div className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
                <PayoutStatusBadge status={p.status} /> Requested {formatDateIn(p.createdAt, zone)}
              </div>
              <div className="mt-1 text-sm">
                Due <DueDate p={p} />
              </div>
              <ExportHistory p={p} zone={zone} />
            </div>
          </div>
          {actions(p)}
        </li>
      ))}
    </ul>
  );
}

/** From 640 px: one row per payout, the soonest due first. */
export function PayoutTable({
  payouts,
  zone,
  selected,
  toggle,
  actions,
  allState,
  selectAll,
}: PayoutListProps & {
  allState: boolean | "indeterminate";
  selectAll: (v: boolean | "indeterminate") => void;
}) {
  return (
    <Table containerClassName="hidden sm:block">
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">
            <Checkbox aria-label="Select all payouts" checked={allState} onCheckedChange={selectAll} />
          </TableHead>
          <TableHead aria-sort="ascending">Due</TableHead>
          <TableHead>Requested</TableHead>
          <TableHead>Expert</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead>Method</TableHead>
          <TableHead>Details</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {payouts.map((p) => {
          return (
            <TableRow
              key={p.id}
              data-testid="payout-queue-row"
              data-overdue={p.overdue ? "true" : undefined}
              className={cn(p.overdue && "bg-destructive/5")}
              data-state={selected.has(p.id) ? "selected" : undefined}
            >
              <TableCell>
                <Checkbox
                  aria-label={p.exportable ? `Select ${label(p)}` : `Already exported: ${label(p)}`}
                  disabled={!p.exportable}
                  checked={selected.has(p.id)}
                  onCheckedChange={(v) => toggle(p.id, v === true)}
                />
              </TableCell>
              <TableCell>
                <DueDate p={p} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDateIn(p.createdAt, zone)}</TableCell>
              <TableCell>
                <div className="font-medium">{p.expert.name}</div>
                <div className="text-xs text-muted-foreground break-all">{p.expert.email}</div>
              </TableCell>
              <TableCell className="whitespace-nowrap font-medium">{formatMoney(p.amountCents)}</TableCell>
              <TableCell className="whitespace-nowrap">{p.paymentMethod ? labelOf(PAYMENT_METHODS, p.paymentMethod) : "Not set"}</TableCell>
              <TableCell className="whitespace-nowrap font-mono text-xs">{p.details}</TableCell>
              <TableCell>
                <PayoutStatusBadge status={p.status} />
                {p.provider !== "manual" ? (
                  <div className="mt-1 text-xs text-muted-foreground">
                    via {p.provider}
                    {p.reference ? ` · ${p.reference}` : ""}
                  </div>
                ) : null}
                <ExportHistory p={p} zone={zone} />
              </TableCell>
              <TableCell>{actions(p, "justify-end")}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
