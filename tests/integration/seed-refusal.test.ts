import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { SEED_EMAILS, seedDemoData } from "@/lib/site/demo-seed";
import { DEMO_ACCOUNTS } from "@/lib/accounts/constants";
import { createAdmin, createUser, bearerTokenFor } from "../factories";

// An attacker registers admin@example.com with a password of their own; the demo
// seed must never grant that account a role or change it, and must not run outside demo mode.
describe("demo seed and accounts it did not create", () => {
  it("refuses with a clear message, grants nothing and writes nothing", async () => {
    const squatter = await createUser({ email: DEMO_ACCOUNTS.admin, roles: ["expert"] });
    const before = { users: await db().user.count(), experts: await db().expert.count(), roles: await db().userRole.count() };
    await expect(seedDemoData()).rejects.toThrow(
      "The demo e-mail admin@example.com belongs to an account the demo seed did not create, so nothing was seeded.",
    );
    const after = await db().user.findUniqueOrThrow({ where: { id: squatter.id }, include: { roles: true, password: true } });
    expect(after.roles.map((r) => r.role)).toEqual(["expert"]);
    expect(after.createdBySeed).toBe(false);
    expect({ users: await db().user.count(), experts: await db().expert.count(), roles: await db().userRole.count() }).toEqual(before);

    // Once the squatter is gone the seed runs, and every account it creates is marked as its own.
    await db().user.delete({ where: { id: squatter.id } });
    await expect(seedDemoData()).resolves.toMatchObject({ ok: true });
    const admin = await db().user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS.admin }, include: { roles: true } });
    expect(admin.createdBySeed).toBe(true);
    expect(await db().user.count({ where: { createdBySeed: true } })).toBe(SEED_EMAILS.length);
  });

  it("POST /api/admin-seed-demo answers 404 unless DEMO_MODE=1", async () => {
    const admin = await createAdmin();
    const token = await bearerTokenFor(admin);
    const call = async () => {
      const { POST } = await import("@/app/api/admin-seed-demo/route");
      return POST(
        new NextRequest("http://localhost/api/admin-seed-demo", { method: "POST", headers: { authorization: `Bearer ${token}` } }),
      );
    };
    const before = process.env.DEMO_MODE;
    try {
      process.env.DEMO_MODE = "0";
      vi.resetModules();
      const res = await call();
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ ok: false, code: "NOT_FOUND" });
    } finally {
      process.env.DEMO_MODE = before;
      vi.resetModules();
    }
  });
});
