"use client";

import { useId, useState, useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import type { useReauth } from "@/components/settings/reauth-dialog";
import { downloadCsv } from "@/components/admin/csv-download";
import { label } from "@/components/admin/payout-queue/payout-parts";
import { markPayoutFailedAction, markPayoutPaidAction } from "@/lib/money/actions/admin-payouts";
import {
  exportPayoutsSchema,
  markPayoutFailedSchema,
  markPayoutPaidSchema,
  PAYOUT_REASON_MAX,
  PAYOUT_REFERENCE_MAX,
} from "@/lib/money/schemas/payouts";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import type { PayoutQueueItem } from "@/lib/money/payouts";

/** The settle dialog open on one payout, or none. */
export type Dialogs = { kind: "paid" | "failed" | "reexport"; payout: PayoutQueueItem } | null;

/** "Mark paid" asks for the reference; "Mark failed" asks for the reason and says what happens to the money. */
export function SettleDialog({ dialog, onClose, onDone }: { dialog: Dialogs; onClose: () => void; onDone: () => void }) {
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
export function ReexportDialog({
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
