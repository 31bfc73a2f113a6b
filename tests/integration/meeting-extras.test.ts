// What a provider gives beside the join link (the host's start link, a telephone dial-in) reaches
// the views: the client side gets both, the expert the dial-in only, and a link the client pasted
// shows neither. The client Overview's next sessions: the organization's, soonest first, until
// each ends, for the roles that have the Calendar.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { getProjectPipeline, listClientSessions, listOpportunityBoard } from "@/lib/engagements/views";
import { upcomingClientSessions } from "@/lib/engagements/upcoming-sessions";
import { meetingExtrasFor, withStudyMeetingExtras } from "@/lib/engagements/meeting-extras";
import { addStudySession, setStudySessionMeetingLink, studySessionsOf, takeSeat } from "@/lib/engagements/focus-groups";
import { acceptEngagement, inviteExpert, setMeetingLink } from "@/lib/engagements/transitions";
import { actorFor, createClient, createExpert } from "../factories";
import { createStudy, scheduledPair } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const HOST = "https://zoom.test/s/9";
const DIAL = "+1 646 558 8656, meeting ID 9";

/** A scheduled session whose meeting came from a provider that gives a host link and a dial-in. */
async function zoomLikeSession(startsInHours: number) {
  const pair = await scheduledPair(startsInHours);
  const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: pair.engagementId } });
  await db().meeting.update({ where: { sessionKey: `engagement:${session.id}` }, data: { hostUrl: HOST, dialIn: DIAL } });
  return { ...pair, session };
}

describe("a meeting's host link and dial-in", () => {
  it("the client side sees both, the expert the dial-in only; a pasted link shows neither", async () => {
    const pair = await zoomLikeSession(30);
    const clientCard = async () =>
      (await getProjectPipeline(pair.study.client, pair.study.project.id)).columns
        .flatMap((c) => c.engagements)
        .find((e) => e.id === pair.engagementId)!.session!;
    expect(await clientCard()).toMatchObject({ meetingUrl: pair.session.meetingUrl, hostUrl: HOST, dialIn: DIAL });
    const calendar = (await listClientSessions(pair.study.client)).find((s) => s.engagementId === pair.engagementId)!;
    expect(calendar.session).toMatchObject({ hostUrl: HOST, dialIn: DIAL });

    const board = await listOpportunityBoard(pair.expertActor);
    const mine = board.scheduled.find((i) => i.engagementId === pair.engagementId)!;
    expect(mine.session).toMatchObject({ meetingUrl: pair.session.meetingUrl, dialIn: DIAL, hostUrl: null });

    // The client's own link wins: the product's meeting (and its host link) is gone from every view.
    await setMeetingLink(pair.study.client, pair.engagementId, "https://meet.example.org/our-room");
    expect(await clientCard()).toMatchObject({ meetingUrl: "https://meet.example.org/our-room", hostUrl: null, dialIn: null });
    const after = await listOpportunityBoard(pair.expertActor);
    expect(after.scheduled.find((i) => i.engagementId === pair.engagementId)!.session).toMatchObject({ dialIn: null });
  });

  it("a pasted copy of another session's link never brings that meeting's host link", async () => {
    const a = await zoomLikeSession(40);
    const b = await scheduledPair(41);
    await setMeetingLink(b.study.client, b.engagementId, a.session.meetingUrl!);
    expect((await meetingExtrasFor([b.engagementId])).size).toBe(0);
    expect((await meetingExtrasFor([a.engagementId])).get(a.engagementId)).toEqual({ hostUrl: HOST, dialIn: DIAL });
  });
});

describe("a focus group's one meeting", () => {
  it("the client's session list has its host link and dial-in; each seat has the dial-in; the client's own link clears both", async () => {
    const study = await createStudy({ type: "focus_group", minutes: 60 });
    const { id: studySessionId } = await addStudySession(study.client, study.project.id, {
      startsAt: new Date(Date.now() + 72 * 3_600_000),
      seats: 2,
      backupSeats: 0,
    });
    const { user, expert } = await createExpert();
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });
    const actor = actorFor(user, ["expert"]);
    await acceptEngagement(actor, engagementId, { outsideActivityConfirmed: true });
    await takeSeat(actor, engagementId, { studySessionId, kind: "seat" });
    await db().meeting.update({ where: { sessionKey: `study:${studySessionId}` }, data: { hostUrl: HOST, dialIn: DIAL } });

    const listed = async () => (await withStudyMeetingExtras((await studySessionsOf([study.project.id])).get(study.project.id)!))[0];
    expect(await listed()).toMatchObject({ id: studySessionId, hostUrl: HOST, dialIn: DIAL });
    expect((await meetingExtrasFor([engagementId])).get(engagementId)).toEqual({ hostUrl: HOST, dialIn: DIAL });
    const seat = (await listOpportunityBoard(actor)).scheduled.find((i) => i.engagementId === engagementId)!;
    expect(seat.session).toMatchObject({ dialIn: DIAL, hostUrl: null });

    await setStudySessionMeetingLink(study.client, studySessionId, "https://meet.example.org/group");
    expect(await listed()).toMatchObject({ meetingUrl: "https://meet.example.org/group", hostUrl: null, dialIn: null });
    expect((await meetingExtrasFor([engagementId])).size).toBe(0);
  });
});

describe("the client Overview's next sessions", () => {
  it("lists the organization's sessions soonest first until each ends, with the host link; finance and outsiders none", async () => {
    const later = await zoomLikeSession(50);
    const soon = await scheduledPair(20);
    // Another member of the later session's organization sees its sessions, though someone else made them.
    const orgId = later.study.project.organizationId;
    const viewer = actorFor(await createClient({ role: "viewer", organizationId: orgId }), ["client"]);
    const { sessions, total } = await upcomingClientSessions(viewer);
    expect(total).toBe(1);
    expect(sessions[0]).toMatchObject({ engagementId: later.engagementId, projectTitle: later.study.project.title });
    expect(sessions[0].session).toMatchObject({ meetingUrl: later.session.meetingUrl, hostUrl: HOST, dialIn: DIAL });

    // Soonest first; a session stays until its end, then leaves.
    const soonOwner = soon.study.client;
    expect((await upcomingClientSessions(soonOwner)).sessions.map((s) => s.engagementId)).toEqual([soon.engagementId]);
    const started = new Date(soon.startsAt.getTime() + 10 * 60_000);
    expect((await upcomingClientSessions(soonOwner, started)).total).toBe(1);
    const ended = new Date(soon.startsAt.getTime() + 24 * 3_600_000);
    expect((await upcomingClientSessions(soonOwner, ended)).total).toBe(0);

    const finance = actorFor(await createClient({ role: "finance", organizationId: orgId }), ["client"]);
    await expect(upcomingClientSessions(finance)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const outsider = actorFor(await createClient(), ["client"]);
    expect(await upcomingClientSessions(outsider)).toEqual({ sessions: [], total: 0 });
    await expect(upcomingClientSessions(later.expertActor)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
