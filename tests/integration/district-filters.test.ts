// The directory's filters by the linked district's NCES locale group, enrollment band and poverty
// quartile: they find district-verified experts only (never by what an expert typed), combine
// with the other filters, follow the district when its values or the link change, and the API
// answers 400 with a clear message for a value it does not know.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { postExpertsSearch } from "../helpers/experts-search";
import { db } from "@/lib/platform/db";
import { importDistrictFiles } from "@/lib/districts/import";
import { searchDirectory } from "@/lib/experts/directory";
import {
  directoryFiltersSchema,
  filtersFromSearchParams,
  searchParamsFromFilters,
  type DirectoryFiltersInput,
} from "@/lib/experts/schemas/directory";
import type { DirectoryVariant } from "@/lib/experts/schemas/directory";
import { actorFor, bearerTokenFor, createClient, createExpert } from "../factories";

let client: ReturnType<typeof actorFor>;
const ids = {} as Record<"ruralPoor" | "ruralRich" | "cityPoor" | "typedRural" | "ruralPoorTexas", string>;

const search = async (input: DirectoryFiltersInput, variant: DirectoryVariant = "client") =>
  (await searchDirectory(client, directoryFiltersSchema.parse(input), variant)).experts.map((e) => e.id);

beforeAll(async () => {
  client = actorFor(await createClient(), ["client"]);
  const district = (leaid: string, values: object) =>
    db().district.create({ data: { leaid, name: `Sample ${leaid}`, state: "CA", status: "open", ...values } });
  await district("0611001", { localeGroup: "rural", enrollmentBand: "under_1000", povertyQuartile: 4 });
  await district("0611002", { localeGroup: "rural", enrollmentBand: "from_1000_to_4999", povertyQuartile: 1 });
  await district("0611003", { localeGroup: "city", enrollmentBand: "at_least_100000", povertyQuartile: 4 });
  const listed = { isPublicProfile: true, roleTitle: "Superintendent" };
  ids.ruralPoor = (await createExpert({ ...listed, districtLeaid: "0611001", state: "CA" })).expert.id;
  ids.ruralPoorTexas = (await createExpert({ ...listed, districtLeaid: "0611001", state: "TX", roleTitle: "Teacher" })).expert.id;
  ids.ruralRich = (await createExpert({ ...listed, districtLeaid: "0611002" })).expert.id;
  ids.cityPoor = (await createExpert({ ...listed, districtLeaid: "0611003" })).expert.id;
  // Says rural, small and poor on the profile, but no school e-mail names a district.
  ids.typedRural = (await createExpert({ ...listed, urbanicity: "rural", districtSize: "small" })).expert.id;
});

describe("filters by the verified district", () => {
  it("a locale group, an enrollment band or a poverty quartile finds only district-verified experts in it", async () => {
    for (const variant of ["client", "directory"] as const) {
      expect((await search({ localeGroup: "rural" }, variant)).sort()).toEqual([ids.ruralPoor, ids.ruralPoorTexas, ids.ruralRich].sort());
      expect(await search({ localeGroup: "town" }, variant)).toEqual([]);
    }
    expect((await search({ enrollmentBand: "under_1000" })).sort()).toEqual([ids.ruralPoor, ids.ruralPoorTexas].sort());
    expect((await search({ povertyQuartile: 4 })).sort()).toEqual([ids.ruralPoor, ids.ruralPoorTexas, ids.cityPoor].sort());
    expect(await search({ povertyQuartile: 1 })).toEqual([ids.ruralRich]);
    expect(await search({ localeGroup: "rural", urbanicity: "rural" }, "directory")).not.toContain(ids.typedRural);
  });

  it("combine with each other and with the existing filters", async () => {
    expect((await search({ localeGroup: "rural", povertyQuartile: 4 })).sort()).toEqual([ids.ruralPoor, ids.ruralPoorTexas].sort());
    expect(await search({ localeGroup: "rural", povertyQuartile: 4, state: "TX" })).toEqual([ids.ruralPoorTexas]);
    expect(await search({ localeGroup: "rural", povertyQuartile: 4, role: "Superintendent" })).toEqual([ids.ruralPoor]);
    expect(await search({ localeGroup: "city", enrollmentBand: "under_1000" })).toEqual([]);
  });

  it("follow the district: a change of its values, a new link and an unlinked expert", async () => {
    await db().district.update({ where: { leaid: "0611002" }, data: { povertyQuartile: 3 } });
    expect(await search({ povertyQuartile: 1 })).toEqual([]);
    expect(await search({ povertyQuartile: 3 })).toEqual([ids.ruralRich]);
    await db().expert.update({ where: { id: ids.ruralRich }, data: { districtLeaid: "0611003" } });
    expect(await search({ localeGroup: "city" })).toContain(ids.ruralRich);
    await db().expert.update({ where: { id: ids.ruralRich }, data: { districtLeaid: null } });
    expect(await search({ localeGroup: "city" })).toEqual([ids.cityPoor]);
    const row = await db().expert.findUniqueOrThrow({ where: { id: ids.ruralRich } });
    expect([row.districtLocaleGroup, row.districtEnrollmentBand, row.districtPovertyQuartile]).toEqual([null, null, null]);
  });

  it("live in the URL and drop a value they do not know", () => {
    const { filters } = filtersFromSearchParams({ localeGroup: "rural", enrollmentBand: "from_5000_to_24999", povertyQuartile: "4" });
    expect(filters).toMatchObject({ localeGroup: "rural", enrollmentBand: "from_5000_to_24999", povertyQuartile: 4 });
    expect(searchParamsFromFilters(filters).toString()).toBe("localeGroup=rural&enrollmentBand=from_5000_to_24999&povertyQuartile=4");
    const dropped = filtersFromSearchParams({ localeGroup: "metro", povertyQuartile: "9", state: "CA" }).filters;
    expect(dropped.localeGroup).toBeUndefined();
    expect(dropped.povertyQuartile).toBeUndefined();
    expect(dropped.state).toBe("CA");
  });
});

