// Run by scripts/bench-capacity.mjs against its throwaway database, after the demo seed: enlarges the
// demo data set to a realistic signed-in population, so pages read tables of a real size and every
// virtual user has their own rows. BENCH_EXPERTS (default 200, the seed's included), BENCH_CLIENTS
// (20, the demo client included) and BENCH_ADMINS (2) people, each with the demo password; every
// expert with engagements in every state across the clients' studies (two completed, with their
// earnings booked as a completed session books them), availability to pick a time from, a payout
// history and notifications; every client with open studies, a shortlist and a pipeline.
// Prints one JSON line: how many of each it made.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import { CONSENT_VERSIONS, DEMO_ACCOUNTS } from "@/lib/accounts/constants";
import { addDays, utcDate } from "@/lib/platform/dates";
import { bookEarning } from "@/lib/money/earnings";
import { releaseEarning } from "@/lib/engagements/earnings-review";
import { postOpeningBalance } from "@/lib/money/wallet";

const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const ADMINS = Number(process.env.BENCH_ADMINS ?? 2);
const STUDIES_PER_CLIENT = 2;

const now = new Date();
const today = utcDate(now);
const prisma = db();

const { hash } = await prisma.passwordCredential.findFirstOrThrow({
  where: { user: { email: DEMO_ACCOUNTS.expert } },
  select: { hash: true },
});

/** New accounts with the demo password and one role, `count` of them, e-mail `bench-<role>-<i>@example.org`. */
async function people(role: "admin" | "client" | "expert", count: number) {
  const rows = Array.from({ length: Math.max(0, count) }, (_, i) => ({
    id: randomUUID(),
    email: `bench-${role}-${i}@example.org`,
    firstName: ["Avery", "Blake", "Casey", "Devon", "Emerson", "Finley", "Gray", "Harper"][i % 8],
    lastName: `${["Lopez", "Nguyen", "Okafor", "Patel", "Quinn", "Rossi", "Schmidt", "Tanaka"][(i >> 3) % 8]} ${i}`,
    emailVerifiedAt: addDays(now, -60),
  }));
  await prisma.user.createMany({ data: rows });
  await prisma.passwordCredential.createMany({ data: rows.map((u) => ({ userId: u.id, hash })) });
  await prisma.userRole.createMany({ data: rows.map((u) => ({ userId: u.id, role })) });
  return rows;
}

const seedExperts = await prisma.expert.findMany({ select: { id: true, userId: true } });
const seedClients = await prisma.user.findMany({ where: { email: DEMO_ACCOUNTS.client }, select: { id: true } });
const seedAdmins = await prisma.userRole.count({ where: { role: "admin" } });

// ── clients and their studies ──
const newClients = await people("client", CLIENTS - seedClients.length);
await prisma.clientProfile.createMany({
  data: newClients.map((c, i) => ({ userId: c.id, organization: `Bench Research Group ${i}`, roleTitle: "Research Director" })),
});
// Each client owns a one-member organization, as registration makes.
const benchOrganizations = newClients.map((c, i) => ({ id: randomUUID(), userId: c.id, name: `Bench Research Group ${i}` }));
await prisma.organization.createMany({ data: benchOrganizations.map(({ id, name }) => ({ id, name })) });
await prisma.organizationMember.createMany({
  data: benchOrganizations.map(({ id, userId }) => ({ userId, organizationId: id, role: "owner" as const })),
});
const organizationOf = new Map(
  (await prisma.organizationMember.findMany({ select: { userId: true, organizationId: true } })).map((m) => [m.userId, m.organizationId]),
);
const orgOf = (clientUserId: string) => organizationOf.get(clientUserId)!;
const TOPICS = [
  "Literacy Intervention",
  "Math Curriculum",
  "EdTech Adoption",
  "Teacher Retention",
  "School Safety",
  "Family Engagement",
  "Assessment Practice",
  "Special Education",
];
const studies = newClients.flatMap((c, i) =>
  Array.from({ length: STUDIES_PER_CLIENT }, (_, j) => {
    const topic = TOPICS[(i * STUDIES_PER_CLIENT + j) % TOPICS.length];
    return {
      id: randomUUID(),
      clientUserId: c.id,
      organization: `Bench Research Group ${i}`,
      title: `${topic} Study ${i}-${j}`,
      description: `Interviews with school and district leaders about ${topic.toLowerCase()}: what works, what it costs and who decides.`,
      compensationCents: 10_000 + 2_500 * ((i + j) % 5),
      minutes: [30, 45, 60][j % 3],
      deadline: addDays(today, 14 + ((i + j) % 20)),
    };
  }),
);
await prisma.project.createMany({
  data: studies.map((s) => ({
    id: s.id,
    organizationId: orgOf(s.clientUserId),
    clientUserId: s.clientUserId,
    title: s.title,
    description: s.description,
    projectType: "interview",
    compensationCents: s.compensationCents,
    estimatedDurationMinutes: s.minutes,
    locationType: "video",
    deadline: s.deadline,
    quota: 40,
  })),
});
await prisma.opportunity.createMany({
  data: studies.map((s) => ({
    projectId: s.id,
    title: s.title,
    clientOrganization: s.organization,
    description: s.description,
    compensationCents: s.compensationCents,
    opportunityType: "interview",
    estimatedDurationMinutes: s.minutes,
    locationType: "video",
    deadline: s.deadline,
  })),
});

