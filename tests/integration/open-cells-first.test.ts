// Recruiting for a sample plan: the directory (page and API) lists the experts in a project's
// open cells first and says where each lands, the invite dialog offers the projects whose plan
// still wants this expert first, and the SQL form of the cell rule agrees with the code form.
import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { postExpertsSearch } from "../helpers/experts-search";
import { db } from "@/lib/platform/db";
import { acceptEngagement, applyToOpportunity } from "@/lib/engagements/transitions";
import { saveSamplePlan } from "@/lib/samples/plans";
import { inCells } from "@/lib/samples/cell-sql";
import { allCells, expertCellKey, type SampleDimension } from "@/lib/samples/cells";
import { EXPERT_CELL_SELECT } from "@/lib/samples/places";
import { loadDirectoryPage, searchForPlan } from "@/lib/projects/directory-page";
import { getInviteChoices } from "@/lib/projects/invite-choices";
import { directoryFiltersSchema, type DirectoryFiltersInput } from "@/lib/experts/schemas/directory";
import { actorFor, bearerTokenFor, createExpert } from "../factories";
import { createStudy } from "../studies";

type Locale = "city" | "suburb" | "town" | "rural";
let seq = 0;
async function district(localeGroup: Locale, povertyQuartile: number, state: string) {
  const leaid = `48${String(70000 + ++seq).padStart(5, "0")}`;
  await db().district.create({
    data: { leaid, name: `Sample district ${seq}`, state, localeGroup, povertyQuartile, status: "open", enrollmentBand: "under_1000" },
  });
  return leaid;
}

const listed = (districtLeaid: string | null, roleTitle = "Teacher", minutesAgo = 0) =>
  createExpert({ districtLeaid, roleTitle, isPublicProfile: true, createdAt: new Date(Date.now() - minutesAgo * 60_000) });

const parse = (input: DirectoryFiltersInput) => directoryFiltersSchema.parse(input);

describe("the cell rule in SQL", () => {
  it("finds exactly the experts the code places in each cell, for district, region, state and role dimensions", async () => {
    const places = [
      await district("rural", 4, "OH"),
      await district("city", 1, "TX"),
      await district("rural", 4, "TX"),
      await district("suburb", 2, "WA"),
    ];
    for (const leaid of [...places, null])
      for (const role of ["Teacher", "Superintendent", "Other", "teacher", " Principal ", "Chief Reading Officer"])
        await listed(leaid, role);

    const plans: SampleDimension[][] = [
      ["locale_group", "census_region", "role"],
      ["state", "poverty_quartile"],
      ["enrollment_band"],
      ["role"],
    ];
    // A district's state corrected by a later import moves its experts' copy with it.
    await db().district.update({ where: { leaid: places[0] }, data: { state: "MN" } });
    await db().district.update({ where: { leaid: places[0] }, data: { state: "ND" } });
    const experts = await db().expert.findMany({ select: { id: true, ...EXPERT_CELL_SELECT } });
    expect(await db().expert.count({ where: { districtLeaid: places[0], districtState: "ND" } })).toBe(6);
    for (const dimensions of plans) {
      const keyOf = new Map(experts.map((e) => [e.id, expertCellKey(dimensions, e)]));
      const sqlIds = async (cells: { values: Record<string, string> }[]) =>
        (await db().$queryRaw<{ id: string }[]>(Prisma.sql`SELECT e.id::text AS id FROM experts e WHERE ${inCells(dimensions, cells)}`))
          .map((r) => r.id)
          .sort();
      const cells = allCells(dimensions) as Record<string, string>[];
      // Every cell the code fills, and in all cells together everyone the code can place.
      for (const key of new Set([...keyOf.values()].filter((k): k is string => k !== null))) {
        const values = Object.fromEntries(key.split("|").map((p) => p.split("=")));
        expect(await sqlIds([{ values }]), key).toEqual(
          experts
            .filter((e) => keyOf.get(e.id) === key)
            .map((e) => e.id)
            .sort(),
        );
      }
      expect(await sqlIds(cells.map((values) => ({ values })))).toEqual(
        experts
          .filter((e) => keyOf.get(e.id) !== null)
          .map((e) => e.id)
          .sort(),
      );
    }
    expect(await db().$queryRaw<unknown[]>(Prisma.sql`SELECT 1 FROM experts e WHERE ${inCells(["role"], [])}`)).toEqual([]);
  });
});

