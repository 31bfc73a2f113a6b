// What a study's district answers change in what people read, against a real PostgreSQL: the
// sample plan's cells list the study's target districts open or closed to it and count the
// approved ones; the admin's coverage counts districts with a current approval; the client's
// pipeline card says "Approved by <district>'s research office until <date>"; and the directory,
// recruiting for the study, leaves out the staff of a district that declined it, with the reason.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { saveSamplePlan, getSamplePlanView } from "@/lib/samples/plans";
import { getDistrictCoverage } from "@/lib/experts/district-coverage";
import { getProjectPipeline } from "@/lib/engagements/views";
import { searchForPlan } from "@/lib/projects/directory-page";
import { addProjectDistricts } from "@/lib/projects/district-approvals";
import { directoryFiltersSchema } from "@/lib/experts/schemas/directory";
import { actorFor, createAdmin, createExpert } from "../factories";
import { createStudy, engagementIn } from "../studies";

let seq = 0;
async function district(localeGroup: "city" | "rural", policy: "yes" | "no" | "unknown" | null) {
  const leaid = `47${String(10000 + ++seq).padStart(5, "0")}`;
  const d = await db().district.create({
    data: {
      leaid,
      name: `Sample ${localeGroup} ${seq}`,
      state: "TN",
      localeGroup,
      enrollmentBand: "under_1000",
      povertyQuartile: 2,
      status: "open",
    },
  });
  if (policy)
    await db().districtResearchPolicy.create({
      data: { leaid, approvalRequired: policy, source: "test", sourceDate: new Date("2026-09-01") },
    });
  return d;
}

async function answer(projectId: string, leaid: string, status: "approved" | "declined", extra: object = {}) {
  await db().projectDistrictApproval.update({ where: { projectId_leaid: { projectId, leaid } }, data: { status, ...extra } });
}

