import { afterEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { resolveActor } from "@/lib/accounts/session";
import { sealImpersonation, unsealImpersonation } from "@/lib/accounts/impersonation-seal";
import { IMPERSONATION_COOKIE } from "@/lib/accounts/cookies";
import { startImpersonation, stopImpersonation, switchToDemoPersona } from "@/lib/accounts/impersonation";
import { listImpersonationEvents } from "@/lib/admin/users";
import { seedDemoData } from "@/lib/site/demo-seed";
import { POST as impersonatePost } from "@/app/api/admin-impersonate/route";
import { POST as stopPost } from "@/app/api/admin-impersonate/stop/route";
import { createAdmin, createClient, createExpert, createUser, bearerTokenFor, sessionCookieFor } from "../factories";

const sessionOf = async (user: { id: string; email: string }, roles: ("admin" | "client" | "expert")[]) =>
  (await sessionCookieFor(user, roles)).token;
const who = (adminUserId: string, impersonating = false) => ({ adminUserId, impersonating, ip: "203.0.113.7", userAgent: "vitest-agent" });

afterEach(() => vi.restoreAllMocks());

describe("impersonation cookie (sealed)", () => {
  it("valid: an admin's session with its own seal acts as the target; realUserId stays the admin", async () => {
    const admin = await createAdmin();
    const client = await createClient();
    const { seal } = await startImpersonation(who(admin.id), client.id);
    const actor = await resolveActor(await sessionOf(admin, ["admin"]), seal);
    expect(actor).toMatchObject({
      userId: client.id,
      email: client.email,
      roles: ["client"],
      primaryRole: "client",
      realUserId: admin.id,
      impersonating: true,
    });
  });

  it("tampered: one changed character and the admin is just the admin", async () => {
    const admin = await createAdmin();
    const client = await createClient();
    const { seal } = await startImpersonation(who(admin.id), client.id);
    const i = Math.floor(seal.length / 2);
    const tampered = seal.slice(0, i) + (seal[i] === "a" ? "b" : "a") + seal.slice(i + 1);
    expect(await unsealImpersonation(tampered)).toBeNull();
    const actor = await resolveActor(await sessionOf(admin, ["admin"]), tampered);
    expect(actor).toMatchObject({ userId: admin.id, impersonating: false, primaryRole: "admin" });
    // A seal made with another secret is refused the same way.
    const forged = await (
      await import("iron-session")
    ).sealData(
      { targetUserId: client.id, targetUserEmail: client.email, targetUserRole: "client", adminUserId: admin.id, startedAt: Date.now() },
      { password: "another-secret-another-secret-another-secret" },
    );
    expect((await resolveActor(await sessionOf(admin, ["admin"]), forged))?.userId).toBe(admin.id);
  });

  it("expired: older than 8 hours is ignored (both the seal's own ttl and startedAt)", async () => {
    const admin = await createAdmin();
    const client = await createClient();
    const old = await sealImpersonation({
      targetUserId: client.id,
      targetUserEmail: client.email,
      targetUserRole: "client",
      adminUserId: admin.id,
      startedAt: Date.now() - 8 * 3600_000 - 60_000,
    });
    expect((await resolveActor(await sessionOf(admin, ["admin"]), old))?.userId).toBe(admin.id);

    const { seal } = await startImpersonation(who(admin.id), client.id);
    const realNow = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(realNow + 8 * 3600_000 + 120_000);
    expect(await unsealImpersonation(seal)).toBeNull();
  });

  it("used by a non-admin: the seal is ignored and they keep their own identity", async () => {
    const admin = await createAdmin();
    const client = await createClient();
    const { user: expertUser } = await createExpert();
    const { seal } = await startImpersonation(who(admin.id), expertUser.id);
    // The client steals the admin's cookie value: no effect.
    const actor = await resolveActor(await sessionOf(client, ["client"]), seal);
    expect(actor).toMatchObject({ userId: client.id, impersonating: false, primaryRole: "client" });
    // Another admin's session with the first admin's seal: also ignored (the seal names its admin).
    const other = await createAdmin();
    expect((await resolveActor(await sessionOf(other, ["admin"]), seal))?.userId).toBe(other.id);
  });

  it("nested: no second impersonation inside the first; admins and oneself are never targets", async () => {
    const admin = await createAdmin();
    const client = await createClient();
    const { user: expertUser } = await createExpert();
    await expect(startImpersonation(who(admin.id, true), expertUser.id)).rejects.toMatchObject({ code: "CONFLICT" });
    const otherAdmin = await createAdmin();
    await expect(startImpersonation(who(admin.id), otherAdmin.id)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Admins cannot be impersonated.",
    });
    await expect(startImpersonation(who(admin.id), admin.id)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // A user who is both client and admin is still an admin.
    const dual = await createUser({ roles: ["client", "admin"] });
    await expect(startImpersonation(who(admin.id), dual.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Even a hand-made seal that names an admin as target is not honoured.
    const seal = await sealImpersonation({
      targetUserId: otherAdmin.id,
      targetUserEmail: otherAdmin.email,
      targetUserRole: "admin",
      adminUserId: admin.id,
      startedAt: Date.now(),
    });
    expect((await resolveActor(await sessionOf(admin, ["admin"]), seal))?.userId).toBe(admin.id);
    // Non-admins cannot start at all, and nothing was recorded for the refusals.
    await expect(startImpersonation(who(client.id), expertUser.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().impersonationEvent.count({ where: { adminUserId: { in: [admin.id, client.id] } } })).toBe(0);
  });

  it("writes a start and a stop row with admin, target, time, IP and user agent", async () => {
    const admin = await createAdmin();
    const { user: expertUser } = await createExpert();
    const before = Date.now();
    const { seal, target, home } = await startImpersonation(who(admin.id), expertUser.id);
    expect(target).toEqual({ id: expertUser.id, email: expertUser.email, role: "expert" });
    expect(home).toBe("/dashboard");
    expect(await stopImpersonation(who(admin.id, true), seal)).toEqual({ stopped: true, targetUserId: expertUser.id });
    const rows = await db().impersonationEvent.findMany({ where: { adminUserId: admin.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.action)).toEqual(["start", "stop"]);
    for (const r of rows) {
      expect(r).toMatchObject({ adminUserId: admin.id, targetUserId: expertUser.id, ipAddress: "203.0.113.7", userAgent: "vitest-agent" });
      expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    const listed = await listImpersonationEvents(await resolveActor(await sessionOf(admin, ["admin"]), undefined));
    expect(listed[0]).toMatchObject({ action: "stop", adminEmail: admin.email, targetEmail: expertUser.email });
    // A search keeps one person's trail: another target's events do not push it out, nor show.
    const adminActor = await resolveActor(await sessionOf(admin, ["admin"]), undefined);
    const other = await createExpert();
    await db().impersonationEvent.createMany({
      data: Array.from({ length: 25 }, () => ({ adminUserId: admin.id, targetUserId: other.user.id, action: "start" })),
    });
    expect((await listImpersonationEvents(adminActor, 20)).every((e) => e.targetEmail === other.user.email)).toBe(true);
    const searched = await listImpersonationEvents(adminActor, 20, expertUser.email);
    expect(searched.map((e) => e.action)).toEqual(["stop", "start"]);
    // Stopping without a valid seal records nothing.
    expect(await stopImpersonation(who(admin.id), "garbage")).toEqual({ stopped: false, targetUserId: null });
    expect(await db().impersonationEvent.count({ where: { adminUserId: admin.id, targetUserId: expertUser.id } })).toBe(2);
  });

  it("View As switches between demo personas without nesting (stop, then start)", async () => {
    await seedDemoData();
    const admin = await db().user.findUniqueOrThrow({ where: { email: "admin@example.com" } });
    const asClient = await switchToDemoPersona(who(admin.id), "client", undefined);
    expect(asClient.target).toMatchObject({ email: "client@example.com", role: "client" });
    expect(asClient.home).toBe("/client/dashboard");
    const asExpert = await switchToDemoPersona(who(admin.id, true), "expert", asClient.seal);
    expect(asExpert.target).toMatchObject({ email: "expert@example.com", role: "expert" });
    expect(asExpert.home).toBe("/dashboard");
    const actions = (
      await db().impersonationEvent.findMany({ where: { adminUserId: admin.id }, orderBy: { createdAt: "asc" }, include: { target: true } })
    ).map((r) => `${r.action}:${r.target.email}`);
    expect(actions).toEqual(["start:client@example.com", "stop:client@example.com", "start:expert@example.com"]);
  });
});

describe("POST /api/admin-impersonate and /stop", () => {
  const post = (url: string, token: string, body?: unknown, cookie?: string) =>
    new NextRequest(`http://localhost${url}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "user-agent": "route-test",
        ...(cookie ? { cookie: `${IMPERSONATION_COOKIE}=${cookie}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const ctx = { params: Promise.resolve({}) };

  // (401 without any credential is covered end to end: cookies() needs a real request scope.)
  it("403 for non-admins, 400 for a bad body; no-cache headers", async () => {
    const client = await createClient();
    const { user: expertUser } = await createExpert();
    const clientToken = await bearerTokenFor({ id: client.id });
    const res = await impersonatePost(post("/api/admin-impersonate", clientToken, { userId: expertUser.id }), ctx);
    expect(res.status).toBe(403);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    expect((await stopPost(post("/api/admin-impersonate/stop", clientToken), ctx)).status).toBe(403);

    const admin = await createAdmin();
    const adminToken = await bearerTokenFor({ id: admin.id });
    const bad = await impersonatePost(post("/api/admin-impersonate", adminToken, { userId: "nope" }), ctx);
    expect(bad.status).toBe(400);
    expect(await db().impersonationEvent.count({ where: { targetUserId: expertUser.id } })).toBe(0);
  });

  it("an admin starts (sealed HttpOnly cookie, 8 h) and stops (cookie cleared), both audited", async () => {
    const admin = await createAdmin();
    const client = await createClient();
    const token = await bearerTokenFor({ id: admin.id });
    const res = await impersonatePost(post("/api/admin-impersonate", token, { userId: client.id }), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    expect((await res.json()).data).toMatchObject({ target: { id: client.id, role: "client" }, home: "/client/dashboard" });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${IMPERSONATION_COOKIE.replace(".", "\\.")}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Max-Age=28800/);
    const seal = decodeURIComponent(/=([^;]+)/.exec(cookie)![1]);
    expect((await unsealImpersonation(seal))?.targetUserId).toBe(client.id);

    const stop = await impersonatePost(post("/api/admin-impersonate", token, { action: "stop" }, seal), ctx);
    expect(stop.status).toBe(200);
    expect((await stop.json()).data).toMatchObject({ stopped: true, home: "/admin" });
    expect(stop.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    const events = await db().impersonationEvent.findMany({ where: { adminUserId: admin.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => [e.action, e.userAgent])).toEqual([
      ["start", "route-test"],
      ["stop", "route-test"],
    ]);
  });
});
