// A session's video meeting follows the session (lib/engagements/meeting-links.ts): made when a
// time is agreed or a focus-group seat is taken, moved with the time, cancelled with the session,
// given up for the client's own link; one meeting per focus-group session; never two per session,
// however often the sync runs. Jitsi (the default) runs inside the booking; Zoom is driven as the
// job drives it, against MSW.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { db } from "@/lib/platform/db";
import {
  acceptSessionTime,
  cancelEngagement,
  inviteExpert,
  acceptEngagement,
  rescheduleSession,
  setMeetingLink,
} from "@/lib/engagements/transitions";
import { addStudySession, setStudySessionMeetingLink, takeSeat } from "@/lib/engagements/focus-groups";
import { syncSessionMeeting } from "@/lib/engagements/meeting-links";
import { createZoomProvider } from "@/lib/meetings/zoom";
import { actorFor, createExpert } from "../factories";
import { createStudy, scheduledPair } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";
import { queuedMailsTo } from "../helpers/mail";

captureMailForFile();

const HOUR = 3_600_000;
const JITSI = /^https:\/\/meet\.jit\.si\/K12Experts-[A-Za-z0-9_-]{22}$/;
const sessionOf = (engagementId: string) => db().engagementSession.findUniqueOrThrow({ where: { engagementId } });
const meetingOf = (key: string) => db().meeting.findUnique({ where: { sessionKey: key } });

describe("an interview's meeting", () => {
  it("is made when the time is agreed, kept when it moves, cancelled with the session", async () => {
    const pair = await scheduledPair(72);
    const session = await sessionOf(pair.engagementId);
    expect(session.meetingUrl).toMatch(JITSI);
    const meeting = await meetingOf(`engagement:${session.id}`);
    expect(meeting).toMatchObject({ provider: "jitsi", status: "active", joinUrl: session.meetingUrl });
    // The booking's own e-mail already carried it (the session was written in the same transaction), so no second mail about the link.
    // (The expert picked the time, so the client is told.)
    const booking = (await queuedMailsTo(pair.study.client.email)).find((m) => m.subject.startsWith("Scheduled:"));
    expect(booking?.text).toContain(`Meeting link: ${session.meetingUrl}`);
    for (const to of [pair.expertUser.email, pair.study.client.email])
      expect((await queuedMailsTo(to)).filter((m) => m.subject.startsWith("Meeting link for"))).toEqual([]);

    // The client proposes a new time; the expert accepts it: same room, new time on the row.
    const later = new Date(pair.startsAt.getTime() + 24 * HOUR);
    await rescheduleSession(pair.study.client, pair.engagementId, { startsAt: later }, "A staff meeting moved");
    await acceptSessionTime(pair.expertActor, pair.engagementId);
    const moved = await sessionOf(pair.engagementId);
    expect(moved.meetingUrl).toBe(session.meetingUrl);
    expect((await meetingOf(`engagement:${session.id}`))!.startsAt.getTime()).toBe(later.getTime());

    await cancelEngagement(pair.expertActor, pair.engagementId, "Out sick");
    expect((await meetingOf(`engagement:${session.id}`))!.status).toBe("cancelled");
    expect(await db().meeting.count({ where: { sessionKey: `engagement:${session.id}` } })).toBe(1);
  });

  it("the client's pasted link wins and the product's meeting is cancelled; syncing again changes nothing", async () => {
    const pair = await scheduledPair(48);
    const session = await sessionOf(pair.engagementId);
    await setMeetingLink(pair.study.client, pair.engagementId, "https://zoom.example.org/j/123");
    expect((await sessionOf(pair.engagementId)).meetingUrl).toBe("https://zoom.example.org/j/123");
    expect((await meetingOf(`engagement:${session.id}`))!.status).toBe("cancelled");
    expect(await syncSessionMeeting(db(), { kind: "engagement", id: session.id })).toBe("unchanged");
    expect((await sessionOf(pair.engagementId)).meetingUrl).toBe("https://zoom.example.org/j/123");
  });

  it("syncing an agreed session again and again never makes a second meeting", async () => {
    const pair = await scheduledPair(30);
    const session = await sessionOf(pair.engagementId);
    const target = { kind: "engagement" as const, id: session.id };
    await Promise.all([syncSessionMeeting(db(), target), syncSessionMeeting(db(), target), syncSessionMeeting(db(), target)]);
    expect((await sessionOf(pair.engagementId)).meetingUrl).toBe(session.meetingUrl);
    expect(await db().meeting.count({ where: { sessionKey: `engagement:${session.id}` } })).toBe(1);
  });
});

