// Replacing an expert who did not attend, against a real PostgreSQL: the oldest qualified
// applicant still waiting is accepted (never one screened out or declined), once; a client
// no-show, a survey or a project with nobody waiting is refused with the reason.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { applyToOpportunity, markNoShow, replaceEngagement } from "@/lib/engagements/transitions";
import { reportClientNoShow, resolveNoShowClaim } from "@/lib/engagements/no-show-claims";
import { isAppError } from "@/lib/platform/errors";
import { actorFor, createAdmin, createExpert } from "../factories";
import { createStudy, scheduledPair } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const refusal = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => {
      if (isAppError(e)) return e.message;
      throw e;
    },
  );

async function applicant(opportunityId: string, state: "applied" | "screened_out" | "declined" = "applied") {
  const { user, expert } = await createExpert();
  const r = await applyToOpportunity(actorFor(user, ["expert"]), { opportunityId, outsideActivityConfirmed: true });
  if (state !== "applied") await db().engagement.update({ where: { id: r.engagementId }, data: { state } });
  return { expertId: expert.id, engagementId: r.engagementId, user };
}

describe("replacing a no-show", () => {
  it("accepts the oldest qualified applicant still waiting, once, and records who replaced whom", async () => {
    const pair = await scheduledPair(-1);
    const opportunityId = pair.study.opportunity.id;
    const screened = await applicant(opportunityId, "screened_out");
    const declined = await applicant(opportunityId, "declined");
    const first = await applicant(opportunityId);
    const second = await applicant(opportunityId);
    expect(await refusal(replaceEngagement(pair.study.client, pair.engagementId))).toBe(
      "Only an expert marked a no-show, or one who cancelled, can be replaced.",
    );
    await markNoShow(pair.study.client, pair.engagementId, "Did not join");
    const result = await replaceEngagement(pair.study.client, pair.engagementId);
    expect(result).toEqual({ changed: true, replacementId: first.engagementId });
    const states = await db().engagement.findMany({
      where: { id: { in: [screened.engagementId, declined.engagementId, first.engagementId, second.engagementId] } },
      select: { id: true, state: true },
    });
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({
      [screened.engagementId]: "screened_out",
      [declined.engagementId]: "declined",
      [first.engagementId]: "accepted",
      [second.engagementId]: "applied",
    });
    expect(await db().notification.count({ where: { userId: first.user.id, kind: "accepted" } })).toBe(1);
    const event = await db().engagementEvent.findFirstOrThrow({ where: { engagementId: pair.engagementId, kind: "replaced" } });
    expect(event.reason).toMatch(/^Replaced by /);
    // Twice changes nothing: the second applicant keeps waiting.
    expect(await replaceEngagement(pair.study.client, pair.engagementId)).toEqual({ changed: false, replacementId: null });
    expect((await db().engagement.findUniqueOrThrow({ where: { id: second.engagementId } })).state).toBe("applied");
  });

  it("refuses a client's own absence, an empty waiting list, another client, and a survey", async () => {
    const absentClient = await scheduledPair(-1);
    await reportClientNoShow(absentClient.expertActor, absentClient.engagementId, "The client never joined");
    const claim = await db().noShowClaim.findUniqueOrThrow({ where: { engagementId: absentClient.engagementId } });
    await resolveNoShowClaim(actorFor(await createAdmin(), ["admin"]), claim.id, { for: "expert", note: "The client did not join" });
    expect(await refusal(replaceEngagement(absentClient.study.client, absentClient.engagementId))).toBe(
      "Our team found that you did not attend, so there is no one to replace.",
    );
    const nobody = await scheduledPair(-1);
    await markNoShow(nobody.study.client, nobody.engagementId, null);
    expect(await refusal(replaceEngagement(nobody.study.client, nobody.engagementId))).toBe(
      "No qualified applicant is waiting. Invite another expert from Find Experts.",
    );
    expect(await refusal(replaceEngagement(absentClient.study.client, nobody.engagementId))).toBe("Engagement not found");
    const survey = await createStudy({ type: "survey" });
    const place = await applicant(survey.opportunity.id);
    await db().engagement.update({ where: { id: place.engagementId }, data: { state: "cancelled" } });
    expect(await refusal(replaceEngagement(survey.client, place.engagementId))).toBe(
      "A survey fills its places by itself: there is no one to replace.",
    );
  });
});
