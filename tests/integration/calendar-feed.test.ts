// A person's private calendar feed (/calendar/<token>.ics): every session of theirs with its
// meeting link, the other party and the study; cancelled ones kept 30 days as CANCELLED with a
// higher SEQUENCE; a token stored hashed, re-issued or revoked (then 404); ETag and 304. The file
// must pass the RFC 5545 checks and node-ical, and survive a round trip through ical.js.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { cancelEngagement } from "@/lib/engagements/transitions";
import { calendarFeedIssuedAt, hashFeedToken, issueCalendarFeed, revokeCalendarFeed } from "@/lib/engagements/calendar-feed";
import { GET } from "@/app/calendar/[file]/route";
import { actorFor, createClient, joinOrganization } from "../factories";
import { scheduledPair } from "../studies";
import { icalendarProblems, parsedEvents, roundTripEvents } from "../helpers/icalendar";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const tokenOf = (https: string) => /\/calendar\/([^/]+)\.ics$/.exec(https)![1];
const fetchFeed = (token: string, headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost/calendar/${token}.ics`, { headers }), { params: Promise.resolve({ file: `${token}.ics` }) });

describe("the calendar feed", () => {
  it("lists the person's sessions with the link, the other party and the study; valid for two parsers", async () => {
    const a = await scheduledPair(72);
    const b = await scheduledPair(96);
    const feed = await issueCalendarFeed(a.expertActor);
    expect(feed.webcal).toMatch(/^webcal:\/\/.+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = tokenOf(feed.https);
    // Stored hashed: the token itself is nowhere in the database.
    const row = await db().calendarFeed.findUniqueOrThrow({ where: { userId: a.expertUser.id } });
    expect(row.tokenHash).toBe(hashFeedToken(token));
    expect(row.tokenHash).not.toContain(token);

    const res = await fetchFeed(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/private/);
    const ics = await res.text();
    expect(icalendarProblems(ics)).toEqual([]);
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: a.engagementId } });
    const org = (await db().organization.findUniqueOrThrow({ where: { id: a.study.project.organizationId } })).name;
    const [event] = parsedEvents(ics);
    expect(parsedEvents(ics)).toHaveLength(1);
    expect(event.uid).toBe(`${session.id}@k12experts`);
    expect(event.location).toBe(session.meetingUrl);
    expect(event.summary).toBe(a.study.project.title);
    expect(event.description).toContain(org);
    const [again] = roundTripEvents(ics);
    expect(again).toMatchObject({
      uid: `${session.id}@k12experts`,
      location: session.meetingUrl,
      url: session.meetingUrl,
      status: "CONFIRMED",
    });
    expect(again.start.getTime()).toBe(Math.floor(session.startsAt.getTime() / 1000) * 1000);
    // The other expert's session is not in it.
    const other = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: b.engagementId } });
    expect(ics).not.toContain(other.id);

    // The client's own feed has the same event, naming the expert.
    const clientFeed = await fetchFeed(tokenOf((await issueCalendarFeed(a.study.client)).https));
    const clientEvents = roundTripEvents(await clientFeed.text());
    expect(clientEvents.map((e) => e.uid)).toContain(`${session.id}@k12experts`);
    expect(clientEvents.find((e) => e.uid === `${session.id}@k12experts`)!.description).toContain(a.expertUser.firstName);
  });

  it("a client's feed has every session of their organization's projects their role reads, not only their own; finance and outsiders none", async () => {
    const pair = await scheduledPair(60);
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: pair.engagementId } });
    const orgId = pair.study.project.organizationId;
    const uidsFor = async (user: { id: string; email: string }) =>
      roundTripEvents(await (await fetchFeed(tokenOf((await issueCalendarFeed(actorFor(user, ["client"]))).https))).text()).map(
        (e) => e.uid,
      );
    const uid = `${session.id}@k12experts`;
    // Colleagues who did not create the project: a researcher and a viewer read it, so their feeds list it.
    const researcher = await createClient({ role: "researcher", organizationId: orgId });
    const viewer = await createClient({ role: "viewer", organizationId: orgId });
    expect(await uidsFor(researcher)).toContain(uid);
    expect(await uidsFor(viewer)).toContain(uid);
    // The event names the expert for every member of the client side.
    const token = tokenOf((await issueCalendarFeed(actorFor(researcher, ["client"]))).https);
    const [event] = roundTripEvents(await (await fetchFeed(token)).text());
    expect(event.description).toContain(pair.expertUser.firstName);
    expect(event.location).toBe(session.meetingUrl);
    // Finance has no Calendar page, so no sessions in its feed; another organization's owner sees none either.
    const finance = await createClient({ role: "finance", organizationId: orgId });
    expect(await uidsFor(finance)).toEqual([]);
    const outsider = await createClient();
    expect(await uidsFor(outsider)).toEqual([]);
    // The role is read again on each poll: the researcher moved to finance loses the session at once, with a new ETag.
    const before = await fetchFeed(token);
    await joinOrganization(researcher.id, "finance", orgId);
    const after = await fetchFeed(token, { "if-none-match": before.headers.get("etag")! });
    expect(after.status).toBe(200);
    expect(roundTripEvents(await after.text())).toEqual([]);
  });

  it("a cancelled session stays 30 days as CANCELLED with a higher SEQUENCE, then leaves", async () => {
    const pair = await scheduledPair(72);
    const before = await db().engagementSession.findUniqueOrThrow({ where: { engagementId: pair.engagementId } });
    const token = tokenOf((await issueCalendarFeed(pair.expertActor)).https);
    await cancelEngagement(pair.expertActor, pair.engagementId, "A district training day");
    const [cancelled] = roundTripEvents(await (await fetchFeed(token)).text());
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.sequence).toBeGreaterThan(before.sequence);
    await db().$executeRaw`UPDATE engagement_sessions SET updated_at = now() - interval '31 days' WHERE id = ${before.id}::uuid`;
    expect(roundTripEvents(await (await fetchFeed(token)).text())).toEqual([]);
  });

  it("answers 304 to its ETag until something changes", async () => {
    const pair = await scheduledPair(50);
    const token = tokenOf((await issueCalendarFeed(pair.expertActor)).https);
    const first = await fetchFeed(token);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("last-modified")).toBeTruthy();
    const same = await fetchFeed(token, { "if-none-match": etag });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe("");
    expect((await fetchFeed(token, { "if-none-match": `W/${etag}` })).status).toBe(304);
    await db().engagementSession.update({
      where: { engagementId: pair.engagementId },
      data: { meetingUrl: "https://meet.example.org/moved" },
    });
    const changed = await fetchFeed(token, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("re-issuing retires the old address; revoking answers 404; junk tokens answer 404; an admin viewing as someone cannot", async () => {
    const pair = await scheduledPair(40);
    const old = tokenOf((await issueCalendarFeed(pair.expertActor)).https);
    const fresh = tokenOf((await issueCalendarFeed(pair.expertActor)).https);
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    expect(await revokeCalendarFeed(pair.expertActor)).toEqual({ revoked: true });
    expect(await revokeCalendarFeed(pair.expertActor)).toEqual({ revoked: false });
    expect(await calendarFeedIssuedAt(pair.expertActor)).toBeNull();
    expect((await fetchFeed(fresh)).status).toBe(404);
    for (const junk of ["x", "../../etc/passwd", "A".repeat(43), "A".repeat(200)]) expect((await fetchFeed(junk)).status).toBe(404);
    const viewer = actorFor(pair.expertUser, ["expert"], { impersonating: true } as never);
    await expect(issueCalendarFeed(viewer)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
