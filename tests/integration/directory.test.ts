import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { getPublicExpertProfile, getNextOpenSlots, searchDirectory, listSitemapExperts, sitemapRangeStamp } from "@/lib/experts/directory";
import { directoryFiltersSchema, type DirectoryFiltersInput } from "@/lib/experts/schemas/directory";
import { EXPERT_ROLE_TITLES, ROLE_FILTERS, ROLE_TITLE_LABELS } from "@/lib/vocabulary/roles";
import { createAdmin, createClient, createExpert, createUser, actorFor } from "../factories";

const actorOf = (user: { id: string; email: string }, role: "admin" | "client" | "expert"): Actor => actorFor(user, [role]);

let client: Actor;
let admin: Actor;
const ids: Record<string, string> = {};
const base = new Date("2026-01-01T00:00:00Z").getTime();
let order = 0;
async function make(key: string, overrides: Parameters<typeof createExpert>[0]) {
  const { expert } = await createExpert({ createdAt: new Date(base + order++ * 60_000), ...overrides });
  ids[key] = expert.id;
}

beforeAll(async () => {
  client = actorOf(await createClient(), "client");
  admin = actorOf(await createAdmin(), "admin");
  await make("caPrincipal", {
    roleTitle: "Principal",
    state: "CA",
    department: "Mathematics",
    districtType: "public",
    districtSize: "small",
    urbanicity: "urban",
    availabilityStatus: "available",
    tags: ["Leadership", "Assessment"],
    toolsPlatforms: ["Zoom"],
    hourlyRateMinCents: 10000,
    hourlyRateMaxCents: 15000,
    yearsExperience: 12,
    pulseScore: 74,
    bio: "Leads literacy work",
    organizationName: "Lincoln Unified",
  });
  await make("txTeacher", {
    roleTitle: "Teacher",
    state: "TX",
    department: "Science",
    districtType: "charter",
    districtSize: "medium",
    urbanicity: "rural",
    availabilityStatus: "limited",
    tags: ["Technology Integration"],
    toolsPlatforms: ["Canvas", "Google Classroom"],
    hourlyRateMinCents: 5000,
    hourlyRateMaxCents: 9000,
    yearsExperience: 5,
    pulseScore: 55,
    bio: "Robotics club coach",
  });
  await make("nySuper", {
    roleTitle: "Superintendent",
    state: "NY",
    department: "Administration",
    districtType: "public",
    districtSize: "large",
    urbanicity: "suburban",
    availabilityStatus: "busy",
    tags: ["Leadership"],
    toolsPlatforms: ["Microsoft Teams"],
    hourlyRateMinCents: 20000,
    hourlyRateMaxCents: 30000,
    yearsExperience: 25,
    pulseScore: 90,
  });
  await make("hiddenFields", {
    roleTitle: "Curriculum Director",
    state: "FL",
    organizationName: "Secret Org",
    showOrganization: false,
    showExperience: false,
    showRates: false,
    yearsExperience: 30,
    hourlyRateMinCents: 1000,
    hourlyRateMaxCents: 2000,
  });
  await make("noRates", { roleTitle: "Coordinator", state: "PA", hourlyRateMinCents: null, hourlyRateMaxCents: null });
  await make("pending", { roleTitle: "Principal", state: "CA", verificationStatus: "pending" });
  await make("rejected", { roleTitle: "Principal", state: "CA", verificationStatus: "rejected" });
  await make("private", { roleTitle: "Principal", state: "CA", isPublicProfile: false });
});

async function names(filters: DirectoryFiltersInput, variant: "directory" | "client" = "directory", actor = client) {
  const page = await searchDirectory(actor, directoryFiltersSchema.parse(filters), variant);
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return page.experts.map((e) => byId[e.id]).filter(Boolean);
}

