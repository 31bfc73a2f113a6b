"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { named } from "@/components/dashboard/opportunities/named";
import { useApply } from "@/components/dashboard/opportunities/use-apply";
import { ApplyFooter, OUTSIDE_ACTIVITY_MISSING, OutsideActivityField } from "@/components/dashboard/opportunities/outside-activity-field";
import { useDistrictCheck } from "@/components/dashboard/opportunities/district-policy-check";
import type { PublicScreenerQuestion, ScreenerAnswers } from "@/lib/engagements/screener";

/**
 * Apply to an opportunity with a screener: the questions in a dialog (radios for single choice,
 * checkboxes for multiple, each question a labelled group), then the answers go with the
 * application. A disqualified application ends with the server's polite message (useApply),
 * never with which answer decided it.
 */
export function ScreenerDialog({
  opportunityId,
  title,
  pay,
  per,
  questions,
  districtCheck = false,
}: {
  /** The expert's district's research policy is not on file: they check it and attest. */
  districtCheck?: boolean;
  opportunityId: string;
  title: string;
  pay: string;
  /** The study's unit of pay: "per response", "per seat", "per session". */
  per: string;
  questions: PublicScreenerQuestion[];
}) {
  const { apply, pending } = useApply(opportunityId);
  const [open, setOpen] = useState(false);
  const [answers, setAnswers] = useState<ScreenerAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();
  const district = useDistrictCheck(districtCheck, `${uid}-district-policy`);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) return;
    setAnswers({});
    setErrors({});
    setFormError(null);
    setConfirmed(false);
    setConfirmError(null);
    district.reset();
  }

  function choose(q: PublicScreenerQuestion, optionId: string, checked: boolean) {
    setAnswers((prev) => {
      const current = prev[q.id] ?? [];
      const next =
        q.kind === "single"
          ? [optionId]
          : checked
            ? [...current.filter((c) => c !== optionId), optionId]
            : current.filter((c) => c !== optionId);
      return { ...prev, [q.id]: next };
    });
    setErrors((prev) => {
      const rest = { ...prev };
      delete rest[q.id];
      return rest;
    });
  }

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const missing = Object.fromEntries(
      questions
        .filter((q) => !answers[q.id]?.length)
        .map((q) => [q.id, q.kind === "single" ? "Please choose an answer." : "Please choose at least one answer."]),
    );
    setErrors(missing);
    setFormError(null);
    setConfirmError(confirmed ? null : OUTSIDE_ACTIVITY_MISSING);
    const first = questions.find((q) => missing[q.id]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${CSS.escape(`${uid}-${first.id}`)}"]`)?.focus();
      return;
    }
    if (!confirmed) {
      document.getElementById(`${uid}-outside-activity`)?.focus();
      return;
    }
    if (!district.ok()) return;
    const given = Object.fromEntries(questions.map((q) => [q.id, answers[q.id]]));
    const outcome = await apply(given, true, district.value);
    if (outcome.kind === "failed") setFormError(outcome.answersError);
    else setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" aria-label={named("Apply", title)}>
          Apply
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Apply to {title}</DialogTitle>
          <DialogDescription>
            Answer {questions.length === 1 ? "one short question" : `${questions.length} short questions`} to apply. The study pays{" "}
            <span data-testid="apply-pay">{pay}</span> {per}.
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Screener questions">
          {questions.map((q, i) => {
            const name = `${uid}-${q.id}`;
            const errorId = `${name}-error`;
            const chosen = answers[q.id] ?? [];
            return (
              <fieldset key={q.id} className="space-y-2" aria-describedby={errors[q.id] ? errorId : undefined}>
                <legend className="text-sm font-medium">
                  {i + 1}. {q.text}
                  {q.kind === "multiple" ? <span className="font-normal text-muted-foreground"> (choose all that apply)</span> : null}
                </legend>
                <div className="space-y-2">
                  {q.options.map((o) => (
                    <label
                      key={o.id}
                      className="flex cursor-pointer items-start gap-2 rounded-md border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                    >
                      <input
                        type={q.kind === "single" ? "radio" : "checkbox"}
                        name={name}
                        value={o.id}
                        checked={chosen.includes(o.id)}
                        onChange={(e) => choose(q, o.id, e.target.checked)}
                        className="mt-0.5 accent-primary"
                      />
                      <span className="min-w-0 break-words">{o.label}</span>
                    </label>
                  ))}
                </div>
                <FieldError id={errorId}>{errors[q.id]}</FieldError>
              </fieldset>
            );
          })}
          <OutsideActivityField
            id={`${uid}-outside-activity`}
            checked={confirmed}
            onChange={(c) => {
              setConfirmed(c);
              if (c) setConfirmError(null);
            }}
            error={confirmError}
          />
          {district.field}
          {formError ? (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          ) : null}
          <ApplyFooter pending={pending} pendingLabel="Submitting…" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
