import "server-only";
import { createHash } from "node:crypto";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { CONSENT_VERSIONS, DEMO_ACCOUNTS, DEMO_PASSWORD } from "@/lib/accounts/constants";
import { hashPassword } from "@/lib/accounts/password";
import { addDays, nextFriday, utcDate } from "@/lib/platform/dates";
import { payoutDueDate } from "@/lib/money/policy";
import { postOpeningBalance } from "@/lib/money/wallet";
import { reserveIncentive } from "@/lib/money/reservations";
import { DEMO_SURVEY_URL } from "@/lib/site/demo-survey";
import { newSurveyCode } from "@/lib/engagements/survey-codes";
import { seedDemoConsent } from "@/lib/engagements/consent/demo";
import { zonedTimeToUtc } from "@/lib/platform/zoned-time";
import { ensureOrganization } from "@/lib/accounts/founding";
import { seedSampleDistricts } from "@/lib/site/demo-districts";
import { syncSessionMeeting } from "@/lib/engagements/meeting-links";
import { createJitsiProvider } from "@/lib/meetings/jitsi";
import { env } from "@/lib/platform/env";
import { DEMO_OFFICER_EMAIL, seedDistrictResearch } from "@/lib/site/demo-district-research";
import { PULSE_QUESTIONS, RATING_LABELS, SEED_EXPERTS, SEED_OPPORTUNITIES, weekdayHours } from "@/lib/site/demo-seed-data";

/** The seed's response: ok, code, message and the counts. */
export type SeedResult = {
  ok: boolean;
  code: string;
  message: string;
  stats: { clients: number; experts: number; projects: number; shortlists: number; invites: number; schedules: number };
};

