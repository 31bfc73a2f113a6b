// Whether two organization names are the same district, loosely: what the admin's review uses to
// call out a mismatch and to suggest districts by name.

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
const STOP = new Set([
  "public",
  "schools",
  "school",
  "district",
  "unified",
  "independent",
  "county",
  "city",
  "of",
  "the",
  "usd",
  "isd",
  "sd",
]);

/** True when the two names share a distinctive word ("Springfield Public Schools" ~ "Springfield District 186"). */
export function namesResemble(a: string, b: string): boolean {
  const words = (s: string) =>
    new Set(
      norm(s)
        .split(" ")
        .filter((w) => w.length > 2 && !STOP.has(w)),
    );
  const wa = words(a);
  const wb = words(b);
  if (wa.size === 0 || wb.size === 0) return norm(a) === norm(b);
  for (const w of wa) if (wb.has(w)) return true;
  return false;
}
