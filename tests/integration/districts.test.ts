// The district import against PostgreSQL, on the sample files under tests/fixtures/districts:
// what a first import writes, that a second changes nothing, what a new school year adds, changes
// and closes, that unknown values never overwrite known ones, the poverty quartiles, and matching
// school e-mail domains to districts.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { importDistrictFiles, type ImportReport } from "@/lib/districts/import";
import { matchDistrictByDomain } from "@/lib/districts/match-domain";

const fixture = (name: string) => path.resolve("tests/fixtures/districts", name);
const YEAR_1 = [
  "ussd22_sample.txt",
  "EDGE_GEOCODE_PUBLICLEA_2223_sample.csv",
  "ccd_lea_052_2223_l_sample.csv",
  "ccd_lea_029_2223_w_sample.csv",
];
const YEAR_2 = ["ccd_lea_052_2324_l_sample.csv", "ussd23_sample.csv", "ccd_lea_029_2324_w_sample.csv"];

const district = (leaid: string) => db().district.findUniqueOrThrow({ where: { leaid } });
const fileReport = (report: ImportReport, file: string) => report.files.find((f) => f.file === file)!;
const snapshot = () => db().district.findMany({ orderBy: { leaid: "asc" } });

describe("district import", () => {
  let first: ImportReport;
  let second: ImportReport;
  let next: ImportReport;
  let afterFirst: Awaited<ReturnType<typeof snapshot>>;
  let afterSecond: Awaited<ReturnType<typeof snapshot>>;
  let afterNext: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    // Given in any order: the directory goes first, since only it adds districts.
    first = await importDistrictFiles(YEAR_1.map(fixture));
    afterFirst = await snapshot();
    second = await importDistrictFiles(YEAR_1.map(fixture));
    afterSecond = await snapshot();
    next = await importDistrictFiles(YEAR_2.map(fixture));
    afterNext = await snapshot();
  });

  it("adds every district of the directory and fills in the other files' values", async () => {
    expect(first.files.map((f) => f.kind)).toEqual(["ccd-directory", "ccd-membership", "edge-geocode", "saipe"]);
    expect(first).toMatchObject({ added: 32, changed: 0, closed: 0, unmatched: 2 });
    expect(fileReport(first, "EDGE_GEOCODE_PUBLICLEA_2223_sample.csv")).toMatchObject({ unmatched: 1, unmatchedSample: ["0899999"] });
    expect(fileReport(first, "ussd22_sample.txt")).toMatchObject({ unmatched: 1, unmatchedSample: ["4899998"] });
    expect(afterFirst).toHaveLength(32);

    const harbor = afterFirst.find((d) => d.leaid === "0699001")!;
    expect(harbor).toMatchObject({
      name: "Sample Harbor City Unified",
      state: "CA",
      city: "HARBOR CITY",
      websiteDomain: "harborcityusd.org",
      agencyType: 1,
      status: "open",
      localeCode: 11,
      localeGroup: "city",
      enrollment: 152_340,
      enrollmentBand: "at_least_100000",
      schoolAgePopulation: 180_000,
      schoolAgeInPoverty: 41_400,
      povertyShare: 0.23,
    });
    expect(harbor.sources).toEqual({
      identity: { year: "2022-2023", file: "ccd_lea_029_2223_w_sample.csv" },
      city: { year: "2022-2023", file: "ccd_lea_029_2223_w_sample.csv" },
      website: { year: "2022-2023", file: "ccd_lea_029_2223_w_sample.csv" },
      agency: { year: "2022-2023", file: "ccd_lea_029_2223_w_sample.csv" },
      status: { year: "2022-2023", file: "ccd_lea_029_2223_w_sample.csv" },
      enrollment: { year: "2022-2023", file: "ccd_lea_052_2223_l_sample.csv" },
      locale: { year: "2022-2023", file: "EDGE_GEOCODE_PUBLICLEA_2223_sample.csv" },
      poverty: { year: "2022-2023", file: "ussd22_sample.txt" },
    });
  });

  it("keeps suppressed and missing values unknown, never zero", () => {
    const byId = new Map(afterFirst.map((d) => [d.leaid, d]));
    // Blank, -1 and M websites.
    for (const leaid of ["0699006", "1799004", "3099002"]) expect(byId.get(leaid)).toMatchObject({ website: null, websiteDomain: null });
    // A suppressed (blank) and a not-applicable (-2) enrollment.
    for (const leaid of ["4899004", "3699004"]) expect(byId.get(leaid)).toMatchObject({ enrollment: null, enrollmentBand: null });
    expect(byId.get("3099002")).toMatchObject({ localeCode: null, localeGroup: null });
    // No SAIPE estimate for agencies without a territory: no share and no quartile.
    for (const leaid of ["0699007", "3699004", "4899006"]) {
      expect(byId.get(leaid)).toMatchObject({ schoolAgeInPoverty: null, povertyShare: null, povertyQuartile: null });
      expect(byId.get(leaid)!.sources).not.toHaveProperty("poverty");
    }
  });

  it("changes nothing when the same files are imported again", () => {
    expect(second).toMatchObject({ added: 0, changed: 0, closed: 0, unmatched: 2 });
    for (const f of second.files) expect(f).toMatchObject({ added: 0, changed: 0, closed: 0 });
    // Not a row was written: updated_at and the sources stand as the first import left them.
    expect(afterSecond).toEqual(afterFirst);
  });

  it("puts districts with a known poverty share in national quartiles, lowest first", () => {
    const known = afterFirst.filter((d) => d.povertyShare !== null).sort((a, b) => a.povertyShare! - b.povertyShare!);
    expect(known).toHaveLength(29);
    expect(known[0].povertyQuartile).toBe(1);
    expect(known.at(-1)!.povertyQuartile).toBe(4);
    for (let i = 1; i < known.length; i++) expect(known[i].povertyQuartile!).toBeGreaterThanOrEqual(known[i - 1].povertyQuartile!);
    // Worked by hand from the sample shares: equal shares share a quartile, placed by the last of
    // them. Five shares lie below 12%; the three districts at exactly 12% end at place 8 of 29,
    // past a quarter (7.25), so all three are in the second quartile. The second ends with the two
    // at 20% (place 13 ≤ 14.5), the third with 30% (place 21 ≤ 21.75), and the three at 31% end at
    // place 24, in the fourth.
    expect([1, 2, 3, 4].map((q) => known.filter((d) => d.povertyQuartile === q).length)).toEqual([5, 8, 8, 8]);
    const at = (share: number) => known.filter((d) => Math.abs(d.povertyShare! - share) < 1e-9).map((d) => d.povertyQuartile);
    expect(at(0.1)).toEqual([1]);
    expect(at(0.12)).toEqual([2, 2, 2]);
    expect(at(0.23)).toEqual([3, 3]);
    expect(at(0.3)).toEqual([3]);
    expect(at(0.31)).toEqual([4, 4, 4]);
  });

  it("reports a new school year's added, changed and closed districts and unmatched rows", () => {
    expect(fileReport(next, "ccd_lea_029_2324_w_sample.csv")).toMatchObject({
      schoolYear: "2023-2024",
      added: 1,
      changed: 3,
      closed: 1,
      unmatched: 0,
      skipped: 1,
    });
    expect(fileReport(next, "ccd_lea_052_2324_l_sample.csv")).toMatchObject({ changed: 3, unmatched: 1, unmatchedSample: ["5599999"] });
    expect(fileReport(next, "ussd23_sample.csv")).toMatchObject({ changed: 2, unmatched: 0 });
    expect(next).toMatchObject({ added: 1, changed: 8, closed: 1, unmatched: 1 });
    const byId = new Map(afterNext.map((d) => [d.leaid, d]));
    expect(byId.get("1799005")).toMatchObject({ status: "closed" });
    expect(byId.get("1799031")).toMatchObject({ status: "new", websiteDomain: "prairiesd.org" });
    expect(byId.get("3999002")).toMatchObject({ name: "Sample Cuyahoga Heights City Schools" });
    expect(byId.get("0699006")).toMatchObject({ websiteDomain: "sierrafoothill.org" });
    expect(byId.get("1799003")).toMatchObject({ enrollment: 1010, enrollmentBand: "from_1000_to_4999" });
  });

  it("keeps the previous year's value, with its year, until a file supplies a known new one", async () => {
    const catskill = await district("3699002");
    expect(catskill.websiteDomain).toBe("catskillcsd.org");
    expect(catskill.sources).toMatchObject({
      website: { year: "2022-2023" },
      identity: { year: "2023-2024", file: "ccd_lea_029_2324_w_sample.csv" },
    });
    // Missing in the new membership file: last year's enrollment stays.
    const metro = await district("4899002");
    expect(metro).toMatchObject({ enrollment: 181_200 });
    expect(metro.sources).toMatchObject({ enrollment: { year: "2022-2023" } });
    // Known at last in the new year.
    expect(await district("4899004")).toMatchObject({ enrollment: 905, sources: { enrollment: { year: "2023-2024" } } });
    // N in the new SAIPE file: the 2022 estimate stays.
    expect(await district("1799003")).toMatchObject({ schoolAgeInPoverty: 300, sources: { poverty: { year: "2022-2023" } } });
    expect(await district("3999001")).toMatchObject({ schoolAgeInPoverty: 612, sources: { poverty: { year: "2023-2024" } } });
  });

  it("never lets an earlier year's file overwrite a later year's values", async () => {
    const again = await importDistrictFiles([fixture("ccd_lea_029_2223_w_sample.csv"), fixture("ussd22_sample.txt")]);
    expect(again).toMatchObject({ added: 0, changed: 0, closed: 0 });
    expect(await district("1799005")).toMatchObject({ status: "closed" });
    expect(await district("3999002")).toMatchObject({ name: "Sample Cuyahoga Heights City Schools" });
    expect(await district("3999001")).toMatchObject({ schoolAgeInPoverty: 612 });
  });

  it("recomputes the quartiles when shares change", () => {
    const harbor = afterNext.find((d) => d.leaid === "0699001")!;
    expect(harbor.povertyShare).toBeCloseTo(37_590 / 179_000, 12);
    const known = afterNext.filter((d) => d.povertyShare !== null).sort((a, b) => a.povertyShare! - b.povertyShare!);
    for (let i = 1; i < known.length; i++) expect(known[i].povertyQuartile!).toBeGreaterThanOrEqual(known[i - 1].povertyQuartile!);
    expect(known.at(-1)!.povertyQuartile).toBe(4);
  });

  it("writes nothing when one of the files is of no known layout", async () => {
    const before = await snapshot();
    const runs = await db().districtImport.count();
    await expect(importDistrictFiles([fixture("ccd_lea_029_2324_w_sample.csv"), fixture("README.md")])).rejects.toThrow(
      /README\.md: not a CCD/,
    );
    expect(await snapshot()).toEqual(before);
    expect(await db().districtImport.count()).toBe(runs);
  });

  it("records every run", async () => {
    const runs = await db().districtImport.findMany({ orderBy: { createdAt: "asc" } });
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs[0]).toMatchObject({ id: first.id, added: 32, changed: 0, closed: 0, unmatched: 2 });
    expect(runs[0].files).toHaveLength(4);
  });

  describe("matchDistrictByDomain", () => {
    it("finds a district by its website domain, from a subdomain or an address", async () => {
      expect(await matchDistrictByDomain("harborcityusd.org")).toMatchObject({ kind: "unique", district: { leaid: "0699001" } });
      expect(await matchDistrictByDomain("WWW.HarborCityUSD.org.")).toMatchObject({ kind: "unique", district: { leaid: "0699001" } });
      expect(await matchDistrictByDomain("mail.lakeviewusd.org")).toMatchObject({ kind: "unique", district: { leaid: "0699005" } });
      expect(await matchDistrictByDomain("teacher@students.lakeviewusd.org")).toMatchObject({
        kind: "unique",
        district: { leaid: "0699005" },
      });
    });

    it("matches k12.<st>.us domains and their schools' subdomains, never the shared parent", async () => {
      expect(await matchDistrictByDomain("oakmesa.k12.ca.us")).toMatchObject({
        kind: "unique",
        district: { leaid: "0699002", name: "Sample Oak Mesa Elementary", state: "CA" },
      });
      expect(await matchDistrictByDomain("lincoln.oakmesa.k12.ca.us")).toMatchObject({ kind: "unique", district: { leaid: "0699002" } });
      expect(await matchDistrictByDomain("ascs.k12.ga.us")).toMatchObject({ kind: "unique", district: { leaid: "1399002" } });
      expect(await matchDistrictByDomain("other.k12.ca.us")).toEqual({ kind: "none" });
      expect(await matchDistrictByDomain("k12.ca.us")).toEqual({ kind: "none" });
    });

    it("lists the candidates when districts share a domain", async () => {
      const match = await matchDistrictByDomain("sampleriver.org");
      expect(match.kind).toBe("ambiguous");
      expect(match.kind === "ambiguous" && match.candidates.map((c) => c.leaid)).toEqual(["0699003", "0699004"]);
    });

    it("prefers the open district over a closed one on the same domain", async () => {
      expect(await matchDistrictByDomain("prairiesd.org")).toMatchObject({ kind: "unique", district: { leaid: "1799031" } });
    });

    it("finds nothing for unknown, free-mail and malformed domains", async () => {
      for (const domain of ["gmail.com", "unknown-district.org", "", "not a domain", "org"]) {
        expect(await matchDistrictByDomain(domain)).toEqual({ kind: "none" });
      }
    });
  });
});
