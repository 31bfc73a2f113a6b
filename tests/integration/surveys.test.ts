// Surveys against a real PostgreSQL: a link out with an opaque id, the three end addresses and
// their codes (wrong, reused and limited), the client's review (approve in bulk, reject into a
// dispute, the window's end approving), the target closing the survey with a grace period for
// whoever had started, and a property over random arrival orders that the books always agree.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/platform/db";
import { ledgerDrift, balancesOf } from "@/lib/money/ledger";
import { applyToOpportunity, scheduleEngagement } from "@/lib/engagements/transitions";
import {
  approveResponses,
  enterSurveyCode,
  expireSurveyGrace,
  recordSurveyEnd,
  rejectResponse,
  viewSurveyEnd,
  startSurvey,
  surveyProgress,
  SURVEY_GRACE_HOURS,
} from "@/lib/engagements/surveys";
import { releaseDueEarnings, resolveDispute } from "@/lib/engagements/earnings-review";
import { isAppError } from "@/lib/platform/errors";
import { completionCodeFor } from "@/lib/engagements/survey-codes";
import { filledEndUrl, surveyEndUrl } from "@/lib/engagements/survey-links";
import { actorFor, createAdmin, createExpert } from "../factories";
import { createStudy } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const HOUR = 3_600_000;
const INCENTIVE = 15_000; // tests/studies.ts createStudy: $150

const booksAgree = async () => expect(await ledgerDrift()).toEqual([]);

async function surveyStudy(opts: { quota?: number; screenOutPay?: number; overQuotaPay?: number } = {}) {
  const study = await createStudy({
    type: "survey",
    quota: opts.quota ?? 5,
    screenOutPay: opts.screenOutPay,
    overQuotaPay: opts.overQuotaPay,
  });
  const codes = await db().project.findUniqueOrThrow({
    where: { id: study.project.id },
    select: { completionCode: true, screenOutCode: true, overQuotaCode: true },
  });
  // The survey-wide completion code of earlier versions: kept on the row, accepted from nobody.
  return { ...study, codes: { surveyWide: codes.completionCode!, screenOut: codes.screenOutCode!, overQuota: codes.overQuotaCode! } };
}

/** A verified expert who applied (a survey takes a qualified applicant at once) and is ready to start. */
async function joined(study: Awaited<ReturnType<typeof surveyStudy>>) {
  const { user, expert } = await createExpert();
  const actor = actorFor(user, ["expert"]);
  const applied = await applyToOpportunity(actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
  const e = await db().engagement.findUniqueOrThrow({ where: { id: applied.engagementId } });
  return { user, expert, actor, engagementId: e.id, participantId: e.participantId!, state: applied.state };
}

const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected a refusal");
};

