// Every option list of the product is a list of { value, label }: the value is what is stored
// and sent, the label what a person reads. These helpers read any of them.

export type Option<V extends string = string> = { readonly value: V; readonly label: string };

/** A list written as { value: label, … } (in that order), as [{ value, label }, …]. */
export const options = <const R extends Record<string, string>>(labels: R) =>
  Object.entries(labels).map(([value, label]) => ({ value, label })) as {
    [K in keyof R & string]: { readonly value: K; readonly label: R[K] };
  }[keyof R & string][];

/** The values of a list, typed for z.enum (a non-empty tuple). */
export const valuesOf = <V extends string>(options: readonly Option<V>[]) => options.map((o) => o.value) as [V, ...V[]];

/** The label of a stored value; an unknown value is shown as it is, a missing one as null. */
export function labelOf(options: readonly Option[], value: string | null | undefined): string | null {
  if (!value) return null;
  return options.find((o) => o.value === value)?.label ?? value;
}

/** The options whose values are listed, in the order listed (e.g. a filter's few states). */
export const pick = <O extends Option, V extends O["value"]>(options: readonly O[], values: readonly V[]) =>
  values.flatMap((v) => options.filter((o): o is Extract<O, { value: V }> => o.value === v));

/** A select's raw value as one of the list's values, or null (empty or unknown). */
export const pickValue = <V extends string>(options: readonly Option<V>[], raw: string): V | null =>
  options.find((o) => o.value === raw)?.value ?? null;
