// The NCES EDGE public LEA geocode file (EDGE_GEOCODE_PUBLICLEA_YYZZ): LEAID, NAME, OPSTFIPS,
// LSTREE, LCITY, LSTATE, LZIP, LZIP4, STFIP, CNTY, NMCNTY, LOCALE, LAT, LON, CBSA ... and, in
// recent years, SCHOOLYEAR. Only the urban-centric locale is taken from it.
import path from "node:path";
import { hasColumns, type FileParser, type ParsedRow, type SkippedRow } from "./types";
import { localeCode, localeGroupOf, normalizeLeaid, normalizeSchoolYear } from "./values";

export const edgeGeocode: FileParser = {
  kind: "edge-geocode",
  matches: (columns) => hasColumns(columns, ["LEAID", "NAME", "LOCALE"]) && !hasColumns(columns, ["LEA_NAME"]),
  schoolYear(file, first) {
    const fromRow = normalizeSchoolYear(first?.SCHOOLYEAR);
    if (fromRow) return fromRow;
    // Older releases have no year column; their names end in the two school-year digits pairs.
    const m = /_(\d{2})(\d{2})(?:\D|$)/.exec(path.basename(file));
    return m && Number(m[2]) === (Number(m[1]) + 1) % 100 ? `20${m[1]}-20${m[2]}` : null;
  },
  async *rows(records): AsyncGenerator<ParsedRow | SkippedRow> {
    for await (const r of records) {
      const leaid = normalizeLeaid(r.LEAID);
      if (!leaid) {
        yield { skipped: `no LEAID: ${r.LEAID ?? ""}` };
        continue;
      }
      const code = localeCode(r.LOCALE);
      const group = localeGroupOf(code);
      yield { leaid, values: { locale: code !== null && group ? { localeCode: code, localeGroup: group } : null } };
    }
  },
};
