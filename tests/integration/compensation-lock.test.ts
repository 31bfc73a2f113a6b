// The price an expert said yes to holds: each engagement keeps the incentive its project had when
// the engagement began (invite or application). A later raise reaches every engagement not yet
// final; a later cut only engagements created after it. Earnings, late-cancel fees, statements,
// the expert's card and the client's pipeline all read the engagement's amount.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createExpert } from "@/tests/factories";
import { createStudy } from "@/tests/studies";
import { updateProject } from "@/lib/projects/projects";
import {
  acceptEngagement,
  applyToOpportunity,
  cancelEngagement,
  completeSession,
  inviteExpert,
  proposeTimes,
  scheduleEngagement,
} from "@/lib/engagements/transitions";
import { getProjectPipeline, listOpportunityBoard } from "@/lib/engagements/views";
import { getClientBilling } from "@/lib/money/billing";
import { lateCancelFeeCents } from "@/lib/money/policy";

const HOUR = 3_600_000;
type Study = Awaited<ReturnType<typeof createStudy>>;

const edit = (study: Study, compensation: number) =>
  updateProject(study.client, {
    projectId: study.project.id,
    title: study.project.title,
    description: study.project.description,
    projectType: study.project.projectType,
    compensation,
    durationMinutes: study.project.estimatedDurationMinutes,
    locationType: "video",
    deadline: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    quota: study.project.quota,
    timeZone: study.project.timeZone,
    visibility: study.project.visibility,
    screener: null,
  });

async function expertActor() {
  const { user, expert } = await createExpert();
  return { actor: actorFor(user, ["expert"]), expert };
}

/** Proposes a time two days ahead of `now`, lets the expert pick it; returns the session's start. */
async function schedule(study: Study, expert: Awaited<ReturnType<typeof expertActor>>, engagementId: string, startsAt: Date) {
  const before = new Date(startsAt.getTime() - 48 * HOUR);
  await proposeTimes(study.client, engagementId, [startsAt], before);
  const [p] = await db().timeProposal.findMany({ where: { engagementId } });
  await scheduleEngagement(expert.actor, engagementId, { proposalId: p.id }, before);
}

const incentiveOf = async (engagementId: string) =>
  (await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, select: { incentiveCents: true } })).incentiveCents;
const earningOf = async (engagementId: string) =>
  (await db().earning.findUniqueOrThrow({ where: { engagementId }, select: { amountCents: true } })).amountCents;

describe("the incentive an engagement began with", () => {
  it("a cut to $0 after an expert applied does not reach them: accepted and completed, they earn what they applied for, and the statement bills it", async () => {
    const study = await createStudy();
    const early = await expertActor();
    const { engagementId } = await applyToOpportunity(early.actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    expect(await incentiveOf(engagementId)).toBe(15_000);

    await edit(study, 0);
    const late = await expertActor();
    const after = await applyToOpportunity(late.actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    expect(await incentiveOf(after.engagementId)).toBe(0);
    expect(await incentiveOf(engagementId)).toBe(15_000);

    // The expert's card and the client's pipeline say what each engagement pays.
    const board = await listOpportunityBoard(early.actor);
    expect(board.open.find((i) => i.engagementId === engagementId)?.compensationCents).toBe(15_000);
    const pipeline = await getProjectPipeline(study.client, study.project.id);
    const applied = pipeline.columns.find((c) => c.state === "applied")!.engagements;
    expect(Object.fromEntries(applied.map((e) => [e.id, e.incentiveCents]))).toEqual({ [engagementId]: 15_000, [after.engagementId]: 0 });

    await acceptEngagement(study.client, engagementId);
    const at = new Date(Date.now() + 3 * 86_400_000);
    await schedule(study, early, engagementId, at);
    await completeSession(study.client, engagementId, new Date(at.getTime() + HOUR));
    expect(await earningOf(engagementId)).toBe(15_000);
    expect((await getClientBilling(study.client)).owedCents).toBe(15_000);
  });

  it("a raise reaches every engagement not yet final and is what they earn; a completed session keeps its amount", async () => {
    const study = await createStudy();
    const [invited, accepted, done] = [await expertActor(), await expertActor(), await expertActor()];
    const inv = await inviteExpert(study.client, { projectId: study.project.id, expertId: invited.expert.id });
    const acc = await inviteExpert(study.client, { projectId: study.project.id, expertId: accepted.expert.id });
    await acceptEngagement(accepted.actor, acc.engagementId, { outsideActivityConfirmed: true });
    const fin = await inviteExpert(study.client, { projectId: study.project.id, expertId: done.expert.id });
    await acceptEngagement(done.actor, fin.engagementId, { outsideActivityConfirmed: true });
    const at = new Date(Date.now() + 3 * 86_400_000);
    await schedule(study, done, fin.engagementId, at);
    await completeSession(study.client, fin.engagementId, new Date(at.getTime() + HOUR));

    await edit(study, 200);
    expect(await incentiveOf(inv.engagementId)).toBe(20_000);
    expect(await incentiveOf(acc.engagementId)).toBe(20_000);
    expect(await incentiveOf(fin.engagementId)).toBe(15_000);
    expect(await earningOf(fin.engagementId)).toBe(15_000);

    // Cutting back afterwards takes nothing from the engagements that had the raise.
    await edit(study, 120);
    expect(await incentiveOf(acc.engagementId)).toBe(20_000);
    const later = new Date(Date.now() + 4 * 86_400_000);
    await schedule(study, accepted, acc.engagementId, later);
    await completeSession(study.client, acc.engagementId, new Date(later.getTime() + HOUR));
    expect(await earningOf(acc.engagementId)).toBe(20_000);
    const board = await listOpportunityBoard(invited.actor);
    expect(board.invited.find((i) => i.engagementId === inv.engagementId)?.compensationCents).toBe(20_000);
  });

  it("a late cancel's fee is a share of the engagement's amount, not of a cut made after it began", async () => {
    const study = await createStudy();
    const expert = await expertActor();
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.expert.id });
    await acceptEngagement(expert.actor, engagementId, { outsideActivityConfirmed: true });
    const at = new Date(Date.now() + 3 * 86_400_000);
    await schedule(study, expert, engagementId, at);
    await edit(study, 10);
    await cancelEngagement(study.client, engagementId, "Budget was cut", new Date(at.getTime() - 2 * HOUR));
    expect(await earningOf(engagementId)).toBe(lateCancelFeeCents(15_000));
  });
});
