"use client";

import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldError } from "@/components/ui/field-error";
import { SCREENER_EFFECTS, type ScreenerEffect, type ScreenerQuestion } from "@/lib/engagements/screener";

// The screener part of the project form: 1 to 6 questions, each single or multiple choice with
// 2 to 8 options, each option marked Qualify / Neutral / Disqualify. Ids are generated once
// (q1, q1o1, …) and kept through edits: an answer names its option by id, so renaming an
// option's label never moves answers to another option.

export const MAX_QUESTIONS = 6;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 8;

const EFFECT_LABELS: Record<ScreenerEffect, string> = { qualify: "Qualify", neutral: "Neutral", disqualify: "Disqualify" };

/** The next free number after the highest used in ids like q3 / q3o7. */
const nextNumber = (ids: string[], pattern: RegExp) => ids.reduce((n, id) => Math.max(n, Number(pattern.exec(id)?.[1] ?? 0)), 0) + 1;

export function newQuestion(existing: ScreenerQuestion[]): ScreenerQuestion {
  const id = `q${nextNumber(
    existing.map((q) => q.id),
    /^q(\d+)$/,
  )}`;
  return {
    id,
    text: "",
    kind: "single",
    options: [
      { id: `${id}o1`, label: "", effect: "qualify" },
      { id: `${id}o2`, label: "", effect: "neutral" },
    ],
  };
}

function newOption(q: ScreenerQuestion): ScreenerQuestion["options"][number] {
  return {
    id: `${q.id}o${nextNumber(
      q.options.map((o) => o.id),
      /o(\d+)$/,
    )}`,
    label: "",
    effect: "neutral",
  };
}

type Props = {
  /** Prefix for element ids (the form's useId). */
  idBase: string;
  questions: ScreenerQuestion[];
  onChange: (questions: ScreenerQuestion[]) => void;
  /** Field errors keyed like the schema's paths: "screener.0.text", "screener.0.options.1.label", "screener". */
  errors: Record<string, string[] | undefined>;
};

export function ScreenerBuilder({ idBase, questions, onChange, errors }: Props) {
  const fieldId = (...path: (string | number)[]) => `${idBase}-screener-${path.join("-")}`;
  const err = (...path: (string | number)[]) => errors[["screener", ...path].join(".")]?.[0];
  const a11y = (...path: (string | number)[]) => {
    const message = err(...path);
    return {
      id: fieldId(...path),
      "aria-invalid": Boolean(message),
      "aria-describedby": message ? `${fieldId(...path)}-error` : undefined,
    };
  };
  const setQuestion = (i: number, q: ScreenerQuestion) => onChange(questions.map((x, j) => (j === i ? q : x)));
  const setOption = (i: number, k: number, patch: Partial<ScreenerQuestion["options"][number]>) =>
    setQuestion(i, { ...questions[i], options: questions[i].options.map((o, j) => (j === k ? { ...o, ...patch } : o)) });

  return (
    <div className="grid gap-4">
      {questions.map((q, i) => (
        <fieldset key={q.id} className="grid gap-3 rounded-md border p-3" data-testid="screener-question">
          <legend className="px-1 text-sm font-medium">Question {i + 1}</legend>
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId(i, "text")}>Question {i + 1} text</Label>
            <Input {...a11y(i, "text")} value={q.text} maxLength={300} onChange={(e) => setQuestion(i, { ...q, text: e.target.value })} />
            <FieldError id={`${fieldId(i, "text")}-error`}>{err(i, "text")}</FieldError>
          </div>
          <div className="grid gap-1.5 sm:max-w-56">
            <Label htmlFor={fieldId(i, "kind")}>Question {i + 1} answers</Label>
            <NativeSelect
              {...a11y(i, "kind")}
              value={q.kind}
              onChange={(e) => setQuestion(i, { ...q, kind: e.target.value === "multiple" ? "multiple" : "single" })}
            >
              <option value="single">Single choice</option>
              <option value="multiple">Multiple choice</option>
            </NativeSelect>
          </div>
          <ul className="grid gap-2" aria-label={`Options of question ${i + 1}`}>
            {q.options.map((o, k) => (
              <li key={o.id} className="grid gap-1">
                <div className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[1fr_9rem_auto]">
                  <div className="col-span-2 sm:col-span-1">
                    <Label htmlFor={fieldId(i, "options", k, "label")} className="sr-only">
                      Question {i + 1}, option {k + 1}
                    </Label>
                    <Input
                      {...a11y(i, "options", k, "label")}
                      placeholder={`Option ${k + 1}`}
                      value={o.label}
                      maxLength={200}
                      onChange={(e) => setOption(i, k, { label: e.target.value })}
                    />
                  </div>
                  <div>
                    <Label htmlFor={fieldId(i, "options", k, "effect")} className="sr-only">
                      Question {i + 1}, option {k + 1} effect
                    </Label>
                    <NativeSelect
                      {...a11y(i, "options", k, "effect")}
                      value={o.effect}
                      onChange={(e) => setOption(i, k, { effect: e.target.value as ScreenerEffect })}
                    >
                      {SCREENER_EFFECTS.map((effect) => (
                        <option key={effect} value={effect}>
                          {EFFECT_LABELS[effect]}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={q.options.length <= MIN_OPTIONS}
                    aria-label={`Remove option ${k + 1} of question ${i + 1}`}
                    onClick={() => setQuestion(i, { ...q, options: q.options.filter((_, j) => j !== k) })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                <FieldError id={`${fieldId(i, "options", k, "label")}-error`}>{err(i, "options", k, "label")}</FieldError>
              </li>
            ))}
          </ul>
          <FieldError id={`${fieldId(i, "options")}-error`}>{err(i, "options")}</FieldError>
          <div className="flex flex-wrap justify-between gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={q.options.length >= MAX_OPTIONS}
              onClick={() => setQuestion(i, { ...q, options: [...q.options, newOption(q)] })}
            >
              <Plus aria-hidden="true" /> Add option
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(questions.filter((_, j) => j !== i))}>
              <Trash2 aria-hidden="true" /> Remove question {i + 1}
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={questions.length >= MAX_QUESTIONS}
          onClick={() => onChange([...questions, newQuestion(questions)])}
        >
          <Plus aria-hidden="true" /> Add question
        </Button>
        <p className="mt-1 text-xs text-muted-foreground">
          Up to {MAX_QUESTIONS} questions. An applicant who picks a Disqualify option, or none of a question&apos;s Qualify options, is
          screened out politely.
        </p>
      </div>
    </div>
  );
}
