// What the expert's Overview leads with, against a real PostgreSQL: invitations to answer, times
// to pick, sessions coming up and money in review, each read from the expert's own rows.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { addStudySession } from "@/lib/engagements/focus-groups";
import { getExpertAttention, UPCOMING_SHOWN } from "@/lib/engagements/attention";
import { applyToOpportunity, completeSession, inviteExpert } from "@/lib/engagements/transitions";
import { listOpportunityBoard } from "@/lib/engagements/views";
import { openDispute } from "@/lib/engagements/earnings-review";
import { actorFor, createExpert } from "../factories";
import { createStudy, engagementIn } from "../studies";

const HOUR = 3_600_000;

async function expertActor() {
  const { user, expert } = await createExpert({ isPublicProfile: true });
  return { expert, actor: actorFor(user, ["expert"]) };
}

describe("what needs the expert", () => {
  it("is empty for an expert with nothing waiting", async () => {
    const { actor } = await expertActor();
    expect(await getExpertAttention(actor)).toEqual({
      invitations: [],
      timesToPick: [],
      surveysToTake: [],
      seatsToChoose: [],
      upcoming: [],
      upcomingCount: 0,
      inReview: { pendingCents: 0, earnings: [] },
      verification: null,
    });
  });

  it("says by when a profile waiting for verification will be decided, and when that promise has passed", async () => {
    const { user, expert } = await createExpert({ verificationStatus: "pending" });
    const actor = actorFor(user, ["expert"]);
    // Waiting since a Monday noon (UTC): due two business days later, Wednesday noon.
    const monday = new Date("2026-11-16T12:00:00Z");
    await db().expertVerificationEvent.updateMany({ where: { expertId: expert.id }, data: { at: monday } });
    const before = await getExpertAttention(actor, new Date("2026-11-17T09:00:00Z"));
    expect(before.verification).toEqual({ since: monday, dueBy: new Date("2026-11-18T12:00:00Z"), overdue: false });
    const after = await getExpertAttention(actor, new Date("2026-11-19T09:00:00Z"));
    expect(after.verification?.overdue).toBe(true);
    // Verified: nothing to say.
    await db().expert.update({ where: { id: expert.id }, data: { verificationStatus: "verified" } });
    expect((await getExpertAttention(actor)).verification).toBeNull();
  });

  it("lists invitations still open, accepted studies without a time, sessions not yet over, and earnings in review", async () => {
    const now = new Date();
    const { expert, actor } = await expertActor();
    const invited = await createStudy({ title: "Reading study" });
    const { engagementId: inviteId } = await inviteExpert(invited.client, { projectId: invited.project.id, expertId: expert.id });
    // An invite on a project since closed can no longer be answered: the board leaves it out, so does this.
    const closed = await createStudy({ title: "Closed study" });
    await inviteExpert(closed.client, { projectId: closed.project.id, expertId: expert.id });
    await db().project.update({ where: { id: closed.project.id }, data: { status: "closed" } });
    const accepted = await engagementIn("accepted", await createStudy({ title: "Math study" }), expert.id);
    const surveyPlace = await engagementIn("accepted", await createStudy({ title: "Survey study", type: "survey" }), expert.id);
    const groupStudy = await createStudy({ title: "Group study", type: "focus_group" });
    await addStudySession(groupStudy.client, groupStudy.project.id, {
      startsAt: new Date(now.getTime() + 72 * HOUR),
      seats: 6,
      backupSeats: 0,
    });
    const seatToChoose = await engagementIn("accepted", groupStudy, expert.id);
    const soon = await engagementIn("scheduled", await createStudy({ title: "Soon study" }), expert.id, {
      startsAt: new Date(now.getTime() + 2 * HOUR),
    });
    const later = await engagementIn("scheduled", await createStudy({ title: "Later study" }), expert.id, {
      startsAt: new Date(now.getTime() + 48 * HOUR),
    });
    await db().engagementSession.update({ where: { engagementId: later.id }, data: { meetingUrl: "https://meet.example.com/later" } });
    // Over an hour ago and not yet marked: nothing to join any more.
    await engagementIn("scheduled", await createStudy({ title: "Past study" }), expert.id, {
      startsAt: new Date(now.getTime() - 3 * HOUR),
    });
    // A completed session earns Pending QC; a second one is disputed by its client.
    const done = await createStudy({ title: "Done study" });
    const doneE = await engagementIn("scheduled", done, expert.id, { startsAt: new Date(now.getTime() - 5 * HOUR) });
    await completeSession(done.client, doneE.id, new Date(now.getTime() - 4 * HOUR));
    const disputed = await createStudy({ title: "Disputed study" });
    const disputedE = await engagementIn("scheduled", disputed, expert.id, { startsAt: new Date(now.getTime() - 5 * HOUR) });
    await completeSession(disputed.client, disputedE.id, new Date(now.getTime() - 4 * HOUR));
    const earning = await db().earning.findUniqueOrThrow({ where: { engagementId: disputedE.id }, select: { id: true } });
    await openDispute(disputed.client, earning.id, "The session ended early.", now);

    const a = await getExpertAttention(actor, now);
    expect(a.invitations.map((i) => [i.engagementId, i.title, i.state])).toEqual([[inviteId, "Reading study", "invited"]]);
    // A survey place is taken on the expert's own time: it is a survey to take, never a time to pick.
    expect(a.timesToPick.map((i) => [i.engagementId, i.title])).toEqual([[accepted.id, "Math study"]]);
    expect(a.surveysToTake.map((i) => [i.engagementId, i.title])).toEqual([[surveyPlace.id, "Survey study"]]);
    // A focus group is joined by taking a seat in one of its sessions, never by picking a time of one's own.
    expect(a.seatsToChoose.map((i) => [i.engagementId, i.title, i.focusGroup?.sessions.map((x) => x.seatsLeft)])).toEqual([
      [seatToChoose.id, "Group study", [6]],
    ]);
    expect(a.upcoming.map((i) => i.title)).toEqual(["Soon study", "Later study"]);
    expect(a.upcoming.find((i) => i.engagementId === later.id)?.session?.meetingUrl).toBe("https://meet.example.com/later");
    expect(a.upcoming[0].engagementId).toBe(soon.id);
    expect(a.upcomingCount).toBe(2);
    expect(a.inReview.earnings.map((e) => [e.projectTitle, e.state, e.amountCents])).toEqual(
      expect.arrayContaining([
        ["Done study", "pending_qc", 15_000],
        ["Disputed study", "disputed", 15_000],
      ]),
    );
    expect(a.inReview.earnings).toHaveLength(2);
    expect(a.inReview.pendingCents).toBeGreaterThanOrEqual(15_000);

    // Another expert sees none of it.
    const other = await expertActor();
    expect(await getExpertAttention(other.actor, now)).toEqual({
      invitations: [],
      timesToPick: [],
      surveysToTake: [],
      seatsToChoose: [],
      upcoming: [],
      upcomingCount: 0,
      inReview: { pendingCents: 0, earnings: [] },
      verification: null,
    });
  });

  it("keeps a survey the expert applied to under Open, where they applied, and offers it as a survey to take", async () => {
    const { actor } = await expertActor();
    const applied = await createStudy({ title: "Applied survey", type: "survey" });
    const own = await applyToOpportunity(actor, { opportunityId: applied.opportunity!.id, outsideActivityConfirmed: true });
    // A survey takes a qualified applicant at once.
    expect(own.state).toBe("accepted");
    const board = await listOpportunityBoard(actor);
    expect(board.open.map((i) => [i.engagementId, i.state])).toContainEqual([own.engagementId, "accepted"]);
    expect(board.invited.map((i) => i.engagementId)).not.toContain(own.engagementId);
    expect((await getExpertAttention(actor)).surveysToTake.map((i) => i.engagementId)).toEqual([own.engagementId]);
  });

  it(`shows the first ${UPCOMING_SHOWN} sessions, soonest first, and counts them all`, async () => {
    const now = new Date();
    const { expert, actor } = await expertActor();
    for (let i = UPCOMING_SHOWN + 1; i >= 1; i--) {
      await engagementIn("scheduled", await createStudy({ title: `Session ${i}` }), expert.id, {
        startsAt: new Date(now.getTime() + i * 24 * HOUR),
      });
    }
    const a = await getExpertAttention(actor, now);
    expect(a.upcoming.map((i) => i.title)).toEqual(Array.from({ length: UPCOMING_SHOWN }, (_, i) => `Session ${i + 1}`));
    expect(a.upcomingCount).toBe(UPCOMING_SHOWN + 1);
  });
});