describe("a survey's link and its ends", () => {
  it("an application is accepted at once with an opaque id; the link carries only that id and the first open is recorded", async () => {
    const study = await surveyStudy();
    const x = await joined(study);
    expect(x.state).toBe("accepted");
    expect(x.participantId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const { url } = await startSurvey(x.actor, x.engagementId);
    expect(url).toBe(`https://surveys.example.org/s/reading?pid=${x.participantId}&k12_code=${completionCodeFor(x.participantId)}`);
    expect(url).not.toContain(x.user.email);
    const first = await db().engagement.findUniqueOrThrow({ where: { id: x.engagementId } });
    expect(first.surveyStartedAt).not.toBeNull();
    await startSurvey(x.actor, x.engagementId, new Date(Date.now() + HOUR));
    const again = await db().engagement.findUniqueOrThrow({ where: { id: x.engagementId } });
    expect(again.surveyStartedAt).toEqual(first.surveyStartedAt);
    expect(await db().engagementEvent.count({ where: { engagementId: x.engagementId, kind: "survey_started" } })).toBe(1);
  });

  it("the completion address with the participant's own code submits the response and books its pay into review; again is already recorded", async () => {
    const study = await surveyStudy();
    const x = await joined(study);
    await startSurvey(x.actor, x.engagementId);
    const end = (e: "complete" | "screened-out", code: string) =>
      recordSurveyEnd({ projectId: study.project.id, end: e, code, participantId: x.participantId, actor: x.actor });
    const done = await end("complete", completionCodeFor(x.participantId).toLowerCase());
    expect(done).toMatchObject({ state: "submitted", already: false });
    const earning = await db().earning.findUniqueOrThrow({ where: { engagementId: x.engagementId } });
    expect(earning).toMatchObject({ amountCents: INCENTIVE, kind: "survey", state: "pending_qc" });
    expect((await balancesOf(x.user.id)).expert_pending_qc).toBe(INCENTIVE);
    expect(await db().notification.count({ where: { userId: study.clientUser.id, kind: "submitted" } })).toBe(1);
    // A second click, a reload of the confirmation: the same answer, nothing booked again, no miss counted.
    expect(await end("complete", completionCodeFor(x.participantId))).toMatchObject({ state: "submitted", already: true });
    expect(await db().rateLimitHit.count({ where: { bucket: "survey-code:place", key: x.engagementId } })).toBe(0);
    // Another end after a response is recorded is refused.
    expect(await errorOf(end("screened-out", study.codes.screenOut))).toEqual({
      code: "CONFLICT",
      message: "Your response to this survey is already recorded: a code can be used only once.",
    });
    expect(await db().earning.count({ where: { engagementId: x.engagementId } })).toBe(1);
    await booksAgree();
  });

  it("a wrong code is refused and counted; once the misses are used up even the right code is refused", async () => {
    const study = await surveyStudy();
    const x = await joined(study);
    const end = (code: string) =>
      recordSurveyEnd({ projectId: study.project.id, end: "complete", code, participantId: x.participantId, actor: x.actor });
    expect(await errorOf(end("NOT-THE-CODE"))).toEqual({
      code: "BAD_REQUEST",
      message: "That code is not right for this survey. Check it and try again.",
    });
    // The screen-out code is not the completion code.
    expect((await errorOf(end(study.codes.screenOut))).code).toBe("BAD_REQUEST");
    for (let i = 0; i < 7; i++) await errorOf(end(`WRONG${i}`));
    expect((await errorOf(end("WRONG-LAST"))).code).toBe("BAD_REQUEST");
    expect((await errorOf(end(completionCodeFor(x.participantId)))).code).toBe("THROTTLED");
    expect((await db().engagement.findUniqueOrThrow({ where: { id: x.engagementId } })).state).toBe("accepted");
  });

  it("a code typed by hand on the dashboard decides the end; an end address acts only for its participant id, and only for that expert", async () => {
    const study = await surveyStudy({ screenOutPay: 2.5 });
    const x = await joined(study);
    const r = await enterSurveyCode(x.actor, x.engagementId, ` ${study.codes.screenOut.slice(0, 5)}-${study.codes.screenOut.slice(5)} `);
    expect(r.state).toBe("screened_out");
    expect(await db().earning.findUniqueOrThrow({ where: { engagementId: x.engagementId } })).toMatchObject({
      amountCents: 250,
      kind: "screen_out_fee",
    });
    const y = await joined(study);
    const overQuota = {
      projectId: study.project.id,
      end: "over-quota" as const,
      code: study.codes.overQuota,
      participantId: y.participantId,
    };
    // Nobody signed in, or another expert holding y's id: nothing is recorded.
    expect((await errorOf(recordSurveyEnd({ ...overQuota, actor: null }))).code).toBe("UNAUTHENTICATED");
    expect((await errorOf(recordSurveyEnd({ ...overQuota, actor: x.actor }))).code).toBe("NOT_FOUND");
    expect((await db().engagement.findUniqueOrThrow({ where: { id: y.engagementId } })).state).toBe("accepted");
    const viaAddress = await recordSurveyEnd({ ...overQuota, actor: y.actor });
    expect(viaAddress.state).toBe("over_quota");
    // Over quota pays $0 here: no earning, nothing owed.
    expect(await db().earning.count({ where: { engagementId: y.engagementId } })).toBe(0);
    await booksAgree();
  });

  it("one participant's completion code submits nobody else: another expert who reads it from the end address is refused, and it counts", async () => {
    const study = await surveyStudy();
    const [a, b] = [await joined(study), await joined(study)];
    await startSurvey(a.actor, a.engagementId);
    // The address a's survey tool sends them to, as it would show in a shared screen or a browser history.
    const landed = new URL(
      filledEndUrl(surveyEndUrl("https://k12.example", study.project.id, "complete"), a.participantId, completionCodeFor(a.participantId)),
    );
    const aCode = landed.searchParams.get("code")!;
    expect(landed.searchParams.get("pid")).toBe(a.participantId);
    await recordSurveyEnd({ projectId: study.project.id, end: "complete", code: aCode, participantId: a.participantId, actor: a.actor });
    const wrong = { code: "BAD_REQUEST", message: "That code is not right for this survey. Check it and try again." };
    // b types a's code on their dashboard, posts it with their own id, or uses the survey's old one-for-all code.
    expect(await errorOf(enterSurveyCode(b.actor, b.engagementId, aCode))).toEqual(wrong);
    expect(
      await errorOf(
        recordSurveyEnd({ projectId: study.project.id, end: "complete", code: aCode, participantId: b.participantId, actor: b.actor }),
      ),
    ).toEqual(wrong);
    expect(await errorOf(enterSurveyCode(b.actor, b.engagementId, study.codes.surveyWide))).toEqual(wrong);
    expect(await db().rateLimitHit.count({ where: { bucket: "survey-code:place", key: b.engagementId } })).toBe(3);
    expect((await db().engagement.findUniqueOrThrow({ where: { id: b.engagementId } })).state).toBe("accepted");
    expect(await db().earning.count({ where: { engagementId: b.engagementId } })).toBe(0);
    expect(completionCodeFor(b.participantId)).not.toBe(aCode);
    await booksAgree();
  });

  it("opening an end address changes nothing: it reads the place's answer for its own expert only", async () => {
    const study = await surveyStudy({ screenOutPay: 1 });
    const [a, b] = [await joined(study), await joined(study)];
    const screenOut = { projectId: study.project.id, end: "screened-out" as const, participantId: a.participantId };
    const events = await db().engagementEvent.count({ where: { engagementId: a.engagementId } });
    // What a link on another site gets by opening the address for whoever is signed in: a view, no change.
    expect(await viewSurveyEnd(a.actor, screenOut)).toEqual({ projectTitle: study.project.title, recorded: null, awaitingReport: false });
    expect((await errorOf(viewSurveyEnd(b.actor, screenOut))).code).toBe("NOT_FOUND");
    expect((await errorOf(viewSurveyEnd(null, screenOut))).code).toBe("UNAUTHENTICATED");
    expect((await db().engagement.findUniqueOrThrow({ where: { id: a.engagementId } })).state).toBe("accepted");
    expect(await db().engagementEvent.count({ where: { engagementId: a.engagementId } })).toBe(events);
    expect(await db().earning.count({ where: { engagementId: a.engagementId } })).toBe(0);
    // After a response, the completion address reads "already recorded" (a reload of the thank-you page).
    await recordSurveyEnd({
      projectId: study.project.id,
      end: "complete",
      code: completionCodeFor(a.participantId),
      participantId: a.participantId,
      actor: a.actor,
    });
    expect(await viewSurveyEnd(a.actor, { ...screenOut, end: "complete" })).toMatchObject({ recorded: "submitted" });
    expect(await viewSurveyEnd(a.actor, screenOut)).toMatchObject({ recorded: null });
  });

  it("a survey is never scheduled, and an interview is never submitted", async () => {
    const study = await surveyStudy();
    const x = await joined(study);
    const refusal = await errorOf(scheduleEngagement(x.actor, x.engagementId, { slotId: "00000000-0000-4000-8000-000000000000" }));
    expect(refusal.message).toBe("This study is a survey, answered on the expert's own time, so it cannot be changed that way.");
    const interview = await createStudy({ type: "interview" });
    const { user } = await createExpert();
    const applied = await applyToOpportunity(actorFor(user, ["expert"]), {
      opportunityId: interview.opportunity.id,
      outsideActivityConfirmed: true,
    });
    expect(applied.state).toBe("applied");
    expect((await errorOf(startSurvey(actorFor(user, ["expert"]), applied.engagementId))).code).toBe("CONFLICT");
  });
});

describe("the client's review", () => {
  const submitted = async (study: Awaited<ReturnType<typeof surveyStudy>>) => {
    const x = await joined(study);
    await startSurvey(x.actor, x.engagementId);
    await recordSurveyEnd({
      projectId: study.project.id,
      end: "complete",
      code: completionCodeFor(x.participantId),
      participantId: x.participantId,
      actor: x.actor,
    });
    return x;
  };

  it("approving in bulk makes each response's pay available at once and completes it; twice changes nothing", async () => {
    const study = await surveyStudy();
    const a = await submitted(study);
    const b = await submitted(study);
    expect(await approveResponses(study.client, [a.engagementId, b.engagementId])).toEqual({ approved: 2 });
    for (const x of [a, b]) {
      expect((await db().engagement.findUniqueOrThrow({ where: { id: x.engagementId } })).state).toBe("completed");
      expect(await balancesOf(x.user.id)).toMatchObject({ expert_pending_qc: 0, expert_available: INCENTIVE });
    }
    expect(await approveResponses(study.client, [a.engagementId])).toEqual({ approved: 0 });
    const other = await surveyStudy();
    expect((await errorOf(approveResponses(other.client, [a.engagementId]))).code).toBe("NOT_FOUND");
    await booksAgree();
  });

  it("a rejection holds the pay in dispute; the admin decides, and the engagement ends with the decision", async () => {
    const study = await surveyStudy();
    const admin = actorFor(await createAdmin(), ["admin"]);
    const [a, b] = [await submitted(study), await submitted(study)];
    for (const x of [a, b]) await rejectResponse(study.client, x.engagementId, { reason: "too_fast", details: "Finished in 40 seconds." });
    const held = await db().earning.findUniqueOrThrow({ where: { engagementId: a.engagementId } });
    expect(held).toMatchObject({ state: "disputed", disputeReason: "Finished implausibly fast: Finished in 40 seconds." });
    await resolveDispute(admin, held.id, { for: "client", note: "Timings confirm it." });
    expect((await db().engagement.findUniqueOrThrow({ where: { id: a.engagementId } })).state).toBe("rejected");
    const bEarning = await db().earning.findUniqueOrThrow({ where: { engagementId: b.engagementId } });
    await resolveDispute(admin, bEarning.id, { for: "expert", note: "The answers are thoughtful." });
    expect((await db().engagement.findUniqueOrThrow({ where: { id: b.engagementId } })).state).toBe("completed");
    expect((await balancesOf(b.user.id)).expert_available).toBe(INCENTIVE);
    await booksAgree();
  });

  it("anything left alone is approved when the window ends: the client cannot sit on it", async () => {
    const study = await surveyStudy();
    const x = await submitted(study);
    const { qcEndsAt } = await db().earning.findUniqueOrThrow({ where: { engagementId: x.engagementId } });
    await releaseDueEarnings(new Date(qcEndsAt.getTime() - 1000));
    expect((await db().engagement.findUniqueOrThrow({ where: { id: x.engagementId } })).state).toBe("submitted");
    await releaseDueEarnings(qcEndsAt);
    expect((await db().engagement.findUniqueOrThrow({ where: { id: x.engagementId } })).state).toBe("completed");
    expect(await db().engagementEvent.count({ where: { engagementId: x.engagementId, kind: "auto_approved" } })).toBe(1);
    expect(
      (await errorOf(rejectResponse(study.client, x.engagementId, { reason: "incomplete", details: "Too late to say so." }))).code,
    ).toBe("CONFLICT");
    await booksAgree();
  });
});

describe("the target closes the survey", () => {
  it("the response that meets the target closes it; who had started may still finish within the grace period and is paid", async () => {
    const study = await surveyStudy({ quota: 2 });
    const [a, b, c, d] = [await joined(study), await joined(study), await joined(study), await joined(study)];
    for (const x of [a, b, c]) await startSurvey(x.actor, x.engagementId);
    const end = (x: typeof a, at = new Date()) =>
      recordSurveyEnd(
        {
          projectId: study.project.id,
          end: "complete",
          code: completionCodeFor(x.participantId),
          participantId: x.participantId,
          actor: x.actor,
        },
        at,
      );
    expect((await surveyProgress([study.project.id])).get(study.project.id)).toMatchObject({ placesLeft: 2, started: 3 });
    await end(a);
    await end(b);
    const project = await db().project.findUniqueOrThrow({ where: { id: study.project.id } });
    expect(project.status).toBe("closed");
    // d never started: their place ended with the close.
    expect((await db().engagement.findUniqueOrThrow({ where: { id: d.engagementId } })).state).toBe("cancelled");
    expect((await errorOf(startSurvey(d.actor, d.engagementId))).code).toBe("CONFLICT");
    // c had started: within the grace period they finish and are paid.
    await end(c, new Date(project.closedAt!.getTime() + (SURVEY_GRACE_HOURS - 1) * HOUR));
    expect((await db().earning.findUniqueOrThrow({ where: { engagementId: c.engagementId } })).amountCents).toBe(INCENTIVE);
    expect((await surveyProgress([study.project.id])).get(study.project.id)).toMatchObject({ placesLeft: 0, counted: 3 });
    await booksAgree();
  });

  it("responses arriving at the same moment still close the survey when together they meet its target", async () => {
    const study = await surveyStudy({ quota: 2 });
    const [a, b] = [await joined(study), await joined(study)];
    await Promise.all(
      [a, b].map((x) =>
        recordSurveyEnd({
          projectId: study.project.id,
          end: "complete",
          code: completionCodeFor(x.participantId),
          participantId: x.participantId,
          actor: x.actor,
        }),
      ),
    );
    expect((await db().project.findUniqueOrThrow({ where: { id: study.project.id } })).status).toBe("closed");
  });

  it("responses arriving together while the survey closes are taken one at a time, without deadlock, and each gets its true answer", async () => {
    const study = await surveyStudy({ quota: 2 });
    const started = [await joined(study), await joined(study), await joined(study)];
    const unstarted = [await joined(study), await joined(study), await joined(study)];
    for (const x of started) await startSurvey(x.actor, x.engagementId);
    const everyone = [...unstarted, ...started];
    const results = await Promise.allSettled(
      everyone.map((x) =>
        recordSurveyEnd({
          projectId: study.project.id,
          end: "complete",
          code: completionCodeFor(x.participantId),
          participantId: x.participantId,
          actor: x.actor,
        }),
      ),
    );
    const closedBefore = { code: "CONFLICT", message: "This survey closed before your response arrived, so it cannot be recorded." };
    for (const [i, r] of results.entries()) {
      const state = (await db().engagement.findUniqueOrThrow({ where: { id: everyone[i].engagementId } })).state;
      if (r.status === "fulfilled") {
        expect(r.value).toMatchObject({ state: "submitted", already: false });
        expect(state).toBe("submitted");
      } else {
        // Never a deadlock or a generic failure: the words of a survey that closed first.
        expect(isAppError(r.reason) ? { code: r.reason.code, message: r.reason.message } : String(r.reason)).toEqual(closedBefore);
        expect(state).toBe("cancelled");
      }
    }
    // Whoever had started is within the grace period and submitted; of the others, only those before the close.
    for (const [i] of started.entries()) expect(results[unstarted.length + i].status).toBe("fulfilled");
    const unstartedIn = results.slice(0, unstarted.length).filter((r) => r.status === "fulfilled").length;
    expect(unstartedIn).toBeLessThanOrEqual(2);
    const project = await db().project.findUniqueOrThrow({ where: { id: study.project.id } });
    expect(project.status).toBe("closed");
    expect(await db().earning.count({ where: { projectId: study.project.id } })).toBe(started.length + unstartedIn);
    await booksAgree();
  });

  it("a place still open after the grace period ends by itself", async () => {
    const study = await surveyStudy({ quota: 1 });
    const [a, b] = [await joined(study), await joined(study)];
    await startSurvey(b.actor, b.engagementId);
    await recordSurveyEnd({
      projectId: study.project.id,
      end: "complete",
      code: completionCodeFor(a.participantId),
      participantId: a.participantId,
      actor: a.actor,
    });
    const { closedAt } = await db().project.findUniqueOrThrow({ where: { id: study.project.id } });
    expect(await expireSurveyGrace(new Date(closedAt!.getTime() + (SURVEY_GRACE_HOURS - 1) * HOUR))).toBe(0);
    expect(await expireSurveyGrace(new Date(closedAt!.getTime() + (SURVEY_GRACE_HOURS + 1) * HOUR))).toBeGreaterThanOrEqual(1);
    expect((await db().engagement.findUniqueOrThrow({ where: { id: b.engagementId } })).state).toBe("cancelled");
    const late = await errorOf(
      recordSurveyEnd(
        {
          projectId: study.project.id,
          end: "complete",
          code: completionCodeFor(b.participantId),
          participantId: b.participantId,
          actor: b.actor,
        },
        new Date(closedAt!.getTime() + (SURVEY_GRACE_HOURS + 2) * HOUR),
      ),
    );
    expect(late.code).toBe("CONFLICT");
  });

  it("property: in any order of starts and ends, the survey closes exactly at its target, no one unstarted is paid after it, and the books agree", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.record({ who: fc.integer({ min: 0, max: 3 }), act: fc.constantFrom("start", "complete", "screen_out") }), {
          minLength: 1,
          maxLength: 10,
        }),
        async (quota, steps) => {
          const study = await surveyStudy({ quota, screenOutPay: 1 });
          const people = [await joined(study), await joined(study), await joined(study), await joined(study)];
          const startedBeforeClose = new Set<number>();
          let closed = false;
          for (const s of steps) {
            const x = people[s.who];
            const attempt =
              s.act === "start"
                ? startSurvey(x.actor, x.engagementId)
                : recordSurveyEnd({
                    projectId: study.project.id,
                    end: s.act === "complete" ? "complete" : "screened-out",
                    code: s.act === "complete" ? completionCodeFor(x.participantId) : study.codes.screenOut,
                    participantId: x.participantId,
                    actor: x.actor,
                  });
            // A place that already had this answer says so and changes nothing: not a new end.
            const ok = await attempt.then(
              (r) => !("already" in r && r.already),
              (e) => {
                if (!isAppError(e)) throw e;
                return false;
              },
            );
            if (ok && !closed && s.act === "start") startedBeforeClose.add(s.who);
            // Once closed, only someone who had started may still end their place.
            if (closed && s.act !== "start" && ok) expect(startedBeforeClose.has(s.who)).toBe(true);
            const counted = await db().engagement.count({
              where: { projectId: study.project.id, state: { in: ["submitted", "completed"] } },
            });
            const { status } = await db().project.findUniqueOrThrow({ where: { id: study.project.id }, select: { status: true } });
            if (!closed) expect(status === "closed").toBe(counted >= quota);
            closed = status === "closed";
          }
        },
      ),
      { numRuns: 8 },
    );
    await booksAgree();
  }, 120_000);
});