describe("directory search", () => {
  it("shows only verified public profiles, newest first, with the total", async () => {
    const page = await searchDirectory(client, directoryFiltersSchema.parse({}));
    expect(await names({})).toEqual(["noRates", "hiddenFields", "nySuper", "txTeacher", "caPrincipal"]);
    expect(page.total).toBe(5);
    expect(page.pageSize).toBe(12);
  });

  it.each([
    [{ state: "CA" }, ["caPrincipal"]],
    [{ districtType: "charter" }, ["txTeacher"]],
    [{ districtSize: "large" }, ["nySuper"]],
    [{ urbanicity: "rural" }, ["txTeacher"]],
    [{ availability: "busy" }, ["nySuper"]],
    [{ role: "princ" }, ["caPrincipal"]],
    [{ role: "TEACHER" }, ["txTeacher"]],
    [{ department: "math" }, ["caPrincipal"]],
    [{ tag: "Leadership" }, ["nySuper", "caPrincipal"]],
    [{ tool: "Canvas" }, ["txTeacher"]],
    [{ rateMin: 100 }, ["nySuper", "caPrincipal"]],
    [{ rateMax: 150 }, ["txTeacher", "caPrincipal"]],
    [{ rateMin: 100, rateMax: 150 }, ["caPrincipal"]],
    [{ q: "robotics" }, ["txTeacher"]],
    [{ q: "lincoln" }, ["caPrincipal"]],
    [{ q: "superintendent" }, ["nySuper"]],
    [{ minExperience: 12 }, ["nySuper", "caPrincipal"]],
    [{ minPulse: 74 }, ["nySuper", "caPrincipal"]],
    [{ minPulse: 75 }, ["nySuper"]],
    [{ state: "CA", tag: "Leadership", rateMin: 100, availability: "available" }, ["caPrincipal"]],
    [{ state: "TX", tag: "Leadership" }, []],
  ] as [DirectoryFiltersInput, string[]][])("filter %j", async (filters, expected) => {
    expect(await names(filters)).toEqual(expected);
  });

  it("finds people by their full name, first or last, as the cards show it", async () => {
    await db().user.update({
      where: { id: (await db().expert.findUniqueOrThrow({ where: { id: ids.txTeacher } })).userId },
      data: { firstName: "Maria", lastName: "Okonkwo" },
    });
    await db().user.update({
      where: { id: (await db().expert.findUniqueOrThrow({ where: { id: ids.nySuper } })).userId },
      data: { firstName: "Sean", lastName: "O'Brien" },
    });
    expect(await names({ q: "Maria Okonkwo" }, "client")).toEqual(["txTeacher"]);
    expect(await names({ q: "okonkwo" })).toEqual(["txTeacher"]);
    expect(await names({ q: "maria okon" }, "client")).toEqual(["txTeacher"]);
    expect(await names({ q: "brien" }, "client")).toEqual(["nySuper"]);
    expect(await names({ q: "Maria Brien" }, "client")).toEqual([]);
    // Still the document's words, and a hidden or unverified expert stays out whatever their name.
    expect(await names({ q: "robotics" }, "client")).toEqual(["txTeacher"]);
    await db().user.update({
      where: { id: (await db().expert.findUniqueOrThrow({ where: { id: ids.pending } })).userId },
      data: { firstName: "Maria", lastName: "Okonkwo" },
    });
    expect(await names({ q: "Maria Okonkwo" }, "client")).toEqual(["txTeacher"]);
  });

  it("never matches or sends fields the expert hid", async () => {
    expect(await names({ q: "Secret" })).toEqual([]);
    expect(await names({ minExperience: 29 })).toEqual([]);
    expect(await names({ rateMax: 25 })).toEqual([]);
    const page = await searchDirectory(client, directoryFiltersSchema.parse({ state: "FL" }));
    const hidden = page.experts[0];
    expect(hidden.organizationName).toBeNull();
    expect(hidden.yearsExperience).toBeNull();
    expect(hidden.hourlyRateMin).toBeNull();
    expect(hidden.hourlyRateMax).toBeNull();
    expect(JSON.stringify(page)).not.toMatch(/Secret Org|@/);
  });

  it("the client variant's rate range keeps experts lacking both rates", async () => {
    expect(await names({ rateMin: 100, rateMax: 150 }, "client")).toEqual(["noRates", "hiddenFields", "caPrincipal"]);
    expect(await names({ rateMin: 100, rateMax: 150 }, "directory")).toEqual(["caPrincipal"]);
  });

  it("verification defaults to verified; only admins may look at others", async () => {
    expect(await names({ verification: "pending" })).toEqual(["noRates", "hiddenFields", "nySuper", "txTeacher", "caPrincipal"]);
    expect(await names({ verification: "pending" }, "directory", admin)).toEqual(["pending"]);
    expect(await names({ verification: "rejected" }, "directory", admin)).toEqual(["rejected"]);
  });

  it("each of the five role labels finds the experts of every role it names, as onboarding stores them", async () => {
    const department = "Role Filter Check";
    const idOf: Record<string, string> = {};
    for (const role of EXPERT_ROLE_TITLES) idOf[role] = (await createExpert({ roleTitle: ROLE_TITLE_LABELS[role], department })).expert.id;
    for (const filter of ROLE_FILTERS) {
      const found = (await searchDirectory(client, directoryFiltersSchema.parse({ role: filter.label, department }))).experts.map(
        (e) => e.id,
      );
      expect(found.length, filter.label).toBeGreaterThan(0);
      expect(found, filter.label).toEqual(expect.arrayContaining(filter.roles.map((r) => idOf[r])));
    }
  });

  it("pages by 12", async () => {
    for (let i = 0; i < 14; i++) await createExpert({ roleTitle: "Pager", state: "IL", createdAt: new Date(base - (i + 1) * 60_000) });
    const p1 = await searchDirectory(client, directoryFiltersSchema.parse({ role: "pager" }));
    const p2 = await searchDirectory(client, directoryFiltersSchema.parse({ role: "pager", page: 2 }));
    expect(p1.total).toBe(14);
    expect(p1.experts).toHaveLength(12);
    expect(p2.experts).toHaveLength(2);
    expect(new Set([...p1.experts, ...p2.experts].map((e) => e.id)).size).toBe(14);
  });

  it("the total follows every change at once", async () => {
    const total = async () => (await searchDirectory(client, directoryFiltersSchema.parse({ role: "counted" }))).total;
    expect(await total()).toBe(0);
    const { expert } = await createExpert({ roleTitle: "Counted Coordinator" });
    expect(await total()).toBe(1);
    expect(await total()).toBe(1);
    await db().expert.update({ where: { id: expert.id }, data: { isPublicProfile: false } });
    expect(await total()).toBe(0);
    // Two writes inside one millisecond: the stamp counts the rows that carry the newest time.
    const { expert: second } = await createExpert({ roleTitle: "Counted Teacher", isPublicProfile: false });
    const at = new Date();
    await db().expert.update({ where: { id: expert.id }, data: { isPublicProfile: true, updatedAt: at } });
    expect(await total()).toBe(1);
    await db().expert.update({ where: { id: second.id }, data: { isPublicProfile: true, updatedAt: at } });
    expect(await total()).toBe(2);
  });

  it("refuses experts and visitors", async () => {
    const expertUser = await createUser({ roles: ["expert"] });
    await expect(searchDirectory(actorOf(expertUser, "expert"), directoryFiltersSchema.parse({}))).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(searchDirectory(null, directoryFiltersSchema.parse({}))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("rejects bad filter values", () => {
    for (const bad of [
      { state: "ZZ" },
      { rateMin: -1 },
      { rateMin: "abc" },
      { page: 0 },
      { rateMin: 200, rateMax: 100 },
      { districtType: "x" },
      { minPulse: 101 },
    ]) {
      expect(directoryFiltersSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("public profile", () => {
  it("answers only verified public profiles and never the e-mail", async () => {
    const profile = await getPublicExpertProfile(ids.caPrincipal);
    expect(profile?.roleTitle).toBe("Principal");
    expect(JSON.stringify(profile)).not.toContain("@");
    for (const key of ["pending", "rejected", "private"]) expect(await getPublicExpertProfile(ids[key])).toBeNull();
    expect(await getPublicExpertProfile("not-a-uuid")).toBeNull();
    expect(await getPublicExpertProfile("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("hides organization, experience and rates when the expert hid them", async () => {
    const profile = await getPublicExpertProfile(ids.hiddenFields);
    expect(profile).toMatchObject({ organizationName: null, yearsExperience: null, hourlyRateMin: null, hourlyRateMax: null });
  });

  it("lists the next open slots", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    await db().availabilitySlot.create({ data: { expertId: ids.caPrincipal, date: tomorrow, startTime: "10:00", endTime: "10:30" } });
    await db().availabilitySlot.create({
      data: { expertId: ids.caPrincipal, date: new Date(Date.now() - 3 * 86_400_000), startTime: "10:00", endTime: "10:30" },
    });
    const slots = await getNextOpenSlots(ids.caPrincipal);
    expect(slots).toHaveLength(1);
    await expect(getNextOpenSlots(ids.pending)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("sitemap source", () => {
  it("lists every verified public profile and nothing else", async () => {
    const total = Number(
      (
        await db().$queryRaw<
          { n: bigint }[]
        >`SELECT count(*) AS n FROM experts WHERE verification_status = 'verified' AND is_public_profile`
      )[0].n,
    );
    const rows = await listSitemapExperts(0, 1000);
    expect(rows).toHaveLength(total);
    const listed = new Set(rows.map((r) => r.id));
    expect(listed.has(ids.caPrincipal)).toBe(true);
    for (const key of ["pending", "rejected", "private"]) expect(listed.has(ids[key])).toBe(false);
    await db().expert.update({ where: { id: ids.txTeacher }, data: { isPublicProfile: false } });
    expect((await listSitemapExperts(0, 1000)).some((r) => r.id === ids.txTeacher)).toBe(false);
    await db().expert.update({ where: { id: ids.txTeacher }, data: { isPublicProfile: true } });
  });

  it("a range's stamp changes when a profile in it changes, and only then", async () => {
    const rows = await listSitemapExperts(0, 1000);
    const at = rows.findIndex((r) => r.id === ids.caPrincipal);
    const inside = await sitemapRangeStamp(at, 1);
    const before = await sitemapRangeStamp(0, at);
    expect(await sitemapRangeStamp(at, 1)).toEqual(inside);
    await db().expert.update({ where: { id: ids.caPrincipal }, data: { bio: "Leads literacy work across the district" } });
    expect((await sitemapRangeStamp(at, 1)).digest).not.toBe(inside.digest);
    expect(await sitemapRangeStamp(0, at)).toEqual(before);
    await db().expert.update({ where: { id: ids.caPrincipal }, data: { bio: "Leads literacy work" } });
  });
});
