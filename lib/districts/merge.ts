// How a file's values meet what is on file: a known value from the same or a later school year
// replaces the stored one; an unknown value, or one from an earlier year, never does. So last
// year's enrollment stays, with its year, until a file that has this year's supplies it.
import { GROUP_NAMES, type DistrictGroups, type DistrictValues, type GroupName } from "./types";

export type ValueSource = { year: string; file: string };
export type Sources = Partial<Record<GroupName, ValueSource>>;
export type StoredDistrict = { values: DistrictValues; sources: Sources };

export type Merged = { values: DistrictValues; sources: Sources; valuesChanged: boolean; sourcesChanged: boolean };

/** Key order does not count: PostgreSQL returns a JSONB object's keys in its own order. */
function stable(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value ?? null;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, stable(v)]),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(stable(a)) === JSON.stringify(stable(b));

export function mergeDistrict(stored: StoredDistrict, incoming: DistrictValues, source: ValueSource): Merged {
  const values: DistrictValues = { ...stored.values };
  const sources: Sources = { ...stored.sources };
  let valuesChanged = false;
  let sourcesChanged = false;
  for (const group of GROUP_NAMES) {
    const value = incoming[group];
    if (value === undefined || value === null) continue;
    const current = stored.sources[group];
    if (current && current.year > source.year) continue;
    if (!same(values[group], value)) {
      (values as Record<GroupName, DistrictGroups[GroupName]>)[group] = value;
      valuesChanged = true;
    }
    if (!same(current, source)) {
      sources[group] = source;
      sourcesChanged = true;
    }
  }
  return { values, sources, valuesChanged, sourcesChanged };
}
