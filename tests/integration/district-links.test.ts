// A confirmed school e-mail names its district: a domain one district's website uses links the
// expert at once (subdomains and k12.<st>.us forms included); a shared or unknown domain goes to
// the admin's review with the candidates, where the admin links the expert or leaves them; the
// admin's district domains stay the override; clients see the district, never the address.
import path from "node:path";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { importDistrictFiles } from "@/lib/districts/import";
import {
  addDistrictDomain,
  confirmWorkEmail,
  listWorkDomainsForReview,
  listWorkEmailBadges,
  rejectWorkDomain,
  requestWorkEmail,
} from "@/lib/experts/work-email";
import { leaveExpertDistrict, linkExpertDistrict, listDistrictLinkReviews } from "@/lib/experts/district-link";
import { getPublicExpertProfile } from "@/lib/experts/directory";
import type { DistrictStatus } from "@/lib/generated/prisma/client";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";

const fixture = (name: string) => path.resolve("tests/fixtures/districts", name);
const suffix = () => Math.random().toString(36).slice(2, 8);
const NOW = new Date("2026-09-01T12:00:00Z");
const AT = new Date(NOW.getTime() + 120_000);

async function linkTokenFor(to: string): Promise<string> {
  const rows = await db().$queryRaw<{ payload: { to: string; text: string } }[]>`
    SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${to} ORDER BY j.id DESC LIMIT 1`;
  const m = /verify-work-email\?token=([A-Za-z0-9_%-]+)/.exec(rows[0].payload.text);
  return decodeURIComponent(m![1]);
}

/** An expert (listed, with a profile that says CA) who requested and followed a link for `address`. */
async function confirmedOn(address: string, profile: { organizationName?: string; state?: string } = {}) {
  const { user, expert } = await createExpert({ isPublicProfile: true, districtSize: "small", urbanicity: "urban", ...profile });
  await requestWorkEmail(actorFor(user, ["expert"]), address, NOW);
  const confirmed = await confirmWorkEmail(await linkTokenFor(address), new Date(NOW.getTime() + 60_000));
  const stored = await db().expert.findUniqueOrThrow({ where: { id: expert.id } });
  return { expert, confirmed, stored };
}

let admin: ReturnType<typeof actorFor>;

beforeAll(async () => {
  await importDistrictFiles(
    [
      "ccd_lea_029_2223_w_sample.csv",
      "ccd_lea_052_2223_l_sample.csv",
      "EDGE_GEOCODE_PUBLICLEA_2223_sample.csv",
      "ussd22_sample.txt",
      "ccd_lea_029_2324_w_sample.csv",
    ].map(fixture),
  );
  admin = actorFor(await createAdmin(), ["admin"]);
});

