"use client";

import { useId, useState } from "react";
import { Star } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { Spinner } from "@/components/ui/spinner";
import { FieldError } from "@/components/ui/field-error";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { rateClientAction, rateExpertAction } from "@/lib/experts/actions/ratings";
import { CLIENT_DIMENSIONS, EXPERT_DIMENSIONS, rateClientSchema, rateExpertSchema } from "@/lib/experts/schemas/ratings";

// One dialog for both directions: the client rates the expert (with a private note for our
// team), the expert rates the client. Each score is a native radio group in a fieldset, so the
// arrow keys move within it and screen readers announce "Preparation, 4 of 5".

const SCORES = [1, 2, 3, 4, 5] as const;
const WORDS = { 1: "Poor", 2: "Fair", 3: "Good", 4: "Very good", 5: "Excellent" } as const;

type Props = { engagementId: string; otherName: string; rater: "client" | "expert" };

export function RateDialog({ engagementId, otherName, rater }: Props) {
  const { pending, run } = useActionRunner();
  const [open, setOpen] = useState(false);
  const [scores, setScores] = useState<Record<string, number>>({});
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const base = useId();
  const dims = rater === "client" ? EXPERT_DIMENSIONS : CLIENT_DIMENSIONS;

  const submit = () => {
    const showIssues = (issues: { path: PropertyKey[]; message: string }[]) =>
      setErrors(Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message])));
    const done = (ok: boolean, result: { ok: boolean; fieldErrors?: Record<string, string[]> }) => {
      if (ok) setOpen(false);
      else if (!result.ok && result.fieldErrors)
        setErrors(Object.fromEntries(Object.entries(result.fieldErrors).map(([k, v]) => [k, v[0]])));
    };
    const success = `Thanks, your rating of ${otherName} is saved`;
    if (rater === "client") {
      const parsed = rateExpertSchema.safeParse({ engagementId, ...scores, privateNote: note });
      if (!parsed.success) return showIssues(parsed.error.issues);
      setErrors({});
      run(() => rateExpertAction(parsed.data), success, done);
    } else {
      const parsed = rateClientSchema.safeParse({ engagementId, ...scores });
      if (!parsed.success) return showIssues(parsed.error.issues);
      setErrors({});
      run(() => rateClientAction(parsed.data), success, done);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setScores({});
          setNote("");
          setErrors({});
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          className="justify-self-start"
          aria-label={`${rater === "client" ? "Rate" : "Rate the client"} ${otherName}`}
        >
          <Star aria-hidden="true" /> {rater === "client" ? "Rate" : "Rate the client"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rate {otherName}</DialogTitle>
          <DialogDescription>
            From 1 (poor) to 5 (excellent). {otherName} sees your scores once they have rated you too, or 14 days after the session. A
            rating cannot be changed.
          </DialogDescription>
        </DialogHeader>
        <form
          id={`${base}-form`}
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {dims.map((d) => {
            const errorId = `${base}-${d.key}-error`;
            return (
              <fieldset
                key={d.key}
                className="grid gap-1.5"
                aria-describedby={errors[d.key] ? errorId : undefined}
                aria-invalid={Boolean(errors[d.key])}
              >
                <legend className="mb-1 text-sm font-medium">{d.label}</legend>
                <div className="flex flex-wrap gap-2">
                  {SCORES.map((n) => (
                    <label
                      key={n}
                      className="flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                    >
                      <input
                        type="radio"
                        name={`${base}-${d.key}`}
                        value={n}
                        checked={scores[d.key] === n}
                        onChange={() => {
                          setScores((s) => ({ ...s, [d.key]: n }));
                          setErrors((e) => ({ ...e, [d.key]: undefined }));
                        }}
                        className="accent-primary"
                      />
                      {n}
                      <span className="sr-only"> of 5, {WORDS[n]}</span>
                    </label>
                  ))}
                </div>
                <FieldError id={errorId}>{errors[d.key]}</FieldError>
              </fieldset>
            );
          })}
          {rater === "client" && (
            <div className="grid gap-1.5">
              <Label htmlFor={`${base}-note`}>Private note (optional; only our team reads it, never the expert)</Label>
              <Textarea
                id={`${base}-note`}
                value={note}
                maxLength={1000}
                aria-invalid={Boolean(errors.privateNote)}
                aria-describedby={errors.privateNote ? `${base}-note-error` : undefined}
                onChange={(e) => setNote(e.target.value)}
              />
              <FieldError id={`${base}-note-error`}>{errors.privateNote}</FieldError>
            </div>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Not now
          </Button>
          <Button type="submit" form={`${base}-form`} disabled={pending}>
            {pending && <Spinner />} Save rating
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
