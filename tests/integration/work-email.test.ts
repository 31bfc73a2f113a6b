import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { db } from "@/lib/platform/db";
import { hashToken, newToken } from "@/lib/accounts/tokens";
import {
  REFUSED_DOMAIN_MESSAGE,
  addDistrictDomain,
  classifyWorkDomain,
  confirmWorkEmail,
  getWorkEmailEvidence,
  listLapsedWorkEmails,
  requestWorkEmail,
  listWorkEmailBadges,
  requestWorkEmailReconfirmations,
  workEmailBadgesFor,
  getOwnWorkEmail,
  listWorkDomainsForReview,
  rejectWorkDomain,
} from "@/lib/experts/work-email";
import { DOMAIN_REJECTED_MESSAGE, DOMAIN_REVIEW_MESSAGE } from "@/lib/experts/work-email-rules";
import { schoolYearOf, workEmailBadge } from "@/lib/experts/work-email-rules";
import { searchDirectory } from "@/lib/experts/directory";
import { linkExpertDistrict } from "@/lib/experts/district-link";
import { BADGE_HELD_NOTIFICATION_KIND, rereviewSchoolBadges } from "@/lib/experts/work-email-rereview";
import { directoryFiltersSchema, filtersFromSearchParams } from "@/lib/experts/schemas/directory";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";

/** The link token of the newest queued work-e-mail mail to `to` (read from the job row the mail queue wrote). */
async function linkTokenFor(to: string): Promise<string> {
  const rows = await db().$queryRaw<{ payload: { to: string; text: string } }[]>`
    SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${to} ORDER BY j.id DESC LIMIT 1`;
  expect(rows).toHaveLength(1);
  const m = /verify-work-email\?token=([A-Za-z0-9_%-]+)/.exec(rows[0].payload.text);
  expect(m).not.toBeNull();
  return decodeURIComponent(m![1]);
}

const suffix = () => Math.random().toString(36).slice(2, 8);

