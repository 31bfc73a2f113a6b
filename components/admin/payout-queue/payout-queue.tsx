"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useReauth } from "@/components/settings/reauth-dialog";
import { downloadCsv } from "@/components/admin/csv-download";
import { PayoutActions } from "@/components/admin/payout-queue/payout-parts";
import { PayoutCards, PayoutTable } from "@/components/admin/payout-queue/payout-lists";
import { ReexportDialog, SettleDialog, type Dialogs } from "@/components/admin/payout-queue/settle-dialogs";
import { sendPayoutViaTremendousAction } from "@/lib/money/actions/admin-payouts";
import type { PayoutQueueItem } from "@/lib/money/payouts";

/**
 * The payout desk: select payouts for a batch file, then settle each one (paid with a reference,
 * failed with a reason). Only payouts never exported can be selected: one already in a batch
 * leaves again only through "Re-export", with a reason. The soonest due come first.
 */
export function PayoutQueue({ payouts, tremendous, zone }: { payouts: PayoutQueueItem[]; tremendous: boolean; zone: string }) {
  const router = useRouter();
  const { withReauth, dialog: reauthDialog } = useReauth();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [exporting, setExporting] = useState(false);
  const [sending, startSending] = useTransition();
  const [sendingId, setSendingId] = useState<string | null>(null);
  const selectAllId = useId();
  // Rows settled or exported since the last refresh drop out of the selection.
  const exportable = payouts.filter((p) => p.exportable);
  const live = new Set(exportable.map((p) => p.id));
  const chosen = [...selected].filter((id) => live.has(id));
  const allChosen = chosen.length === exportable.length && exportable.length > 0;
  const allState = allChosen ? true : chosen.length ? ("indeterminate" as const) : false;
  const selectAll = (v: boolean | "indeterminate") => setSelected(v === true ? new Set(exportable.map((p) => p.id)) : new Set());

  function toggle(id: string, on: boolean) {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function exportBatch() {
    setExporting(true);
    try {
      const res = await withReauth(() => downloadCsv("/api/admin/payouts/export", { payoutIds: chosen }, "payouts.csv"));
      if (!res.ok) {
        toast.error("Export failed", { description: res.message });
        return;
      }
      toast.success("Batch exported", {
        description: `${chosen.length} ${chosen.length === 1 ? "payout" : "payouts"} in ${res.data.filename}; they are now Processing.`,
      });
      setSelected(new Set());
      router.refresh();
    } finally {
      setExporting(false);
    }
  }

  function sendViaTremendous(p: PayoutQueueItem) {
    setSendingId(p.id);
    startSending(async () => {
      const res = await sendPayoutViaTremendousAction({ payoutId: p.id });
      setSendingId(null);
      if (!res.ok) {
        toast.error("Could not send the payout", { description: res.message });
        return;
      }
      const title = res.data.status === "paid" ? "Payout sent" : res.data.status === "failed" ? "Payout failed" : "Payout processing";
      (res.data.status === "failed" ? toast.error : toast.success)(title, { description: res.data.message });
      router.refresh();
    });
  }

  const actions = (p: PayoutQueueItem, className?: string) => (
    <PayoutActions
      p={p}
      tremendous={tremendous}
      sending={sending}
      sendingId={sendingId}
      onDialog={(kind) => setDialog({ kind, payout: p })}
      onSend={() => sendViaTremendous(p)}
      className={className}
    />
  );

  if (payouts.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center" data-testid="payout-queue-empty">
        <p className="font-medium">No payouts waiting</p>
        <p className="mt-1 text-sm text-muted-foreground">
          When an expert cashes out, the payout appears here until it is marked paid or failed.
        </p>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={exportBatch} disabled={chosen.length === 0 || exporting} aria-busy={exporting}>
          {exporting ? <Spinner label="Exporting…" /> : null}
          Export batch{chosen.length ? ` (${chosen.length})` : ""}
        </Button>
        <div className="flex items-center gap-2 sm:hidden">
          <Checkbox id={`${selectAllId}-all`} checked={allState} onCheckedChange={selectAll} />
          <Label htmlFor={`${selectAllId}-all`}>Select all</Label>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {chosen.length
            ? `${chosen.length} of ${exportable.length} selected.`
            : exportable.length
              ? "Select payouts to export them as one CSV with full payment details. Each payout is exported once."
              : "Every payout here has been exported; use Re-export, with a reason, to send one again."}
        </p>
      </div>
      <PayoutCards payouts={payouts} zone={zone} selected={selected} toggle={toggle} actions={actions} />
      <PayoutTable
        payouts={payouts}
        zone={zone}
        selected={selected}
        toggle={toggle}
        actions={actions}
        allState={allState}
        selectAll={selectAll}
      />
      {reauthDialog}
      <ReexportDialog
        key={dialog?.kind === "reexport" ? `reexport:${dialog.payout.id}` : "reexport-closed"}
        payout={dialog?.kind === "reexport" ? dialog.payout : null}
        withReauth={withReauth}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          router.refresh();
        }}
      />
      <SettleDialog
        key={dialog ? `${dialog.kind}:${dialog.payout.id}` : "closed"}
        dialog={dialog?.kind === "reexport" ? null : dialog}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          router.refresh();
        }}
      />
    </div>
  );
}
