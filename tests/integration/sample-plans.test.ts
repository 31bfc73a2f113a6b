// A project's sample plan: cells filling and closing, applications in a full cell waitlisted
// (and accepted once a place frees), proportional targets from the district directory, the
// export's weights, and who may read and change the plan.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { acceptEngagement, applyToOpportunity, cancelEngagement } from "@/lib/engagements/transitions";
import { getSamplePlanView, sampleExportCsv, saveSamplePlan } from "@/lib/samples/plans";
import { announceProject } from "@/lib/projects/announcements";
import { addStudySession } from "@/lib/engagements/focus-groups";
import { actorFor, createClient, createExpert } from "../factories";
import { createStudy } from "../studies";

let seq = 0;
async function district(localeGroup: "city" | "suburb" | "town" | "rural", enrollment: number, povertyQuartile = 2, state = "OH") {
  const leaid = `39${String(90000 + ++seq).padStart(5, "0")}`;
  await db().district.create({
    data: {
      leaid,
      name: `Sample district ${seq}`,
      state,
      localeGroup,
      enrollment,
      povertyQuartile,
      status: "open",
      enrollmentBand: "under_1000",
    },
  });
  return leaid;
}

async function verifiedExpert(leaid: string | null, roleTitle = "Teacher") {
  const { user, expert } = await createExpert({ districtLeaid: leaid, roleTitle });
  return { expert, actor: actorFor(user, ["expert"]) };
}

const apply = (actor: ReturnType<typeof actorFor>, opportunityId: string) =>
  applyToOpportunity(actor, { opportunityId, outsideActivityConfirmed: true, districtPolicyChecked: true });

describe("a sample plan with target counts", () => {
  it("fills a cell, waitlists the next application in it, keeps other cells open, and takes from the waitlist when a place frees", async () => {
    const city = await district("city", 50_000);
    const rural = await district("rural", 400);
    const study = await createStudy({ quota: 3 });
    await saveSamplePlan(study.client, study.project.id, {
      mode: "targets",
      dimensions: ["locale_group"],
      targets: { "locale_group=city": 1, "locale_group=rural": 2 },
    });

    const first = await verifiedExpert(city);
    const a = await apply(first.actor, study.opportunity!.id);
    expect(a.message).toBeNull();
    await acceptEngagement(study.client, a.engagementId);

    let view = (await getSamplePlanView(study.client, study.project.id))!;
    const cell = (key: string) => view.cells.find((c) => c.key === key)!;
    expect(cell("locale_group=city")).toMatchObject({ target: 1, accepted: 1, open: false });
    expect(cell("locale_group=rural")).toMatchObject({ target: 2, accepted: 0, open: true });

    // The city cell is full: the next city application waits, and says so to the expert.
    const second = await verifiedExpert(city);
    const b = await apply(second.actor, study.opportunity!.id);
    expect(b.state).toBe("applied");
    expect(b.message).toMatch(/waitlisted/i);
    view = (await getSamplePlanView(study.client, study.project.id))!;
    expect(cell("locale_group=city").waitlisted).toBe(1);
    await expect(acceptEngagement(study.client, b.engagementId)).rejects.toMatchObject({ code: "CONFLICT" });
    const history = await db().engagementEvent.findFirstOrThrow({ where: { engagementId: b.engagementId } });
    expect(history.reason).toMatch(/waitlisted/i);

    // A rural application is not waitlisted: its cell is open.
    const third = await verifiedExpert(rural);
    expect((await apply(third.actor, study.opportunity!.id)).message).toBeNull();

    // An expert with no linked district is in no cell: counted apart, never waitlisted.
    const unknown = await verifiedExpert(null);
    expect((await apply(unknown.actor, study.opportunity!.id)).message).toBeNull();
    view = (await getSamplePlanView(study.client, study.project.id))!;
    expect(view.outside).toBe(1);

    // The accepted city expert cancels: the place frees and the waitlisted one can be accepted.
    await cancelEngagement(first.actor, a.engagementId, "Schedule changed");
    await acceptEngagement(study.client, b.engagementId);
    view = (await getSamplePlanView(study.client, study.project.id))!;
    expect(cell("locale_group=city")).toMatchObject({ accepted: 1, waitlisted: 0, open: false });
  });

  it("refuses a bad plan with a clear message and stores nothing", async () => {
    const study = await createStudy();
    const tooMany = saveSamplePlan(study.client, study.project.id, {
      mode: "targets",
      dimensions: ["locale_group", "enrollment_band", "poverty_quartile", "role"],
      targets: {},
    });
    await expect(tooMany).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Choose at most 3 dimensions." });
    const roleProportional = saveSamplePlan(study.client, study.project.id, {
      mode: "proportional",
      dimensions: ["role"],
      weighting: "district",
      totalSize: 10,
    });
    await expect(roleProportional).rejects.toMatchObject({ code: "BAD_REQUEST", message: /district directory knows/ });
    const zero = saveSamplePlan(study.client, study.project.id, { mode: "targets", dimensions: ["role"], targets: { "role=teacher": 0 } });
    await expect(zero).rejects.toMatchObject({ code: "BAD_REQUEST", message: /at least one cell/ });
    expect(await db().samplePlan.count({ where: { projectId: study.project.id } })).toBe(0);
  });
});

