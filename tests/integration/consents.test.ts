// Policy consents that are kept. Real PostgreSQL; the demo override stands in for
// "a policy's version changes" (DEMO_MODE is on for this file, as the e2e server runs).
process.env.DEMO_MODE = "1";

import { afterEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { registerClient, registerExpert } from "@/lib/accounts/registration";
import {
  acceptPolicies,
  currentPolicyVersions,
  exportConsentHistoryCsv,
  listPendingPolicies,
  setPolicyVersionOverride,
  POLICY_OVERRIDE_PREFIX,
} from "@/lib/accounts/consents";
import { CONSENT_VERSIONS } from "@/lib/accounts/constants";
import { compareVersions, POLICY_VERSIONS } from "@/lib/accounts/policy-versions";
import { registerClientSchema, registerExpertSchema } from "@/lib/accounts/schemas/auth";
import { GET as getOwnCsv } from "@/app/api/me/consents/route";
import { GET as getUserCsv } from "@/app/api/admin/users/[id]/consents/route";
import { POST as postOverride } from "@/app/api/admin-policy-versions/route";
import { actorFor, bearerTokenFor, createAdmin, createClient, createExpert, uniqueEmail } from "../factories";

const meta = { ip: "198.51.100.23", userAgent: "Mozilla/5.0 (consents test)" };
const PASSWORD = "Maple-Orbit-77";

const expertInput = (email: string) =>
  registerExpertSchema.parse({
    firstName: "Ana",
    lastName: "Ruiz",
    email,
    organization: "Lincoln USD",
    role: "principal",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    countryCode: "+1",
    mobileNumber: "555 010 1000",
    city: "Stockton",
    zipCode: "95207",
    privacyAgreement: true,
  });
const clientInput = (email: string) =>
  registerClientSchema.parse({
    firstName: "Jo",
    lastName: "Lee",
    email,
    organization: "Research Co",
    role: "Director",
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });

async function registeredExpert() {
  const email = uniqueEmail("consent-expert");
  const { userId } = await registerExpert(expertInput(email), meta);
  return { userId, email, actor: actorFor({ id: userId, email }, ["expert"]) };
}

const admin = async () => {
  const user = await createAdmin();
  return { user, actor: actorFor(user, ["admin"]) };
};

afterEach(async () => {
  await db().platformSetting.deleteMany({ where: { key: { startsWith: POLICY_OVERRIDE_PREFIX } } });
});

describe("the policy table", () => {
  it("gives every policy a version, an effective date and a change summary; CONSENT_VERSIONS comes from it", () => {
    for (const [type, p] of Object.entries(POLICY_VERSIONS)) {
      expect(p.version).toMatch(/^\d+\.\d+$/);
      expect(p.effective).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(p.changes.length).toBeGreaterThan(40);
      expect(CONSENT_VERSIONS[type as keyof typeof CONSENT_VERSIONS]).toBe(p.version);
    }
    expect(compareVersions("1.10", "1.9")).toBe(1);
    expect(compareVersions("2.0", "2")).toBe(0);
    expect(compareVersions("1.0", "1.1")).toBe(-1);
  });
});

describe("registration", () => {
  it("records an expert's privacy, terms, payment and expert-agreement consents with version, IP and user agent", async () => {
    const { userId } = await registeredExpert();
    const rows = await db().userConsent.findMany({ where: { userId } });
    expect(rows.map((r) => r.consentType).sort()).toEqual(["EXPERT_AGREEMENT", "PAYMENT", "PRIVACY", "TERMS"]);
    for (const r of rows) {
      expect(r).toMatchObject({
        version: POLICY_VERSIONS[r.consentType as keyof typeof POLICY_VERSIONS].version,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
      });
    }
  });

  it("records a client's privacy and terms consents (no payment or expert agreement)", async () => {
    const email = uniqueEmail("consent-client");
    await registerClient(clientInput(email), meta);
    const user = await db().user.findUniqueOrThrow({ where: { email }, include: { consents: true } });
    expect(user.consents.map((c) => c.consentType).sort()).toEqual(["PRIVACY", "TERMS"]);
    expect(user.consents.every((c) => c.version === "1.0" && c.ipAddress === meta.ip && c.userAgent === meta.userAgent)).toBe(true);
  });
});

describe("a newer version", () => {
  it("asks again only users who accepted an older version of a policy that applies to them", async () => {
    const { user: adminUser, actor: adminActor } = await admin();
    const expert = await registeredExpert();
    const untracked = await createExpert(); // no consent rows at all (seed, tests)
    const clientEmail = uniqueEmail("consent-client");
    await registerClient(clientInput(clientEmail), meta);
    const client = await db().user.findUniqueOrThrow({ where: { email: clientEmail } });
    const clientActor = actorFor(client, ["client"]);

    expect(await listPendingPolicies(expert.actor)).toEqual([]);
    // Everyone: the payment policy becomes 2.0 — it applies to experts only.
    await setPolicyVersionOverride(adminActor, { policy: "PAYMENT", major: 2, userId: undefined });
    const pending = await listPendingPolicies(expert.actor);
    expect(pending).toEqual([
      expect.objectContaining({
        policy: "PAYMENT",
        version: "2.0",
        acceptedVersion: "1.0",
        changes: POLICY_VERSIONS.PAYMENT.changes,
        effective: POLICY_VERSIONS.PAYMENT.effective,
      }),
    ]);
    expect(await listPendingPolicies(clientActor)).toEqual([]);
    expect(await listPendingPolicies(actorFor(untracked.user, ["expert"]))).toEqual([]);
    expect(await listPendingPolicies(actorFor(adminUser, ["admin"]))).toEqual([]);

    // The terms become 3.0: the client accepted 1.0, so now they are asked too.
    await setPolicyVersionOverride(adminActor, { policy: "TERMS", major: 3, userId: undefined });
    expect((await listPendingPolicies(clientActor)).map((p) => p.policy)).toEqual(["TERMS"]);
    expect((await listPendingPolicies(expert.actor)).map((p) => p.policy).sort()).toEqual(["PAYMENT", "TERMS"]);

    // Back to the table's version: nobody is asked.
    await setPolicyVersionOverride(adminActor, { policy: "PAYMENT", major: null, userId: undefined });
    await setPolicyVersionOverride(adminActor, { policy: "TERMS", major: null, userId: undefined });
    expect(await listPendingPolicies(expert.actor)).toEqual([]);
  });

  it("scoped to one user, asks that user only", async () => {
    const { actor: adminActor } = await admin();
    const one = await registeredExpert();
    const other = await registeredExpert();
    await expect(setPolicyVersionOverride(adminActor, { policy: "PRIVACY", major: 2, userId: one.userId })).resolves.toEqual({
      policy: "PRIVACY",
      version: "2.0",
    });
    expect((await listPendingPolicies(one.actor)).map((p) => p.policy)).toEqual(["PRIVACY"]);
    expect(await listPendingPolicies(other.actor)).toEqual([]);
    expect((await currentPolicyVersions(null)).PRIVACY).toBe("1.0");
  });

  it("accepting adds new rows and keeps the old ones; the user is not asked again", async () => {
    const { actor: adminActor } = await admin();
    const expert = await registeredExpert();
    await setPolicyVersionOverride(adminActor, { policy: "PRIVACY", major: 2, userId: expert.userId });
    await setPolicyVersionOverride(adminActor, { policy: "EXPERT_AGREEMENT", major: 4, userId: expert.userId });

    await expect(acceptPolicies(expert.actor, { policies: ["PRIVACY"] }, meta)).rejects.toThrow("Accept the updated policies to continue.");
    const second = { ip: "203.0.113.99", userAgent: "second browser" };
    await expect(acceptPolicies(expert.actor, { policies: ["PRIVACY", "EXPERT_AGREEMENT"] }, second)).resolves.toEqual({
      accepted: ["PRIVACY", "EXPERT_AGREEMENT"],
    });
    expect(await listPendingPolicies(expert.actor)).toEqual([]);

    const privacy = await db().userConsent.findMany({
      where: { userId: expert.userId, consentType: "PRIVACY" },
      orderBy: { acceptedAt: "asc" },
    });
    expect(privacy.map((r) => [r.version, r.ipAddress, r.userAgent])).toEqual([
      ["1.0", meta.ip, meta.userAgent],
      ["2.0", second.ip, second.userAgent],
    ]);
    const agreement = await db().userConsent.findMany({ where: { userId: expert.userId, consentType: "EXPERT_AGREEMENT" } });
    expect(agreement.map((r) => r.version).sort()).toEqual(["1.0", "4.0"]);
    // Nothing pending: accepting again adds nothing.
    await acceptPolicies(expert.actor, { policies: ["PRIVACY"] }, second);
    expect(await db().userConsent.count({ where: { userId: expert.userId } })).toBe(6);
  });

  it("is never accepted by an admin viewing as the user", async () => {
    const { user: adminUser, actor: adminActor } = await admin();
    const expert = await registeredExpert();
    await setPolicyVersionOverride(adminActor, { policy: "PRIVACY", major: 2, userId: expert.userId });
    const viewing = actorFor({ id: expert.userId, email: expert.email }, ["expert"], {
      impersonating: true,
      realUserId: adminUser.id,
      realEmail: adminUser.email,
    });
    await expect(acceptPolicies(viewing, { policies: ["PRIVACY"] }, meta)).rejects.toThrow(
      "Stop viewing as another user to accept policies.",
    );
    expect(await db().userConsent.count({ where: { userId: expert.userId, version: "2.0" } })).toBe(0);
  });
});

describe("the demo override endpoint", () => {
  const post = (token: string, body: unknown) =>
    postOverride(
      new NextRequest("http://localhost/api/admin-policy-versions", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({}) },
    );

  it("is for admins only, and checks its input", async () => {
    const { user: adminUser } = await admin();
    const expert = await registeredExpert();
    const expertToken = await bearerTokenFor({ id: expert.userId });
    expect((await post(expertToken, { policy: "PRIVACY", major: 2, userId: expert.userId })).status).toBe(403);
    const adminToken = await bearerTokenFor(adminUser);
    expect((await post(adminToken, { policy: "COOKIES", major: 2 })).status).toBe(400);
    expect((await post(adminToken, { policy: "PRIVACY", major: 0 })).status).toBe(400);
    const done = await post(adminToken, { policy: "PRIVACY", major: 2, userId: expert.userId });
    expect(await done.json()).toMatchObject({ success: true, data: { policy: "PRIVACY", version: "2.0" } });
  });

  it("is ignored, and refused, outside demo mode", async () => {
    const { actor: adminActor, user: adminUser } = await admin();
    const expert = await registeredExpert();
    await setPolicyVersionOverride(adminActor, { policy: "PRIVACY", major: 2, userId: expert.userId });
    const before = process.env.DEMO_MODE;
    try {
      process.env.DEMO_MODE = "0";
      vi.resetModules();
      const fresh = await import("@/lib/accounts/consents");
      expect(await fresh.listPendingPolicies(expert.actor)).toEqual([]);
      await expect(
        fresh.setPolicyVersionOverride(actorFor(adminUser, ["admin"]), { policy: "TERMS", major: 2, userId: undefined }),
      ).rejects.toThrow("Not found");
    } finally {
      process.env.DEMO_MODE = before;
      vi.resetModules();
    }
  });
});

describe("consent history CSV", () => {
  // Signed-out callers (401) are the access matrix's cells (e2e/authz/routes.ts): without a request there are no cookies to read here.
  const get = (handler: typeof getOwnCsv, path: string, token: string, params: Record<string, string> = {}) =>
    handler(new NextRequest(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }), {
      params: Promise.resolve(params),
    });

  it("an expert downloads their own history, every version, newest first", async () => {
    const { actor: adminActor } = await admin();
    const expert = await registeredExpert();
    await setPolicyVersionOverride(adminActor, { policy: "TERMS", major: 2, userId: expert.userId });
    await acceptPolicies(expert.actor, { policies: ["TERMS"] }, { ip: "192.0.2.5", userAgent: "=cmd()" });
    const res = await get(getOwnCsv, "/api/me/consents", await bearerTokenFor({ id: expert.userId }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="consents-${expert.userId}.csv"`);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Accepted at,Consent,Version,IP address,User agent,Engagement id,Project id,User id,Email");
    expect(lines).toHaveLength(6);
    // Newest first, and a formula in the user agent is neutralised.
    expect(lines[1]).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[^,]+,TERMS,2\\.0,192\\.0\\.2\\.5,'=cmd\\(\\),,,${expert.userId},${expert.email}$`),
    );
    expect(lines.filter((l) => l.includes(",TERMS,1.0,198.51.100.23,"))).toHaveLength(1);
  });

  it("an admin downloads any user's history; others are refused", async () => {
    const { user: adminUser } = await admin();
    const expert = await registeredExpert();
    const other = await registeredExpert();
    const client = await createClient();
    const path = `/api/admin/users/${expert.userId}/consents`;

    const byAdmin = await get(getUserCsv, path, await bearerTokenFor(adminUser), { id: expert.userId });
    expect(byAdmin.status).toBe(200);
    expect((await byAdmin.text()).trim().split("\r\n")).toHaveLength(5);

    for (const token of [await bearerTokenFor({ id: other.userId }), await bearerTokenFor(client)]) {
      const refused = await get(getUserCsv, path, token, { id: expert.userId });
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain(expert.email);
    }
    const missing = "7d1c2a4e-0000-4000-8000-00000000dead";
    expect((await get(getUserCsv, `/api/admin/users/${missing}/consents`, await bearerTokenFor(adminUser), { id: missing })).status).toBe(
      404,
    );
    expect((await get(getUserCsv, "/api/admin/users/nope/consents", await bearerTokenFor(adminUser), { id: "nope" })).status).toBe(404);

    // The service itself: someone else's history without manage:user:any is refused.
    await expect(exportConsentHistoryCsv(other.actor, expert.userId)).rejects.toThrow("requires admin access");
  });
});
