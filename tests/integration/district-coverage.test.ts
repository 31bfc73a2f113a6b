// The admin's district coverage: verified experts with a linked district against the open
// districts on file, per locale × enrollment × poverty cell, by role, with the gaps in words.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { getDistrictCoverage } from "@/lib/experts/district-coverage";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";

let admin: ReturnType<typeof actorFor>;
beforeAll(async () => {
  admin = actorFor(await createAdmin(), ["admin"]);
});

const cell = (c: Awaited<ReturnType<typeof getDistrictCoverage>>, l: string, b: string, q: number) =>
  c.cells.find((x) => x.localeGroup === l && x.enrollmentBand === b && x.povertyQuartile === q)!;

describe("district coverage", () => {
  it("says so when no directory is on file, and only admins may see it", async () => {
    const empty = await getDistrictCoverage(admin, {});
    expect(empty).toMatchObject({ districts: 0, experts: 0, gaps: [], cellGaps: [] });
    expect(empty.cells).toHaveLength(4 * 5 * 4);
    await expect(getDistrictCoverage(actorFor(await createClient(), ["client"]), {})).rejects.toThrow();
  });

  it("counts districts and verified linked experts per cell, by role, and names the empty ones", async () => {
    const district = (leaid: string, values: object) =>
      db().district.create({ data: { leaid, name: `Sample ${leaid}`, state: "CA", ...values } });
    await district("0622001", { status: "open", localeGroup: "rural", enrollmentBand: "under_1000", povertyQuartile: 4 });
    await district("0622002", { status: "open", localeGroup: "rural", enrollmentBand: "under_1000", povertyQuartile: 4 });
    await district("0622003", { status: "open", localeGroup: "rural", enrollmentBand: "from_1000_to_4999", povertyQuartile: 4 });
    await district("0622004", { status: "open", localeGroup: "city", enrollmentBand: "at_least_100000", povertyQuartile: 1 });
    await district("0622005", { status: "closed", localeGroup: "city", enrollmentBand: "at_least_100000", povertyQuartile: 1 });
    await district("0622006", { status: "open", localeGroup: "town" }); // no enrollment or poverty: in no cell
    await createExpert({ roleTitle: "Superintendent", districtLeaid: "0622004" });
    await createExpert({ roleTitle: "Teacher", districtLeaid: "0622001" });
    await createExpert({ roleTitle: "Teacher", districtLeaid: "0622002" });
    await createExpert({ roleTitle: "Teacher", districtLeaid: "0622003", verificationStatus: "pending" }); // not counted
    await createExpert({ roleTitle: "Superintendent", urbanicity: "rural" }); // no district link: not counted

    const all = await getDistrictCoverage(admin, {});
    expect(all).toMatchObject({ role: null, districts: 5, unplaced: 1, experts: 3 });
    expect(cell(all, "rural", "under_1000", 4)).toMatchObject({ districts: 2, experts: 2 });
    expect(cell(all, "rural", "from_1000_to_4999", 4)).toMatchObject({ districts: 1, experts: 0 });
    expect(cell(all, "city", "at_least_100000", 1)).toMatchObject({ districts: 1, experts: 1 });
    expect(all.gaps).toEqual([]);
    expect(all.cellGaps).toEqual([{ text: "No rural, high-poverty, 1,000–4,999-student experts yet", districts: 1 }]);

    const supers = await getDistrictCoverage(admin, { role: "Superintendent" });
    expect(supers).toMatchObject({ role: "Superintendent", experts: 1, who: { one: "superintendent", many: "superintendents" } });
    expect(supers.gaps).toEqual([{ text: "No rural, high-poverty superintendents yet", districts: 3 }]);
    expect(supers.cellGaps.map((g) => g.text)).toEqual([
      "No rural, high-poverty, under-1,000-student superintendents yet",
      "No rural, high-poverty, 1,000–4,999-student superintendents yet",
    ]);

    // An unknown role in the URL shows every role.
    expect((await getDistrictCoverage(admin, { role: "Janitor" })).role).toBeNull();
  });
});