describe("POST /api/experts-search with the district filters", () => {
  it("answers the district-verified experts, and 400 with a clear message for an unknown value", async () => {
    const token = await bearerTokenFor({ id: client.userId });
    const ok = await postExpertsSearch(
      { variant: "client", localeGroup: "rural", povertyQuartile: 4, enrollmentBand: "under_1000" },
      token,
    );
    expect(ok.status).toBe(200);
    const ids200 = (await ok.json()).data.experts.map((e: { id: string }) => e.id);
    expect(ids200.sort()).toEqual([ids.ruralPoor, ids.ruralPoorTexas].sort());
    expect(ids200).not.toContain(ids.typedRural);
    for (const [bad, message] of [
      [{ localeGroup: "metro" }, /localeGroup.*city, suburb, town or rural/],
      [{ enrollmentBand: "huge" }, /enrollmentBand.*under_1000/],
      [{ povertyQuartile: 5 }, /povertyQuartile.*1 \(lowest poverty\) to 4/],
      [{ povertyQuartile: "high" }, /povertyQuartile.*1 \(lowest poverty\) to 4/],
    ] as const) {
      const r = await postExpertsSearch(bad, token);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      const body = await r.json();
      expect(body.success).toBe(false);
      expect(body.error).toMatch(message);
    }
  });
});

describe("the import keeps the experts' copies in step", () => {
  // Last in this file: the import recomputes poverty quartiles over every district on file.
  it("a newer membership file that moves a district's enrollment band moves its experts with it", async () => {
    const fixture = (name: string) => path.resolve("tests/fixtures/districts", name);
    await importDistrictFiles(
      ["ccd_lea_029_2223_w_sample.csv", "ccd_lea_052_2223_l_sample.csv", "EDGE_GEOCODE_PUBLICLEA_2223_sample.csv", "ussd22_sample.txt"].map(
        fixture,
      ),
    );
    const { expert } = await createExpert({ isPublicProfile: true, districtLeaid: "1799003" });
    const copyOf = async () => {
      const [e, d] = await Promise.all([
        db().expert.findUniqueOrThrow({ where: { id: expert.id } }),
        db().district.findUniqueOrThrow({ where: { leaid: "1799003" } }),
      ]);
      expect([e.districtLocaleGroup, e.districtEnrollmentBand, e.districtPovertyQuartile]).toEqual([
        d.localeGroup,
        d.enrollmentBand,
        d.povertyQuartile,
      ]);
      return d;
    };
    const before = await copyOf();
    await importDistrictFiles([fixture("ccd_lea_052_2324_l_sample.csv")]);
    const after = await copyOf();
    expect(after.enrollmentBand).toBe("from_1000_to_4999");
    expect(after.enrollmentBand).not.toBe(before.enrollmentBand);
    expect(await search({ enrollmentBand: "from_1000_to_4999" })).toContain(expert.id);
    if (before.enrollmentBand) expect(await search({ enrollmentBand: before.enrollmentBand })).not.toContain(expert.id);
  });
});
