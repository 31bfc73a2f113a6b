import { cellKey, districtValue, type CellValues, type DistrictFacts, type SampleDimension } from "./cells";

// A proportional plan: each cell's share of the national district universe, counted by district
// or by enrollment, and the whole-number targets that split the sample size by those shares.

export type UniverseDistrict = DistrictFacts & { enrollment: number | null };

/**
 * Each cell's share of the universe. A district missing a value the plan needs (or, weighting by
 * enrollment, its enrollment) is left out: it cannot be placed in any cell.
 */
export function universeShares(
  dimensions: readonly SampleDimension[],
  cells: readonly CellValues[],
  districts: readonly UniverseDistrict[],
  weighting: "district" | "enrollment",
): Map<string, number> {
  const mass = new Map(cells.map((c) => [cellKey(dimensions, c), 0]));
  let total = 0;
  for (const d of districts) {
    const weight = weighting === "district" ? 1 : (d.enrollment ?? 0);
    if (weight <= 0) continue;
    const values: CellValues = {};
    let known = true;
    for (const dim of dimensions) {
      const v = districtValue(d, dim);
      if (v === null) known = false;
      else values[dim] = v;
    }
    const key = cellKey(dimensions, values);
    if (!known || !mass.has(key)) continue;
    mass.set(key, mass.get(key)! + weight);
    total += weight;
  }
  return new Map([...mass].map(([k, m]) => [k, total > 0 ? m / total : 0]));
}

/**
 * Whole targets summing to `size` in proportion to `shares` (largest remainders: each cell gets
 * the floor of its exact quota, and the units left go to the largest fractions, ties by order).
 */
export function proportionalTargets(shares: ReadonlyMap<string, number>, size: number): Map<string, number> {
  const entries = [...shares];
  const exact = entries.map(([k, s]) => ({ k, q: s * size }));
  const out = new Map(exact.map(({ k, q }) => [k, Math.floor(q)]));
  let left = size - [...out.values()].reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => ({ ...e, i, r: e.q - Math.floor(e.q) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const e of byRemainder) {
    if (left <= 0 || e.r === 0) break;
    out.set(e.k, out.get(e.k)! + 1);
    left--;
  }
  return out;
}
