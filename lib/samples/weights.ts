// Post-stratification weights for a closed project's completed engagements against its sample
// plan's population shares. Each weight is population share / sample share, so the weights sum
// to the number of completed engagements and a cell's weighted share equals its population share.
// When a cell the population has holds no completed engagement, no cell weight can stand in for
// it: the weights are then raked (iterative proportional fitting) to each dimension's margins.

export type WeightMethod = "post-stratification" | "raking";

export type WeightCell = {
  key: string;
  /** The cell's value on each dimension of the plan. */
  values: Readonly<Record<string, string>>;
  /** The cell's share of the population (all cells together sum to 1). */
  population: number;
};

export type Weights = { method: WeightMethod; byCell: Map<string, number>; converged: boolean };

const RAKE_ITERATIONS = 1000;
const RAKE_TOLERANCE = 1e-10;

/** `counts`: completed engagements per cell key. Cells with no count get no weight. */
export function sampleWeights(cells: readonly WeightCell[], counts: ReadonlyMap<string, number>): Weights {
  const n = [...counts.values()].reduce((a, b) => a + b, 0);
  const byCell = new Map<string, number>();
  if (n === 0) return { method: "post-stratification", byCell, converged: true };
  const uncovered = cells.some((c) => c.population > 0 && !(counts.get(c.key) ?? 0));
  if (!uncovered) {
    for (const c of cells) {
      const k = counts.get(c.key) ?? 0;
      if (k > 0) byCell.set(c.key, (c.population * n) / k);
    }
    return { method: "post-stratification", byCell, converged: true };
  }
  return rake(cells, counts, n);
}

function rake(cells: readonly WeightCell[], counts: ReadonlyMap<string, number>, n: number): Weights {
  const sampled = cells.filter((c) => (counts.get(c.key) ?? 0) > 0);
  const dimensions = Object.keys(cells[0]?.values ?? {});
  // The population's share of each value of each dimension: the margins the weights must meet.
  const margins = dimensions.map((d) => {
    const m = new Map<string, number>();
    for (const c of cells) m.set(c.values[d], (m.get(c.values[d]) ?? 0) + c.population);
    return m;
  });
  const w = new Map(sampled.map((c) => [c.key, 1]));
  let converged = false;
  for (let it = 0; it < RAKE_ITERATIONS && !converged; it++) {
    let worst = 0;
    dimensions.forEach((d, i) => {
      const have = new Map<string, number>();
      for (const c of sampled) have.set(c.values[d], (have.get(c.values[d]) ?? 0) + w.get(c.key)! * counts.get(c.key)!);
      for (const c of sampled) {
        const target = margins[i].get(c.values[d])! * n;
        const factor = target / have.get(c.values[d])!;
        worst = Math.max(worst, Math.abs(factor - 1));
        w.set(c.key, w.get(c.key)! * factor);
      }
    });
    converged = worst < RAKE_TOLERANCE;
  }
  return { method: "raking", byCell: w, converged };
}
