// District research policies against a real PostgreSQL: who may edit one (the admin, the
// district's own officers, nobody else), granting the officer role (only to an account whose
// verified school e-mail is on the district), the expert's own district in plain words, and the
// public directory's count with the policies shown only to signed-in clients.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { isAppError } from "@/lib/platform/errors";
import {
  districtPolicyDirectory,
  getDistrictPolicyForOffice,
  ownDistrictPolicy,
  saveDistrictPolicy,
} from "@/lib/districts/research-policies";
import { grantDistrictOfficer, officerDistricts } from "@/lib/districts/officers";
import { policySentences } from "@/lib/districts/research-policy-words";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";
import { createDistrict, officerOf, setPolicy, staffOf } from "../helpers/districts";
import { giftLimitOf } from "@/lib/money/incentive-choices";

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => {
      if (isAppError(e)) return `${e.code}: ${e.message}`;
      throw e;
    },
  );

const POLICY = {
  approvalRequired: "yes" as const,
  scope: "all_staff_research" as const,
  officeName: "Office of Research",
  officeEmail: "Research@District.example",
  typicalReviewDays: 21,
  documents: ["application", "irb_letter", "instruments"] as ("application" | "irb_letter" | "instruments")[],
  giftLimitCents: 5000,
  source: "The district's research page",
  sourceDate: "2026-10-01",
};