describe("classifyWorkDomain", () => {
  it("names free-mail and disposable providers from the published lists", async () => {
    expect((await classifyWorkDomain("gmail.com")).kind).toBe("free");
    expect((await classifyWorkDomain("Yahoo.com")).kind).toBe("free");
    expect((await classifyWorkDomain("mailinator.com")).kind).toMatch(/free|disposable/);
    expect((await classifyWorkDomain("10minutemail.com")).kind).toMatch(/free|disposable/);
    expect((await classifyWorkDomain("sub.guerrillamail.com")).kind).toMatch(/free|disposable/);
  });

  it("recognises K-12 patterns and the admin's district list", async () => {
    expect(await classifyWorkDomain("springfield.k12.il.us")).toEqual({ kind: "k12", state: "IL" });
    // A district-like name is not a known district: it waits for review like any other domain.
    expect((await classifyWorkDomain("austinisd.org")).kind).toBe("district_like");
    expect((await classifyWorkDomain("lausd.net")).kind).toBe("district_like");
    expect((await classifyWorkDomain("dallasschools.org")).kind).toBe("district_like");
    expect((await classifyWorkDomain("acme-widgets.com")).kind).toBe("unknown");
    const domain = `springfield${suffix()}.org`;
    expect((await classifyWorkDomain(domain)).kind).toBe("unknown");
    const admin = await createAdmin();
    await addDistrictDomain(actorFor(admin, ["admin"]), {
      domain: `www.${domain.toUpperCase()}`,
      districtName: "Springfield Public Schools",
      state: "il",
    });
    expect(await classifyWorkDomain(domain)).toEqual({
      kind: "district_list",
      district: { name: "Springfield Public Schools", state: "IL" },
      listed: { domain, leaid: null },
    });
    expect(await classifyWorkDomain(`mail.${domain}`)).toMatchObject({ kind: "district_list" });
  });

  it("lets only admins add district domains", async () => {
    const { user } = await createExpert();
    await expect(
      addDistrictDomain(actorFor(user, ["expert"]), { domain: "x-schools.org", districtName: "X", state: "CA" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("requesting and confirming a work e-mail", () => {
  it("refuses free-mail and disposable addresses with the clear message", async () => {
    const { user } = await createExpert();
    const actor = actorFor(user, ["expert"]);
    await expect(requestWorkEmail(actor, "someone@gmail.com")).rejects.toThrow(REFUSED_DOMAIN_MESSAGE);
    await expect(requestWorkEmail(actor, "someone@mailinator.com")).rejects.toThrow(REFUSED_DOMAIN_MESSAGE);
    await expect(requestWorkEmail(actor, "not-an-address")).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("stores only a hash, confirms once, and records the school year in the expert's zone", async () => {
    const { user, expert } = await createExpert({ timeZone: "America/Los_Angeles" });
    const address = `t.${suffix()}@springfield.k12.il.us`;
    // 2026-07-01 03:00 UTC is still June 30 in Los Angeles: the 2025–26 school year.
    const requestedAt = new Date("2026-07-01T03:00:00Z");
    await requestWorkEmail(actorFor(user, ["expert"]), address, requestedAt);
    const token = await linkTokenFor(address);
    const row = await db().oneTimeToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
    expect(row).toMatchObject({ purpose: "work_email_verification", email: address, usedAt: null });
    expect(row.tokenHash).not.toBe(token);

    const confirmed = await confirmWorkEmail(token, new Date("2026-07-01T04:00:00Z"));
    expect(confirmed).toMatchObject({ email: address, schoolYear: 2025, schoolYearLabel: "2025–26" });
    const stored = await db().expert.findUniqueOrThrow({ where: { id: expert.id } });
    expect(stored).toMatchObject({ workEmail: address, workEmailDomain: "springfield.k12.il.us", workEmailSchoolYear: 2025 });

    await expect(confirmWorkEmail(token, new Date("2026-07-01T05:00:00Z"))).rejects.toThrow(/invalid, already used or has expired/);
  });

  it("refuses an expired link and a link of another purpose", async () => {
    const { user } = await createExpert();
    const now = new Date("2026-09-01T12:00:00Z");
    const address = `t.${suffix()}@lausd.net`;
    await requestWorkEmail(actorFor(user, ["expert"]), address, now);
    const token = await linkTokenFor(address);
    await expect(confirmWorkEmail(token, new Date(now.getTime() + 25 * 3_600_000))).rejects.toThrow(/has expired/);

    const reset = newToken();
    await db().oneTimeToken.create({
      data: { userId: user.id, purpose: "password_reset", tokenHash: reset.tokenHash, expiresAt: new Date(now.getTime() + 3_600_000) },
    });
    await expect(confirmWorkEmail(reset.token, now)).rejects.toThrow(/invalid/);
  });

  it("a newer link replaces the older one", async () => {
    const { user } = await createExpert();
    const now = new Date("2026-09-01T12:00:00Z");
    const first = `a.${suffix()}@austinisd.org`;
    const second = `b.${suffix()}@austinisd.org`;
    await requestWorkEmail(actorFor(user, ["expert"]), first, now);
    const oldToken = await linkTokenFor(first);
    await requestWorkEmail(actorFor(user, ["expert"]), second, new Date(now.getTime() + 60_000));
    await expect(confirmWorkEmail(oldToken, new Date(now.getTime() + 120_000))).rejects.toThrow(/invalid/);
    expect((await confirmWorkEmail(await linkTokenFor(second), new Date(now.getTime() + 120_000))).email).toBe(second);
  });
});

describe("only a domain known as a school or district earns the badge", () => {
  /** An expert who requested and followed a link for `address` (in the 2026–27 school year). */
  async function confirmedOn(address: string) {
    const { user, expert } = await createExpert();
    const actor = actorFor(user, ["expert"]);
    const now = new Date("2026-09-01T12:00:00Z");
    await requestWorkEmail(actor, address, now);
    const confirmed = await confirmWorkEmail(await linkTokenFor(address), new Date(now.getTime() + 60_000));
    return { user, expert, actor, confirmed, at: new Date(now.getTime() + 120_000) };
  }
  const reviewed = async (admin: ReturnType<typeof actorFor>, domain: string) =>
    (await listWorkDomainsForReview(admin)).find((r) => r.domain === domain);

  it("an address on an unknown or district-like domain is confirmed but earns no badge and waits for review; the expert is told plainly", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    for (const domain of [`my-own-${suffix()}.dev`, `riverbend${suffix()}schools.org`]) {
      const { expert, actor, confirmed, at } = await confirmedOn(`me@${domain}`);
      expect(confirmed.review).toBe(DOMAIN_REVIEW_MESSAGE(domain));
      expect(await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).toMatchObject({
        workEmail: `me@${domain}`,
        workEmailVerifiedAt: null,
        workEmailSchoolYear: 2026,
      });
      expect((await workEmailBadgesFor([expert.id], at)).size).toBe(0);
      const own = await getOwnWorkEmail(actor, at);
      expect(own.badge).toBeNull();
      expect(own.domainReview).toEqual({ state: "pending", message: DOMAIN_REVIEW_MESSAGE(domain) });
      expect(own.domainReview!.message).toContain("not on our list of school and district domains");
      expect((await reviewed(admin, domain))?.experts.map((e) => e.expertId)).toEqual([expert.id]);
      expect((await getWorkEmailEvidence(admin, expert.id, at)).awaitingReview).toBe(true);
    }
  });

  it("a *.k12.<state>.us address or one on the admin's district list earns the badge at once and is never reviewed", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const k12 = await confirmedOn(`t.${suffix()}@springfield.k12.il.us`);
    expect(k12.confirmed.review).toBeNull();
    expect((await workEmailBadgesFor([k12.expert.id], k12.at)).get(k12.expert.id)?.label).toBe("School e-mail verified (2026–27)");
    const listed = `listed${suffix()}.org`;
    await addDistrictDomain(admin, { domain: listed, districtName: "Listed District", state: "OH" });
    const onList = await confirmedOn(`t@mail.${listed}`);
    expect((await workEmailBadgesFor([onList.expert.id], onList.at)).size).toBe(1);
    expect(await reviewed(admin, "springfield.k12.il.us")).toBeUndefined();
  });

  it("accepting a domain adds it to the district list and grants the badge to everyone confirmed on it (and under it)", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const domain = `oakridge${suffix()}.org`;
    const a = await confirmedOn(`a@${domain}`);
    const b = await confirmedOn(`b@staff.${domain}`);
    const other = await confirmedOn(`c@elsewhere${suffix()}.org`);
    const row = await addDistrictDomain(admin, { domain, districtName: "Oakridge Schools", state: "TN" });
    expect(row.granted).toBe(2);
    const badges = await workEmailBadgesFor([a.expert.id, b.expert.id, other.expert.id], a.at);
    expect(badges.get(a.expert.id)?.label).toBe("School e-mail verified (2026–27)");
    expect(badges.get(b.expert.id)?.label).toBe("School e-mail verified (2026–27)");
    expect(badges.has(other.expert.id)).toBe(false);
    expect((await getOwnWorkEmail(a.actor, a.at)).domainReview).toBeNull();
    expect(await reviewed(admin, domain)).toBeUndefined();
    // Badged experts are found by the directory's school e-mail filter.
    const client = actorFor(await createClient(), ["client"]);
    const found = (await searchDirectory(client, directoryFiltersSchema.parse({ schoolEmail: "verified" }), "client")).experts.map(
      (e) => e.id,
    );
    expect(found).toEqual(expect.arrayContaining([a.expert.id, b.expert.id]));
    expect(found).not.toContain(other.expert.id);
  });

  it("rejecting a domain takes it off the review list and tells its experts; accepting it later still grants the badge", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const domain = `not-a-school-${suffix()}.dev`;
    const e = await confirmedOn(`x@${domain}`);
    await expect(rejectWorkDomain(e.actor, domain)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listWorkDomainsForReview(e.actor)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(rejectWorkDomain(admin, "not a domain")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(rejectWorkDomain(admin, "springfield.k12.il.us")).rejects.toMatchObject({ code: "CONFLICT" });

    expect(await rejectWorkDomain(admin, domain.toUpperCase())).toEqual({ domain });
    expect(await reviewed(admin, domain)).toBeUndefined();
    expect((await getOwnWorkEmail(e.actor, e.at)).domainReview).toEqual({ state: "rejected", message: DOMAIN_REJECTED_MESSAGE(domain) });
    expect((await workEmailBadgesFor([e.expert.id], e.at)).size).toBe(0);

    await addDistrictDomain(admin, { domain, districtName: "Late Accepted District", state: "CA" });
    expect((await workEmailBadgesFor([e.expert.id], e.at)).size).toBe(1);
    expect(await db().rejectedWorkDomain.count({ where: { domain } })).toBe(0);
  });
});

describe("the school year: July 1 re-confirmation and the September 30 lapse", () => {
  it("school years start on July 1 in the expert's zone", () => {
    expect(schoolYearOf(new Date("2026-06-30T12:00:00Z"), "America/New_York")).toBe(2025);
    expect(schoolYearOf(new Date("2026-07-01T12:00:00Z"), "America/New_York")).toBe(2026);
    expect(schoolYearOf(new Date("2026-07-01T02:00:00Z"), "America/New_York")).toBe(2025);
  });

  it("asks once per school year, shows re-confirm until September 30, then lapses", async () => {
    const admin = await createAdmin();
    const { user, expert } = await createExpert({ timeZone: "America/Chicago" });
    const address = `t.${suffix()}@springfield.k12.il.us`;
    await requestWorkEmail(actorFor(user, ["expert"]), address, new Date("2025-10-01T15:00:00Z"));
    await confirmWorkEmail(await linkTokenFor(address), new Date("2025-10-01T15:05:00Z"));
    const badgeAt = async (iso: string) => (await workEmailBadgesFor([expert.id], new Date(iso))).get(expert.id) ?? null;
    expect(await badgeAt("2026-06-30T12:00:00Z")).toEqual({ state: "verified", label: "School e-mail verified (2025–26)" });

    // June 30 in Chicago (July 1 UTC, 03:00): not yet.
    await requestWorkEmailReconfirmations(new Date("2026-07-01T03:00:00Z"));
    expect((await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).workEmailReconfirmRequestedAt).toBeNull();

    const julyFirst = new Date("2026-07-01T12:00:00Z");
    await requestWorkEmailReconfirmations(julyFirst);
    const asked = await db().expert.findUniqueOrThrow({ where: { id: expert.id } });
    expect(asked.workEmailReconfirmRequestedAt?.toISOString()).toBe(julyFirst.toISOString());
    const reconfirmToken = await linkTokenFor(address);
    // Asked once: the next day's run leaves the expert alone.
    await requestWorkEmailReconfirmations(new Date("2026-07-02T12:00:00Z"));
    expect((await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).workEmailReconfirmRequestedAt?.toISOString()).toBe(
      julyFirst.toISOString(),
    );
    expect(await linkTokenFor(address)).toBe(reconfirmToken);

    const reconfirmRow = await db().oneTimeToken.findUniqueOrThrow({ where: { tokenHash: hashToken(reconfirmToken) } });
    expect(reconfirmRow.expiresAt.getTime()).toBeGreaterThan(new Date("2026-09-30T12:00:00Z").getTime());
    expect(await badgeAt("2026-09-30T12:00:00Z")).toEqual({ state: "reconfirm", label: "School e-mail verified (2025–26): re-confirm" });
    // Sep 30 23:30 in Chicago is Oct 1 04:30 UTC: still re-confirm.
    expect((await badgeAt("2026-10-01T04:30:00Z"))?.state).toBe("reconfirm");
    expect(await badgeAt("2026-10-01T12:00:00Z")).toBeNull();
    const lapsed = await listLapsedWorkEmails(actorFor(admin, ["admin"]), new Date("2026-10-01T12:00:00Z"));
    expect(lapsed.map((l) => l.expertId)).toContain(expert.id);
    expect(JSON.stringify(lapsed)).not.toContain(address);

    // The July link lasted to September 30; a fresh one restores the badge for the new school year and takes the expert off the list.
    await expect(confirmWorkEmail(reconfirmToken, new Date("2026-10-02T12:00:00Z"))).rejects.toThrow(/expired/);
    await requestWorkEmail(actorFor(user, ["expert"]), address, new Date("2026-10-02T12:00:00Z"));
    await confirmWorkEmail(await linkTokenFor(address), new Date("2026-10-02T12:05:00Z"));
    expect(await badgeAt("2026-10-03T12:00:00Z")).toEqual({ state: "verified", label: "School e-mail verified (2026–27)" });
    const after = await listLapsedWorkEmails(actorFor(admin, ["admin"]), new Date("2026-10-03T12:00:00Z"));
    expect(after.map((l) => l.expertId)).not.toContain(expert.id);
  });

  it("the badge is pure: no badge without a confirmation", () => {
    expect(workEmailBadge({ workEmailVerifiedAt: null, workEmailSchoolYear: null, timeZone: "UTC" }, new Date())).toBeNull();
  });
});

describe("admin evidence", () => {
  it("shows the matched district and highlights a state or name mismatch", async () => {
    const admin = await createAdmin();
    const adminActor = actorFor(admin, ["admin"]);
    const domain = `shelbyville${suffix()}.org`;
    await addDistrictDomain(adminActor, { domain, districtName: "Shelbyville Public Schools", state: "IL" });
    const { user, expert } = await createExpert({ state: "CA", organizationName: "Capital City Unified" });
    const address = `t.${suffix()}@${domain}`;
    await requestWorkEmail(actorFor(user, ["expert"]), address);
    await confirmWorkEmail(await linkTokenFor(address));
    const evidence = await getWorkEmailEvidence(adminActor, expert.id);
    expect(evidence).toMatchObject({
      domain,
      kind: "district_list",
      district: { name: "Shelbyville Public Schools", state: "IL" },
      stateMismatch: true,
      nameMismatch: true,
    });
    await expect(getWorkEmailEvidence(actorFor(user, ["expert"]), expert.id)).rejects.toMatchObject({ code: "FORBIDDEN" });

    const { user: u2, expert: e2 } = await createExpert({ state: "IL", organizationName: "Shelbyville Public Schools" });
    const a2 = `u.${suffix()}@${domain}`;
    await requestWorkEmail(actorFor(u2, ["expert"]), a2);
    await confirmWorkEmail(await linkTokenFor(a2));
    expect(await getWorkEmailEvidence(adminActor, e2.id)).toMatchObject({ stateMismatch: false, nameMismatch: false });
  });
});

describe("directory filter: school e-mail verified this school year", () => {
  it("is a URL checkbox and keeps only experts confirmed for the current school year", async () => {
    expect(filtersFromSearchParams({ schoolEmail: "verified" }).filters.schoolEmail).toBe("verified");
    expect(filtersFromSearchParams({ schoolEmail: "yes" }).filters.schoolEmail).toBeUndefined();
    const year = schoolYearOf(new Date(), "UTC");
    const tag = `we-${suffix()}`;
    const { expert: current } = await createExpert({
      tags: [tag],
      workEmailVerifiedAt: new Date(),
      workEmailSchoolYear: year,
      workEmailDomain: "lausd.net",
    });
    const { expert: old } = await createExpert({
      tags: [tag],
      workEmailVerifiedAt: new Date("2020-09-01T00:00:00Z"),
      workEmailSchoolYear: year - 1,
    });
    const { expert: never } = await createExpert({ tags: [tag] });
    const ids = async (schoolEmail?: "verified") =>
      (await searchDirectory(actorFor(await createClient(), ["client"]), directoryFiltersSchema.parse({ tag, schoolEmail }))).experts
        .map((e) => e.id)
        .sort();
    expect(await ids("verified")).toEqual([current.id]);
    expect(await ids()).toEqual([current.id, old.id, never.id].sort());
  });
});

describe("who sees the badge", () => {
  it("clients see labels of listed experts only, admins of any; experts are refused; never an address", async () => {
    const year = schoolYearOf(new Date(), "UTC");
    const facts = {
      workEmailVerifiedAt: new Date(),
      workEmailSchoolYear: year + 1,
      workEmail: "hidden.address@lausd.net",
      workEmailDomain: "lausd.net",
    };
    const { expert: listed } = await createExpert(facts);
    const { expert: hidden } = await createExpert({ ...facts, isPublicProfile: false });
    const client = await createClient();
    const admin = await createAdmin();
    const forClient = await listWorkEmailBadges(actorFor(client, ["client"]), [listed.id, hidden.id]);
    expect(Object.keys(forClient)).toEqual([listed.id]);
    expect(forClient[listed.id].state).toBe("verified");
    expect(JSON.stringify(forClient)).not.toContain("hidden.address");
    expect(Object.keys(await listWorkEmailBadges(actorFor(admin, ["admin"]), [listed.id, hidden.id])).sort()).toEqual(
      [listed.id, hidden.id].sort(),
    );
    const { user } = await createExpert();
    await expect(listWorkEmailBadges(actorFor(user, ["expert"]), [listed.id])).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

// Last in the file: the statement reads every expert of this file's database.
describe("the migration to known-domain badges", () => {
  it("moves badges earned on a domain no one knows as a school back to review, and keeps the others", async () => {
    const sql = readFileSync(path.resolve("prisma/migrations/20261126040000_disabled_accounts_and_school_domains/migration.sql"), "utf8");
    const statement = sql.slice(sql.lastIndexOf('UPDATE "experts" e'));
    const listed = `known${suffix()}.org`;
    await db().districtDomain.create({ data: { domain: listed, districtName: "Known District", state: "OH" } });
    const at = new Date("2026-09-01T12:00:00Z");
    const badge = (domain: string) => ({
      workEmail: `t@${domain}`,
      workEmailDomain: domain,
      workEmailVerifiedAt: at,
      workEmailConfirmedAt: at,
      workEmailSchoolYear: 2026,
    });
    const { expert: own } = await createExpert(badge(`my-own-${suffix()}.dev`));
    const { expert: k12 } = await createExpert(badge("springfield.k12.il.us"));
    const { expert: sub } = await createExpert(badge(`mail.${listed}`));
    const { expert: lookalike } = await createExpert(badge(`x${listed}`));
    await db().$executeRawUnsafe(statement);
    const verifiedAt = async (id: string) => (await db().expert.findUniqueOrThrow({ where: { id } })).workEmailVerifiedAt;
    expect(await verifiedAt(own.id)).toBeNull();
    expect(await verifiedAt(lookalike.id)).toBeNull();
    expect(await verifiedAt(k12.id)).toEqual(at);
    expect(await verifiedAt(sub.id)).toEqual(at);
    expect(await db().expert.findUniqueOrThrow({ where: { id: own.id } })).toMatchObject({
      workEmailConfirmedAt: at,
      workEmailSchoolYear: 2026,
    });
  });
});

// Reads every expert of this file's database (as the one above): last in the file.
describe("existing badges from matches today's rule refuses go back to review", () => {
  it("takes back automatic badges and links on a shared, closed or government domain, tells each expert once, and leaves the admin's decisions", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const at = new Date("2026-09-01T12:00:00Z");
    const sfx = suffix();
    const district = (leaid: string, website: string, status: "open" | "closed") =>
      db().district.create({
        data: { leaid, name: `Sample ${leaid}`, state: "CA", website: `https://${website}`, websiteDomain: website, status },
      });
    const shared = `shared${sfx}.org`;
    await district("0697001", shared, "open");
    await district("0697002", shared, "open");
    const lapsed = `lapsed${sfx}.org`;
    await district("0697003", lapsed, "closed");
    const city = `cityofelm${sfx}.gov`;
    await district("0697004", city, "open");
    const own = `own${sfx}usd.org`;
    await district("0697005", own, "open");
    const listedGov = `schools.metro${sfx}.gov`;
    await district("0697006", listedGov, "open");
    await addDistrictDomain(admin, { domain: listedGov, districtName: "Sample 0697006", state: "CA" });

    const badged = async (domain: string, more: { districtLeaid?: string; districtLinkedById?: string } = {}) => {
      const { user, expert } = await createExpert({
        workEmail: `t@${domain}`,
        workEmailDomain: domain,
        workEmailConfirmedAt: at,
        workEmailVerifiedAt: at,
        workEmailSchoolYear: 2026,
        ...more,
      });
      return { user, expert, actor: actorFor(user, ["expert"]) };
    };
    // Taken back: the old rule's automatic badges and links.
    const onShared = await badged(shared);
    const onLapsed = await badged(lapsed, { districtLeaid: "0697003" });
    const onCity = await badged(city, { districtLeaid: "0697004" });
    const onStateApex = await badged("k12.sd.us");
    // Kept: one open district; the admin's hand link; a link on a shared domain (only an admin made those);
    // the admin's district list; a domain nothing vouched for (only an admin verified it); a district's k12 school.
    const onOwn = await badged(own, { districtLeaid: "0697005" });
    const handLinked = await badged(shared, { districtLeaid: "0697001", districtLinkedById: admin.realUserId });
    const legacyLink = await badged(shared, { districtLeaid: "0697002" });
    const onList = await badged(listedGov, { districtLeaid: "0697006" });
    const vouched = await badged(`vouched${sfx}.dev`);
    const k12 = await badged(`nosite${sfx}.k12.ca.us`);

    const first = await rereviewSchoolBadges();
    expect(first.held).toBeGreaterThanOrEqual(4);
    const state = async (e: { expert: { id: string } }) =>
      db().expert.findUniqueOrThrow({
        where: { id: e.expert.id },
        select: { workEmailVerifiedAt: true, workEmailConfirmedAt: true, districtLeaid: true, workEmail: true },
      });
    for (const e of [onShared, onLapsed, onCity, onStateApex])
      expect(await state(e)).toMatchObject({ workEmailVerifiedAt: null, districtLeaid: null, workEmailConfirmedAt: at });
    expect(await state(onOwn)).toMatchObject({ workEmailVerifiedAt: at, districtLeaid: "0697005" });
    expect(await state(handLinked)).toMatchObject({ workEmailVerifiedAt: at, districtLeaid: "0697001" });
    expect(await state(legacyLink)).toMatchObject({ workEmailVerifiedAt: at, districtLeaid: "0697002" });
    expect(await state(onList)).toMatchObject({ workEmailVerifiedAt: at, districtLeaid: "0697006" });
    expect(await state(vouched)).toMatchObject({ workEmailVerifiedAt: at });
    expect(await state(k12)).toMatchObject({ workEmailVerifiedAt: at });

    // Told once, in words: what happened, why, what they can do.
    const notices = async (e: { user: { id: string } }) =>
      db().notification.findMany({ where: { userId: e.user.id, kind: BADGE_HELD_NOTIFICATION_KIND } });
    const [sharedNotice] = await notices(onShared);
    expect(sharedNotice).toMatchObject({ title: "Your school e-mail badge is waiting for a review", href: "/dashboard?tab=settings" });
    expect(sharedNotice.body).toContain(`${shared} is the website domain of 2 school districts`);
    expect(sharedNotice.body).toContain("only when an address's domain belongs to one open school district");
    expect(sharedNotice.body).toContain("you can add it in Settings");
    expect(sharedNotice.body).not.toContain("and your district");
    const [lapsedNotice] = await notices(onLapsed);
    expect(lapsedNotice.body).toContain("badge and your district");
    expect(lapsedNotice.body).toContain("no longer lists as open");
    expect((await notices(onCity))[0].body).toContain(`${city} is a government domain`);
    expect((await notices(onStateApex))[0].body).toContain("k12.sd.us is a statewide school domain");
    for (const e of [onOwn, handLinked, legacyLink, onList, vouched, k12]) expect(await notices(e)).toHaveLength(0);

    // The expert's Settings says why; the admin's domain review lists them with the reason.
    const ownView = await getOwnWorkEmail(onShared.actor, new Date(at.getTime() + 60_000));
    expect(ownView.badge).toBeNull();
    expect(ownView.domainReview).toEqual({
      state: "pending",
      message: expect.stringContaining(`${shared} is the website domain of 2 school districts`),
    });
    const review = (await listWorkDomainsForReview(admin)).find((r) => r.domain === shared)!;
    expect(review).toMatchObject({ hold: "several_districts" });
    expect(review.experts.map((e) => e.expertId)).toEqual([onShared.expert.id]);
    expect((await listWorkDomainsForReview(admin)).find((r) => r.domain === lapsed)).toMatchObject({ hold: "closed_district" });
    expect((await listWorkDomainsForReview(admin)).find((r) => r.domain === city)).toMatchObject({ hold: "shared_host" });

    // Again: nothing more changes, nobody is told twice.
    const beforeSecond = await db().notification.count({ where: { kind: BADGE_HELD_NOTIFICATION_KIND } });
    expect((await rereviewSchoolBadges()).held).toBe(0);
    expect(await db().notification.count({ where: { kind: BADGE_HELD_NOTIFICATION_KIND } })).toBe(beforeSecond);
    for (const e of [onShared, onLapsed, onCity, onStateApex]) expect(await notices(e)).toHaveLength(1);

    // The admin's answer stands: a hand link on the shared domain, an accepted government domain.
    await linkExpertDistrict(admin, { expertId: onShared.expert.id, leaid: "0697002" });
    await addDistrictDomain(admin, { domain: city, districtName: "Sample 0697004", state: "CA", leaid: "0697004" });
    expect((await rereviewSchoolBadges()).held).toBe(0);
    expect(await state(onShared)).toMatchObject({ workEmailVerifiedAt: at, districtLeaid: "0697002" });
    expect(await state(onCity)).toMatchObject({ workEmailVerifiedAt: at, districtLeaid: "0697004" });

    // A district closing later takes back its automatic links at the next run.
    await db().district.update({ where: { leaid: "0697005" }, data: { updatedStatus: "closed" } });
    expect((await rereviewSchoolBadges()).held).toBe(1);
    expect(await state(onOwn)).toMatchObject({ workEmailVerifiedAt: null, districtLeaid: null });
    expect(await notices(onOwn)).toHaveLength(1);
  });
});