describe("a plan against what the study can take", () => {
  const roleTargets = (teachers: number, principals = 0) => ({
    mode: "targets" as const,
    dimensions: ["role"],
    targets: { "role=teacher": teachers, ...(principals ? { "role=principal": principals } : {}) },
  });

  it("warns when a survey's plan wants more than its response quota: saved, with the places that can never fill", async () => {
    const study = await createStudy({ type: "survey", quota: 3 });
    const saved = await saveSamplePlan(study.client, study.project.id, roleTargets(15, 5));
    expect(saved.warning).toBe(
      "17 places can never fill: the plan wants 20 and the survey stops at 3 responses. Lower the targets or raise the responses wanted.",
    );
    const view = (await getSamplePlanView(study.client, study.project.id))!;
    expect(view.shortfall).toMatchObject({ over: 17, planned: 20, limit: 3 });
    // Within the quota: no warning, on save or on the grid.
    expect((await saveSamplePlan(study.client, study.project.id, roleTargets(3))).warning).toBeNull();
    expect((await getSamplePlanView(study.client, study.project.id))!.shortfall).toBeNull();
  });

  it("counts a focus group's seats over its sessions, and leaves an interview's goal alone", async () => {
    const group = await createStudy({ type: "focus_group" });
    // No session yet: the seats are still to come, so nothing to warn of.
    expect((await saveSamplePlan(group.client, group.project.id, roleTargets(10))).warning).toBeNull();
    for (const seats of [4, 2])
      await addStudySession(group.client, group.project.id, {
        startsAt: new Date(Date.now() + 72 * 3_600_000 * seats),
        seats,
        backupSeats: 1,
      });
    expect((await saveSamplePlan(group.client, group.project.id, roleTargets(10))).warning).toBe(
      "4 places can never fill: the plan wants 10 and the focus group's sessions have 6 seats. Lower the targets or add seats or sessions.",
    );
    expect((await getSamplePlanView(group.client, group.project.id))!.shortfall?.over).toBe(4);

    const interview = await createStudy({ quota: 2 });
    expect((await saveSamplePlan(interview.client, interview.project.id, roleTargets(10))).warning).toBeNull();
    expect((await getSamplePlanView(interview.client, interview.project.id))!.shortfall).toBeNull();
  });
});

describe("a proportional plan", () => {
  it("draws its targets from the districts on file, by district or by enrollment", async () => {
    // A small universe of its own: three rural districts of 1,000 students and one city of 7,000.
    await db().district.deleteMany({});
    for (let i = 0; i < 3; i++) await district("rural", 1_000);
    await district("city", 7_000);
    await db().district.create({
      data: { leaid: "3999999", name: "Closed district", state: "OH", localeGroup: "city", enrollment: 90_000, status: "closed" },
    });
    const study = await createStudy();
    await saveSamplePlan(study.client, study.project.id, {
      mode: "proportional",
      dimensions: ["locale_group"],
      weighting: "district",
      totalSize: 8,
    });
    let view = (await getSamplePlanView(study.client, study.project.id))!;
    const target = (key: string) => view.cells.find((c) => c.key === key)!.target;
    // By district: rural 3/4 of 8 = 6, city 1/4 = 2 (the closed district does not count).
    expect([target("locale_group=rural"), target("locale_group=city"), target("locale_group=town")]).toEqual([6, 2, 0]);
    await saveSamplePlan(study.client, study.project.id, {
      mode: "proportional",
      dimensions: ["locale_group"],
      weighting: "enrollment",
      totalSize: 8,
    });
    view = (await getSamplePlanView(study.client, study.project.id))!;
    // By enrollment: rural 3,000 of 10,000 → 2.4, city 7,000 → 5.6; largest remainder gives city the odd one.
    expect([target("locale_group=rural"), target("locale_group=city")]).toEqual([2, 6]);
    expect(view.totalSize).toBe(8);
  });
});