// ── experts ──
const newExpertUsers = await people("expert", EXPERTS - seedExperts.length);
const STATES = ["CA", "TX", "NY", "FL", "IL", "OH", "WA", "GA"];
const ROLES = ["Principal", "Teacher", "Curriculum Director", "Superintendent", "Instructional Coach", "Technology Director"];
const TAGS = [
  "Leadership",
  "Curriculum Development",
  "Assessment",
  "Literacy",
  "STEM",
  "Special Education",
  "Professional Development",
  "EdTech",
];
const newExperts = newExpertUsers.map((u, i) => ({ id: randomUUID(), userId: u.id, i }));
await prisma.expert.createMany({
  data: newExperts.map(({ id, userId, i }) => ({
    id,
    userId,
    roleTitle: ROLES[i % ROLES.length],
    organizationName: `Bench Unified School District ${i % 40}`,
    organizationType: "School district",
    department: "Administration",
    state: STATES[i % STATES.length],
    city: "Springfield",
    zipCode: String(10_000 + i),
    bio: `${ROLES[i % ROLES.length]} for ${5 + (i % 25)} years. I work on ${TAGS[i % TAGS.length].toLowerCase()} and ${TAGS[(i + 3) % TAGS.length].toLowerCase()} with teachers and families.`,
    verificationStatus: i % 10 === 9 ? "pending" : "verified",
    linkedinVerified: i % 3 === 0,
    yearsExperience: 5 + (i % 25),
    tags: [TAGS[i % TAGS.length], TAGS[(i + 3) % TAGS.length]],
    toolsPlatforms: ["Zoom", "Google Classroom"],
    districtType: "public",
    districtSize: (["small", "medium", "large"] as const)[i % 3],
    urbanicity: (["urban", "suburban", "rural"] as const)[i % 3],
    researchTypes: ["video_interviews", "online_surveys"],
    availabilityStatus: "available",
    availabilityHours: { monday: ["09:00", "14:00"], wednesday: ["10:00", "15:00"], friday: ["09:00"] },
    timeZone: ["America/New_York", "America/Chicago", "America/Los_Angeles"][i % 3],
    hourlyRateMinCents: 8_000 + 1_000 * (i % 10),
    hourlyRateMaxCents: 15_000 + 1_000 * (i % 10),
    preferredPaymentMethod: "paypal",
    paypalEmail: `bench-expert-${i}@example.org`,
    w9Consent: true,
    stepBasics: true,
    stepLinkedin: true,
    stepExpertise: true,
    stepPreferences: true,
    stepPayments: true,
    stepPulse: true,
    pulseScore: 50 + (i % 50),
    createdAt: addDays(now, -(i % 300) - 1),
  })),
});
await prisma.userConsent.createMany({
  data: newExpertUsers.map((u) => ({
    userId: u.id,
    consentType: "PRIVACY",
    version: CONSENT_VERSIONS.PRIVACY,
    userAgent: "bench population",
    acceptedAt: addDays(now, -30),
  })),
});

