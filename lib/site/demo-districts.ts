import "server-only";
import { db } from "@/lib/platform/db";
import { schoolYearOf } from "@/lib/experts/work-email-rules";

// The demo's district directory: a handful of SAMPLE districts, invented for the demo and named
// so on screen. Their LEAIDs (state code, then 999xx) and figures are made up; none is a real
// district and no number here is data. One demo expert's school e-mail names one of them, so the
// demo shows "District verified" to the client. A real directory comes from the public files
// (Admin › Districts, or npm run districts:import).

const SAMPLE_YEAR = { year: "sample", file: "demo seed (sample, not real data)" };

const SAMPLE_DISTRICTS = [
  {
    leaid: "4899901",
    name: "Brazos Valley ISD (sample, not real data)",
    state: "TX",
    city: "Bryan",
    domain: "brazosvalleyisd.example",
    localeCode: 21,
    localeGroup: "suburb",
    enrollment: 14_000,
    enrollmentBand: "from_5000_to_24999",
  },
  {
    leaid: "0699901",
    name: "Harbor Unified (sample, not real data)",
    state: "CA",
    city: "Harbor",
    domain: "harborunified.example",
    localeCode: 11,
    localeGroup: "city",
    enrollment: 52_000,
    enrollmentBand: "from_25000_to_99999",
  },
  {
    leaid: "1799901",
    name: "Prairie Creek CUSD (sample, not real data)",
    state: "IL",
    city: "Prairie Creek",
    domain: "prairiecreek.example",
    localeCode: 42,
    localeGroup: "rural",
    enrollment: 850,
    enrollmentBand: "under_1000",
  },
  {
    leaid: "3699901",
    name: "Hudson Falls CSD (sample, not real data)",
    state: "NY",
    city: "Hudson Falls",
    domain: "hudsonfallscsd.example",
    localeCode: 32,
    localeGroup: "town",
    enrollment: 2_100,
    enrollmentBand: "from_1000_to_4999",
  },
] as const;

/** The expert whose school e-mail names a sample district (a verified, listed demo expert in Texas). */
const LINKED_EXPERT_EMAIL = "james.whitfield@example.com";

/** Idempotent: the sample districts, and the one demo expert's confirmed school e-mail on the first. */
export async function seedSampleDistricts(now: Date) {
  for (const d of SAMPLE_DISTRICTS) {
    const values = {
      name: d.name,
      state: d.state,
      city: d.city,
      website: `https://www.${d.domain}`,
      websiteDomain: d.domain,
      agencyType: 1,
      agencyTypeText: "Regular public school district (sample)",
      status: "open" as const,
      localeCode: d.localeCode,
      localeGroup: d.localeGroup,
      enrollment: d.enrollment,
      enrollmentBand: d.enrollmentBand,
      sources: { identity: SAMPLE_YEAR, locale: SAMPLE_YEAR, enrollment: SAMPLE_YEAR },
    };
    await db().district.upsert({ where: { leaid: d.leaid }, create: { leaid: d.leaid, ...values }, update: values });
  }
  const expert = await db().expert.findFirst({ where: { user: { email: LINKED_EXPERT_EMAIL } }, select: { id: true, timeZone: true } });
  if (!expert) return;
  const district = SAMPLE_DISTRICTS[0];
  await db().expert.updateMany({
    where: { id: expert.id, districtLeaid: null },
    data: {
      workEmail: `james.whitfield@${district.domain}`,
      workEmailDomain: district.domain,
      workEmailConfirmedAt: now,
      workEmailVerifiedAt: now,
      workEmailSchoolYear: schoolYearOf(now, expert.timeZone),
      districtLeaid: district.leaid,
    },
  });
}
