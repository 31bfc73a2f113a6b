import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { SESSION_COOKIE } from "@/lib/accounts/cookies";
import { countUnread, createNotification, listNotifications, markNotificationsRead } from "@/lib/notifications/notifications";
import { listNotificationsAction, markNotificationsReadAction } from "@/lib/notifications/actions";
import { actorFor, createAdmin, createClient, createExpert, sessionCookieFor } from "../factories";

// The header's notifications: every role reads and marks its own rows, and only those.

// The actions read the request's cookies; each test says which session cookie (if any) it sends.
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
  headers: async () => new Headers(),
}));

beforeEach(() => jar.clear());

/** Writes notifications for a user the way the engagement service does: in a transaction. */
async function notify(userId: string, titles: string[], start = Date.now()) {
  const ids: string[] = [];
  for (const [i, title] of titles.entries()) {
    const { id } = await db().$transaction((tx) =>
      createNotification(tx, { userId, kind: "invited", title, body: `${title} body`, href: "/dashboard" }),
    );
    // Distinct creation times, one second apart in the order given, so "newest first" is testable.
    await db().notification.update({ where: { id }, data: { createdAt: new Date(start + i * 1000) } });
    ids.push(id);
  }
  return ids;
}

describe("notifications service", () => {
  it("lists only the actor's own notifications, newest first, with the fields the menu needs", async () => {
    const { user: expert } = await createExpert();
    const client = await createClient();
    await notify(expert.id, ["Older", "Newer"]);
    await notify(client.id, ["Someone else's"]);

    const list = await listNotifications(actorFor(expert, ["expert"]));
    expect(list.map((n) => n.title)).toEqual(["Newer", "Older"]);
    expect(Object.keys(list[0]).sort()).toEqual(["body", "createdAt", "href", "id", "kind", "readAt", "title"]);
    expect(list[0]).toMatchObject({ kind: "invited", body: "Newer body", href: "/dashboard", readAt: null });
    expect((await listNotifications(actorFor(client, ["client"]))).map((n) => n.title)).toEqual(["Someone else's"]);
  });

  it("honours the limit", async () => {
    const admin = await createAdmin();
    await notify(admin.id, ["1", "2", "3", "4", "5"]);
    expect((await listNotifications(actorFor(admin, ["admin"]), 3)).map((n) => n.title)).toEqual(["5", "4", "3"]);
  });

  it("counts the actor's unread notifications only", async () => {
    const { user: expert } = await createExpert();
    const client = await createClient();
    await notify(expert.id, ["a", "b", "c"]);
    await notify(client.id, ["d"]);
    expect(await countUnread(actorFor(expert, ["expert"]))).toBe(3);
    expect(await countUnread(actorFor(client, ["client"]))).toBe(1);
  });

  it("marks some or all of the actor's own notifications read, and never another person's", async () => {
    const { user: expert } = await createExpert();
    const client = await createClient();
    const [first, second, third] = await notify(expert.id, ["a", "b", "c"]);
    const [theirs] = await notify(client.id, ["d"]);
    const me = actorFor(expert, ["expert"]);

    // Someone else's id among the actor's own: only the actor's row changes.
    expect(await markNotificationsRead(me, [first, theirs])).toEqual({ marked: 1 });
    expect(await countUnread(me)).toBe(2);
    expect((await db().notification.findUniqueOrThrow({ where: { id: theirs } })).readAt).toBeNull();
    const read = (await listNotifications(me)).find((n) => n.id === first);
    expect(read?.readAt).toBeInstanceOf(Date);

    // Marking again leaves the first read time alone; an empty list marks nothing.
    expect(await markNotificationsRead(me, [first])).toEqual({ marked: 0 });
    expect(await markNotificationsRead(me, [])).toEqual({ marked: 0 });
    expect(await countUnread(me)).toBe(2);

    // No ids: all of the actor's own.
    expect(await markNotificationsRead(me)).toEqual({ marked: 2 });
    expect(await countUnread(me)).toBe(0);
    expect((await db().notification.findMany({ where: { id: { in: [second, third] } } })).every((n) => n.readAt)).toBe(true);

    // The other person's notification is still unread, and only they can mark it.
    const them = actorFor(client, ["client"]);
    expect(await countUnread(them)).toBe(1);
    expect(await markNotificationsRead(me, [theirs])).toEqual({ marked: 0 });
    expect(await countUnread(them)).toBe(1);
  });

  it("refuses a missing actor as unauthenticated, and an admin viewing as someone may read but not mark", async () => {
    for (const call of [() => listNotifications(null), () => countUnread(null), () => markNotificationsRead(null)]) {
      await expect(call()).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: "No authentication token" });
    }
    const { user: expert } = await createExpert();
    const admin = await createAdmin();
    await notify(expert.id, ["a"]);
    const viewingAs = actorFor(expert, ["expert"], { impersonating: true, realUserId: admin.id, realEmail: admin.email });
    expect(await countUnread(viewingAs)).toBe(1);
    await expect(markNotificationsRead(viewingAs)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await countUnread(viewingAs)).toBe(1);
  });

  it("accepts only in-app links", async () => {
    const { user } = await createExpert();
    for (const href of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      await expect(
        db().$transaction((tx) => createNotification(tx, { userId: user.id, kind: "x", title: "t", body: "b", href })),
      ).rejects.toThrow(/in-app paths/);
    }
    expect(await db().notification.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("notifications actions", () => {
  it("refuse an anonymous caller", async () => {
    expect(await listNotificationsAction({})).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    expect(await markNotificationsReadAction({})).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
  });

  it("list and mark the signed-in caller's own notifications, whatever the role", async () => {
    const client = await createClient();
    const { user: expert } = await createExpert();
    const mine = await notify(client.id, ["One", "Two"]);
    const [theirs] = await notify(expert.id, ["Not yours"]);
    jar.set(SESSION_COOKIE, (await sessionCookieFor(client, ["client"])).token);

    const listed = await listNotificationsAction({});
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect(listed.data.unread).toBe(2);
    expect(listed.data.items.map((n) => n.title)).toEqual(["Two", "One"]);

    expect(await markNotificationsReadAction({ ids: [mine[0], theirs] })).toEqual({ ok: true, data: { unread: 1 } });
    expect((await db().notification.findUniqueOrThrow({ where: { id: theirs } })).readAt).toBeNull();
    expect(await markNotificationsReadAction({})).toEqual({ ok: true, data: { unread: 0 } });
    expect(await markNotificationsReadAction({ ids: ["not-a-uuid"] })).toMatchObject({ ok: false });
  });

  it("send the zone the menu shows times in: an expert's profile zone", async () => {
    const { user: expert } = await createExpert();
    await db().expert.update({ where: { userId: expert.id }, data: { timeZone: "America/Phoenix" } });
    await notify(expert.id, ["Hello"]);
    jar.set(SESSION_COOKIE, (await sessionCookieFor(expert, ["expert"])).token);
    expect(await listNotificationsAction({})).toMatchObject({ ok: true, data: { timeZone: "America/Phoenix", unread: 1 } });
  });
});
