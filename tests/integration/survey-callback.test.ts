// A survey's completion callback against a real PostgreSQL: the client turns it on and gets its
// secret once; a report signed with it over the timestamp and body records the end; a bad
// signature, an old timestamp, a rotated secret or someone else's project record nothing; while
// it is on, the expert's own confirmation and typed codes wait for the tool.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { applyToOpportunity } from "@/lib/engagements/transitions";
import { recordSurveyEnd, startSurvey, viewSurveyEnd } from "@/lib/engagements/surveys";
import { receiveSurveyCallback, setSurveyCallback, signCallback, CALLBACK_WINDOW_SECONDS } from "@/lib/engagements/survey-callback";
import { completionCodeFor } from "@/lib/engagements/survey-codes";
import { ledgerDrift } from "@/lib/money/ledger";
import { isAppError } from "@/lib/platform/errors";
import { actorFor, createExpert } from "../factories";
import { createStudy } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

async function surveyWithPlace() {
  const study = await createStudy({ type: "survey", quota: 5 });
  const { user } = await createExpert();
  const actor = actorFor(user, ["expert"]);
  const applied = await applyToOpportunity(actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
  const e = await db().engagement.findUniqueOrThrow({ where: { id: applied.engagementId } });
  await startSurvey(actor, e.id);
  return { study, actor, engagementId: e.id, participantId: e.participantId! };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "recorded",
    (e) => (isAppError(e) ? e.code : String(e)),
  );

const stateOf = async (id: string) => (await db().engagement.findUniqueOrThrow({ where: { id } })).state;

function report(projectId: string, secret: string, body: object, at = new Date()) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    raw,
    timestamp,
    signature: signCallback(secret, timestamp, raw),
    send: (now = at) => receiveSurveyCallback(projectId, raw, { timestamp, signature: signCallback(secret, timestamp, raw) }, now),
  };
}

describe("the completion callback", () => {
  it("records the end the survey tool reports, signed with the project's secret; the same report again changes nothing", async () => {
    const { study, actor, engagementId, participantId } = await surveyWithPlace();
    const { secret } = await setSurveyCallback(study.client, study.project.id, "on");
    expect(secret).toMatch(/^k12cb_[A-Za-z0-9_-]{43}$/);
    // While it is on, the expert's own confirmation waits for the tool.
    expect(await viewSurveyEnd(actor, { projectId: study.project.id, end: "complete", participantId })).toMatchObject({
      recorded: null,
      awaitingReport: true,
    });
    const own = { projectId: study.project.id, end: "complete" as const, code: completionCodeFor(participantId), participantId, actor };
    expect(await refusal(recordSurveyEnd(own))).toBe("CONFLICT");
    expect(await stateOf(engagementId)).toBe("accepted");
    const r = report(study.project.id, secret!, { participant_id: participantId, end: "complete" });
    expect(await r.send()).toMatchObject({ state: "submitted", already: false });
    expect(await r.send()).toMatchObject({ state: "submitted", already: true });
    expect(await db().earning.count({ where: { engagementId } })).toBe(1);
    // The expert's page and confirmation now read "already recorded".
    expect(await recordSurveyEnd(own)).toMatchObject({ already: true });
    expect(await ledgerDrift()).toEqual([]);
  });

  it("refuses a bad signature, a timestamp outside the window, a rotated secret and another project's secret, recording nothing", async () => {
    const { study, engagementId, participantId } = await surveyWithPlace();
    const { secret } = await setSurveyCallback(study.client, study.project.id, "on");
    const body = { participant_id: participantId, end: "complete" };
    const r = report(study.project.id, secret!, body);
    expect(await refusal(receiveSurveyCallback(study.project.id, r.raw, { timestamp: r.timestamp, signature: "sha256=00" }))).toBe(
      "UNAUTHENTICATED",
    );
    expect(await refusal(receiveSurveyCallback(study.project.id, JSON.stringify({ ...body, end: "screened-out" }), r))).toBe(
      "UNAUTHENTICATED",
    );
    const old = report(study.project.id, secret!, body, new Date(Date.now() - (CALLBACK_WINDOW_SECONDS + 5) * 1000));
    expect(await refusal(old.send(new Date()))).toBe("UNAUTHENTICATED");
    const other = await createStudy({ type: "survey" });
    const { secret: otherSecret } = await setSurveyCallback(other.client, other.project.id, "on");
    expect(await refusal(report(study.project.id, otherSecret!, body).send())).toBe("UNAUTHENTICATED");
    const { secret: rotated } = await setSurveyCallback(study.client, study.project.id, "rotate");
    expect(rotated).not.toBe(secret);
    expect(await refusal(report(study.project.id, secret!, body).send())).toBe("UNAUTHENTICATED");
    expect(await stateOf(engagementId)).toBe("accepted");
    // Another organization cannot turn it on, rotate it or off.
    expect(await refusal(setSurveyCallback(other.client, study.project.id, "off"))).toBe("NOT_FOUND");
    expect(await refusal(report(study.project.id, rotated!, { participant_id: "nobody-at-all", end: "complete" }).send())).toBe(
      "NOT_FOUND",
    );
    expect(await refusal(report(study.project.id, rotated!, { participant_id: participantId, end: "finished" }).send())).toBe(
      "BAD_REQUEST",
    );
    expect(await report(study.project.id, rotated!, body).send()).toMatchObject({ state: "submitted" });
  });

  it("off, the survey takes no reports and the expert confirms again; an interview has no callback", async () => {
    const { study, actor, engagementId, participantId } = await surveyWithPlace();
    const { secret } = await setSurveyCallback(study.client, study.project.id, "on");
    expect(await setSurveyCallback(study.client, study.project.id, "off")).toEqual({ on: false, secret: null });
    expect(await refusal(report(study.project.id, secret!, { participant_id: participantId, end: "complete" }).send())).toBe("NOT_FOUND");
    expect(await refusal(setSurveyCallback(study.client, study.project.id, "rotate"))).toBe("CONFLICT");
    await recordSurveyEnd({ projectId: study.project.id, end: "complete", code: completionCodeFor(participantId), participantId, actor });
    expect(await stateOf(engagementId)).toBe("submitted");
    const interview = await createStudy({ type: "interview" });
    expect(await refusal(setSurveyCallback(interview.client, interview.project.id, "on"))).toBe("CONFLICT");
  });
});
