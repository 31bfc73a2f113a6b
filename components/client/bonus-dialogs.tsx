"use client";

import { useId, useRef, useState } from "react";
import { Gift } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { payBonusAction, payBonusesCsvAction } from "@/lib/engagements/actions/bonuses";
import { BONUS_MAX_LINES, bonusCsvSchema, bonusSchema } from "@/lib/engagements/schemas/bonuses";
import { useActionRunner } from "@/components/ui/use-action-runner";

// Bonuses from the pipeline: one expert from their card, or a list for many. Each dialog makes
// its batch key when it opens (never per click), so sending twice (a double click, a retry)
// pays once, and a send already on its way is not sent again. A list is checked line by line
// before anything moves; every problem is listed under the field.

/** A dialog that starts afresh each time it opens, with a new batch key and its fields reset. */
function useBatchDialog(reset: () => void) {
  const [open, setOpen] = useState(false);
  const [batchKey, setBatchKey] = useState("");
  // Set on the first send and cleared when its answer arrives: a second click before the
  // pending state shows sends nothing (the server would answer it as a replay anyway).
  const sending = useRef(false);
  const onOpenChange = (next: boolean) => {
    if (next) {
      setBatchKey(crypto.randomUUID());
      reset();
    }
    setOpen(next);
  };
  /** Runs `send` unless a send of this dialog is already on its way. */
  const once = (send: (done: () => void) => void) => {
    if (sending.current) return;
    sending.current = true;
    send(() => {
      sending.current = false;
    });
  };
  return { open, setOpen, batchKey, onOpenChange, once };
}

/** The toast after a batch: paid, waiting for a billing member, or both. */
const paidWords = (r: { paid: number; awaitingApproval: number }, one: boolean) =>
  r.awaitingApproval === 0
    ? one
      ? "Bonus paid"
      : "Bonuses paid"
    : r.paid === 0
      ? one
        ? "Bonus sent for approval"
        : "Bonuses sent for approval"
      : `${r.paid} paid, ${r.awaitingApproval} sent for approval`;

export function BonusDialog({ engagementId, expertName }: { engagementId: string; expertName: string }) {
  const { pending, run } = useActionRunner();
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { open, setOpen, batchKey, onOpenChange, once } = useBatchDialog(() => {
    setAmount("");
    setNote("");
    setError(null);
  });
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" className="justify-self-start" aria-label={`Pay ${expertName} a bonus`}>
          <Gift aria-hidden="true" /> Bonus
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = bonusSchema.safeParse({ batchKey, engagementId, amount, note: note || null });
            if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Enter an amount");
            once((done) =>
              run(
                () => payBonusAction({ batchKey, engagementId, amount, note: note || null }),
                (r) => paidWords(r, true),
                (ok, result) => {
                  done();
                  if (ok) setOpen(false);
                  else if (!result.ok) setError(result.message);
                },
                ["amount", "items"],
              ),
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>Pay {expertName} a bonus</DialogTitle>
            <DialogDescription>
              Like any earning it is in Pending QC for the review window, then available to them. It is reserved from your project&apos;s
              budget and your organization&apos;s funds now; a bonus taking this expert past your organization&apos;s approval threshold
              waits for a billing member to approve it.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-amount`}>Amount ($)</Label>
            <Input
              id={`${id}-amount`}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              inputMode="decimal"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-amount-error` : undefined}
            />
            <FieldError id={`${id}-amount-error`}>{error}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Note to the expert (optional)</Label>
            <Textarea id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending && <Spinner />} Pay bonus
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function BonusCsvDialog() {
  const { pending, run } = useActionRunner();
  const [csv, setCsv] = useState("");
  const [problems, setProblems] = useState<string[]>([]);
  const { open, setOpen, batchKey, onOpenChange, once } = useBatchDialog(() => {
    setCsv("");
    setProblems([]);
  });
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Gift aria-hidden="true" /> Pay bonuses
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = bonusCsvSchema.safeParse({ batchKey, csv });
            if (!parsed.success) return setProblems(parsed.error.issues.map((i) => i.message));
            once((done) =>
              run(
                () => payBonusesCsvAction({ batchKey, csv }),
                (r) => paidWords(r, false),
                (ok, result) => {
                  done();
                  if (ok) setOpen(false);
                  else if (!result.ok) setProblems(result.fieldErrors?.items ?? result.fieldErrors?.csv ?? [result.message]);
                },
                ["csv", "items"],
              ),
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>Pay bonuses</DialogTitle>
            <DialogDescription>
              One line per expert: the engagement id (each card of an expert who took part shows it), or on a survey the participant id your
              survey tool received, and the amount in dollars. Up to {BONUS_MAX_LINES} lines. Nothing is paid unless every line is right.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-csv`}>Engagement id, amount</Label>
            <Textarea
              id={`${id}-csv`}
              value={csv}
              onChange={(e) => setCsv(e.target.value)}
              rows={6}
              className="font-mono text-xs"
              placeholder={"engagement_id,amount\n3f2c…,5.00"}
              aria-invalid={problems.length ? true : undefined}
              aria-describedby={problems.length ? `${id}-csv-error` : undefined}
            />
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-label="Or choose a CSV file"
              className="text-sm"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (file) setCsv(await file.text());
              }}
            />
            {problems.length > 0 && (
              <ul id={`${id}-csv-error`} className="grid gap-0.5 text-sm text-destructive" role="alert">
                {problems.slice(0, 20).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending && <Spinner />} Pay bonuses
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
