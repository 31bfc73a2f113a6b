"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { PayoutStatusBadge } from "@/components/dashboard/payout-status";
import { Badge } from "@/components/ui/badge";
import { useReauth } from "@/components/settings/reauth-dialog";
import { downloadCsv } from "@/components/admin/csv-download";
import { markPayoutFailedAction, markPayoutPaidAction, sendPayoutViaTremendousAction } from "@/lib/money/actions/admin-payouts";
import { formatDateIn, formatDateTime, formatDay, formatMoney } from "@/lib/platform/format";
import { cn } from "@/lib/platform/utils";
import { labelOf } from "@/lib/vocabulary/options";
import { PAYMENT_METHODS } from "@/lib/vocabulary/payments";
import {
  exportPayoutsSchema,
  markPayoutFailedSchema,
  markPayoutPaidSchema,
  PAYOUT_REASON_MAX,
  PAYOUT_REFERENCE_MAX,
} from "@/lib/money/schemas/payouts";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import type { PayoutQueueItem } from "@/lib/money/payouts";

type Dialogs = { kind: "paid" | "failed" | "reexport"; payout: PayoutQueueItem } | null;

const label = (p: PayoutQueueItem) => `${formatMoney(p.amountCents)} to ${p.expert.name}`;

/** "Due Dec 3, 2026", with "Overdue" beside it once the date has passed. */
function DueDate({ p }: { p: PayoutQueueItem }) {
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
function ExportHistory({ p, zone }: { p: PayoutQueueItem; zone: string }) {
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

  function actions(p: PayoutQueueItem, className?: string) {
    const isSending = sending && sendingId === p.id;
    return (
      <div className={cn("flex flex-wrap gap-2", className)}>
        <Button size="sm" type="button" onClick={() => setDialog({ kind: "paid", payout: p })} aria-label={`Mark paid: ${label(p)}`}>
          Mark paid
        </Button>
        <Button
          size="sm"
          type="button"
          variant="outline"
          onClick={() => setDialog({ kind: "failed", payout: p })}
          aria-label={`Mark failed: ${label(p)}`}
        >
          Mark failed
        </Button>
        {p.reexportable ? (
          <Button
            size="sm"
            type="button"
            variant="ghost"
            onClick={() => setDialog({ kind: "reexport", payout: p })}
            aria-label={`Re-export: ${label(p)}`}
          >
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
            onConfirm={() => sendViaTremendous(p)}
          />
        ) : null}
      </div>
    );
  }

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
      {/* Below 640 px each payout is a card (a wide table would hide its buttons off screen). */}
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
                <TableCell className="whitespace-nowrap">
                  {p.paymentMethod ? labelOf(PAYMENT_METHODS, p.paymentMethod) : "Not set"}
                </TableCell>
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

/** "Mark paid" asks for the reference; "Mark failed" asks for the reason and says what happens to the money. */
function SettleDialog({ dialog, onClose, onDone }: { dialog: Dialogs; onClose: () => void; onDone: () => void }) {
  const base = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const paid = dialog?.kind === "paid";
  const field = paid ? "reference" : "reason";
  const inputId = `${base}-${field}`;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!dialog) return;
    const payoutId = dialog.payout.id;
    const parsed = paid
      ? markPayoutPaidSchema.safeParse({ payoutId, reference: value })
      : markPayoutFailedSchema.safeParse({ payoutId, reason: value });
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed.error)[field]?.[0] ?? parsed.error.issues[0].message);
      return;
    }
    setError(null);
    startSaving(async () => {
      const res = paid
        ? await markPayoutPaidAction({ payoutId, reference: value })
        : await markPayoutFailedAction({ payoutId, reason: value });
      if (!res.ok) {
        setError(res.fieldErrors?.[field]?.[0] ?? res.message);
        return;
      }
      const who = label(dialog.payout);
      if (!res.data.changed) toast.info("Already settled", { description: `${who} was already ${res.data.status}.` });
      else if (paid) toast.success("Payout marked paid", { description: `${who}. The expert has been e-mailed.` });
      else
        toast.success("Payout marked failed", {
          description: `${who} is back in the expert's Available balance. The expert has been e-mailed.`,
        });
      onDone();
    });
  }

  return (
    <Dialog open={Boolean(dialog)} onOpenChange={(open) => (!open && !saving ? onClose() : undefined)}>
      <DialogContent>
        {dialog ? (
          <form noValidate onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{paid ? "Mark payout paid" : "Mark payout failed"}</DialogTitle>
              <DialogDescription>
                {paid
                  ? `${label(dialog.payout)}. Record the bank, PayPal or provider reference of the payment; the expert is e-mailed that it was sent.`
                  : `${label(dialog.payout)}. The money goes back to the expert's Available balance and the expert is e-mailed this reason. This cannot be undone.`}
              </DialogDescription>
            </DialogHeader>
            <DialogField
              id={inputId}
              label={paid ? "Payment reference" : "Reason shown to the expert"}
              hint={paid ? "e.g. the ACH trace number or PayPal transaction id." : "e.g. “The bank returned the transfer: account closed.”"}
              multiline={!paid}
              maxLength={paid ? PAYOUT_REFERENCE_MAX : PAYOUT_REASON_MAX}
              value={value}
              onChange={setValue}
              error={error}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" variant={paid ? "default" : "destructive"} disabled={saving} aria-busy={saving}>
                {saving ? <Spinner label="Saving…" /> : null}
                {paid ? "Mark paid" : "Mark failed"}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Re-export: the payout's full details leave again, so the admin says why. The reason goes into
 * the audit, the payout's history and the file, which flags the row as a re-export.
 */
function ReexportDialog({
  payout,
  withReauth,
  onClose,
  onDone,
}: {
  payout: PayoutQueueItem | null;
  withReauth: ReturnType<typeof useReauth>["withReauth"];
  onClose: () => void;
  onDone: () => void;
}) {
  const base = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = `${base}-reason`;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!payout) return;
    const input = { payoutIds: [payout.id], reexportReason: reason };
    const parsed = exportPayoutsSchema.safeParse(input);
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed.error).reexportReason?.[0] ?? parsed.error.issues[0].message);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const res = await withReauth(() => downloadCsv("/api/admin/payouts/export", parsed.data, "payouts-reexport.csv"));
      if (!res.ok) {
        setError(res.message);
        return;
      }
      toast.success("Payout re-exported", {
        description: `${label(payout)} in ${res.data.filename}, flagged as a re-export. The reason is on its history.`,
      });
      onDone();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={Boolean(payout)} onOpenChange={(open) => (!open && !saving ? onClose() : undefined)}>
      <DialogContent>
        {payout ? (
          <form noValidate onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Re-export this payout?</DialogTitle>
              <DialogDescription>
                {`${label(payout)} was already exported. Its full payment details leave again only with a reason: it is recorded with your name, shown on the payout's history and flagged in the file. Make sure it has not been paid from the first file.`}
              </DialogDescription>
            </DialogHeader>
            <DialogField
              id={inputId}
              label="Reason for the re-export"
              hint="e.g. “The bank rejected the first file: wrong format.”"
              multiline
              maxLength={PAYOUT_REASON_MAX}
              value={reason}
              onChange={setReason}
              error={error}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving} aria-busy={saving}>
                {saving ? <Spinner label="Exporting…" /> : null}
                Re-export
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** A payout dialog's one field: its label, an example under it and its error, both tied to the field for screen readers. */
function DialogField(props: {
  id: string;
  label: string;
  hint: string;
  multiline?: boolean;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const errorId = `${props.id}-error`;
  const hintId = `${props.id}-hint`;
  const field = {
    id: props.id,
    value: props.value,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => props.onChange(e.target.value),
    maxLength: props.maxLength,
    autoFocus: true,
    "aria-invalid": Boolean(props.error),
    "aria-describedby": props.error ? `${errorId} ${hintId}` : hintId,
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.multiline ? <Textarea {...field} rows={3} /> : <Input {...field} autoComplete="off" />}
      <p id={hintId} className="text-xs text-muted-foreground">
        {props.hint}
      </p>
      <FieldError id={errorId}>{props.error}</FieldError>
    </div>
  );
}