// ── engagements: per new expert, one in each state across six clients' studies ──
type Step = { kind: string; side: "client" | "expert"; from: string | null; to: string };
const STEPS: Record<string, Step[]> = {
  invited: [{ kind: "invited", side: "client", from: null, to: "invited" }],
  applied: [{ kind: "applied", side: "expert", from: null, to: "applied" }],
  accepted: [
    { kind: "applied", side: "expert", from: null, to: "applied" },
    { kind: "accepted", side: "client", from: "applied", to: "accepted" },
  ],
};
STEPS.scheduled = [...STEPS.accepted, { kind: "scheduled", side: "expert", from: "accepted", to: "scheduled" }];
STEPS.completed = [...STEPS.scheduled, { kind: "completed", side: "client", from: "scheduled", to: "completed" }];
const PLAN = ["invited", "applied", "accepted", "scheduled", "completed", "completed"] as const;

const engagements: {
  id: string;
  projectId: string;
  expertId: string;
  expertUserId: string;
  clientUserId: string;
  state: (typeof PLAN)[number];
  incentiveCents: number;
  createdAt: Date;
  startsAt: Date | null;
  minutes: number;
  completedAt: Date | null;
}[] = [];
for (const e of newExperts) {
  PLAN.forEach((state, k) => {
    const s = studies[(e.i * 3 + k * 5) % studies.length];
    const createdAt = addDays(now, -40 + k * 3);
    const startsAt = state === "scheduled" ? addDays(now, 2 + (e.i % 10)) : state === "completed" ? addDays(now, k === 4 ? -20 : -2) : null;
    engagements.push({
      id: randomUUID(),
      projectId: s.id,
      expertId: e.id,
      expertUserId: e.userId,
      clientUserId: s.clientUserId,
      state,
      incentiveCents: s.compensationCents,
      createdAt,
      startsAt,
      minutes: s.minutes,
      completedAt: state === "completed" ? new Date(startsAt!.getTime() + s.minutes * 60_000) : null,
    });
  });
}
// Two engagements of one expert can land on one study: the later one is dropped.
const seen = new Set<string>();
const unique = engagements.filter((g) => !seen.has(`${g.projectId}/${g.expertId}`) && seen.add(`${g.projectId}/${g.expertId}`));
await prisma.engagement.createMany({
  data: unique.map((g) => ({
    id: g.id,
    projectId: g.projectId,
    expertId: g.expertId,
    clientUserId: g.clientUserId,
    organizationId: orgOf(g.clientUserId),
    origin: g.state === "invited" ? "invite" : "application",
    state: g.state,
    incentiveCents: g.incentiveCents,
    createdAt: g.createdAt,
    completedAt: g.completedAt,
  })),
});
await prisma.engagementEvent.createMany({
  data: unique.flatMap((g) =>
    STEPS[g.state].map((s, i) => ({
      engagementId: g.id,
      actorSide: s.side,
      actorUserId: s.side === "client" ? g.clientUserId : g.expertUserId,
      kind: s.kind,
      fromState: s.from as never,
      toState: s.to as never,
      createdAt: new Date(g.createdAt.getTime() + i * 3_600_000),
    })),
  ),
});
await prisma.engagementSession.createMany({
  data: unique
    .filter((g) => g.startsAt)
    .map((g) => ({
      engagementId: g.id,
      startsAt: g.startsAt!,
      endsAt: new Date(g.startsAt!.getTime() + g.minutes * 60_000),
      status: g.state === "completed" ? "completed" : "scheduled",
    })),
});
// Completed sessions earn what a completion books; the older one has left review. One after the
// other: a booking creates its parties' ledger accounts the first time.
for (const g of unique.filter((x) => x.state === "completed")) {
  const earning = await prisma.$transaction((tx) =>
    bookEarning(
      tx,
      {
        engagementId: g.id,
        clientUserId: g.clientUserId,
        organizationId: orgOf(g.clientUserId),
        projectId: g.projectId,
        expertUserId: g.expertUserId,
        incentiveCents: g.incentiveCents,
      },
      { kind: "session", now: g.completedAt!, actorUserId: g.clientUserId },
    ),
  );
  if (earning && g.completedAt!.getTime() < addDays(now, -10).getTime()) await releaseEarning(earning.id, now);
}

