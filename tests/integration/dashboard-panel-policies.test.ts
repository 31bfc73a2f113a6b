// A dashboard tab rendered on its own (loadDashboardPanelAction) asks for the updated policies as
// the dashboard page does. Real PostgreSQL; the demo override stands in for a new policy version.
process.env.DEMO_MODE = "1";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { SESSION_COOKIE } from "@/lib/accounts/cookies";
import { registerExpert } from "@/lib/accounts/registration";
import { acceptPolicies, setPolicyVersionOverride, POLICY_OVERRIDE_PREFIX } from "@/lib/accounts/consents";
import { registerExpertSchema } from "@/lib/accounts/schemas/auth";
import { loadDashboardPanelAction } from "@/app/dashboard/panel-action";
import { actorFor, createAdmin, sessionCookieFor, uniqueEmail } from "../factories";

const jar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined) }),
  headers: async () => new Headers(),
}));

const meta = { ip: "198.51.100.24", userAgent: "Mozilla/5.0 (panel policies test)" };
const PASSWORD = "Maple-Orbit-77";

beforeEach(() => jar.clear());
afterEach(async () => {
  await db().platformSetting.deleteMany({ where: { key: { startsWith: POLICY_OVERRIDE_PREFIX } } });
});

describe("a dashboard tab opened on its own", () => {
  it("is refused while the expert has an updated policy to accept, and served once they accept it", async () => {
    const email = uniqueEmail("panel-policies");
    const { userId } = await registerExpert(
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
      }),
      meta,
    );
    const user = { id: userId, email };
    jar.set(SESSION_COOKIE, (await sessionCookieFor(user, ["expert"])).token);
    expect(await loadDashboardPanelAction({ tab: "Wallet" })).toMatchObject({ ok: true });

    const admin = await createAdmin();
    await setPolicyVersionOverride(actorFor(admin, ["admin"]), { policy: "PRIVACY", major: 2, userId });
    expect(await loadDashboardPanelAction({ tab: "Wallet" })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
      message: expect.stringContaining("accept the updated policies"),
    });

    await acceptPolicies(actorFor(user, ["expert"]), { policies: ["PRIVACY"] }, meta);
    expect(await loadDashboardPanelAction({ tab: "Wallet" })).toMatchObject({ ok: true });
  });
});
