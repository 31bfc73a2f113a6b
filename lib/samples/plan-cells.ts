import { z } from "@/lib/platform/validation/zod";
import { SAMPLE_DIMENSIONS } from "./cells";

// A stored plan's cells as the database holds them (JSON), read back through one schema.

export const storedCellSchema = z.object({
  key: z.string(),
  values: z.record(z.string(), z.string()),
  target: z.number().int().min(0),
  /** The cell's share of the population the weights are taken against. */
  population: z.number().min(0).max(1),
});
export type StoredCell = z.infer<typeof storedCellSchema>;

export const storedDimensionsSchema = z.array(z.enum(SAMPLE_DIMENSIONS)).min(1).max(3);

export function readStoredPlan(raw: { dimensions: string[]; cells: unknown }) {
  const dimensions = storedDimensionsSchema.parse(raw.dimensions);
  const cells = z.array(storedCellSchema).parse(raw.cells);
  return { dimensions, cells };
}
