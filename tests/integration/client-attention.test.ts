// What the client's dashboard leads with, the invite dialog's choices and the returning-visitor
// greeting, against a real PostgreSQL.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { getClientAttention, getRecentProjects } from "@/lib/projects/client-dashboard";
import { engagementsWithExperts, getInviteChoices } from "@/lib/projects/invite-choices";
import { signedInBefore, createSession } from "@/lib/accounts/sessions";
import { applyToOpportunity, completeSession, inviteExpert } from "@/lib/engagements/transitions";
import { approveResponses, recordSurveyEnd } from "@/lib/engagements/surveys";
import { completionCodeFor } from "@/lib/engagements/survey-codes";
import { openDispute, releaseDueEarnings } from "@/lib/engagements/earnings-review";
import { actorFor, createClient, createExpert, createUser } from "../factories";
import { createStudy, engagementIn } from "../studies";

const HOUR = 3_600_000;

/** A session of the study that took place at `at` and that the client marks completed then. */
async function completedAt(study: Awaited<ReturnType<typeof createStudy>>, at: Date) {
  const { expert } = await createExpert();
  const e = await engagementIn("scheduled", study, expert.id, { startsAt: new Date(at.getTime() - 2 * HOUR) });
  await completeSession(study.client, e.id, at);
  return e;
}

