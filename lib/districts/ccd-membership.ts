// The NCES Common Core of Data LEA membership file (ccd_lea_052_YYYY_l_...csv), in its long
// layout: SCHOOL_YEAR, FIPST, STATENAME, ST, LEA_NAME, STATE_AGENCY_NO, UNION, ST_LEAID, LEAID,
// GRADE, RACE_ETHNICITY, SEX, STUDENT_COUNT, TOTAL_INDICATOR, DMS_FLAG. Each agency has many
// rows (by grade, race and sex); only its total row gives the enrollment.
import { hasColumns, type FileParser, type ParsedRow, type SkippedRow } from "./types";
import { enrollmentBandOf, knownCount, normalizeLeaid, normalizeSchoolYear } from "./values";

/** Total rows, best first: the K-12 total (without adult education) over the plain unit total. */
const TOTAL_ROWS = ["derived - education unit total minus adult education count", "education unit total"];

export const ccdMembership: FileParser = {
  kind: "ccd-membership",
  matches: (columns) => hasColumns(columns, ["LEAID", "STUDENT_COUNT", "TOTAL_INDICATOR"]),
  schoolYear: (_file, first) => normalizeSchoolYear(first?.SCHOOL_YEAR),
  // The national file has millions of grade, race and sex rows; only total rows are split.
  wantsLine: (line) => /education unit total/i.test(line),
  async *rows(records): AsyncGenerator<ParsedRow | SkippedRow> {
    const best = new Map<string, { rank: number; count: number | null }>();
    for await (const r of records) {
      const rank = TOTAL_ROWS.indexOf((r.TOTAL_INDICATOR ?? "").trim().toLowerCase());
      if (rank < 0) continue;
      const leaid = normalizeLeaid(r.LEAID);
      if (!leaid) {
        yield { skipped: `no LEAID: ${r.LEAID ?? ""}` };
        continue;
      }
      const seen = best.get(leaid);
      if (!seen || rank < seen.rank) best.set(leaid, { rank, count: knownCount(r.STUDENT_COUNT) });
    }
    for (const [leaid, { count }] of best) {
      const band = enrollmentBandOf(count);
      yield { leaid, values: { enrollment: count !== null && band ? { enrollment: count, enrollmentBand: band } : null } };
    }
  },
};