describe("a focus group's meeting", () => {
  it("one meeting for all seats; the client's own link replaces it for every seat", async () => {
    const study = await createStudy({ type: "focus_group", minutes: 60 });
    const { id: studySessionId } = await addStudySession(study.client, study.project.id, {
      startsAt: new Date(Date.now() + 72 * HOUR),
      seats: 3,
      backupSeats: 0,
    });
    const seated: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { user, expert } = await createExpert();
      const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });
      const actor = actorFor(user, ["expert"]);
      await acceptEngagement(actor, engagementId, { outsideActivityConfirmed: true });
      await takeSeat(actor, engagementId, { studySessionId, kind: "seat" });
      seated.push(engagementId);
    }
    const links = await Promise.all(seated.map(async (id) => (await sessionOf(id)).meetingUrl));
    expect(links[0]).toMatch(JITSI);
    expect(links[1]).toBe(links[0]);
    expect(await db().meeting.count({ where: { sessionKey: `study:${studySessionId}` } })).toBe(1);
    expect(
      await db().meeting.count({
        where: {
          sessionKey: {
            in: (await db().engagementSession.findMany({ where: { engagementId: { in: seated } } })).map((s) => `engagement:${s.id}`),
          },
        },
      }),
    ).toBe(0);

    await setStudySessionMeetingLink(study.client, studySessionId, "https://teams.example.org/l/abc");
    for (const id of seated) expect((await sessionOf(id)).meetingUrl).toBe("https://teams.example.org/l/abc");
    expect((await meetingOf(`study:${studySessionId}`))!.status).toBe("cancelled");
  });
});