describe("confirming a school e-mail links its district", () => {
  it("a domain one district's website uses links that LEAID and earns the badge", async () => {
    const { stored, confirmed } = await confirmedOn(`t.${suffix()}@harborcityusd.org`);
    expect(stored.districtLeaid).toBe("0699001");
    expect(stored.workEmailVerifiedAt).not.toBeNull();
    expect(confirmed.review).toBeNull();
    expect(confirmed.district).toEqual({ name: "Sample Harbor City Unified", state: "CA" });
  });

  it("a school's subdomain links its district", async () => {
    const { stored } = await confirmedOn(`t.${suffix()}@students.lakeviewusd.org`);
    expect(stored.districtLeaid).toBe("0699005");
  });

  it("k12.<st>.us forms link their district, and an unknown one under k12 keeps the badge but waits for a district", async () => {
    expect((await confirmedOn(`t.${suffix()}@oakmesa.k12.ca.us`)).stored.districtLeaid).toBe("0699002");
    expect((await confirmedOn(`t.${suffix()}@lincoln.oakmesa.k12.ca.us`)).stored.districtLeaid).toBe("0699002");
    const other = await confirmedOn(`t.${suffix()}@unheard.k12.ca.us`);
    expect(other.stored.districtLeaid).toBeNull();
    expect(other.stored.workEmailVerifiedAt).not.toBeNull();
    const review = (await listDistrictLinkReviews(admin)).reviews.find((r) => r.domain === "unheard.k12.ca.us");
    expect(review?.experts.map((e) => e.expertId)).toEqual([other.expert.id]);
  });

  it("a domain several districts share earns no badge and links none: it waits in the domain review with the candidates", async () => {
    const { expert, stored, confirmed } = await confirmedOn(`t.${suffix()}@sampleriver.org`);
    expect(stored.districtLeaid).toBeNull();
    expect(stored.workEmailVerifiedAt).toBeNull();
    expect(stored.workEmailConfirmedAt).not.toBeNull();
    expect(confirmed.review).toContain("sampleriver.org is the website domain of 2 school districts");
    const review = (await listWorkDomainsForReview(admin)).find((r) => r.domain === "sampleriver.org")!;
    expect(review).toMatchObject({ hold: "several_districts" });
    expect(review.candidates.map((c) => c.leaid)).toEqual(["0699003", "0699004"]);
    expect(review.experts.map((e) => e.expertId)).toContain(expert.id);
    // Picking one of them is the admin's call: it links the expert and grants the badge.
    await linkExpertDistrict(admin, { expertId: expert.id, leaid: "0699004" });
    expect(await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).toMatchObject({
      districtLeaid: "0699004",
      districtLinkedById: admin.realUserId,
    });
  });

  it("an unknown domain waits for the badge review, with candidates by the organization's name in the expert's state", async () => {
    const domain = `harbor-${suffix()}.dev`;
    const { expert, stored } = await confirmedOn(`t@${domain}`, { organizationName: "Harbor City Unified", state: "CA" });
    expect(stored.districtLeaid).toBeNull();
    expect(stored.workEmailVerifiedAt).toBeNull();
    const review = (await listWorkDomainsForReview(admin)).find((r) => r.domain === domain)!;
    expect(review.candidates.map((c) => c.leaid)).toContain("0699001");
    // Picking the district links the expert and grants the badge the admin vouched for.
    expect(await linkExpertDistrict(admin, { expertId: expert.id, leaid: "0699001" })).toMatchObject({ leaid: "0699001" });
    const after = await db().expert.findUniqueOrThrow({ where: { id: expert.id } });
    expect(after.districtLeaid).toBe("0699001");
    expect(after.workEmailVerifiedAt).toEqual(after.workEmailConfirmedAt);
    expect((await listWorkDomainsForReview(admin)).find((r) => r.domain === domain)).toBeUndefined();
  });

  it("the admin's district domain overrides the directory: its LEAID, matched by domain or picked, links", async () => {
    const picked = `override-${suffix()}.org`;
    const early = await confirmedOn(`a@${picked}`);
    const row = await addDistrictDomain(admin, { domain: picked, districtName: "Sample Metro", state: "TX", leaid: "4899002" });
    expect(row).toMatchObject({ leaid: "4899002", granted: 1, linked: 1 });
    expect((await db().expert.findUniqueOrThrow({ where: { id: early.expert.id } })).districtLeaid).toBe("4899002");
    expect((await confirmedOn(`b@mail.${picked}`)).stored.districtLeaid).toBe("4899002");
    // Accepted by name only, the domain a district's website uses points at it by itself.
    expect(await addDistrictDomain(admin, { domain: "plainsisd.net", districtName: "Plains", state: "TX" })).toMatchObject({
      leaid: "4899001",
    });
    await expect(
      addDistrictDomain(admin, { domain: `x-${suffix()}.org`, districtName: "Missing District", state: "TX", leaid: "9999999" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // A name-and-state override without a LEAID links nothing and leaves no district review.
    const bare = `bare-${suffix()}.org`;
    await addDistrictDomain(admin, { domain: bare, districtName: "Bare District", state: "OH" });
    const onBare = await confirmedOn(`c@${bare}`);
    expect(onBare.stored.districtLeaid).toBeNull();
    expect((await listDistrictLinkReviews(admin)).reviews.find((r) => r.domain === bare)).toBeUndefined();
  });

  it("a domain the admin rejected earns nothing from the directory either", async () => {
    await rejectWorkDomain(admin, "cornbelt4.org");
    const { stored, confirmed } = await confirmedOn(`t.${suffix()}@cornbelt4.org`);
    expect(stored).toMatchObject({ districtLeaid: null, workEmailVerifiedAt: null });
    expect(confirmed.district).toBeNull();
  });

  it("a new address replaces the old district link", async () => {
    const { user, expert } = await createExpert();
    const actor = actorFor(user, ["expert"]);
    const first = `a.${suffix()}@harborcityusd.org`;
    await requestWorkEmail(actor, first, NOW);
    await confirmWorkEmail(await linkTokenFor(first), new Date(NOW.getTime() + 1_000));
    const second = `b.${suffix()}@sampleriver.org`;
    await requestWorkEmail(actor, second, new Date(NOW.getTime() + 2_000));
    await confirmWorkEmail(await linkTokenFor(second), new Date(NOW.getTime() + 3_000));
    expect((await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).districtLeaid).toBeNull();
  });
});

describe("a badge only for a unique, open district", () => {
  /** A district of this test's own whose website is `website`. */
  const district = (leaid: string, website: string, status: DistrictStatus | null, updatedStatus: DistrictStatus | null = null) =>
    db().district.create({
      data: {
        leaid,
        name: `Sample ${leaid}`,
        state: "CA",
        website: `https://www.${website}/`,
        websiteDomain: website,
        status,
        updatedStatus,
      },
    });

  /** Confirmed on `address`: no badge, no district, and listed in the admin's domain review for `hold`. */
  async function heldOn(address: string, hold: string) {
    const { expert, stored, confirmed } = await confirmedOn(address);
    expect(stored).toMatchObject({ workEmailVerifiedAt: null, districtLeaid: null });
    expect(stored.workEmailConfirmedAt).not.toBeNull();
    expect(confirmed.district).toBeNull();
    expect(confirmed.review).toMatch(/^Your address is confirmed, but /);
    const domain = address.slice(address.indexOf("@") + 1);
    const review = (await listWorkDomainsForReview(admin)).find((r) => r.domain === domain);
    expect(review).toMatchObject({ hold });
    expect(review!.experts.map((e) => e.expertId)).toContain(expert.id);
    const client = actorFor(await createClient(), ["client"]);
    expect(await listWorkEmailBadges(client, [expert.id], AT)).toEqual({});
    return { expert, confirmed, review: review! };
  }

  it("one open district's website: the badge and the district at once (a new agency counts as open, a closed one gives way)", async () => {
    const { stored } = await confirmedOn(`t.${suffix()}@prairiesd.org`);
    expect(stored.districtLeaid).toBe("1799031");
    expect(stored.workEmailVerifiedAt).not.toBeNull();
    const site = `open${suffix()}usd.org`;
    await district("0698101", site, "open");
    const { stored: open } = await confirmedOn(`t@${site}`);
    expect(open).toMatchObject({ districtLeaid: "0698101" });
    expect(open.workEmailVerifiedAt).not.toBeNull();
  });

  it("a domain only a closed agency used (a lapsed domain) goes to review, with the closed district as a candidate", async () => {
    const site = `closed${suffix()}sd.org`;
    await district("0698102", site, "closed");
    const { review, confirmed } = await heldOn(`t@${site}`, "closed_district");
    expect(confirmed.review).toContain("no longer lists as open");
    expect(review.candidates.map((c) => c.leaid)).toEqual(["0698102"]);
  });

  it("an agency open in its school year but closed since (the CCD's updated status) counts as closed; so do inactive and future ones", async () => {
    const site = `updated${suffix()}sd.org`;
    await district("0698103", site, "open", "closed");
    await heldOn(`t@${site}`, "closed_district");
    const inactive = `inactive${suffix()}sd.org`;
    await district("0698104", inactive, "inactive");
    await heldOn(`t@${inactive}`, "closed_district");
    const future = `future${suffix()}sd.org`;
    await district("0698105", future, "future");
    await heldOn(`t@${future}`, "closed_district");
  });

  it("the import reads the CCD's updated status: an agency listed open for its school year but closed since earns nothing", async () => {
    const header = readFileSync(fixture("ccd_lea_029_2324_w_sample.csv"), "utf8").split("\n")[0];
    const site = `merged${suffix()}sd.org`;
    const columns = header.split(",");
    const row = columns.map(
      (c) =>
        ({
          SCHOOL_YEAR: "2024-2025",
          ST: "CA",
          LEA_NAME: "Sample Merged Away Elementary",
          LEAID: "0698190",
          WEBSITE: `http://www.${site}`,
          SY_STATUS: "1",
          SY_STATUS_TEXT: "Open",
          UPDATED_STATUS: "2",
          UPDATED_STATUS_TEXT: "Closed",
        })[c] ?? "",
    );
    const dir = mkdtempSync(path.join(tmpdir(), "ccd-"));
    const file = path.join(dir, "ccd_lea_029_2425_w_updated.csv");
    writeFileSync(file, `${header}\n${row.join(",")}\n`);
    const report = await importDistrictFiles([file]);
    expect(report).toMatchObject({ added: 1, closed: 1 });
    expect(await db().district.findUniqueOrThrow({ where: { leaid: "0698190" } })).toMatchObject({
      status: "open",
      updatedStatus: "closed",
    });
    await heldOn(`t@${site}`, "closed_district");
  });

  it("a city's or county's government host that a district lists as its website goes to review", async () => {
    const city = `cityofmaple${suffix()}.gov`;
    await district("0698106", city, "open");
    const { confirmed } = await heldOn(`clerk@${city}`, "shared_host");
    expect(confirmed.review).toContain(`${city} is a government domain that also serves offices that are not schools`);
    await district("0698107", "co.pine.ca.us", "open");
    await heldOn(`t.${suffix()}@co.pine.ca.us`, "shared_host");
    const town = `cityofbirch${suffix()}.org`;
    await district("0698108", town, "open");
    await heldOn(`t@${town}`, "shared_host");
  });

  it("a university host (a lab school's website) goes to review, subdomains included", async () => {
    const university = `stateu${suffix()}.edu`;
    await district("0698109", university, "open");
    const { confirmed } = await heldOn(`prof@math.${university}`, "shared_host");
    expect(confirmed.review).toContain(`${university} is a college or university domain`);
  });

  it("a state's k12.<st>.us apex, which many districts share, goes to review; a district's own k12 subdomain does not", async () => {
    const { confirmed } = await heldOn(`t.${suffix()}@k12.sd.us`, "shared_host");
    expect(confirmed.review).toContain("k12.sd.us is a statewide school domain that many districts share");
    expect((await confirmedOn(`t.${suffix()}@oakmesa.k12.ca.us`)).stored.districtLeaid).toBe("0699002");
  });

  it("a hosting service a district's website sits on goes to review", async () => {
    await district("0698110", "edlio.com", "open");
    const { confirmed } = await heldOn(`t.${suffix()}@edlio.com`, "shared_host");
    expect(confirmed.review).toContain("edlio.com is a hosting service that many organizations share");
    await heldOn(`t.${suffix()}@lusd${suffix()}.onmicrosoft.com`, "shared_host");
  });

  it("the admin's district list still wins: a district that really mails from a government host is accepted once, by hand", async () => {
    const host = `schools.bigcity${suffix()}.gov`;
    await district("0698111", host, "open");
    const early = await heldOn(`a@${host}`, "shared_host");
    const row = await addDistrictDomain(admin, { domain: host, districtName: "Sample 0698111", state: "CA" });
    expect(row).toMatchObject({ leaid: "0698111", granted: 1, linked: 1 });
    expect(await db().expert.findUniqueOrThrow({ where: { id: early.expert.id } })).toMatchObject({ districtLeaid: "0698111" });
    const { stored } = await confirmedOn(`b@${host}`);
    expect(stored).toMatchObject({ districtLeaid: "0698111" });
    expect(stored.workEmailVerifiedAt).not.toBeNull();
  });

  it("a held domain can be rejected by the admin; the expert is told it was not accepted", async () => {
    const site = `rejectme${suffix()}.gov`;
    await district("0698112", site, "open");
    await heldOn(`t@${site}`, "shared_host");
    await rejectWorkDomain(admin, site);
    expect((await listWorkDomainsForReview(admin)).find((r) => r.domain === site)).toBeUndefined();
  });
});

describe("the admin's district review", () => {
  it("picks a candidate (links the expert) or leaves the expert without a district; only admins may", async () => {
    // A k12.<st>.us school no website on file uses: verified, no district yet.
    const k12 = `nosite${suffix()}.k12.ca.us`;
    const a = await confirmedOn(`a@${k12}`);
    const b = await confirmedOn(`b@${k12}`);
    expect((await listDistrictLinkReviews(admin)).reviews.find((r) => r.domain === k12)?.experts).toHaveLength(2);
    const expertActor = actorFor((await createExpert()).user, ["expert"]);
    await expect(linkExpertDistrict(expertActor, { expertId: a.expert.id, leaid: "0699004" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(leaveExpertDistrict(expertActor, { expertId: a.expert.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listDistrictLinkReviews(expertActor)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(linkExpertDistrict(admin, { expertId: a.expert.id, leaid: "12" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(linkExpertDistrict(admin, { expertId: a.expert.id, leaid: "0600000" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const noEmail = await createExpert();
    await expect(linkExpertDistrict(admin, { expertId: noEmail.expert.id, leaid: "0699004" })).rejects.toMatchObject({ code: "CONFLICT" });

    await linkExpertDistrict(admin, { expertId: a.expert.id, leaid: "0699004" });
    await leaveExpertDistrict(admin, { expertId: b.expert.id });
    const ids = (await listDistrictLinkReviews(admin)).reviews.flatMap((r) => r.experts.map((e) => e.expertId));
    expect(ids).not.toContain(a.expert.id);
    expect(ids).not.toContain(b.expert.id);
    expect((await db().expert.findUniqueOrThrow({ where: { id: a.expert.id } })).districtLeaid).toBe("0699004");
    expect((await db().expert.findUniqueOrThrow({ where: { id: b.expert.id } })).districtLeaid).toBeNull();
  });
});

describe("what clients see", () => {
  it("'District verified' with the directory's locale group and enrollment band, never the address; the profile drops the self-reported size", async () => {
    const address = `t.${suffix()}@harborcityusd.org`;
    const { expert } = await confirmedOn(address);
    const client = actorFor(await createClient(), ["client"]);
    const badges = await listWorkEmailBadges(client, [expert.id], AT);
    const d = await db().district.findUniqueOrThrow({ where: { leaid: "0699001" } });
    expect(badges[expert.id].district).toMatchObject({ name: "Sample Harbor City Unified", state: "CA" });
    expect(badges[expert.id].district?.locale).toBe({ city: "City", suburb: "Suburb", town: "Town", rural: "Rural" }[d.localeGroup!]);
    expect(badges[expert.id].district?.size).toMatch(/students/);
    expect(JSON.stringify(badges)).not.toContain(address);
    expect((await getPublicExpertProfile(expert.id))?.districtLinked).toBe(true);
  });
});