// Free slots on three coming weekdays, to pick a time for the accepted engagement from.
await prisma.availabilitySlot.createMany({
  data: newExperts.flatMap((e) =>
    [3, 5, 8].map((d) => ({
      expertId: e.id,
      date: addDays(today, d + (e.i % 5)),
      startTime: "16:00",
      endTime: "17:00",
      timezone: "America/New_York",
    })),
  ),
});
/** Runs `fn` over `items`, a few at a time (one transaction each). */
async function each<T>(items: T[], fn: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += 8) await Promise.all(items.slice(i, i + 8).map(fn));
}

// A payout history and a balance from before the ledger (each person's own accounts: a few at a time).
await each(newExperts, (e) =>
  prisma.$transaction((tx) =>
    postOpeningBalance(
      tx,
      e.userId,
      { availableCents: 5_000 + 100 * (e.i % 50), paidOutCents: 20_000 + 500 * (e.i % 40) },
      `bench-opening:${e.userId}`,
    ),
  ),
);
await prisma.payout.createMany({
  data: newExperts.flatMap((e) =>
    [30, 60, 90].map((d) => ({
      userId: e.userId,
      amountCents: 5_000 + 100 * (e.i % 50),
      status: "paid" as const,
      paymentMethod: "paypal" as const,
      estimatedPayoutDate: addDays(today, -d),
      actualPayoutDate: addDays(today, -d + 1),
      createdAt: addDays(now, -d - 3),
    })),
  ),
});

// Applicants on the demo client's open study, so its pipeline is a real one.
const demoStudy = await prisma.project.findFirst({
  where: { client: { email: DEMO_ACCOUNTS.client }, status: "open" },
  select: { id: true, clientUserId: true, organizationId: true, compensationCents: true },
});
if (demoStudy) {
  const applicants = newExperts.filter((e) => e.i % 5 === 0).map((e) => ({ id: randomUUID(), e }));
  await prisma.engagement.createMany({
    data: applicants.map(({ id, e }) => ({
      id,
      projectId: demoStudy.id,
      expertId: e.id,
      clientUserId: demoStudy.clientUserId,
      organizationId: demoStudy.organizationId,
      origin: "application",
      state: "applied",
      incentiveCents: demoStudy.compensationCents,
      createdAt: addDays(now, -3),
    })),
  });
  await prisma.engagementEvent.createMany({
    data: applicants.map(({ id, e }) => ({
      engagementId: id,
      actorSide: "expert",
      actorUserId: e.userId,
      kind: "applied",
      toState: "applied",
      createdAt: addDays(now, -3),
    })),
  });
}

// Shortlists: each new client keeps eight experts.
await prisma.shortlist.createMany({
  data: newClients.flatMap((c, i) =>
    Array.from({ length: 8 }, (_, k) => ({
      organizationId: orgOf(c.id),
      clientUserId: c.id,
      expertId: newExperts[(i * 8 + k) % newExperts.length].id,
    })),
  ),
  skipDuplicates: true,
});

// Notifications: a dozen for each new person, the older half read.
const notified = [
  ...newExpertUsers.map((u) => ({ id: u.id, href: "/dashboard" })),
  ...newClients.map((c) => ({ id: c.id, href: "/client/dashboard" })),
];
await prisma.notification.createMany({
  data: notified.flatMap((u) =>
    Array.from({ length: 12 }, (_, k) => ({
      userId: u.id,
      kind: "bench",
      title: `Update ${k + 1}`,
      body: "Something changed in one of your studies.",
      href: u.href,
      createdAt: addDays(now, -k * 2),
      readAt: k >= 6 ? addDays(now, -k * 2 + 1) : null,
    })),
  ),
});

const newAdmins = await people("admin", ADMINS - seedAdmins);
console.log(
  JSON.stringify({
    experts: seedExperts.length + newExperts.length,
    clients: seedClients.length + newClients.length,
    admins: seedAdmins + newAdmins.length,
    studies: studies.length,
    engagements: unique.length,
  }),
);
await prisma.$disconnect();
