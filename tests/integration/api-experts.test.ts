import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { signAccessToken } from "@/lib/accounts/access-token";
import { createSession, revokeSession } from "@/lib/accounts/sessions";
import { GET as getMe, PATCH as patchMe } from "@/app/api/experts-me/route";
import { POST as postLinkedin } from "@/app/api/experts-linkedin/route";
import { POST as postExpertise } from "@/app/api/experts-expertise/route";
import { POST as postPreferences } from "@/app/api/experts-preferences/route";
import { POST as postPayment } from "@/app/api/experts-payment/route";
import { POST as postSignup } from "@/app/api/upsert-expert-signup/route";
import { createClient, createExpert, createUser, bearerTokenFor } from "../factories";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ctx = { params: Promise.resolve({}) };

async function call(handler: Handler, opts: { method?: string; token?: string; body?: unknown; raw?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const res = await handler(new NextRequest("http://localhost/api/x", { method: opts.method ?? "POST", headers, body }), ctx);
  return {
    status: res.status,
    json: (await res.json()) as { success: boolean; data?: Record<string, unknown>; error?: string },
    headers: res.headers,
  };
}

describe("experts-* route handlers", () => {
  it("401 'No authentication token' for a bad or expired bearer token", async () => {
    const { user } = await createExpert();
    const session = await createSession({ userId: user.id, kind: "api", ip: null, userAgent: null });
    const revoked = await createSession({ userId: user.id, kind: "api", ip: null, userAgent: null });
    await revokeSession(revoked.id, "test");
    const expired = signAccessToken(user.id, user.sessionVersion, session.id, Date.now() - 2 * 3600_000).token;
    const outdated = signAccessToken(user.id, user.sessionVersion + 1, session.id).token;
    const ofRevokedSession = signAccessToken(user.id, user.sessionVersion, revoked.id).token;
    for (const token of ["garbage", "a.b", expired, outdated, ofRevokedSession]) {
      const res = await call(getMe, { method: "GET", token });
      expect(res).toMatchObject({ status: 401, json: { success: false, error: "No authentication token" } });
    }
  });

  it("403 for a client or admin", async () => {
    const client = await createClient();
    const res = await call(postExpertise, { token: await bearerTokenFor(client), body: { yearsInRole: 3 } });
    expect(res.status).toBe(403);
    expect(res.json.success).toBe(false);
  });

  it("GET experts-me: own profile, no-store, payment numbers only as last 4", async () => {
    const { user, expert } = await createExpert();
    const token = await bearerTokenFor(user);
    await call(postPayment, {
      token,
      body: {
        preferredPaymentMethod: "bank_transfer",
        paymentDetails: { bankName: "B", accountHolder: "H", routingNumber: "011000015", accountNumber: "99887766" },
        hourlyRateMin: 50,
        hourlyRateMax: 100,
        w9Consent: true,
      },
    });
    const res = await call(getMe, { method: "GET", token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.json.data).toMatchObject({ id: expert.id, paymentDetails: { routingNumberLast4: "0015", accountNumberLast4: "7766" } });
    const text = JSON.stringify(res.json);
    expect(text).not.toContain("011000015");
    expect(text).not.toContain("99887766");
    expect(text).not.toContain("Enc");
  });

  it("400 naming the field; nothing saved", async () => {
    const { user } = await createExpert({}, { complete: false });
    const token = await bearerTokenFor(user);
    const res = await call(postLinkedin, { token, body: { linkedinUrl: "https://example.com/maria" } });
    expect(res).toMatchObject({ status: 400, json: { success: false } });
    expect(res.json.error).toBe("linkedinUrl: Please enter a valid LinkedIn profile URL (e.g., https://linkedin.com/in/yourname)");
    expect((await call(postExpertise, { token, raw: "{not json" })).status).toBe(400);
    expect((await call(postExpertise, { token, body: [1, 2] })).status).toBe(400);
    const bad = await call(postExpertise, { token, body: { expertiseTags: ["a"], yearsInRole: 99 } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("yearsInRole");
    expect((await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).stepExpertise).toBe(false);
  });

  it("each function saves its step with the spec's body names", async () => {
    const { user } = await createExpert({}, { complete: false });
    const token = await bearerTokenFor(user);
    expect(
      (await call(postLinkedin, { token, body: { linkedinUrl: "https://www.linkedin.com/in/maria", linkedinHeadline: "Principal" } })).json
        .data,
    ).toMatchObject({
      linkedinUrl: "https://www.linkedin.com/in/maria",
      profileSteps: { linkedin: true },
    });
    expect(
      (
        await call(postExpertise, {
          token,
          body: {
            expertiseTags: ["Literacy", "Math"],
            tools: ["Canvas"],
            districtType: "charter",
            districtSizeBand: "small",
            urbanicity: "urban",
            yearsInRole: 7,
          },
        })
      ).json.data,
    ).toMatchObject({
      yearsExperience: 7,
      tags: ["Literacy", "Math"],
      toolsPlatforms: ["Canvas"],
      districtSize: "small",
      profileSteps: { expertise: true },
    }); // the profile speaks the column names
    const prefs = await call(postPreferences, {
      token,
      body: {
        researchTypes: ["policy_feedback"],
        availabilityStatus: "available",
        availabilityHours: { friday: ["13:00"] },
        isPublicProfile: false,
        showContactInfo: true,
        showExperience: true,
        showOrganization: true,
        showRates: false,
      },
    });
    // experts-preferences' body has no interviewPreferences: the step needs one stored first.
    expect(prefs.status).toBe(400);
    expect(prefs.json.error).toContain("interviewPreferences");
    const prefs2 = await call(postPreferences, {
      token,
      body: {
        researchTypes: ["policy_feedback"],
        interviewPreferences: ["surveys_only"],
        availabilityStatus: "available",
        availabilityHours: { friday: ["13:00"] },
        isPublicProfile: false,
        showContactInfo: true,
        showExperience: true,
        showOrganization: true,
        showRates: false,
      },
    });
    expect(prefs2.json.data).toMatchObject({
      isPublicProfile: false,
      showRates: false,
      availabilityHours: { friday: ["13:00"] },
      profileSteps: { preferences: true },
    });
    const pay = await call(postPayment, {
      token,
      body: {
        preferredPaymentMethod: "venmo",
        paymentDetails: { venmoUsername: "@maria-g" },
        hourlyRateMin: 100,
        hourlyRateMax: 50,
        w9Consent: true,
      },
    });
    expect(pay.status).toBe(400);
    expect(pay.json.error).toContain("hourlyRateMax");
    const pay2 = await call(postPayment, {
      token,
      body: {
        preferredPaymentMethod: "venmo",
        paymentDetails: { venmoUsername: "@maria-g" },
        hourlyRateMin: 50,
        hourlyRateMax: 100,
        w9Consent: true,
      },
    });
    expect(pay2.json.data).toMatchObject({
      preferredPaymentMethod: "venmo",
      paymentDetails: { venmoUsername: "maria-g" },
      profileSteps: { payments: true },
    });
  });

  it("PATCH experts-me: pulse_scores with profile_steps.pulse marks pulse done; unknown fields are refused", async () => {
    const { user } = await createExpert({}, { complete: false });
    const token = await bearerTokenFor(user);
    const res = await call(patchMe, {
      method: "PATCH",
      token,
      body: {
        pulse_scores: {
          curriculum_expertise: 6,
          technology_integration: 6,
          student_engagement: 6,
          data_analysis: 6,
          leadership_management: 6,
        },
        profile_steps: { pulse: true },
      },
    });
    expect(res.json.data).toMatchObject({ pulseScore: 60, profileSteps: { pulse: true } });
    const bad = await call(patchMe, { method: "PATCH", token, body: { verificationStatus: "verified" } });
    expect(bad.status).toBe(400);
    expect((await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).verificationStatus).toBe("verified");
  });

  it("cross-expert attempts change only the caller's own row", async () => {
    const { user: me } = await createExpert();
    const { expert: other } = await createExpert({ organizationName: "Other District" });
    const res = await call(patchMe, {
      method: "PATCH",
      token: await bearerTokenFor(me),
      body: { organizationName: "Mine", id: other.id, userId: other.userId },
    });
    expect(res.status).toBe(400); // ids are not profile fields
    const ok = await call(patchMe, { method: "PATCH", token: await bearerTokenFor(me), body: { organizationName: "Mine" } });
    expect(ok.json.data).toMatchObject({ organizationName: "Mine", userId: me.id });
    expect((await db().expert.findUniqueOrThrow({ where: { id: other.id } })).organizationName).toBe("Other District");
  });

  it("upsert-expert-signup: anonymous create, 400 on bad body, refuses to overwrite", async () => {
    const user = await createUser({ roles: ["expert"] });
    const body = {
      userId: user.id,
      email: user.email,
      firstName: "A",
      lastName: "B",
      orgName: "Org",
      title: "teacher",
      state: "TX",
      city: "Austin",
      zip: "73301",
      phone: "5550102000",
    };
    const res = await call(postSignup, { body });
    expect(res).toMatchObject({ status: 200, json: { success: true, data: { organizationName: "Org" } } });
    expect((await call(postSignup, { body })).status).toBe(409);
    expect((await call(postSignup, { body: { ...body, zip: "1" } })).json.error).toContain("zip");
    // A token for another expert cannot set up this user's profile.
    const { user: other } = await createExpert();
    expect((await call(postSignup, { body, token: await bearerTokenFor(other) })).status).toBe(403);
  });
});