/** A stable UUID per seed key, so every run writes the same rows (idempotent by id). */
export function seedId(key: string): string {
  const h = createHash("sha1").update(`k12-demo:${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const PULSE_AREAS = [
  "curriculum_expertise",
  "technology_integration",
  "student_engagement",
  "data_analysis",
  "leadership_management",
] as const;

/** The (seed) client account of a research organization whose study the demo expert takes part in. */
const seedClientEmail = (organization: string) =>
  `research.${organization
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}@example.com`;

/** Every e-mail the seed signs in as or creates: the demo accounts, the 15 experts and the studies' clients. */
export const SEED_EMAILS = [
  DEMO_ACCOUNTS.admin,
  DEMO_ACCOUNTS.client,
  DEMO_OFFICER_EMAIL,
  ...SEED_EXPERTS.map((e) => e.email),
  ...new Set(SEED_OPPORTUNITIES.map((o) => seedClientEmail(o.clientOrganization))),
];

type SeedEngagement = {
  key: string;
  projectId: string;
  expertId: string;
  clientUserId: string;
  origin: "invite" | "application";
  state: "invited" | "accepted" | "scheduled" | "completed";
  createdAt: Date;
  completedAt: Date | null;
  /** The client's rating of the expert (1-5, the same for preparation, insight and communication). */
  clientRating: number | null;
  message: string | null;
  session: { startsAt: Date; minutes: number; status: "scheduled" | "completed" } | null;
};

/** One engagement with its history (the steps that led to its state) and its session, once. */
async function seedEngagement(tx: Tx, e: SeedEngagement) {
  const id = seedId(`engagement:${e.key}`);
  if (
    await tx.engagement.findUnique({
      where: { projectId_expertId: { projectId: e.projectId, expertId: e.expertId } },
      select: { id: true },
    })
  )
    return;
  const { compensationCents, organizationId } = await tx.project.findUniqueOrThrow({
    where: { id: e.projectId },
    select: { compensationCents: true, organizationId: true },
  });
  await tx.engagement.create({
    data: {
      id,
      projectId: e.projectId,
      expertId: e.expertId,
      clientUserId: e.clientUserId,
      organizationId,
      origin: e.origin,
      state: e.state,
      message: e.message,
      createdAt: e.createdAt,
      completedAt: e.completedAt,
      incentiveCents: compensationCents,
      ...(e.clientRating
        ? {
            expertRating: {
              create: {
                expertId: e.expertId,
                preparation: e.clientRating,
                insight: e.clientRating,
                communication: e.clientRating,
                createdAt: e.completedAt ?? e.createdAt,
              },
            },
          }
        : {}),
    },
  });
  // Taken on as the transitions would: an accepted or scheduled engagement holds its incentive's reservation.
  if (e.state === "accepted" || e.state === "scheduled")
    await reserveIncentive(tx, { id, organizationId, projectId: e.projectId, incentiveCents: compensationCents }, "system");
  const started = e.origin === "invite" ? ("invited" as const) : ("applied" as const);
  const steps: {
    kind: string;
    from: typeof started | "accepted" | "scheduled" | null;
    to: SeedEngagement["state"] | typeof started;
    side: string;
  }[] = [{ kind: started, from: null, to: started, side: e.origin === "invite" ? "client" : "expert" }];
  if (e.state !== "invited")
    steps.push({ kind: "accepted", from: started, to: "accepted", side: e.origin === "invite" ? "expert" : "client" });
  if (e.state === "scheduled" || e.state === "completed")
    steps.push({ kind: "scheduled", from: "accepted", to: "scheduled", side: "expert" });
  if (e.state === "completed") steps.push({ kind: "completed", from: "scheduled", to: "completed", side: "client" });
  await tx.engagementEvent.createMany({
    data: steps.map((s, i) => ({
      engagementId: id,
      actorSide: s.side,
      kind: s.kind,
      fromState: s.from,
      toState: s.to,
      createdAt: new Date(e.createdAt.getTime() + i * 3_600_000),
    })),
  });
  if (e.session) {
    await tx.engagementSession.create({
      data: {
        id: seedId(`session:${e.key}`),
        engagementId: id,
        startsAt: e.session.startsAt,
        endsAt: new Date(e.session.startsAt.getTime() + e.session.minutes * 60_000),
        status: e.session.status,
      },
    });
    if (e.session.status === "scheduled")
      await syncSessionMeeting(tx, { kind: "engagement", id: seedId(`session:${e.key}`) }, seedMeetings());
  }
}

/** The demo's meetings are Jitsi rooms whatever MEETING_PROVIDER says: seeding never calls Zoom or Teams. */
const seedMeetings = () => createJitsiProvider({ baseUrl: env().MEETING_BASE_URL });

const notOurs = (email: string) =>
  new AppError(
    "CONFLICT",
    `The demo e-mail ${email} belongs to an account the demo seed did not create, so nothing was seeded. Remove that account or seed an empty database.`,
  );

/**
 * Creates a demo account marked createdBySeed, or returns the one an earlier seed created.
 * An account with a demo e-mail that the seed did not create (someone registered
 * admin@example.com, say) is never given a role or changed: the whole seed is refused.
 */
async function upsertUser(tx: Tx, email: string, firstName: string, lastName: string, passwordHash: string) {
  const user = await tx.user.upsert({
    where: { email },
    create: { email, firstName, lastName, emailVerifiedAt: new Date(), createdBySeed: true, password: { create: { hash: passwordHash } } },
    update: {},
  });
  if (!user.createdBySeed) throw notOurs(email);
  // The demo people have used the product before (they have studies, earnings, history): one
  // ended sign-in a month ago, so they are greeted as returning, as real users of that age are.
  const past = new Date(Date.now() - 30 * 86_400_000);
  await tx.authSession.upsert({
    where: { id: seedId(`past-session:${email}`) },
    create: {
      id: seedId(`past-session:${email}`),
      userId: user.id,
      kind: "browser",
      createdAt: past,
      lastSeenAt: past,
      authenticatedAt: past,
      expiresAt: past,
      revokedAt: past,
      revokedReason: "logout",
      userAgent: "demo seed",
    },
    update: {},
  });
  return user;
}

/** Refuses before any work when a demo e-mail belongs to an account the seed did not create. */
async function assertSeedEmailsAreOurs() {
  const foreign = await db().user.findFirst({ where: { email: { in: SEED_EMAILS }, createdBySeed: false }, select: { email: true } });
  if (foreign) throw notOurs(foreign.email);
}

async function grantRole(tx: Tx, userId: string, role: "admin" | "client" | "expert") {
  await tx.userRole.upsert({ where: { userId_role: { userId, role } }, create: { userId, role }, update: {} });
}

/**
 * The demo data set: three demo accounts, 15 experts, 1 open project, 8 shortlists,
 * 5 invites, 3 schedules and the demo expert's dashboard rows. Running it again creates
 * nothing twice, and it only ever creates or adds to accounts it created itself (see upsertUser).
 * Used by `npm run db:seed`, `npm run demo` and POST /api/admin-seed-demo (DEMO_MODE=1 only).
 */
export async function seedDemoData(now = new Date()): Promise<SeedResult> {
  await assertSeedEmailsAreOurs();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = utcDate(now);

  await db().$transaction(
    async (tx) => {
      const admin = await upsertUser(tx, DEMO_ACCOUNTS.admin, "Alex", "Admin", passwordHash);
      await grantRole(tx, admin.id, "admin");
      await ensureOrganization(tx, { name: "Alex Admin", ownerUserId: admin.id });

      const client = await upsertUser(tx, DEMO_ACCOUNTS.client, "Jordan", "Reyes", passwordHash);
      await grantRole(tx, client.id, "client");
      await tx.clientProfile.upsert({
        where: { userId: client.id },
        create: { userId: client.id, organization: "Learning Insights Research Group", roleTitle: "Research Director" },
        update: {},
      });
      const clientOrgId = await ensureOrganization(tx, { name: "Learning Insights Research Group", ownerUserId: client.id });

      const expertIds: Record<string, string> = {};
      for (const e of SEED_EXPERTS) {
        const user = await upsertUser(tx, e.email, e.firstName, e.lastName, passwordHash);
        await grantRole(tx, user.id, "expert");
        const pulseScores = Object.fromEntries(PULSE_AREAS.map((a, i) => [a, e.pulse[i]]));
        const pulseScore = Math.round((e.pulse.reduce((s, v) => s + v, 0) / e.pulse.length) * 10);
        const expert = await tx.expert.upsert({
          where: { userId: user.id },
          create: {
            id: seedId(`expert:${e.key}`),
            userId: user.id,
            roleTitle: e.roleTitle,
            organizationName: e.organizationName,
            organizationType:
              e.districtType === "charter" ? "Charter network" : e.districtType === "private" ? "Private school" : "School district",
            department: e.department,
            state: e.state,
            city: e.city,
            zipCode: e.zipCode,
            countryCode: "+1",
            phone: "555-010-" + String(1000 + SEED_EXPERTS.indexOf(e)).slice(-4),
            bio: e.bio,
            verificationStatus: e.verificationStatus,
            linkedinVerified: e.linkedinVerified,
            linkedinUrl: `https://www.linkedin.com/in/${e.firstName.toLowerCase()}-${e.lastName.toLowerCase()}-k12`,
            linkedinHeadline: `${e.roleTitle} at ${e.organizationName}`,
            yearsExperience: e.yearsExperience,
            tags: e.tags,
            toolsPlatforms: e.toolsPlatforms,
            districtType: e.districtType,
            districtSize: e.districtSize,
            urbanicity: e.urbanicity,
            purchaseInfluence: e.yearsExperience > 15 ? "high" : "medium",
            researchTypes: e.researchTypes,
            availabilityStatus: e.availabilityStatus,
            availabilityHours: weekdayHours(["09:00", "10:00", "14:00", "15:00", "16:00"]),
            interviewPreferences: ["video_calls", "phone_calls"],
            maxHoursPerWeek: 5,
            timeZone:
              e.state === "CA" ? "America/Los_Angeles" : e.state === "TX" || e.state === "IL" ? "America/Chicago" : "America/New_York",
            isPublicProfile: e.isPublicProfile,
            showOrganization: e.showOrganization ?? true,
            showRates: e.showRates ?? true,
            hourlyRateMinCents: cents(e.rateMin),
            hourlyRateMaxCents: cents(e.rateMax),
            preferredPaymentMethod: "paypal",
            paypalEmail: e.email,
            w9Consent: true,
            stepBasics: true,
            stepLinkedin: true,
            stepExpertise: true,
            stepPreferences: true,
            stepPayments: true,
            stepPulse: true,
            pulseScores,
            pulseScore,
            improvementAreas: ["data_analysis"],
            createdAt: addDays(now, -SEED_EXPERTS.indexOf(e) * 3 - 1),
          },
          update: {},
        });
        expertIds[e.key] = expert.id;
        await tx.userConsent.createMany({
          data: [
            {
              id: seedId(`consent:${e.key}`),
              userId: user.id,
              consentType: "PRIVACY",
              version: CONSENT_VERSIONS.PRIVACY,
              ipAddress: "127.0.0.1",
              userAgent: "demo seed",
              acceptedAt: addDays(now, -SEED_EXPERTS.indexOf(e) * 3 - 1),
            },
          ],
          skipDuplicates: true,
        });
      }

      // The client's open project; its opportunity is offered to experts as Open.
      const projectId = seedId("project:open");
      await tx.project.upsert({
        where: { id: projectId },
        create: {
          id: projectId,
          organizationId: clientOrgId,
          clientUserId: client.id,
          title: "Middle School Math Intervention Study",
          description: "Interviews with principals and math leads about how intervention blocks are scheduled and staffed.",
          projectType: "interview",
          compensationCents: cents(150),
          estimatedDurationMinutes: 45,
          locationType: "video",
          deadline: addDays(today, 30),
        },
        update: {},
      });

      const projectOpportunityId = seedId("opportunity:project-open");
      await tx.opportunity.upsert({
        where: { id: projectOpportunityId },
        create: {
          id: projectOpportunityId,
          projectId,
          title: "Middle School Math Intervention Study",
          clientOrganization: "Learning Insights Research Group",
          description: "Interviews with principals and math leads about how intervention blocks are scheduled and staffed.",
          compensationCents: cents(150),
          opportunityType: "interview",
          estimatedDurationMinutes: 45,
          locationType: "video",
          deadline: addDays(today, 30),
        },
        update: {},
      });

      // Every other study belongs to a research organization's own (seed) client account, so
      // each engagement has a client who can answer it.
      const projectIds: Record<string, string> = {};
      for (const o of SEED_OPPORTUNITIES) {
        const owner = await upsertUser(tx, seedClientEmail(o.clientOrganization), "Research", "Lead", passwordHash);
        await grantRole(tx, owner.id, "client");
        await tx.clientProfile.upsert({
          where: { userId: owner.id },
          create: { userId: owner.id, organization: o.clientOrganization, roleTitle: "Research Lead" },
          update: {},
        });
        const ownerOrgId = await ensureOrganization(tx, { name: o.clientOrganization, ownerUserId: owner.id });
        const id = seedId(`project:${o.key}`);
        projectIds[o.key] = id;
        const closed = o.key.startsWith("opp-completed");
        const deadline = addDays(today, o.deadlineDays);
        await tx.project.upsert({
          where: { id },
          create: {
            id,
            organizationId: ownerOrgId,
            clientUserId: owner.id,
            title: o.title,
            description: o.description,
            projectType: o.type,
            compensationCents: cents(o.compensation),
            estimatedDurationMinutes: o.minutes,
            locationType: o.location,
            deadline,
            quota: 10,
            status: closed ? "closed" : "open",
            closedAt: closed ? deadline : null,
          },
          update: {},
        });
        // A demo survey runs on the site's own sample survey page, which stands in for a client's
        // survey tool; set once, also on data seeded before surveys had links.
        if (o.type === "survey")
          await tx.project.updateMany({
            where: { id, surveyUrl: null },
            data: {
              surveyUrl: DEMO_SURVEY_URL,
              completionCode: newSurveyCode(),
              screenOutCode: newSurveyCode(),
              overQuotaCode: newSurveyCode(),
              screenOutCents: cents(5),
            },
          });
        // The demo survey carries its own consent form, signed before it starts.
        if (o.key === "opp-open-2") await seedDemoConsent(tx, id, seedId(`study-document:${o.key}:1`), owner.id);
        // A demo focus group offers two sessions a week and two weeks out (6 seats, 1 backup each),
        // so accepted experts have seats to take; set once, also on data seeded before focus groups had sessions.
        if (o.type === "focus_group") {
          await tx.project.update({ where: { id }, data: { backupFeeCents: cents(40) } });
          for (const [n, days] of [
            [1, 7],
            [2, 14],
          ] as const) {
            const startsAt = zonedTimeToUtc(addDays(today, days).toISOString().slice(0, 10), "16:00", "America/New_York");
            await tx.studySession.upsert({
              where: { id: seedId(`study-session:${o.key}:${n}`) },
              create: {
                id: seedId(`study-session:${o.key}:${n}`),
                projectId: id,
                startsAt,
                endsAt: new Date(startsAt.getTime() + o.minutes * 60_000),
                seats: 6,
                backupSeats: 1,
              },
              update: {},
            });
            await syncSessionMeeting(tx, { kind: "study", id: seedId(`study-session:${o.key}:${n}`) }, seedMeetings());
          }
        }
        await tx.opportunity.upsert({
          where: { id: seedId(`opportunity:${o.key}`) },
          create: {
            id: seedId(`opportunity:${o.key}`),
            projectId: id,
            title: o.title,
            clientOrganization: o.clientOrganization,
            description: o.description,
            compensationCents: cents(o.compensation),
            opportunityType: o.type,
            estimatedDurationMinutes: o.minutes,
            locationType: o.location,
            deadline,
            status: closed ? "closed" : "open",
          },
          update: {},
        });
      }

      // The demo expert's engagements: an invite to answer, one accepted without a time (Pick
      // Time), one scheduled, two completed (the latest awaits feedback).
      const demo = expertIds["demo-expert"];
      const demoEngagements = [
        { key: "opp-invited", origin: "invite" as const, state: "invited" as const, startsAt: null, completedAt: null, clientRating: null },
        {
          key: "opp-accepted",
          origin: "application" as const,
          state: "accepted" as const,
          startsAt: null,
          completedAt: null,
          clientRating: null,
        },
        {
          key: "opp-scheduled",
          origin: "application" as const,
          state: "scheduled" as const,
          startsAt: addDays(now, 3),
          completedAt: null,
          clientRating: null,
        },
        {
          key: "opp-completed-1",
          origin: "application" as const,
          state: "completed" as const,
          startsAt: addDays(now, -25),
          completedAt: addDays(now, -24),
          clientRating: 5,
        },
        {
          key: "opp-completed-2",
          origin: "application" as const,
          state: "completed" as const,
          startsAt: addDays(now, -6),
          completedAt: addDays(now, -5),
          clientRating: 4,
        },
      ];
      for (const d of demoEngagements) {
        const project = await tx.project.findUniqueOrThrow({
          where: { id: projectIds[d.key] },
          select: { clientUserId: true, estimatedDurationMinutes: true },
        });
        await seedEngagement(tx, {
          key: `${d.key}:demo`,
          projectId: projectIds[d.key],
          expertId: demo,
          clientUserId: project.clientUserId,
          origin: d.origin,
          state: d.state,
          createdAt: addDays(now, -30),
          completedAt: d.completedAt,
          clientRating: d.clientRating,
          session: d.startsAt
            ? {
                startsAt: d.startsAt,
                minutes: project.estimatedDurationMinutes,
                status: d.state === "completed" ? "completed" : "scheduled",
              }
            : null,
          message: null,
        });
      }
      await tx.feedbackSubmission.createMany({
        data: [
          {
            expertId: demo,
            opportunityId: seedId("opportunity:opp-completed-1"),
            rating: 5,
            experienceRating: 5,
            communicationRating: 4,
            feedbackText: "Well organised and respectful of my time.",
            wouldRecommend: true,
          },
        ],
        skipDuplicates: true,
      });

      // 8 shortlists; 5 invites to the client's open project (the demo expert's shows in
      // Invited), three of them accepted and scheduled (the 3 schedules).
      const publicKeys = SEED_EXPERTS.filter((e) => e.verificationStatus === "verified" && e.isPublicProfile).map((e) => e.key);
      await tx.shortlist.createMany({
        data: publicKeys.slice(0, 8).map((k) => ({
          id: seedId(`shortlist:${k}`),
          organizationId: clientOrgId,
          clientUserId: client.id,
          expertId: expertIds[k],
        })),
        skipDuplicates: true,
      });
      // The demo expert and four others; James Whitfield and Aisha Bello (the access matrix's
      // second expert and the one admins view as) stay strangers to the demo client.
      for (const [i, k] of [publicKeys[0], ...publicKeys.slice(3, 7)].entries()) {
        const scheduled = i >= 1 && i <= 3;
        await seedEngagement(tx, {
          key: `invite:${k}`,
          projectId,
          expertId: expertIds[k],
          clientUserId: client.id,
          origin: "invite",
          state: scheduled ? "scheduled" : "invited",
          createdAt: addDays(now, -4),
          completedAt: null,
          clientRating: null,
          session: scheduled ? { startsAt: addDays(now, 1 + i), minutes: 45, status: "scheduled" } : null,
          message: "We would value your perspective on intervention scheduling.",
        });
      }

      // One active survey per week of the year, so the current week always has one.
      await tx.pulseSurvey.createMany({
        data: Array.from({ length: 53 }, (_, i) => {
          const q = PULSE_QUESTIONS[i % PULSE_QUESTIONS.length];
          return {
            id: seedId(`pulse:${i + 1}`),
            title: q.title,
            question: q.question,
            surveyType: q.type,
            options: q.type === "rating" ? RATING_LABELS : [],
            weekNumber: i + 1,
            isActive: true,
          };
        }),
        skipDuplicates: true,
      });

      // The demo expert's wallet, payouts and availability.
      const demoUserId = (await tx.expert.findUniqueOrThrow({ where: { id: demo }, select: { userId: true } })).userId;
      // $450 earned: $125 in review, $75 available, the $100 payout on its way and $150 paid.
      await postOpeningBalance(
        tx,
        demoUserId,
        { pendingCents: cents(125), availableCents: cents(75), inTransitCents: cents(100), paidOutCents: cents(150) },
        "seed:demo-wallet",
      );
      await tx.payout.createMany({
        data: [
          {
            id: seedId("payout:1"),
            userId: demoUserId,
            amountCents: cents(150),
            status: "paid",
            paymentMethod: "paypal",
            estimatedPayoutDate: addDays(today, -20),
            actualPayoutDate: addDays(today, -19),
            createdAt: addDays(now, -25),
          },
          {
            id: seedId("payout:2"),
            userId: demoUserId,
            amountCents: cents(100),
            status: "processing",
            paymentMethod: "paypal",
            estimatedPayoutDate: nextFriday(now),
            dueDate: payoutDueDate(addDays(now, -2)),
            createdAt: addDays(now, -2),
          },
        ],
        skipDuplicates: true,
      });
      await tx.availabilitySlot.createMany({
        data: [1, 2, 4].flatMap((d) => [
          {
            id: seedId(`slot:${d}:a`),
            expertId: demo,
            date: addDays(today, d),
            startTime: "10:00",
            endTime: "11:00",
            timezone: "America/Los_Angeles",
          },
          {
            id: seedId(`slot:${d}:b`),
            expertId: demo,
            date: addDays(today, d),
            startTime: "14:00",
            endTime: "15:30",
            timezone: "America/Los_Angeles",
          },
        ]),
        skipDuplicates: true,
      });
    },
    { timeout: 60_000, maxWait: 10_000 },
  );

  await seedSampleDistricts(now);
  await seedDistrictResearch(now, passwordHash);
  await seedDemoIncentiveDefault();

  return { ok: true, code: "OK", message: "Demo data seeded successfully", stats: await seedStats() };
}

