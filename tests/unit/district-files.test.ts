// The public district files' layouts as the parsers read them: kind and school year from the
// header row or the published file name, the values each layout gives, and the publishers'
// missing/suppressed marks read as unknown, never as zero.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDistrictFile, UnknownFileError } from "@/lib/districts/detect";
import { splitLine } from "@/lib/districts/csv";
import type { ParsedRow, SkippedRow } from "@/lib/districts/types";
import { domainCandidates } from "@/lib/districts/match-domain";
import { saipeTextRecord } from "@/lib/districts/saipe";
import { enrollmentBandOf, knownCount, knownText, localeCode, localeGroupOf, statusOf, websiteDomainOf } from "@/lib/districts/values";

const fixture = (name: string) => path.resolve("tests/fixtures/districts", name);

async function parse(name: string) {
  const opened = await openDistrictFile(fixture(name));
  const rows: (ParsedRow | SkippedRow)[] = [];
  for await (const row of opened.parser.rows(opened.records)) rows.push(row);
  const byLeaid = new Map(rows.filter((r): r is ParsedRow => "leaid" in r).map((r) => [r.leaid, r.values]));
  return { kind: opened.parser.kind, schoolYear: opened.schoolYear, rows, byLeaid, skipped: rows.filter((r) => "skipped" in r).length };
}

describe("values", () => {
  it("reads the publishers' missing, not-applicable and suppressed marks as unknown", () => {
    for (const mark of ["", " ", "-1", "-2", "-3", "-9", "M", "N", "†", "‡"]) {
      expect(knownCount(mark)).toBeNull();
      expect(knownText(mark)).toBeNull();
    }
    expect(knownCount("0")).toBe(0);
    expect(knownCount("1,234")).toBe(1234);
    expect(knownCount("12.5")).toBeNull();
  });

  it("takes the host of a website without www., whatever the file wrote", () => {
    expect(websiteDomainOf("http://www.HarborCityUSD.org/")).toBe("harborcityusd.org");
    expect(websiteDomainOf("www.oakmesa.k12.ca.us")).toBe("oakmesa.k12.ca.us");
    expect(websiteDomainOf("sampleriver.org/high")).toBe("sampleriver.org");
    expect(websiteDomainOf("https://www2.example.org/x?y")).toBe("example.org");
    expect(websiteDomainOf("not a website")).toBeNull();
    expect(websiteDomainOf(null)).toBeNull();
  });

  it("maps locale codes, enrollment bands and status codes", () => {
    expect(localeCode("21-Suburb: Large")).toBe(21);
    expect(localeCode("43")).toBe(43);
    expect(localeCode("14")).toBeNull();
    expect(localeCode("M")).toBeNull();
    expect([11, 23, 32, 41].map(localeGroupOf)).toEqual(["city", "suburb", "town", "rural"]);
    expect([0, 999, 1000, 4999, 5000, 24_999, 25_000, 99_999, 100_000].map(enrollmentBandOf)).toEqual([
      "under_1000",
      "under_1000",
      "from_1000_to_4999",
      "from_1000_to_4999",
      "from_5000_to_24999",
      "from_5000_to_24999",
      "from_25000_to_99999",
      "from_25000_to_99999",
      "at_least_100000",
    ]);
    expect(enrollmentBandOf(null)).toBeNull();
    expect(["1", "2", "3", "6", "9", "-1"].map(statusOf)).toEqual(["open", "closed", "new", "inactive", null, null]);
  });

  it("splits quoted fields with commas and doubled quotes", () => {
    expect(splitLine('a,"b, c","say ""hi""",', ",")).toEqual(["a", "b, c", 'say "hi"', ""]);
  });

  it("tries a domain and its parents but never a shared parent", () => {
    expect(domainCandidates("mail.lusd.org")).toEqual(["mail.lusd.org", "lusd.org"]);
    expect(domainCandidates("lincoln.oakmesa.k12.ca.us")).toEqual(["lincoln.oakmesa.k12.ca.us", "oakmesa.k12.ca.us"]);
    expect(domainCandidates("k12.ca.us")).toEqual([]);
    expect(domainCandidates("org")).toEqual([]);
  });
});