describe("recruiting for a sample plan", () => {
  let study: Awaited<ReturnType<typeof createStudy>>;
  const rural: string[] = [];
  const others: string[] = [];
  const city: string[] = [];
  let cityAccepted: string;

  beforeAll(async () => {
    await db().expert.updateMany({ data: { isPublicProfile: false } });
    const ruralDistrict = await district("rural", 3, "OH");
    const cityDistrict = await district("city", 3, "OH");
    study = await createStudy({ quota: 10, title: "Rural reading study" });
    await saveSamplePlan(study.client, study.project.id, {
      mode: "targets",
      dimensions: ["locale_group"],
      targets: { "locale_group=city": 1, "locale_group=rural": 3 },
    });
    // Newest first within each part: creation times interleave the two kinds.
    for (let i = 0; i < 22; i++) {
      const minutesAgo = 100 - i;
      if (i % 3 === 0) {
        const id = (await listed(i % 2 ? null : cityDistrict, "Teacher", minutesAgo)).expert.id;
        others.unshift(id);
        if (i % 2 === 0) city.push(id);
      } else rural.unshift((await listed(ruralDistrict, "Teacher", minutesAgo)).expert.id);
    }
    // The city cell fills: its one place is taken.
    const accepted = await listed(cityDistrict, "Teacher", 200);
    cityAccepted = accepted.expert.id;
    const applied = await applyToOpportunity(actorFor(accepted.user, ["expert"]), {
      opportunityId: study.opportunity!.id,
      outsideActivityConfirmed: true,
      districtPolicyChecked: true,
    });
    await acceptEngagement(study.client, applied.engagementId);
  });

  it("lists the open cells' experts first, newest first, then the rest, across pages, with each expert's place", async () => {
    expect(rural).toHaveLength(14);
    const page = async (n: number) => (await searchForPlan(study.client, parse({ recruitingFor: study.project.id, page: n }), "client"))!;
    const one = await page(1);
    expect(one.page.experts.map((e) => e.id)).toEqual(rural.slice(0, 12));
    expect(one.page.total).toBe(23);
    expect(one.recruiting).toMatchObject({ projectId: study.project.id, title: "Rural reading study", openCells: 1, cellCount: 4 });
    expect(one.recruiting!.experts[rural[0]]).toEqual({ standing: "open", cell: "Rural" });

    const two = await page(2);
    expect(two.page.experts.map((e) => e.id)).toEqual([...rural.slice(12), ...others, cityAccepted].slice(0, 12));
    expect(two.page.experts).toHaveLength(11);
    expect((await page(3)).page.experts).toEqual([]);
    const standings = Object.values(two.recruiting!.experts).map((p) => p.standing);
    expect(standings.filter((s) => s === "open")).toHaveLength(2);
    expect(two.recruiting!.experts[cityAccepted]).toEqual({ standing: "full", cell: "City" });
    const noDistrict = others.find((id) => two.recruiting!.experts[id]?.cell === null);
    expect(noDistrict && two.recruiting!.experts[noDistrict].standing).toBe("outside");

    // Without a project the order is the plain newest first.
    const plain = await searchForPlan(study.client, parse({}), "client");
    expect(plain.recruiting).toBeNull();
    expect(plain.page.experts[0].id).toBe(others[0]);

    // A filter still narrows: city experts only, none of them in an open cell.
    const filtered = await searchForPlan(study.client, parse({ recruitingFor: study.project.id, localeGroup: "city" }), "client");
    expect(filtered.page.experts.map((e) => e.id).sort()).toEqual([...city, cityAccepted].sort());
    expect(Object.values(filtered.recruiting!.experts).every((p) => p.standing === "full")).toBe(true);
  });

  it("offers the project to recruit for on the page, and another organization's project is not found", async () => {
    const page = await loadDirectoryPage(study.client, parse({ recruitingFor: study.project.id }), "client");
    expect(page.plans).toEqual([{ id: study.project.id, title: "Rural reading study" }]);
    expect(page.recruiting?.openCells).toBe(1);

    const outsider = await createStudy({ title: "Another organization's study" });
    await expect(searchForPlan(outsider.client, parse({ recruitingFor: study.project.id }), "client")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Project not found",
    });
    // The page shows the plain search for a link it cannot follow.
    const fallback = await loadDirectoryPage(outsider.client, parse({ recruitingFor: study.project.id }), "client");
    expect(fallback.recruiting).toBeNull();
    expect(fallback.plans).toEqual([]);
    expect("error" in fallback.result).toBe(false);

    const mine = await postExpertsSearch({ variant: "client", recruitingFor: study.project.id }, await bearerTokenFor(study.clientUser));
    expect(mine.status).toBe(200);
    const body = (await mine.json()).data;
    expect(body.experts[0].id).toBe(rural[0]);
    expect(body.recruiting.experts[rural[0]]).toEqual({ standing: "open", cell: "Rural" });
    const theirs = await postExpertsSearch(
      { variant: "client", recruitingFor: study.project.id },
      await bearerTokenFor(outsider.clientUser),
    );
    expect(theirs.status).toBe(404);
    const bad = await postExpertsSearch({ variant: "client", recruitingFor: "not-a-project" }, await bearerTokenFor(study.clientUser));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain("must be one of your projects with a sample plan");
  });

  it("the invite dialog offers first the projects whose plan still wants this expert, full cells last", async () => {
    const plain = await createStudy({ title: "No plan study" }, study.clientUser);
    const full = await createStudy({ title: "Cities only study" }, study.clientUser);
    await saveSamplePlan(full.client, full.project.id, {
      mode: "targets",
      dimensions: ["locale_group"],
      targets: { "locale_group=city": 1, "locale_group=rural": 0 },
    });
    const choices = await getInviteChoices(study.client, rural[0]);
    expect(choices.projects.map((p) => [p.title, p.plan?.standing ?? null])).toEqual([
      ["Rural reading study", "open"],
      ["No plan study", null],
      ["Cities only study", "full"],
    ]);
    expect(choices.projects[0].plan).toEqual({ standing: "open", cell: "Rural" });
    expect(plain.project.id).toBeTruthy();
  });
});
