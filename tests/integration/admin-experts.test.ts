import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { resolveActor } from "@/lib/accounts/session";
import { type Actor } from "@/lib/accounts/actor";
import { getAdminExpert, listAdminExperts, setLinkedinVerified, setVerificationStatus } from "@/lib/experts/admin-experts";
import { getAdminStats } from "@/lib/admin/stats";
import { listAdminUsers } from "@/lib/admin/users";
import { startImpersonation } from "@/lib/accounts/impersonation";
import { createAdmin, createClient, createExpert, sessionCookieFor } from "../factories";

async function actorOf(user: { id: string; email: string }, roles: ("admin" | "client" | "expert")[], seal?: string): Promise<Actor> {
  const { token } = await sessionCookieFor(user, roles);
  return (await resolveActor(token, seal))!;
}

describe("admin expert review", () => {
  it("sets each verification status and the LinkedIn flag; unknown ids are not found", async () => {
    const admin = await actorOf(await createAdmin(), ["admin"]);
    const { expert } = await createExpert({ verificationStatus: "pending" });
    for (const status of ["verified", "rejected", "pending", "verified"] as const) {
      await expect(setVerificationStatus(admin, expert.id, status)).resolves.toEqual({ id: expert.id, verificationStatus: status });
      expect((await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).verificationStatus).toBe(status);
    }
    await setLinkedinVerified(admin, expert.id, true);
    expect((await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).linkedinVerified).toBe(true);
    await setLinkedinVerified(admin, expert.id, false);
    expect((await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).linkedinVerified).toBe(false);
    const ghost = "00000000-0000-4000-8000-000000000000";
    await expect(setVerificationStatus(admin, ghost, "verified")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(setLinkedinVerified(admin, ghost, true)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getAdminExpert(admin, ghost)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses clients, experts and an admin viewing as someone; nothing changes", async () => {
    const { expert, user: expertUser } = await createExpert({ verificationStatus: "pending" });
    const client = await createClient();
    const adminUser = await createAdmin();
    const { seal } = await startImpersonation({ adminUserId: adminUser.id, impersonating: false, ip: null, userAgent: null }, client.id);
    const impersonating = await actorOf(adminUser, ["admin"], seal);
    expect(impersonating.impersonating).toBe(true);
    for (const actor of [await actorOf(client, ["client"]), await actorOf(expertUser, ["expert"]), impersonating, null]) {
      await expect(setVerificationStatus(actor, expert.id, "verified")).rejects.toMatchObject({
        code: actor ? "FORBIDDEN" : "UNAUTHENTICATED",
      });
      await expect(setLinkedinVerified(actor, expert.id, true)).rejects.toBeTruthy();
      await expect(listAdminExperts(actor)).rejects.toBeTruthy();
      await expect(getAdminExpert(actor, expert.id)).rejects.toBeTruthy();
      await expect(listAdminUsers(actor)).rejects.toBeTruthy();
      await expect(getAdminStats(actor)).rejects.toBeTruthy();
    }
    expect(await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).toMatchObject({
      verificationStatus: "pending",
      linkedinVerified: false,
    });
  });

  it("lists experts newest first with e-mail, searches name, e-mail, role and state; detail has the e-mail but no payment numbers", async () => {
    const admin = await actorOf(await createAdmin(), ["admin"]);
    const older = await createExpert({ roleTitle: "Superintendent", state: "TX", createdAt: new Date(Date.now() - 86_400_000) });
    await db().user.update({ where: { id: older.user.id }, data: { firstName: "Zebulon", lastName: "Quartermain" } });
    const newer = await createExpert({
      roleTitle: "Curriculum Director",
      state: "NY",
      routingNumberEnc: "secret",
      routingNumberLast4: "6789",
    });
    const all = await listAdminExperts(admin);
    const ids = all.rows.map((r) => r.id);
    expect(ids.indexOf(newer.expert.id)).toBeLessThan(ids.indexOf(older.expert.id));
    expect(all.rows.find((r) => r.id === newer.expert.id)).toMatchObject({
      email: newer.user.email,
      roleTitle: "Curriculum Director",
      state: "NY",
      verificationStatus: "verified",
    });

    expect((await listAdminExperts(admin, "zebulon quartermain")).rows.map((r) => r.id)).toEqual([older.expert.id]);
    expect((await listAdminExperts(admin, newer.user.email.toUpperCase())).rows.map((r) => r.id)).toEqual([newer.expert.id]);
    expect((await listAdminExperts(admin, "superintendent")).rows.map((r) => r.id)).toContain(older.expert.id);
    expect((await listAdminExperts(admin, "no-such-expert-anywhere")).rows).toEqual([]);

    const detail = await getAdminExpert(admin, newer.expert.id);
    expect(detail.email).toBe(newer.user.email);
    expect(detail.profileSteps).toMatchObject({ basics: true, pulse: true });
    expect(detail.routingNumberLast4).toBe("6789");
    expect(detail).not.toHaveProperty("routingNumberEnc");
  });

  it("stats count from the database", async () => {
    const admin = await actorOf(await createAdmin(), ["admin"]);
    const before = await getAdminStats(admin);
    await createExpert({ verificationStatus: "rejected" });
    await createExpert({ verificationStatus: "pending" });
    await createClient();
    const after = await getAdminStats(admin);
    expect(after.experts.rejected - before.experts.rejected).toBe(1);
    expect(after.experts.pending - before.experts.pending).toBe(1);
    expect(after.experts.total - before.experts.total).toBe(2);
    expect(after.clients - before.clients).toBe(1);
    expect(after.users - before.users).toBe(3);
  });

  it("users list: roles and expert info, searchable", async () => {
    const admin = await actorOf(await createAdmin(), ["admin"]);
    const { user, expert } = await createExpert({ roleTitle: "Technology Director", verificationStatus: "pending" });
    const client = await createClient();
    const hit = await listAdminUsers(admin, user.email);
    expect(hit.rows).toEqual([
      expect.objectContaining({
        id: user.id,
        roles: ["expert"],
        expert: { id: expert.id, roleTitle: "Technology Director", verificationStatus: "pending" },
      }),
    ]);
    expect((await listAdminUsers(admin, client.email)).rows[0]).toMatchObject({ roles: ["client"], expert: null });
    expect((await listAdminUsers(admin, "client")).rows.every((r) => r.roles.includes("client"))).toBe(true);
  });
});
