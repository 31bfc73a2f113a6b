"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime, formatDay, formatMoney } from "@/lib/platform/format";
import { cn } from "@/lib/platform/utils";
import type { PayoutQueueItem } from "@/lib/money/payouts";

/** "$120.00 to Ada Lovelace": how a payout is named in buttons and dialogs. */
export const label = (p: PayoutQueueItem) => `${formatMoney(p.amountCents)} to ${p.expert.name}`;

/** "Due Dec 3, 2026", with "Overdue" beside it once the date has passed. */
export function DueDate({ p }: { p: PayoutQueueItem }) {
  if (!p.dueDate) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className={cn("whitespace-nowrap", p.overdue && "font-semibold text-destructive")}>{formatDay(p.dueDate)}</span>
      {p.overdue ? (
        <Badge variant="destructive" data-testid="payout-overdue">
          Overdue
        </Badge>
      ) : null}
    </span>
  );
}

/** The payout's exports, oldest first: who exported it and when; a re-export with its reason. */
export function ExportHistory({ p, zone }: { p: PayoutQueueItem; zone: string }) {
  if (!p.history.length) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-muted-foreground" aria-label={`Export history: ${label(p)}`} data-testid="payout-history">
      {p.history.map((h) => (
        <li key={h.exportId}>
          {h.reexportReason ? (
            <>
              <span className="font-semibold text-foreground">Re-exported</span> {formatDateTime(h.at, zone)} by {h.adminName}: “
              {h.reexportReason}”
            </>
          ) : (
            <>
              Exported {formatDateTime(h.at, zone)} by {h.adminName}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export type PayoutActionsProps = {
  p: PayoutQueueItem;
  /** Whether Tremendous is configured: then an unpaid payout offers Send via Tremendous. */
  tremendous: boolean;
  /** A Tremendous send is under way (every send button waits), and for which payout. */
  sending: boolean;
  sendingId: string | null;
  onDialog: (kind: "paid" | "failed" | "reexport") => void;
  onSend: () => void;
  className?: string;
};

/** One payout's buttons: Mark paid, Mark failed, Re-export and Send via Tremendous. */
export function PayoutActions({ p, tremendous, sending, sendingId, onDialog, onSend, className }: PayoutActionsProps) {
  const isSending = sending && sendingId === p.id;
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Button size="sm" type="button" onClick={() => onDialog("paid")} aria-label={`Mark paid: ${label(p)}`}>
        Mark paid
      </Button>
      <Button size="sm" type="button" variant="outline" onClick={() => onDialog("failed")} aria-label={`Mark failed: ${label(p)}`}>
        Mark failed
      </Button>
      {p.reexportable ? (
        <Button size="sm" type="button" variant="ghost" onClick={() => onDialog("reexport")} aria-label={`Re-export: ${label(p)}`}>
          Re-export
        </Button>
      ) : null}
      {tremendous && (p.status === "pending" || (p.provider !== "manual" && !p.reference)) ? (
        <ConfirmDialog
          trigger={
            <Button
              size="sm"
              type="button"
              variant="secondary"
              disabled={sending}
              aria-busy={isSending}
              aria-label={`Send via Tremendous: ${label(p)}`}
            >
              {isSending ? <Spinner label="Sending…" /> : null}
              Send via Tremendous
            </Button>
          }
          title="Send this payout via Tremendous?"
          description={`${label(p)}. Tremendous pays the expert at once; this cannot be undone from here.`}
          confirmLabel="Send payout"
          onConfirm={onSend}
        />
      ) : null}
    </div>
  );
}
