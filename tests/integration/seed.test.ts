import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { seedDemoData } from "@/lib/site/demo-seed";
import { authenticate } from "@/lib/accounts/sign-in";
import { DEMO_PASSWORD } from "@/lib/accounts/constants";
import { weekOfYear } from "@/lib/platform/dates";
import { checkInvariants } from "@/lib/money/invariants";
import { sessionCalendar } from "@/lib/engagements/calendar";
import { parsedEvents } from "../helpers/icalendar";

const tableCounts = async () => ({
  users: await db().user.count(),
  experts: await db().expert.count(),
  opportunities: await db().opportunity.count(),
  projects: await db().project.count(),
  engagements: await db().engagement.count(),
  events: await db().engagementEvent.count(),
  sessions: await db().engagementSession.count(),
  payouts: await db().payout.count(),
  slots: await db().availabilitySlot.count(),
  consents: await db().userConsent.count(),
  surveys: await db().pulseSurvey.count(),
});

describe("demo seed", () => {
  it("gives every scheduled session and focus-group session a meeting link, so its calendar file has a LOCATION", async () => {
    await seedDemoData();
    const scheduled = await db().engagementSession.findMany({ where: { status: "scheduled" } });
    expect(scheduled.length).toBeGreaterThan(0);
    for (const session of scheduled) {
      expect(session.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/K12Experts-/);
      const [event] = parsedEvents(sessionCalendar({ session, projectTitle: "Study", counterpart: "Org", organization: "Org" }).ics);
      expect(event.location).toBe(session.meetingUrl);
    }
    const groups = await db().studySession.findMany();
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(g.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\//);
  });

  it("creates exactly the spec's counts and nothing twice on a second run", async () => {
    const first = await seedDemoData();
    expect(first).toMatchObject({ ok: true, code: "OK", message: "Demo data seeded successfully" });
    expect(first.stats).toEqual({ clients: 1, experts: 15, projects: 1, shortlists: 8, invites: 5, schedules: 3 });
    const after = await tableCounts();

    const second = await seedDemoData();
    expect(second.stats).toEqual(first.stats);
    expect(await tableCounts()).toEqual(after);
  });

  it("leaves money the nightly money check finds nothing wrong with (accepted and scheduled engagements hold their reservations)", async () => {
    await seedDemoData();
    expect((await checkInvariants()).breaches.map((b) => b.message)).toEqual([]);
  });

  it("has the demo accounts, verification mix and the demo expert's dashboard rows", async () => {
    await seedDemoData();
    for (const [email, role] of [
      ["admin@example.com", "admin"],
      ["client@example.com", "client"],
      ["expert@example.com", "expert"],
    ] as const) {
      const identity = await authenticate({ email, password: DEMO_PASSWORD, portal: "general" }, "127.0.0.9");
      expect(identity.roles).toEqual([role]);
      expect(identity.onboardingComplete).toBe(true);
    }
    expect(await db().expert.count({ where: { verificationStatus: "verified", isPublicProfile: true } })).toBeGreaterThanOrEqual(10);
    expect(await db().expert.count({ where: { verificationStatus: "pending" } })).toBeGreaterThanOrEqual(1);
    expect(await db().expert.count({ where: { verificationStatus: "rejected" } })).toBeGreaterThanOrEqual(1);
    expect(await db().expert.count({ where: { verificationStatus: "verified", isPublicProfile: false } })).toBeGreaterThanOrEqual(1);

    const demo = await db().expert.findFirstOrThrow({
      where: { user: { email: "expert@example.com" } },
      include: {
        user: { include: { ledgerAccounts: true, payouts: true, consents: true } },
        engagements: { include: { session: true, events: true } },
        availabilitySlots: true,
      },
    });
    const balance = (kind: string) => demo.user.ledgerAccounts.find((a) => a.kind === kind)?.balanceCents ?? 0;
    expect([balance("expert_available"), balance("expert_pending_qc"), balance("payout_in_transit") + balance("paid_out")]).toEqual([
      7500, 12500, 25000,
    ]);
    expect(demo.user.payouts.length).toBeGreaterThan(0);
    expect(demo.user.consents.some((c) => c.consentType === "PRIVACY" && c.version === "1.0")).toBe(true);
    expect(demo.engagements.some((e) => e.state === "completed")).toBe(true);
    expect(demo.engagements.some((e) => e.state === "accepted" && !e.session)).toBe(true);
    expect(demo.engagements.some((e) => e.state === "scheduled" && e.session)).toBe(true);
    expect(demo.engagements.filter((e) => e.state === "invited")).toHaveLength(2);
    // Every engagement has a history that ends in its state, and a client who can answer it.
    for (const e of demo.engagements) expect(e.events.at(-1)?.toState).toBe(e.state);
    expect(
      await db().project.count({
        where: { engagements: { some: { expertId: demo.id } }, client: { roles: { some: { role: "client" } } } },
      }),
    ).toBe(demo.engagements.length);
    expect(demo.availabilitySlots.length).toBeGreaterThan(0);
    expect(await db().pulseSurvey.count({ where: { weekNumber: weekOfYear(), isActive: true } })).toBe(1);
    expect(await db().opportunity.count({ where: { status: "open" } })).toBeGreaterThanOrEqual(3);
  });

  it("spreads sample districts over every locale, poverty quartile and size, with verified experts in most locale × poverty cells", async () => {
    const started = Date.now();
    await seedDemoData();
    const samples = await db().district.findMany({ where: { name: { endsWith: "(sample, not real data)" } } });
    expect(samples.length).toBeGreaterThanOrEqual(16);
    const cell = (d: { localeGroup: string | null; povertyQuartile: number | null }) => `${d.localeGroup}/${d.povertyQuartile}`;
    expect(new Set(samples.map(cell)).size).toBe(16);
    expect(new Set(samples.map((d) => d.enrollmentBand))).toEqual(
      new Set(["under_1000", "from_1000_to_4999", "from_5000_to_24999", "from_25000_to_99999", "at_least_100000"]),
    );
    // The directory reads the copies on the expert row: verified, listed, and in a sample district.
    const linked = await db().expert.findMany({
      where: { verificationStatus: "verified", isPublicProfile: true, district: { name: { endsWith: "(sample, not real data)" } } },
      select: { districtLocaleGroup: true, districtPovertyQuartile: true, districtEnrollmentBand: true },
    });
    const cells = new Set(linked.map((e) => `${e.districtLocaleGroup}/${e.districtPovertyQuartile}`));
    expect(cells.size).toBeGreaterThan(8);
    expect(new Set(linked.map((e) => e.districtLocaleGroup))).toEqual(new Set(["city", "suburb", "town", "rural"]));
    expect(new Set(linked.map((e) => e.districtEnrollmentBand)).size).toBe(5);
    // The Brazos Valley link the "District verified" demo relies on is still there.
    const james = await db().expert.findFirstOrThrow({ where: { user: { email: "james.whitfield@example.com" } } });
    expect(james.districtLeaid).toBe("4899901");
    // The whole seed, districts included, stays quick.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
