// The NCES Common Core of Data LEA directory file (ccd_lea_029_YYYY_...csv): one row per agency
// with SCHOOL_YEAR, FIPST, STATENAME, ST, LEA_NAME, ST_LEAID, LEAID, mailing and location
// addresses (LCITY, LSTATE ...), PHONE, WEBSITE, SY_STATUS(_TEXT), UPDATED_STATUS(_TEXT) (the status
// as of EFFECTIVE_DATE, after the school year: an agency that closed since), LEA_TYPE(_TEXT) and more. It is
// the only file that adds districts: the others describe districts it lists.
import { hasColumns, type FileParser, type ParsedRow, type SkippedRow } from "./types";
import { knownCount, knownText, normalizeLeaid, normalizeSchoolYear, statusOf, websiteDomainOf } from "./values";

export const ccdDirectory: FileParser = {
  kind: "ccd-directory",
  matches: (columns) => hasColumns(columns, ["LEAID", "LEA_NAME", "SY_STATUS", "WEBSITE"]),
  schoolYear: (_file, first) => normalizeSchoolYear(first?.SCHOOL_YEAR),
  async *rows(records): AsyncGenerator<ParsedRow | SkippedRow> {
    for await (const r of records) {
      const leaid = normalizeLeaid(r.LEAID);
      const name = knownText(r.LEA_NAME);
      const state = knownText(r.ST)?.toUpperCase() ?? null;
      if (!leaid || !name || !state || !/^[A-Z]{2}$/.test(state)) {
        yield { skipped: `no LEAID, name or state: ${r.LEAID ?? ""}` };
        continue;
      }
      const website = knownText(r.WEBSITE);
      const websiteDomain = websiteDomainOf(website);
      const city = knownText(r.LCITY);
      const status = statusOf(r.SY_STATUS);
      const updatedStatus = statusOf(r.UPDATED_STATUS);
      const agencyType = knownCount(r.LEA_TYPE);
      const agencyTypeText = knownText(r.LEA_TYPE_TEXT);
      yield {
        leaid,
        values: {
          identity: { name, state },
          city: city ? { city } : null,
          website: website && websiteDomain ? { website, websiteDomain } : null,
          agency: agencyType !== null || agencyTypeText ? { agencyType, agencyTypeText } : null,
          status: status ? { status, updatedStatus } : null,
        },
      };
    }
  },
};
