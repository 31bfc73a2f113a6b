// The demo's district research approval: the sample districts' research policies (one of every
// kind: approval required for all research or only in school hours, none required, not known,
// none on file), the district research officer account (district@example.com, an officer of
// Westside Mesa ISD through a confirmed school e-mail on its domain), and the demo study's
// districts: one approved, one requested (waiting in the officer's queue), one declined.
// Sample data like the districts themselves; idempotent.
import "server-only";
import { db } from "@/lib/platform/db";
import { addDays } from "@/lib/platform/dates";
import { DEMO_ACCOUNTS } from "@/lib/accounts/constants";
import { schoolYearOf } from "@/lib/experts/work-email-rules";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The officer's sign-in (with the demo password). */
export const DEMO_OFFICER_EMAIL = "district@example.com";
/** The officer's district: its demo staff member is Victor Alvarez. */
export const OFFICER_LEAID = "4899902";

const SOURCE = "Sample policy (demo seed, not real data)";
type Policy = Omit<Prisma.DistrictResearchPolicyUncheckedCreateInput, "leaid" | "source" | "sourceDate">;
const office = (domain: string, days: number): Policy => ({
  officeName: "Office of Research and Evaluation",
  officeEmail: `research@${domain}`,
  officeUrl: `https://www.${domain}/research`,
  typicalReviewDays: days,
});

const POLICIES: Record<string, Policy> = {
  "0699901": {
    approvalRequired: "yes",
    scope: "all_staff_research",
    ...office("harborunified.example", 21),
    documents: ["application", "irb_letter", "instruments"],
    giftLimitCents: 5000,
  },
  "3999901": { approvalRequired: "no" },
  "1299901": {
    approvalRequired: "yes",
    scope: "all_staff_research",
    ...office("coralbayschools.example", 30),
    documents: ["application", "irb_letter", "instruments", "consent_letter"],
  },
  [OFFICER_LEAID]: {
    approvalRequired: "yes",
    scope: "school_hours_or_devices",
    ...office("westsidemesaisd.example", 14),
    documents: ["application", "instruments"],
  },
  "1799902": {
    approvalRequired: "yes",
    scope: "all_staff_research",
    ...office("lakeshoretownship.example", 21),
    documents: ["application", "irb_letter", "principal_support"],
  },
  "4899901": { approvalRequired: "no" },
  "1299902": {
    approvalRequired: "yes",
    scope: "all_staff_research",
    typicalReviewDays: 60,
    documents: ["application", "irb_letter", "instruments", "consent_letter", "principal_support"],
  },
  "1399901": { approvalRequired: "unknown" },
  "3699901": { approvalRequired: "no" },
  "0699902": { approvalRequired: "unknown" },
  "1799901": { approvalRequired: "no" },
  "4299901": { approvalRequired: "no", giftLimitCents: 10_000 },
};

/** The demo study's answers: Coral Bay approved, Westside Mesa asked, Lakeshore declined. */
const DEMO_STUDY_ANSWERS = [
  { leaid: "1299901", status: "approved" as const, note: "Surveys outside instructional time only." },
  { leaid: OFFICER_LEAID, status: "requested" as const, note: null },
  { leaid: "1799902", status: "declined" as const, note: "Spring testing window: no outside research with staff until May." },
];

export async function seedDistrictResearch(now: Date, passwordHash: string) {
  const sourceDate = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const onFile = new Set(
    (await db().district.findMany({ where: { leaid: { in: Object.keys(POLICIES) } }, select: { leaid: true } })).map((d) => d.leaid),
  );
  for (const [leaid, p] of Object.entries(POLICIES)) {
    if (!onFile.has(leaid)) continue;
    await db().districtResearchPolicy.upsert({ where: { leaid }, create: { leaid, ...p, source: SOURCE, sourceDate }, update: {} });
  }
  await seedOfficer(now, passwordHash);
  await seedDemoStudyAnswers(now);
}

