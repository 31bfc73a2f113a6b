// One participant id everywhere the client looks at a survey: the pipeline card, a bonus list
// (the id stands in for the engagement id, among the client's own responses only) and the sample
// export, so the client can act on the data of their own survey tool.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { applyToOpportunity } from "@/lib/engagements/transitions";
import { getProjectPipeline } from "@/lib/engagements/views";
import { parseBonusCsv } from "@/lib/engagements/schemas/bonuses";
import { resolveBonusLines } from "@/lib/engagements/bonus-lines";
import { sampleExportCsv, saveSamplePlan } from "@/lib/samples/plans";
import { isAppError } from "@/lib/platform/errors";
import { actorFor, createExpert } from "../factories";
import { createStudy } from "../studies";

async function surveyWith(people: number) {
  const study = await createStudy({ type: "survey", quota: 10 });
  const places = [];
  for (let i = 0; i < people; i++) {
    const { user } = await createExpert();
    const applied = await applyToOpportunity(actorFor(user, ["expert"]), {
      opportunityId: study.opportunity.id,
      outsideActivityConfirmed: true,
    });
    const e = await db().engagement.findUniqueOrThrow({ where: { id: applied.engagementId }, select: { id: true, participantId: true } });
    places.push({ engagementId: e.id, participantId: e.participantId! });
  }
  return { study, places };
}

describe("a survey's participant id", () => {
  it("is on each card of the client's pipeline", async () => {
    const { study, places } = await surveyWith(2);
    const pipeline = await getProjectPipeline(study.client, study.project.id);
    const cards = pipeline.columns.flatMap((c) => c.engagements);
    expect(cards.map((c) => [c.id, c.participantId]).sort()).toEqual(places.map((p) => [p.engagementId, p.participantId]).sort());
    const interview = await createStudy({ type: "interview" });
    const { user } = await createExpert();
    await applyToOpportunity(actorFor(user, ["expert"]), { opportunityId: interview.opportunity.id, outsideActivityConfirmed: true });
    const other = await getProjectPipeline(interview.client, interview.project.id);
    expect(other.columns.flatMap((c) => c.engagements).map((c) => c.participantId)).toEqual([null]);
  });

  it("stands in for the engagement id in a bonus list, among the client's own responses only", async () => {
    const { study, places } = await surveyWith(2);
    const [a, b] = places;
    const parsed = parseBonusCsv(`participant_id,amount\n${a.participantId},5\n${b.engagementId},2.50\n`);
    expect(parsed.problems).toEqual([]);
    expect(await resolveBonusLines(study.client, parsed.items)).toEqual([
      { engagementId: a.engagementId, cents: 500 },
      { engagementId: b.engagementId, cents: 250 },
    ]);
    // Another organization's client names a's id: refused by its line, as if it did not exist.
    const stranger = await createStudy({ type: "survey" });
    const refusal = await resolveBonusLines(stranger.client, parseBonusCsv(`${b.engagementId},1\n${a.participantId},5`).items).catch((e) =>
      isAppError(e) ? { code: e.code, fieldErrors: e.fieldErrors } : e,
    );
    expect(refusal).toEqual({
      code: "BAD_REQUEST",
      fieldErrors: { csv: [`Line 2: no survey response of yours has the participant id ${a.participantId}`] },
    });
    expect(parseBonusCsv("not-an-id-at-all,5").problems).toEqual(["Line 1: the engagement id is not valid"]);
  });

  it("is the id of each row of the sample export", async () => {
    const { study, places } = await surveyWith(2);
    await saveSamplePlan(study.client, study.project.id, {
      mode: "targets",
      dimensions: ["locale_group"],
      targets: { "locale_group=city": 1 },
    });
    // Places are taken at application, before the plan existed: take them again now it does.
    for (const p of places) {
      await db().samplePlacement.deleteMany({ where: { engagementId: p.engagementId } });
    }
    const plan = await db().samplePlan.findUniqueOrThrow({ where: { projectId: study.project.id }, select: { id: true } });
    for (const p of places) await db().samplePlacement.create({ data: { planId: plan.id, engagementId: p.engagementId, cellKey: null } });
    await db().engagement.updateMany({ where: { projectId: study.project.id }, data: { state: "completed", completedAt: new Date() } });
    await db().project.update({ where: { id: study.project.id }, data: { status: "closed", closedAt: new Date() } });
    const [header, ...rows] = (await sampleExportCsv(study.client, study.project.id))
      .trim()
      .split("\r\n")
      .map((l) => l.split(","));
    expect(header[0]).toBe("participant_id");
    expect(rows.map((r) => r[0]).sort()).toEqual(places.map((p) => p.participantId).sort());
  });
});