describe("file layouts", () => {
  it("reads the CCD LEA directory file", async () => {
    const file = await parse("ccd_lea_029_2223_w_sample.csv");
    expect(file).toMatchObject({ kind: "ccd-directory", schoolYear: "2022-2023", skipped: 0 });
    expect(file.byLeaid.size).toBe(32);
    expect(file.byLeaid.get("0699001")).toEqual({
      identity: { name: "Sample Harbor City Unified", state: "CA" },
      city: { city: "HARBOR CITY" },
      website: { website: "http://www.harborcityusd.org/", websiteDomain: "harborcityusd.org" },
      agency: { agencyType: 1, agencyTypeText: "Regular public school district that is NOT a component of a supervisory union" },
      status: { status: "open", updatedStatus: "open" },
    });
    // Blank, -1 and M websites are all unknown.
    for (const leaid of ["0699006", "1799004", "3099002"]) expect(file.byLeaid.get(leaid)?.website).toBeNull();
  });

  it("reads a closed agency and skips a row without an LEAID", async () => {
    const file = await parse("ccd_lea_029_2324_w_sample.csv");
    expect(file.schoolYear).toBe("2023-2024");
    expect(file.skipped).toBe(1);
    expect(file.byLeaid.get("1799005")?.status).toEqual({ status: "closed", updatedStatus: "closed" });
    expect(file.byLeaid.get("1799031")?.status).toEqual({ status: "new", updatedStatus: "new" });
  });

  it("takes only the total row of the long membership file, preferring the total without adult education", async () => {
    const file = await parse("ccd_lea_052_2223_l_sample.csv");
    expect(file).toMatchObject({ kind: "ccd-membership", schoolYear: "2022-2023" });
    expect(file.byLeaid.size).toBe(32);
    expect(file.byLeaid.get("0699001")?.enrollment).toEqual({ enrollment: 152_340, enrollmentBand: "at_least_100000" });
    expect(file.byLeaid.get("1799001")?.enrollment).toEqual({ enrollment: 18_900, enrollmentBand: "from_5000_to_24999" });
    // A suppressed (blank) and a not-applicable (-2) total stay unknown.
    expect(file.byLeaid.get("4899004")?.enrollment).toBeNull();
    expect(file.byLeaid.get("3699004")?.enrollment).toBeNull();
  });

  it("reads the locale of the EDGE geocode file", async () => {
    const file = await parse("EDGE_GEOCODE_PUBLICLEA_2223_sample.csv");
    expect(file).toMatchObject({ kind: "edge-geocode", schoolYear: "2022-2023" });
    expect(file.byLeaid.get("1399003")?.locale).toEqual({ localeCode: 12, localeGroup: "city" });
    expect(file.byLeaid.get("3099001")?.locale).toEqual({ localeCode: 43, localeGroup: "rural" });
    expect(file.byLeaid.get("3099002")?.locale).toBeNull();
  });

  it("reads the SAIPE text release by position, its LEAID from state FIPS and district id", async () => {
    const file = await parse("ussd22_sample.txt");
    expect(file).toMatchObject({ kind: "saipe", schoolYear: "2022-2023", skipped: 0 });
    expect(file.byLeaid.get("0699001")?.poverty).toEqual({ schoolAgePopulation: 180_000, schoolAgeInPoverty: 41_400, povertyShare: 0.23 });
    expect(file.byLeaid.has("4899998")).toBe(true);
    // A name ending in a number is not read as a count.
    expect(file.byLeaid.get("1799002")?.poverty).toEqual({ schoolAgePopulation: 6900, schoolAgeInPoverty: 345, povertyShare: 345 / 6900 });
  });

  it("reads a SAIPE text line whatever the name's width, and an unreadable line as no record", () => {
    expect(saipeTextRecord("17 99002 Sample Maple Grove CCSD 61    38000     6900      345 ussd22.txt 01DEC2023")).toMatchObject({
      NAME: "Sample Maple Grove CCSD 61",
      "ESTIMATED POPULATION 5-17": "6900",
    });
    expect(saipeTextRecord("17 99002 Sample Maple Grove CCSD 61")).toBeNull();
  });

  it("reads the SAIPE spreadsheet release below its title lines, an N estimate as unknown", async () => {
    const file = await parse("ussd23_sample.csv");
    expect(file).toMatchObject({ kind: "saipe", schoolYear: "2023-2024" });
    expect(file.byLeaid.get("3999001")?.poverty).toEqual({ schoolAgePopulation: 2110, schoolAgeInPoverty: 612, povertyShare: 612 / 2110 });
    expect(file.byLeaid.get("1799003")?.poverty).toBeNull();
  });

  it("refuses a file of no known layout", async () => {
    await expect(openDistrictFile(fixture("README.md"))).rejects.toBeInstanceOf(UnknownFileError);
  });
});