async function seedOfficer(now: Date, passwordHash: string) {
  const user = await db().user.upsert({
    where: { email: DEMO_OFFICER_EMAIL },
    create: {
      email: DEMO_OFFICER_EMAIL,
      firstName: "Dana",
      lastName: "Ortiz",
      emailVerifiedAt: now,
      createdBySeed: true,
      password: { create: { hash: passwordHash } },
      roles: { create: [{ role: "expert" }] },
    },
    update: {},
  });
  if (!user.createdBySeed) return;
  await db().expert.upsert({
    where: { userId: user.id },
    create: {
      userId: user.id,
      roleTitle: "Director of Research and Evaluation",
      organizationName: "Westside Mesa ISD (sample)",
      state: "TX",
      city: "San Antonio",
      timeZone: "America/Chicago",
      verificationStatus: "verified",
      isPublicProfile: false,
      stepBasics: true,
      stepLinkedin: true,
      stepExpertise: true,
      stepPreferences: true,
      stepPayments: true,
      stepPulse: true,
      workEmail: "dana.ortiz@westsidemesaisd.example",
      workEmailDomain: "westsidemesaisd.example",
      workEmailConfirmedAt: now,
      workEmailVerifiedAt: now,
      workEmailSchoolYear: schoolYearOf(now, "America/Chicago"),
      districtLeaid: OFFICER_LEAID,
    },
    update: {},
  });
  await db().districtOfficer.upsert({
    where: { userId_leaid: { userId: user.id, leaid: OFFICER_LEAID } },
    create: { userId: user.id, leaid: OFFICER_LEAID },
    update: {},
  });
}

async function seedDemoStudyAnswers(now: Date) {
  const study = await db().project.findFirst({
    where: { client: { email: DEMO_ACCOUNTS.client } },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      clientUserId: true,
      title: true,
      description: true,
      estimatedDurationMinutes: true,
      organization: { select: { name: true } },
    },
  });
  if (!study) return;
  for (const a of DEMO_STUDY_ANSWERS) {
    const existing = await db().projectDistrictApproval.findUnique({ where: { projectId_leaid: { projectId: study.id, leaid: a.leaid } } });
    if (existing) continue;
    const requestedAt = addDays(now, -6);
    const packet = {
      title: study.title,
      purpose: study.description,
      format: "an interview",
      askOfStaff: `an interview of about ${study.estimatedDurationMinutes} minutes per staff member`,
      dates: `Opened ${addDays(now, -10).toISOString().slice(0, 10)}`,
      instruments: "The interview guide: eight questions on curriculum adoption (sample).",
      irbLetter: "Not provided",
      consentDocument: "Not provided",
      organization: study.organization.name,
      contact: `${DEMO_ACCOUNTS.client}`,
    };
    const row = await db().projectDistrictApproval.create({
      data: {
        projectId: study.id,
        leaid: a.leaid,
        status: a.status,
        addedBy: "search",
        requestedAt,
        requestedById: study.clientUserId,
        packet,
        answeredAt: a.status === "requested" ? null : addDays(now, -2),
        expiresOn: a.status === "approved" ? new Date(`${addDays(now, 180).toISOString().slice(0, 10)}T00:00:00Z`) : null,
        conditions: a.status === "approved" ? a.note : null,
        declineReason: a.status === "declined" ? a.note : null,
      },
    });
    const events = [
      { kind: "added", actorSide: "researcher", actorUserId: study.clientUserId, note: null, createdAt: addDays(now, -7) },
      { kind: "requested", actorSide: "researcher", actorUserId: study.clientUserId, note: null, createdAt: requestedAt },
      ...(a.status === "requested"
        ? []
        : [{ kind: a.status, actorSide: "office", actorUserId: null, note: a.note, createdAt: addDays(now, -2) }]),
    ];
    await db().projectDistrictApprovalEvent.createMany({ data: events.map((e) => ({ approvalId: row.id, ...e })) });
  }
}
