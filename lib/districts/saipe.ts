// The Census SAIPE school district estimates (ussdYY / sdYY_ST). The text release has no header:
// fixed columns of state FIPS code (1-2), district id (4-8), name, total population, population
// aged 5-17 and the estimated children 5 to 17 in poverty related to the householder, then the
// file's name and date. The spreadsheet release has the same values under the header row below.
// State FIPS + district id is the NCES LEAID.
import path from "node:path";
import { hasColumns, type FileParser, type ParsedRow, type SkippedRow } from "./types";
import { knownCount, normalizeLeaid } from "./values";

const FIPS = "STATE FIPS CODE";
const DISTRICT = "DISTRICT ID";
const NAME = "NAME";
const TOTAL = "ESTIMATED TOTAL POPULATION";
const AGED_5_17 = "ESTIMATED POPULATION 5-17";
const IN_POVERTY = "ESTIMATED NUMBER OF RELEVANT CHILDREN 5 TO 17 YEARS OLD IN POVERTY WHO ARE RELATED TO THE HOUSEHOLDER";

/**
 * A count of the text release: a number or a short mark. The name's width has changed between
 * releases, and names end in numbers ("CCSD 61"), so a line is read from its end: the trailing
 * file-name-and-date tag, then the three counts, and the name is what lies between them and the id.
 */
const COUNT = /^(-?\d+|[^\s\d]{1,2})$/;
const LEAD = /^(\d{2}) (\d{5}) +(\S.*)$/;

/** A text-release line as the record the spreadsheet header would give, or null if it is not one. */
export function saipeTextRecord(line: string): Record<string, string> | null {
  const lead = LEAD.exec(line.trimEnd());
  if (!lead) return null;
  const tokens = lead[3].split(/\s+/);
  let end = tokens.length;
  while (end > 0 && !COUNT.test(tokens[end - 1])) end--;
  const counts = tokens.slice(end - 3, end);
  if (end < 4 || !counts.every((t) => COUNT.test(t))) return null;
  return {
    [FIPS]: lead[1],
    [DISTRICT]: lead[2],
    [NAME]: tokens.slice(0, end - 3).join(" "),
    [TOTAL]: counts[0],
    [AGED_5_17]: counts[1],
    [IN_POVERTY]: counts[2],
  };
}

/** Whether a line is a data line of the text release (which has no header row). */
export const isSaipeTextLine = (line: string) => saipeTextRecord(line) !== null;

export const saipe: FileParser = {
  kind: "saipe",
  matches: (columns) => hasColumns(columns, [FIPS, DISTRICT, AGED_5_17, IN_POVERTY]),
  schoolYear(file) {
    // The estimates of income year YY use the district boundaries of school year YY-(YY+1); the
    // year is only in the published file name (ussd23.txt, sd23_ca.txt).
    const m = /sd(\d{2})(?:\D|$)/i.exec(path.basename(file));
    if (!m) return null;
    const year = 2000 + Number(m[1]);
    return `${year}-${year + 1}`;
  },
  async *rows(records): AsyncGenerator<ParsedRow | SkippedRow> {
    for await (const r of records) {
      const fips = (r[FIPS] ?? "").trim().padStart(2, "0");
      const district = (r[DISTRICT] ?? "").trim().padStart(5, "0");
      const leaid = fips === "00" ? null : normalizeLeaid(`${fips}${district}`);
      if (!leaid || !/^\d{2}$/.test(fips) || !/^\d{5}$/.test(district)) {
        yield { skipped: `no district: ${fips} ${district}` };
        continue;
      }
      const population = knownCount(r[AGED_5_17]);
      const inPoverty = knownCount(r[IN_POVERTY]);
      // A share needs both counts and a population; a zero population has no share.
      const known = population !== null && inPoverty !== null && population > 0 && inPoverty <= population;
      yield {
        leaid,
        values: {
          poverty: known ? { schoolAgePopulation: population, schoolAgeInPoverty: inPoverty, povertyShare: inPoverty / population } : null,
        },
      };
    }
  },
};