describe("through a remote provider (Zoom, as the sync-meeting job runs it)", () => {
  const API = "https://zoom.test/v2";
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  const zoom = () =>
    createZoomProvider({
      accountId: "A",
      clientId: "C",
      clientSecret: "S",
      userId: "me",
      apiUrl: API,
      tokenUrl: "https://zoom.test/oauth/token",
      attempts: 1,
      sleep: async () => {},
    });

  it("a failed create is recorded and retried; the retry makes one meeting and shows its link with a new SEQUENCE", async () => {
    // A session whose link is not there yet (as when Zoom is configured: the job makes it after the booking).
    const pair = await scheduledPair(50);
    const session = await sessionOf(pair.engagementId);
    await db().engagementSession.update({ where: { id: session.id }, data: { meetingUrl: null } });
    await db().meeting.deleteMany({ where: { sessionKey: `engagement:${session.id}` } });
    const target = { kind: "engagement" as const, id: session.id };
    let posts = 0;
    const meetings: object[] = [];
    server.use(
      http.post("https://zoom.test/oauth/token", () => HttpResponse.json({ access_token: "t", expires_in: 3599 })),
      http.get(`${API}/users/me/meetings`, () => HttpResponse.json({ meetings })),
      http.post(`${API}/users/me/meetings`, () => {
        if (++posts === 1) return new HttpResponse(null, { status: 500 });
        const m = {
          id: 42,
          join_url: "https://zoom.test/j/42",
          start_url: "https://zoom.test/s/42",
          password: "7788",
          settings: { global_dial_in_numbers: [{ number: "+1 646 558 8656", country: "US" }] },
          agenda: `[k12:engagement:${session.id}]`,
        };
        meetings.push(m);
        return HttpResponse.json(m, { status: 201 });
      }),
      http.patch(`${API}/meetings/42`, () => new HttpResponse(null, { status: 204 })),
      http.delete(`${API}/meetings/42`, () => new HttpResponse(null, { status: 204 })),
    );
    await expect(syncSessionMeeting(db(), target, zoom())).rejects.toMatchObject({ retry: true });
    expect(await meetingOf(`engagement:${session.id}`)).toMatchObject({
      status: "pending",
      lastError: expect.stringContaining("HTTP 500"),
    });
    const linkMails = async () => ({
      expert: (await queuedMailsTo(pair.expertUser.email)).filter((m) => m.subject.startsWith("Meeting link for")),
      client: (await queuedMailsTo(pair.study.client.email)).filter((m) => m.subject.startsWith("Meeting link for")),
    });
    // The failed try told nobody anything.
    expect(await linkMails()).toEqual({ expert: [], client: [] });
    expect(await syncSessionMeeting(db(), target, zoom())).toBe("made");
    expect(await syncSessionMeeting(db(), target, zoom())).toBe("unchanged");
    expect(posts).toBe(2);
    // The link came after the booking: both sides get it by mail, once however often the job runs;
    // the dial-in reaches both, the host's start link the client only.
    const mails = await linkMails();
    expect(mails.expert).toHaveLength(1);
    expect(mails.client).toHaveLength(1);
    for (const m of [mails.expert[0], mails.client[0]]) {
      expect(m.text).toContain("Meeting link: https://zoom.test/j/42");
      expect(m.text).toContain("To join by phone: +1 646 558 8656, meeting ID 42, passcode 7788");
    }
    expect(mails.client[0].text).toContain("To start the meeting as its host: https://zoom.test/s/42");
    expect(mails.expert[0].text).not.toContain("zoom.test/s/42");
    expect(await db().notification.count({ where: { engagementId: pair.engagementId, kind: "meeting_ready" } })).toBe(2);
    const shown = await sessionOf(pair.engagementId);
    expect(shown.meetingUrl).toBe("https://zoom.test/j/42");
    expect(shown.sequence).toBe(session.sequence + 1);
    expect(await meetingOf(`engagement:${session.id}`)).toMatchObject({
      status: "active",
      externalId: "42",
      hostUrl: "https://zoom.test/s/42",
      lastError: null,
    });

    await db().engagementSession.update({
      where: { id: session.id },
      data: { startsAt: new Date(session.startsAt.getTime() + HOUR), endsAt: new Date(session.endsAt.getTime() + HOUR) },
    });
    expect(await syncSessionMeeting(db(), target, zoom())).toBe("moved");
    await db().engagementSession.update({ where: { id: session.id }, data: { status: "cancelled" } });
    expect(await syncSessionMeeting(db(), target, zoom())).toBe("cancelled");
    expect(await syncSessionMeeting(db(), target, zoom())).toBe("unchanged");
  });

  it("a focus group's late link reaches every seated expert and the client once, the host link to the client only", async () => {
    const study = await createStudy({ type: "focus_group", minutes: 60 });
    const { id: studySessionId } = await addStudySession(study.client, study.project.id, {
      startsAt: new Date(Date.now() + 72 * HOUR),
      seats: 3,
      backupSeats: 0,
    });
    const experts: { email: string; engagementId: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const { user, expert } = await createExpert();
      const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });
      const actor = actorFor(user, ["expert"]);
      await acceptEngagement(actor, engagementId, { outsideActivityConfirmed: true });
      await takeSeat(actor, engagementId, { studySessionId, kind: "seat" });
      experts.push({ email: user.email, engagementId });
    }
    // As with Zoom configured: the seats were taken before any link existed.
    await db().studySession.update({ where: { id: studySessionId }, data: { meetingUrl: null } });
    await db().engagementSession.updateMany({
      where: { engagementId: { in: experts.map((e) => e.engagementId) } },
      data: { meetingUrl: null },
    });
    await db().meeting.deleteMany({ where: { sessionKey: `study:${studySessionId}` } });
    server.use(
      http.post("https://zoom.test/oauth/token", () => HttpResponse.json({ access_token: "t", expires_in: 3599 })),
      http.get(`${API}/users/me/meetings`, () => HttpResponse.json({ meetings: [] })),
      http.post(`${API}/users/me/meetings`, () =>
        HttpResponse.json(
          { id: 77, join_url: "https://zoom.test/j/77", start_url: "https://zoom.test/s/77", agenda: `[k12:study:${studySessionId}]` },
          { status: 201 },
        ),
      ),
    );
    const target = { kind: "study" as const, id: studySessionId };
    expect(await syncSessionMeeting(db(), target, zoom())).toBe("made");
    expect(await syncSessionMeeting(db(), target, zoom())).toBe("unchanged");
    const about = (m: { subject: string }) => m.subject.startsWith("Meeting link for");
    for (const e of experts) {
      expect((await sessionOf(e.engagementId)).meetingUrl).toBe("https://zoom.test/j/77");
      const mine = (await queuedMailsTo(e.email)).filter(about);
      expect(mine).toHaveLength(1);
      expect(mine[0].text).toContain("Meeting link: https://zoom.test/j/77");
      expect(mine[0].text).not.toContain("zoom.test/s/77");
    }
    const client = (await queuedMailsTo(study.client.email)).filter(about);
    expect(client).toHaveLength(1);
    expect(client[0].text).toContain("focus-group session");
    expect(client[0].text).toContain("To start the meeting as its host: https://zoom.test/s/77");
  });
});