/** Counts of the demo data set as it stands (the seed response's stats). */
export async function seedStats(): Promise<SeedResult["stats"]> {
  const client = await db().user.findUnique({ where: { email: DEMO_ACCOUNTS.client }, select: { id: true } });
  const clientUserId = client?.id ?? "00000000-0000-0000-0000-000000000000";
  const [clients, experts, projects, shortlists, invites, schedules] = await Promise.all([
    db().userRole.count({ where: { role: "client", user: { email: DEMO_ACCOUNTS.client } } }),
    db().expert.count({ where: { user: { email: { in: SEED_EXPERTS.map((e) => e.email) } } } }),
    db().project.count({ where: { clientUserId, status: "open" } }),
    db().shortlist.count({ where: { clientUserId } }),
    db().engagement.count({ where: { clientUserId, origin: "invite" } }),
    db().engagementSession.count({ where: { engagement: { clientUserId } } }),
  ]);
  return { clients, experts, projects, shortlists, invites, schedules };
}

// ───────────── pay, donate or decline (demo) ─────────────
// One seeded educator donates by default: Victor Alvarez, whose school e-mail links him to the
// demo officer's district (no other spec signs in as him). Set once; a choice he changed stays.
const DEMO_DONOR_EMAIL = "victor.alvarez@example.com";

async function seedDemoIncentiveDefault() {
  const donor = await db().user.findFirst({
    where: { email: DEMO_DONOR_EMAIL, createdBySeed: true, expert: { districtLeaid: { not: null } } },
    select: { id: true },
  });
  if (!donor) return;
  await db().expertIncentivePreference.upsert({ where: { userId: donor.id }, create: { userId: donor.id, choice: "donate" }, update: {} });
}
