import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { POST } from "@/app/api/admin-seed-demo/route";
import { createAdmin, createClient, createExpert, bearerTokenFor } from "../factories";

// The route exists only in demo mode (seed-refusal.test.ts proves the 404 otherwise).
process.env.DEMO_MODE = "1";

const call = (token: string) =>
  POST(new NextRequest("http://localhost/api/admin-seed-demo", { method: "POST", headers: { authorization: `Bearer ${token}` } }));
const counts = async () => ({
  users: await db().user.count(),
  experts: await db().expert.count(),
  invites: await db().engagement.count(),
  payouts: await db().payout.count(),
});

describe("POST /api/admin-seed-demo", () => {
  it("403 for clients and experts (body {ok, code, message, stats}); nothing is written", async () => {
    const client = await createClient();
    const { user } = await createExpert();
    const before = await counts();
    for (const id of [client.id, user.id]) {
      const res = await call(await bearerTokenFor({ id: id }));
      expect(res.status).toBe(403);
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual(["code", "message", "ok", "stats"]);
      expect(body).toMatchObject({ ok: false, code: "FORBIDDEN", stats: null });
    }
    expect((await call("not-a-token")).status).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("an admin seeds the spec's counts, and a second run creates nothing twice", async () => {
    const admin = await createAdmin();
    const res = await call(await bearerTokenFor({ id: admin.id }));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const body = await res.json();
    expect(body).toEqual({
      ok: true,
      code: "OK",
      message: "Demo data seeded successfully",
      stats: { clients: 1, experts: 15, projects: 1, shortlists: 8, invites: 5, schedules: 3 },
    });
    const after = await counts();
    const again = await (await call(await bearerTokenFor({ id: admin.id }))).json();
    expect(again).toEqual(body);
    expect(await counts()).toEqual(after);
  });
});
