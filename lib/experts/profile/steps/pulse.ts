import { z } from "@/lib/platform/validation/zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { defineStep } from "@/lib/experts/profile/step";
import { optionalText, uniqueChoices } from "@/lib/experts/profile/rules";
import { IMPROVEMENT_AREAS, PULSE_AREAS, type PulseArea } from "@/lib/vocabulary/research";

export const PULSE_DEFAULT = 5;
export const MAX_IMPROVEMENT_AREAS = 3;
const DEFAULT_SCORES = Object.fromEntries(PULSE_AREAS.map((a) => [a.value, PULSE_DEFAULT])) as Record<PulseArea, number>;

const score = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be between 1 and 10`)
    .max(10, `${label} must be between 1 and 10`);
export const pulseScoresSchema = z.object(
  Object.fromEntries(PULSE_AREAS.map((a) => [a.value, score(a.label).default(PULSE_DEFAULT)])) as Record<
    PulseArea,
    z.ZodDefault<ReturnType<typeof score>>
  >,
);

/** round(average of the five self-ratings × 10), 10-100: stored beside the scores for the client filter. */
export function pulseScoreOf(scores: Record<PulseArea, number>): number {
  const values = PULSE_AREAS.map((a) => scores[a.value]);
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10);
}

const improvementAreas = uniqueChoices(IMPROVEMENT_AREAS, "improvement area")
  .max(MAX_IMPROVEMENT_AREAS, `Choose at most ${MAX_IMPROVEMENT_AREAS} improvement areas`)
  .default([]);

/** Step 6: the pulse self-rating. */
export const pulse = defineStep({
  title: "Pulse Check",
  schema: z.object({
    pulseScores: pulseScoresSchema.default(DEFAULT_SCORES),
    improvementAreas,
    additionalNotes: optionalText("Additional notes", 2000),
  }),
  defaults: { pulseScores: DEFAULT_SCORES, improvementAreas: [], additionalNotes: null },
  fromRow: (row) => ({
    // Written only through pulseScoresSchema, so the stored JSON has its shape.
    pulseScores: (row.pulseScores as Record<PulseArea, number> | null) ?? DEFAULT_SCORES,
    improvementAreas: row.improvementAreas as z.output<typeof improvementAreas>,
    additionalNotes: row.additionalNotes,
  }),
  toColumns: ({ pulseScores, ...v }) => ({
    ...v,
    ...(pulseScores ? { pulseScores: pulseScores as Prisma.InputJsonValue, pulseScore: pulseScoreOf(pulseScores) } : {}),
  }),
});