describe("district research policies", () => {
  it("the admin and the district's own officer save it with its source and date; another district's officer and an expert cannot", async () => {
    const a = await createDistrict();
    const b = await createDistrict();
    const admin = actorFor(await createAdmin(), ["admin"]);
    await saveDistrictPolicy(admin, a.leaid, POLICY);
    const stored = await db().districtResearchPolicy.findUniqueOrThrow({ where: { leaid: a.leaid } });
    expect(stored).toMatchObject({
      approvalRequired: "yes",
      officeEmail: "research@district.example",
      typicalReviewDays: 21,
      giftLimitCents: 5000,
    });
    expect(stored.sourceDate.toISOString().slice(0, 10)).toBe("2026-10-01");

    const officerA = await officerOf(a.leaid);
    const asOfficerA = actorFor(officerA.user, ["expert"]);
    await saveDistrictPolicy(asOfficerA, a.leaid, { ...POLICY, approvalRequired: "no" });
    expect((await db().districtResearchPolicy.findUniqueOrThrow({ where: { leaid: a.leaid } })).approvalRequired).toBe("no");
    // An officer of A sees nothing of B: the district is "not found", edited or read.
    expect(await refusal(saveDistrictPolicy(asOfficerA, b.leaid, POLICY))).toBe("NOT_FOUND: District not found.");
    expect(await refusal(getDistrictPolicyForOffice(asOfficerA, b.leaid))).toBe("NOT_FOUND: District not found.");
    const staff = await staffOf(a.leaid);
    expect(await refusal(saveDistrictPolicy(actorFor(staff.user, ["expert"]), a.leaid, POLICY))).toBe("NOT_FOUND: District not found.");
    expect(await refusal(saveDistrictPolicy(null, a.leaid, POLICY))).toBe("UNAUTHENTICATED: No authentication token");
    expect(await db().districtResearchPolicy.count({ where: { leaid: b.leaid } })).toBe(0);
    // Bad input is a 400 naming the field, never a 500.
    expect(await refusal(saveDistrictPolicy(admin, a.leaid, { ...POLICY, sourceDate: "yesterday" }))).toBe(
      "BAD_REQUEST: Enter the date the policy was read.",
    );
    expect(await refusal(saveDistrictPolicy(admin, "9900000", POLICY))).toBe("NOT_FOUND: District not found.");
  });

  it("the gift limit: the district's own officer sets it in cents, its staff are held to it, and out-of-range amounts are refused", async () => {
    const d = await createDistrict();
    const officer = actorFor((await officerOf(d.leaid)).user, ["expert"]);
    const staff = await staffOf(d.leaid);
    expect(await giftLimitOf(staff.user.id, new Date())).toBeNull();
    await saveDistrictPolicy(officer, d.leaid, { ...POLICY, giftLimitCents: 12_550 });
    expect(await giftLimitOf(staff.user.id, new Date())).toMatchObject({ limitCents: 12_550, yearTotalCents: 0 });
    const admin = actorFor(await createAdmin(), ["admin"]);
    expect(await refusal(saveDistrictPolicy(admin, d.leaid, { ...POLICY, giftLimitCents: 10_000_01 }))).toBe(
      "BAD_REQUEST: The gift limit is at most $10,000.",
    );
    expect(await refusal(saveDistrictPolicy(officer, d.leaid, { ...POLICY, giftLimitCents: -100 }))).toBe(
      "BAD_REQUEST: The gift limit cannot be negative.",
    );
    expect((await db().districtResearchPolicy.findUniqueOrThrow({ where: { leaid: d.leaid } })).giftLimitCents).toBe(12_550);
    // Blank on the form: no limit any more.
    await saveDistrictPolicy(admin, d.leaid, { ...POLICY, giftLimitCents: null });
    expect(await giftLimitOf(staff.user.id, new Date())).toBeNull();
  });

  it("grants the officer role only to a verified school e-mail on the district, once; an officer adds colleagues of their own district only", async () => {
    const a = await createDistrict();
    const b = await createDistrict();
    const admin = actorFor(await createAdmin(), ["admin"]);
    const colleague = await staffOf(a.leaid);
    expect(await grantDistrictOfficer(admin, { leaid: a.leaid, email: colleague.user.email })).toMatchObject({ created: true });
    expect(await grantDistrictOfficer(admin, { leaid: a.leaid, email: colleague.user.email })).toMatchObject({ created: false });
    expect(await officerDistricts(actorFor(colleague.user, ["expert"]))).toEqual([a.leaid]);
    const outsider = await createExpert();
    expect(await refusal(grantDistrictOfficer(admin, { leaid: a.leaid, email: outsider.user.email }))).toBe(
      "CONFLICT: That account has no verified school e-mail on this district's domain.",
    );
    const unverified = await staffOf(a.leaid, { workEmailVerifiedAt: null });
    expect(await refusal(grantDistrictOfficer(admin, { leaid: a.leaid, email: unverified.user.email }))).toMatch(/^CONFLICT/);
    const second = await staffOf(a.leaid);
    expect(await grantDistrictOfficer(actorFor(colleague.user, ["expert"]), { leaid: a.leaid, email: second.user.email })).toMatchObject({
      created: true,
    });
    const ofB = await staffOf(b.leaid);
    expect(await refusal(grantDistrictOfficer(actorFor(colleague.user, ["expert"]), { leaid: b.leaid, email: ofB.user.email }))).toBe(
      "NOT_FOUND: District not found.",
    );
  });

  it("says the expert's own district's policy in plain words, and 'not on file' when unknown", async () => {
    const d = await createDistrict("Plainwords");
    await setPolicy(d.leaid, {
      scope: "school_hours_or_devices",
      typicalReviewDays: 14,
      documents: ["irb_letter", "principal_support"],
      giftLimitCents: 2550,
    });
    const staff = await staffOf(d.leaid);
    const view = await ownDistrictPolicy(actorFor(staff.user, ["expert"]));
    expect(view?.leaid).toBe(d.leaid);
    expect(policySentences(view!.name, view!.policy)).toEqual([
      `${view!.name} requires its research office's approval for studies during school hours or on district devices.`,
      "A review typically takes 14 days.",
      "The office asks for the IRB approval letter and the principal's support.",
      "Staff may accept at most $25.50 a year in gifts or honoraria.",
    ]);
    expect(policySentences("X", null)[0]).toMatch(/not on file/);
    expect(await ownDistrictPolicy(actorFor((await createExpert()).user, ["expert"]))).toBeNull();
  });

  it("the public directory counts the districts publishing a policy; only signed-in clients read the policies", async () => {
    const before = (await districtPolicyDirectory(null, {})).total;
    const yes = await createDistrict("Directoryyes");
    const no = await createDistrict("Directoryno");
    const unknown = await createDistrict("Directoryunknown");
    await setPolicy(yes.leaid);
    await setPolicy(no.leaid, { approvalRequired: "no" });
    await setPolicy(unknown.leaid, { approvalRequired: "unknown" });
    const anonymous = await districtPolicyDirectory(null, { q: "Directory" });
    expect(anonymous.total).toBe(before + 2);
    expect(anonymous.showPolicies).toBe(false);
    expect(anonymous.districts.map((d) => d.leaid).sort()).toEqual([yes.leaid, no.leaid].sort());
    expect(anonymous.districts.every((d) => d.policy === null)).toBe(true);
    const expert = await districtPolicyDirectory(actorFor((await createExpert()).user, ["expert"]), { q: "Directory" });
    expect(expert.districts.every((d) => d.policy === null)).toBe(true);
    const client = await districtPolicyDirectory(actorFor(await createClient(), ["client"]), { q: "Directory" });
    expect(client.districts.find((d) => d.leaid === yes.leaid)?.policy?.approvalRequired).toBe("yes");
  });
});
