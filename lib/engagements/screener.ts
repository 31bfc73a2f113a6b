import { z } from "@/lib/platform/validation/zod";

// A project's screener: 1 to 6 single- or multiple-choice questions whose options qualify,
// disqualify or are neutral. Pure, so the builder in the browser and the service share it.

/** How many questions a screener has (the help center and the terms quote it). */
export const SCREENER_QUESTIONS = { min: 1, max: 6 } as const;

export const SCREENER_EFFECTS = ["qualify", "neutral", "disqualify"] as const;
export type ScreenerEffect = (typeof SCREENER_EFFECTS)[number];

const id = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, "Ids are letters, digits, - and _");

export const screenerOptionSchema = z.object({
  id,
  label: z.string().trim().min(1, "Every option needs a label").max(200, "An option is at most 200 characters"),
  effect: z.enum(SCREENER_EFFECTS, { error: "Mark each option qualify, neutral or disqualify" }),
});

export const screenerQuestionSchema = z.object({
  id,
  text: z.string().trim().min(3, "Every question needs at least 3 characters").max(300, "A question is at most 300 characters"),
  kind: z.enum(["single", "multiple"], { error: "A question is single or multiple choice" }),
  options: z.array(screenerOptionSchema).min(2, "Each question needs at least 2 options").max(8, "A question has at most 8 options"),
});

const SCREENER_SIZE_MESSAGE = `A screener has ${SCREENER_QUESTIONS.min} to ${SCREENER_QUESTIONS.max} questions`;

export const screenerQuestionsSchema = z
  .array(screenerQuestionSchema)
  .min(SCREENER_QUESTIONS.min, SCREENER_SIZE_MESSAGE)
  .max(SCREENER_QUESTIONS.max, SCREENER_SIZE_MESSAGE)
  .superRefine((qs, ctx) => {
    if (new Set(qs.map((q) => q.id)).size !== qs.length) ctx.addIssue({ code: "custom", message: "Question ids must be unique" });
    for (const q of qs) {
      if (new Set(q.options.map((o) => o.id)).size !== q.options.length)
        ctx.addIssue({ code: "custom", message: `Option ids must be unique in “${q.text}”` });
      if (q.options.every((o) => o.effect === "disqualify"))
        ctx.addIssue({ code: "custom", message: `“${q.text}” disqualifies every answer` });
    }
  });

export type ScreenerQuestion = z.infer<typeof screenerQuestionSchema>;

/** { questionId: [optionId, …] } */
export const screenerAnswersSchema = z.record(id, z.array(id).min(1).max(8));
export type ScreenerAnswers = z.infer<typeof screenerAnswersSchema>;

export type ScreenerOutcome = { ok: true; qualified: boolean } | { ok: false; message: string };

/**
 * Checks answers against the questions and decides. Every question must be answered (one
 * option for single choice). A chosen "disqualify" option disqualifies; so does a question that
 * has "qualify" options when none of them was chosen. Neutral options never decide.
 */
export function evaluateScreener(questions: ScreenerQuestion[], answers: ScreenerAnswers): ScreenerOutcome {
  let qualified = true;
  for (const q of questions) {
    const chosen = answers[q.id] ?? [];
    if (chosen.length === 0) return { ok: false, message: `Please answer “${q.text}”` };
    if (q.kind === "single" && chosen.length !== 1) return { ok: false, message: `Choose one answer for “${q.text}”` };
    const options = chosen.map((c) => q.options.find((o) => o.id === c));
    if (options.some((o) => !o)) return { ok: false, message: `That answer is not one of the choices for “${q.text}”` };
    if (new Set(chosen).size !== chosen.length) return { ok: false, message: `Choose each answer once for “${q.text}”` };
    if (options.some((o) => o!.effect === "disqualify")) qualified = false;
    if (q.options.some((o) => o.effect === "qualify") && !options.some((o) => o!.effect === "qualify")) qualified = false;
  }
  const unknown = Object.keys(answers).find((k) => !questions.some((q) => q.id === k));
  if (unknown) return { ok: false, message: "An answer does not belong to this screener" };
  return { ok: true, qualified };
}

/** The screener as an expert sees it: the effects stay on the server. */
export function publicScreener(questions: ScreenerQuestion[]) {
  return questions.map((q) => ({ id: q.id, text: q.text, kind: q.kind, options: q.options.map((o) => ({ id: o.id, label: o.label })) }));
}
export type PublicScreenerQuestion = ReturnType<typeof publicScreener>[number];