describe("the client's latest projects", () => {
  it("lists the newest three first with how many places are filled, and only the client's own", async () => {
    const first = await createStudy({ title: "Oldest study" });
    const client = first.clientUser;
    const titles = ["Second study", "Third study", "Newest study"];
    const studies = [first];
    for (const title of titles) studies.push(await createStudy({ title }, client));
    // Creation order is the order of the calls; make it unambiguous for the sort.
    for (const [i, s] of studies.entries())
      await db().project.update({ where: { id: s.project.id }, data: { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) } });
    const newest = studies[3];
    await engagementIn("accepted", newest, (await createExpert()).expert.id);
    await engagementIn("scheduled", newest, (await createExpert()).expert.id, { startsAt: new Date(Date.now() + 48 * HOUR) });
    await engagementIn("applied", newest, (await createExpert()).expert.id);
    await engagementIn("declined", newest, (await createExpert()).expert.id);

    const recent = await getRecentProjects(first.client);
    expect(recent.map((p) => p.title)).toEqual(["Newest study", "Third study", "Second study"]);
    expect(recent[0]).toMatchObject({ id: newest.project.id, status: "open", filled: 2 });
    expect(recent[2].filled).toBe(0);

    const other = actorFor(await createClient(), ["client"]);
    expect(await getRecentProjects(other)).toEqual([]);
    const expert = actorFor((await createExpert()).user, ["expert"]);
    await expect(getRecentProjects(expert)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("what needs the client", () => {
  it("is empty for a client with nothing waiting", async () => {
    const client = actorFor(await createClient(), ["client"]);
    expect(await getClientAttention(client)).toEqual({
      applications: [],
      sessionsToMark: [],
      timesToAnswer: [],
      responsesToReview: [],
      openDisputes: 0,
      statementsDue: [],
    });
  });

  it("counts applications and ended sessions per project, open disputes, and finished unpaid months", async () => {
    const now = new Date(Date.UTC(2026, 9, 20, 15));
    const a = await createStudy({ title: "Reading study" });
    const b = await createStudy({ title: "Math study" }, a.clientUser);
    for (let i = 0; i < 2; i++) await engagementIn("applied", a, (await createExpert()).expert.id);
    await engagementIn("applied", b, (await createExpert()).expert.id);
    // Ended an hour ago and not marked; one still to come; one already completed.
    await engagementIn("scheduled", b, (await createExpert()).expert.id, { startsAt: new Date(now.getTime() - 2 * HOUR) });
    const later = await engagementIn("scheduled", b, (await createExpert()).expert.id, { startsAt: new Date(now.getTime() + 48 * HOUR) });
    // September: two sessions, settled after review; October (this month) not yet finished.
    await completedAt(a, new Date(Date.UTC(2026, 8, 3, 15)));
    await completedAt(a, new Date(Date.UTC(2026, 8, 4, 15)));
    await completedAt(a, new Date(Date.UTC(2026, 9, 2, 15)));
    await releaseDueEarnings(new Date(Date.UTC(2026, 8, 20)));
    const sept = await getClientAttention(a.client, now);
    expect(sept.applications).toEqual([
      { projectId: a.project.id, title: "Reading study", count: 2 },
      { projectId: b.project.id, title: "Math study", count: 1 },
    ]);
    expect(sept.sessionsToMark).toEqual([{ projectId: b.project.id, title: "Math study", count: 1 }]);
    expect(sept.timesToAnswer).toEqual([]);
    // The expert proposes a new time for the later session: it waits on the client; one the client proposed does not.
    await db().engagementSession.update({
      where: { engagementId: later.id },
      data: { proposedBy: "expert", proposedStartsAt: new Date(now.getTime() + 72 * HOUR), proposedAt: now },
    });
    expect((await getClientAttention(a.client, now)).timesToAnswer).toEqual([{ projectId: b.project.id, title: "Math study", count: 1 }]);
    await db().engagementSession.update({ where: { engagementId: later.id }, data: { proposedBy: "client" } });
    expect((await getClientAttention(a.client, now)).timesToAnswer).toEqual([]);
    expect(sept.openDisputes).toBe(0);
    expect(sept.statementsDue).toEqual([{ month: "2026-09", totalCents: 2 * 15_000 }]);

    // A dispute opened on an October session is open; the month is unfinished and unsettled.
    const october = await db().earning.findFirstOrThrow({
      where: { engagement: { projectId: a.project.id }, state: "pending_qc" },
      select: { id: true },
    });
    await openDispute(a.client, october.id, "The session ended after ten minutes.", new Date(Date.UTC(2026, 9, 3)));
    expect((await getClientAttention(a.client, now)).openDisputes).toBe(1);
    // Another client sees none of it.
    expect(await getClientAttention(actorFor(await createClient(), ["client"]), now)).toMatchObject({
      applications: [],
      sessionsToMark: [],
      timesToAnswer: [],
      responsesToReview: [],
      openDisputes: 0,
      statementsDue: [],
    });
  });
});

describe("the invite dialog's choices", () => {
  it("marks the projects the expert is already in and names a cap before anything is sent", async () => {
    const study = await createStudy({ title: "Literacy study" });
    const other = await createStudy({ title: "Numeracy study" }, study.clientUser);
    const { expert } = await createExpert();
    await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });

    const choices = await getInviteChoices(study.client, expert.id);
    expect(choices.refusal).toBeNull();
    expect(choices.projects).toEqual(
      expect.arrayContaining([
        { id: study.project.id, title: "Literacy study", engaged: "invited", plan: null, districtClosed: null, districtApproved: null },
        { id: other.project.id, title: "Numeracy study", engaged: null, plan: null, districtClosed: null, districtApproved: null },
      ]),
    );
    expect(await engagementsWithExperts(study.client, [expert.id])).toEqual({
      [expert.id]: [{ projectId: study.project.id, title: "Literacy study", origin: "invite", state: "invited" }],
    });
    expect(await engagementsWithExperts(actorFor(await createClient(), ["client"]), [expert.id])).toEqual({});

    await db().expert.update({ where: { id: expert.id }, data: { invitesPausedUntil: new Date(Date.now() + 20 * 86_400_000) } });
    expect((await getInviteChoices(study.client, expert.id)).refusal).toMatch(/^This expert has paused invites until /);
    expect(await db().engagement.count({ where: { expertId: expert.id } })).toBe(1);
  });

  it("does not reveal an expert who is not listed", async () => {
    const study = await createStudy();
    const hidden = await createExpert({ isPublicProfile: false });
    await expect(getInviteChoices(study.client, hidden.expert.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Expert Not Found",
    });
  });
});

describe("the greeting", () => {
  it("is a welcome on the first sign-in and a welcome back after an earlier one", async () => {
    const user = await createUser({ roles: ["client"] });
    const first = await createSession({ userId: user.id, kind: "browser", ip: "127.0.0.1", userAgent: "vitest" });
    expect(await signedInBefore({ userId: user.id, sessionId: first.id })).toBe(false);
    // An API token is not a visit.
    await createSession({ userId: user.id, kind: "api", ip: "127.0.0.1", userAgent: "vitest" });
    expect(await signedInBefore({ userId: user.id, sessionId: first.id })).toBe(false);
    const second = await createSession({ userId: user.id, kind: "browser", ip: "127.0.0.1", userAgent: "vitest" });
    expect(await signedInBefore({ userId: user.id, sessionId: second.id })).toBe(true);
    expect(await signedInBefore({ userId: user.id, sessionId: first.id })).toBe(false);
  });
});

describe("survey responses waiting on the client", () => {
  it("lists responses in their review window, per project, until they are approved", async () => {
    const study = await createStudy({ title: "Survey to review", type: "survey" });
    const { user } = await createExpert();
    const expert = actorFor(user, ["expert"]);
    const { engagementId } = await applyToOpportunity(expert, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    const { participantId } = await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, select: { participantId: true } });
    await recordSurveyEnd({
      projectId: study.project.id,
      end: "complete",
      code: completionCodeFor(participantId!),
      participantId: participantId!,
      actor: expert,
    });
    expect((await getClientAttention(study.client)).responsesToReview).toEqual([
      { projectId: study.project.id, title: "Survey to review", count: 1 },
    ]);
    await approveResponses(study.client, [engagementId]);
    expect((await getClientAttention(study.client)).responsesToReview).toEqual([]);
  });
});