describe("a study's districts in its plan, coverage, cards and directory", () => {
  it("the plan's cells list the target districts open or closed to the study and count the approved ones; coverage counts approved districts", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const before = (await getDistrictCoverage(admin, {})).approvedDistricts;
    const approved = await district("rural", "yes");
    const declined = await district("rural", "yes");
    const waiting = await district("rural", "yes");
    const free = await district("rural", "no");
    const city = await district("city", null);
    const study = await createStudy({ quota: 10 });
    await saveSamplePlan(study.client, study.project.id, {
      mode: "targets",
      dimensions: ["locale_group"],
      targets: { "locale_group=city": 2, "locale_group=rural": 4 },
    });
    const leaids = [approved, declined, waiting, free, city].map((d) => d.leaid);
    await addProjectDistricts(study.client, study.project.id, { by: "search", leaids });
    await answer(study.project.id, approved.leaid, "approved", { expiresOn: new Date("2099-06-30T00:00:00Z") });
    await answer(study.project.id, declined.leaid, "declined", { declineReason: "Testing season." });

    const plan = (await getSamplePlanView(study.client, study.project.id))!;
    const rural = plan.cells.find((c) => c.key === "locale_group=rural")!;
    expect(rural.approvedDistricts).toBe(1);
    expect(rural.districts.map((d) => [d.name, d.open, d.words])).toEqual([
      [approved.name, true, "approved until 2099-06-30"],
      [free.name, true, "no approval required"],
      [declined.name, false, "declined"],
      [waiting.name, false, "awaiting approval"],
    ]);
    const cityCell = plan.cells.find((c) => c.key === "locale_group=city")!;
    expect(cityCell.districts.map((d) => [d.name, d.open, d.words])).toEqual([[city.name, true, "policy not on file"]]);
    expect(cityCell.approvedDistricts).toBe(0);
    expect(plan.cells.find((c) => c.key === "locale_group=suburb")!.districts).toEqual([]);

    // Coverage: one more district with a current approval, in its cell; an ended approval does not count.
    const coverage = await getDistrictCoverage(admin, {});
    expect(coverage.approvedDistricts).toBe(before + 1);
    expect(
      coverage.cells.find((c) => c.localeGroup === "rural" && c.enrollmentBand === "under_1000" && c.povertyQuartile === 2),
    ).toMatchObject({
      approved: 1,
    });
    await answer(study.project.id, approved.leaid, "approved", { expiresOn: new Date("2020-01-01T00:00:00Z") });
    expect((await getDistrictCoverage(admin, {})).approvedDistricts).toBe(before);
    const ended = (await getSamplePlanView(study.client, study.project.id))!.cells.find((c) => c.key === "locale_group=rural")!;
    expect(ended.approvedDistricts).toBe(0);
    expect(ended.districts.find((d) => d.name === approved.name)).toMatchObject({ open: false, words: "approval expired" });
  });

  it("the client's card says which research office approved the study and until when; other cards say nothing", async () => {
    const approved = await district("rural", "yes");
    const other = await district("rural", "no");
    const study = await createStudy();
    await addProjectDistricts(study.client, study.project.id, { by: "search", leaids: [approved.leaid] });
    await answer(study.project.id, approved.leaid, "approved", { expiresOn: new Date("2099-06-30T00:00:00Z") });
    const inApproved = await createExpert({ districtLeaid: approved.leaid });
    const inOther = await createExpert({ districtLeaid: other.leaid });
    await engagementIn("invited", study, inApproved.expert.id);
    await engagementIn("invited", study, inOther.expert.id);
    const cards = (await getProjectPipeline(study.client, study.project.id)).columns.flatMap((c) => c.engagements);
    expect(cards.find((e) => e.expert.id === inApproved.expert.id)!.districtApproval).toBe(
      `Approved by ${approved.name}'s research office until Jun 30, 2099`,
    );
    expect(cards.find((e) => e.expert.id === inOther.expert.id)!.districtApproval).toBeNull();
  });

  it("recruiting for the study, the directory leaves out the staff of a district that declined it and says why", async () => {
    await db().expert.updateMany({ data: { isPublicProfile: false } });
    const declined = await district("rural", "yes");
    const open = await district("rural", "no");
    const study = await createStudy({ quota: 10, title: "Declined district study" });
    await saveSamplePlan(study.client, study.project.id, {
      mode: "targets",
      dimensions: ["locale_group"],
      targets: { "locale_group=rural": 5 },
    });
    await addProjectDistricts(study.client, study.project.id, { by: "search", leaids: [declined.leaid] });
    const staffOfDeclined = await createExpert({ districtLeaid: declined.leaid, isPublicProfile: true });
    const staffOfOpen = await createExpert({ districtLeaid: open.leaid, isPublicProfile: true });
    const unlinked = await createExpert({ isPublicProfile: true });
    const search = () => searchForPlan(study.client, directoryFiltersSchema.parse({ recruitingFor: study.project.id }), "client");

    const beforeDecline = await search();
    expect(beforeDecline.page.experts.map((e) => e.id)).toContain(staffOfDeclined.expert.id);
    expect(beforeDecline.recruiting!.declined).toEqual([]);

    await answer(study.project.id, declined.leaid, "declined", { declineReason: "Too many surveys this spring." });
    const after = await search();
    const ids = after.page.experts.map((e) => e.id);
    expect(ids).not.toContain(staffOfDeclined.expert.id);
    expect(ids).toEqual(expect.arrayContaining([staffOfOpen.expert.id, unlinked.expert.id]));
    expect(after.page.total).toBe(2);
    expect(after.recruiting!.declined).toEqual([{ name: declined.name, reason: "Too many surveys this spring." }]);
    // The plain directory (no project) still lists them: the decline is about this study only.
    const plain = await searchForPlan(study.client, directoryFiltersSchema.parse({}), "client");
    expect(plain.page.experts.map((e) => e.id)).toContain(staffOfDeclined.expert.id);
  });
});