describe("the export of a closed project", () => {
  it("gives each completed engagement an opaque id, its cell and its weight, and never who the expert is", async () => {
    const city = await district("city", 20_000);
    const rural = await district("rural", 300);
    const study = await createStudy();
    await saveSamplePlan(study.client, study.project.id, {
      mode: "targets",
      dimensions: ["locale_group"],
      targets: { "locale_group=city": 1, "locale_group=rural": 3 },
    });
    const people = [await verifiedExpert(city), await verifiedExpert(rural), await verifiedExpert(rural)];
    for (const p of people) {
      const { engagementId } = await apply(p.actor, study.opportunity!.id);
      await acceptEngagement(study.client, engagementId);
      await db().engagement.update({ where: { id: engagementId }, data: { state: "completed", completedAt: new Date() } });
    }
    await expect(sampleExportCsv(study.client, study.project.id)).rejects.toMatchObject({ code: "CONFLICT" });
    await db().project.update({ where: { id: study.project.id }, data: { status: "closed", closedAt: new Date() } });
    const csv = await sampleExportCsv(study.client, study.project.id);
    const [header, ...rows] = csv
      .trim()
      .split("\r\n")
      .map((l) => l.split(","));
    expect(header).toEqual([
      "engagement_ref",
      "cell",
      "locale_group",
      "population_share",
      "sample_share",
      "weight",
      "weight_method",
      "consent",
    ]);
    // Population: city 1/4, rural 3/4. Sample: city 1/3, rural 2/3. Weights 0.75 and 1.125.
    const weightOf = (locale: string) => rows.filter((r) => r[2] === locale).map((r) => Number(r[5]));
    expect(weightOf("city")).toEqual([0.75]);
    expect(weightOf("rural")).toEqual([1.125, 1.125]);
    expect(new Set(rows.map((r) => r[0])).size).toBe(3);
    for (const p of people) {
      const user = await db().user.findFirstOrThrow({ where: { expert: { id: p.expert.id } }, select: { email: true, lastName: true } });
      expect(csv).not.toContain(user.email);
      expect(csv).not.toContain(p.expert.id);
    }
    const engagementIds = await db().engagement.findMany({ where: { projectId: study.project.id }, select: { id: true } });
    for (const e of engagementIds) expect(csv).not.toContain(e.id);
  });
});

describe("who may see and change a plan", () => {
  it("lets a viewer read but not edit, and an outside organization neither", async () => {
    const study = await createStudy();
    const plan = { mode: "targets", dimensions: ["role"], targets: { "role=teacher": 2 } };
    await saveSamplePlan(study.client, study.project.id, plan);
    const orgId = (await db().project.findUniqueOrThrow({ where: { id: study.project.id } })).organizationId;
    const viewerUser = await createClient({ role: "viewer", organizationId: orgId });
    const viewer = actorFor(viewerUser, ["client"]);
    expect((await getSamplePlanView(viewer, study.project.id))!.canEdit).toBe(false);
    await expect(saveSamplePlan(viewer, study.project.id, plan)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const researcher = actorFor(await createClient({ role: "researcher", organizationId: orgId }), ["client"]);
    await saveSamplePlan(researcher, study.project.id, { ...plan, targets: { "role=teacher": 5 } });
    const outsider = actorFor(await createClient(), ["client"]);
    await expect(getSamplePlanView(outsider, study.project.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(saveSamplePlan(outsider, study.project.id, plan)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(sampleExportCsv(outsider, study.project.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getSamplePlanView(study.client, study.project.id))!.totalSize).toBe(5);
  });
});

describe("announcing a project with a plan", () => {
  it("tells the experts in open cells first, those whose cell is not known next, and full cells last", async () => {
    const city = await district("city", 30_000);
    const rural = await district("rural", 250);
    const study = await createStudy({ type: "survey" });
    // Already told at creation: this test reads the order of a fresh announcement.
    await db().notification.deleteMany({ where: { kind: "new_project" } });
    await saveSamplePlan(study.client, study.project.id, {
      mode: "targets",
      dimensions: ["locale_group"],
      targets: { "locale_group=city": 1, "locale_group=rural": 0 },
    });
    const researchTypes = ["online_surveys" as const];
    const full = await createExpert({ districtLeaid: rural, researchTypes });
    const unknown = await createExpert({ districtLeaid: null, researchTypes });
    const open = await createExpert({ districtLeaid: city, researchTypes });
    await announceProject(study.project.id);
    const told = await db().notification.findMany({
      where: { kind: "new_project", userId: { in: [full.user.id, unknown.user.id, open.user.id] } },
      orderBy: { createdAt: "asc" },
      select: { userId: true },
    });
    expect(told.map((t) => t.userId)).toEqual([open.user.id, unknown.user.id, full.user.id]);
  });
});
