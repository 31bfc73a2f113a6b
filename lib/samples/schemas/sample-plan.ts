import { z } from "@/lib/platform/validation/zod";
import {
  allCells,
  cellCount,
  cellKey,
  DIMENSION_LABELS,
  DISTRICT_DIMENSIONS,
  MAX_CELLS,
  MAX_DIMENSIONS,
  SAMPLE_DIMENSIONS,
} from "@/lib/samples/cells";

// A sample plan as the client sends it: target counts per cell, or proportional to the district
// universe with a total size. One schema for the form and the server.

/** The largest sample one plan (or one cell) may ask for. */
export const MAX_SAMPLE_SIZE = 10_000;

const dimensionsSchema = z
  .array(z.enum(SAMPLE_DIMENSIONS, { error: "Choose dimensions from the list." }))
  .min(1, "Choose at least one dimension.")
  .max(MAX_DIMENSIONS, `Choose at most ${MAX_DIMENSIONS} dimensions.`)
  .refine((d) => new Set(d).size === d.length, "Choose each dimension once.")
  .refine((d) => cellCount(d) <= MAX_CELLS, `Those dimensions make more than ${MAX_CELLS} cells: choose fewer or smaller ones.`);

const targetSchema = z.coerce
  .number({ error: "Each target must be a whole number." })
  .int("Each target must be a whole number.")
  .min(0, "A target cannot be negative.")
  .max(MAX_SAMPLE_SIZE, `A target can be at most ${MAX_SAMPLE_SIZE}.`);

export const samplePlanSchema = z.discriminatedUnion(
  "mode",
  [
    z
      .object({
        mode: z.literal("targets"),
        dimensions: dimensionsSchema,
        /** Target per cell key; a cell left out wants nobody. */
        targets: z.record(z.string(), targetSchema),
      })
      .superRefine((v, ctx) => {
        const keys = new Set(allCells(v.dimensions).map((c) => cellKey(v.dimensions, c)));
        if (Object.keys(v.targets).some((k) => !keys.has(k)))
          ctx.addIssue({ code: "custom", path: ["targets"], message: "A target names a cell these dimensions do not have." });
        const total = Object.values(v.targets).reduce((a, b) => a + b, 0);
        if (total < 1) ctx.addIssue({ code: "custom", path: ["targets"], message: "Give at least one cell a target above zero." });
        if (total > MAX_SAMPLE_SIZE)
          ctx.addIssue({ code: "custom", path: ["targets"], message: `The targets add up to more than ${MAX_SAMPLE_SIZE}.` });
      }),
    z.object({
      mode: z.literal("proportional"),
      dimensions: dimensionsSchema.refine(
        (d) => d.every((x) => DISTRICT_DIMENSIONS.includes(x)),
        `A proportional plan uses what the district directory knows: ${DISTRICT_DIMENSIONS.map((d) => DIMENSION_LABELS[d]).join(", ")}.`,
      ),
      weighting: z.enum(["district", "enrollment"], { error: "Choose to weight by district or by enrollment." }),
      totalSize: z.coerce
        .number({ error: "The sample size must be a whole number." })
        .int("The sample size must be a whole number.")
        .min(1, "The sample size must be at least 1.")
        .max(MAX_SAMPLE_SIZE, `The sample size can be at most ${MAX_SAMPLE_SIZE}.`),
    }),
  ],
  { error: "Choose target counts or proportional to the district universe." },
);
export type SamplePlanInput = z.infer<typeof samplePlanSchema>;
