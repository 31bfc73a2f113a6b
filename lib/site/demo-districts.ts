import "server-only";
import { db } from "@/lib/platform/db";
import { schoolYearOf } from "@/lib/experts/work-email-rules";
import type { DistrictEnrollmentBand, DistrictLocaleGroup } from "@/lib/generated/prisma/enums";

// The demo's district directory: SAMPLE districts, invented for the demo and named so on screen.
// Their LEAIDs (state code, then 999xx) and figures are made up; none is a real district and no
// number here is data. They spread over every NCES locale group and poverty quartile (one district
// per pair) and every enrollment band, so the directory's district filters, a sample plan's cells
// and Admin › Districts › Coverage all have something to show. Ten verified, listed demo experts
// have a confirmed school e-mail on one of them (ten of the sixteen locale × poverty cells; the
// other six are the gaps the coverage page names). A real directory comes from the public files
// (Admin › Districts, or npm run districts:import), which replace these quartiles with their own.

const SAMPLE_YEAR = { year: "sample", file: "demo seed (sample, not real data)" };

type SampleDistrict = {
  leaid: string;
  name: string;
  state: string;
  city: string;
  domain: string;
  localeCode: number;
  localeGroup: DistrictLocaleGroup;
  enrollment: number;
  enrollmentBand: DistrictEnrollmentBand;
  /** The share of school-age children in poverty, and its quartile (1 lowest … 4 highest) among these. */
  povertyShare: number;
  povertyQuartile: 1 | 2 | 3 | 4;
  charter?: boolean;
  /** The demo expert whose confirmed school e-mail is on this district's domain. */
  expertEmail?: string;
};

const SAMPLE = " (sample, not real data)";

const SAMPLE_DISTRICTS: SampleDistrict[] = [
  // City
  {
    leaid: "0699901",
    name: `Harbor Unified${SAMPLE}`,
    state: "CA",
    city: "Harbor",
    domain: "harborunified.example",
    localeCode: 11,
    localeGroup: "city",
    enrollment: 52_000,
    enrollmentBand: "from_25000_to_99999",
    povertyShare: 0.08,
    povertyQuartile: 1,
  },
  {
    leaid: "3999901",
    name: `Riverbend City Schools${SAMPLE}`,
    state: "OH",
    city: "Riverbend",
    domain: "riverbendcityschools.example",
    localeCode: 12,
    localeGroup: "city",
    enrollment: 31_000,
    enrollmentBand: "from_25000_to_99999",
    povertyShare: 0.13,
    povertyQuartile: 2,
  },
  {
    leaid: "1299901",
    name: `Coral Bay Public Schools${SAMPLE}`,
    state: "FL",
    city: "Coral Bay",
    domain: "coralbayschools.example",
    localeCode: 11,
    localeGroup: "city",
    enrollment: 180_000,
    enrollmentBand: "at_least_100000",
    povertyShare: 0.19,
    povertyQuartile: 3,
    expertEmail: "marcus.lee@example.com",
  },
  {
    leaid: "4899902",
    name: `Westside Mesa ISD${SAMPLE}`,
    state: "TX",
    city: "Mesa Verde",
    domain: "westsidemesaisd.example",
    localeCode: 11,
    localeGroup: "city",
    enrollment: 48_000,
    enrollmentBand: "from_25000_to_99999",
    povertyShare: 0.31,
    povertyQuartile: 4,
    expertEmail: "victor.alvarez@example.com",
  },
  // Suburb
  {
    leaid: "1799902",
    name: `Lakeshore Township SD${SAMPLE}`,
    state: "IL",
    city: "Lakeshore",
    domain: "lakeshoresd.example",
    localeCode: 21,
    localeGroup: "suburb",
    enrollment: 7_500,
    enrollmentBand: "from_5000_to_24999",
    povertyShare: 0.05,
    povertyQuartile: 1,
    expertEmail: "linda.park@example.com",
  },
  {
    leaid: "4899901",
    name: `Brazos Valley ISD${SAMPLE}`,
    state: "TX",
    city: "Bryan",
    domain: "brazosvalleyisd.example",
    localeCode: 21,
    localeGroup: "suburb",
    enrollment: 14_000,
    enrollmentBand: "from_5000_to_24999",
    povertyShare: 0.12,
    povertyQuartile: 2,
    expertEmail: "james.whitfield@example.com",
  },
  {
    leaid: "1299902",
    name: `Palm Shores County Schools${SAMPLE}`,
    state: "FL",
    city: "Palm Shores",
    domain: "palmshoresschools.example",
    localeCode: 21,
    localeGroup: "suburb",
    enrollment: 105_000,
    enrollmentBand: "at_least_100000",
    povertyShare: 0.17,
    povertyQuartile: 3,
    expertEmail: "daniel.okafor@example.com",
  },
  {
    leaid: "1399901",
    name: `Gateway Heights SD${SAMPLE}`,
    state: "GA",
    city: "Gateway Heights",
    domain: "gatewayheightssd.example",
    localeCode: 22,
    localeGroup: "suburb",
    enrollment: 9_800,
    enrollmentBand: "from_5000_to_24999",
    povertyShare: 0.26,
    povertyQuartile: 4,
  },
  // Town
  {
    leaid: "0899901",
    name: `Cedar Ridge SD${SAMPLE}`,
    state: "CO",
    city: "Cedar Ridge",
    domain: "cedarridgesd.example",
    localeCode: 32,
    localeGroup: "town",
    enrollment: 3_400,
    enrollmentBand: "from_1000_to_4999",
    povertyShare: 0.07,
    povertyQuartile: 1,
  },
  {
    leaid: "5399901",
    name: `Twin Rivers SD${SAMPLE}`,
    state: "WA",
    city: "Twin Rivers",
    domain: "twinriverssd.example",
    localeCode: 33,
    localeGroup: "town",
    enrollment: 1_900,
    enrollmentBand: "from_1000_to_4999",
    povertyShare: 0.14,
    povertyQuartile: 2,
  },
  {
    leaid: "3699901",
    name: `Hudson Falls CSD${SAMPLE}`,
    state: "NY",
    city: "Hudson Falls",
    domain: "hudsonfallscsd.example",
    localeCode: 32,
    localeGroup: "town",
    enrollment: 2_100,
    enrollmentBand: "from_1000_to_4999",
    povertyShare: 0.18,
    povertyQuartile: 3,
    expertEmail: "aisha.bello@example.com",
  },
  {
    leaid: "0699902",
    name: `Sun Valley Charter Schools${SAMPLE}`,
    state: "CA",
    city: "Sun Valley",
    domain: "sunvalleycharter.example",
    localeCode: 33,
    localeGroup: "town",
    enrollment: 1_200,
    enrollmentBand: "from_1000_to_4999",
    povertyShare: 0.29,
    povertyQuartile: 4,
    charter: true,
    expertEmail: "sofia.ramirez@example.com",
  },
  // Rural
  {
    leaid: "1799901",
    name: `Prairie Creek CUSD${SAMPLE}`,
    state: "IL",
    city: "Prairie Creek",
    domain: "prairiecreek.example",
    localeCode: 42,
    localeGroup: "rural",
    enrollment: 850,
    enrollmentBand: "under_1000",
    povertyShare: 0.09,
    povertyQuartile: 1,
    expertEmail: "hannah.brooks@example.com",
  },
  {
    leaid: "3699902",
    name: `Catskill Ridge CSD${SAMPLE}`,
    state: "NY",
    city: "Catskill Ridge",
    domain: "catskillridgecsd.example",
    localeCode: 42,
    localeGroup: "rural",
    enrollment: 780,
    enrollmentBand: "under_1000",
    povertyShare: 0.14,
    povertyQuartile: 2,
    expertEmail: "grace.mitchell@example.com",
  },
  {
    leaid: "4299901",
    name: `Pine Ridge Area SD${SAMPLE}`,
    state: "PA",
    city: "Pine Ridge",
    domain: "pineridgeasd.example",
    localeCode: 41,
    localeGroup: "rural",
    enrollment: 1_600,
    enrollmentBand: "from_1000_to_4999",
    povertyShare: 0.2,
    povertyQuartile: 3,
    expertEmail: "robert.hayes@example.com",
  },
  {
    leaid: "2899901",
    name: `Delta Bend SD${SAMPLE}`,
    state: "MS",
    city: "Delta Bend",
    domain: "deltabendsd.example",
    localeCode: 43,
    localeGroup: "rural",
    enrollment: 650,
    enrollmentBand: "under_1000",
    povertyShare: 0.36,
    povertyQuartile: 4,
  },
];

/** Idempotent: the sample districts, and each linked demo expert's confirmed school e-mail on one of them. */
export async function seedSampleDistricts(now: Date) {
  const values = (d: SampleDistrict) => {
    // About one school-age child per student, rounded: a sample figure like the rest.
    const schoolAgePopulation = Math.round(d.enrollment * 1.1);
    return {
      name: d.name,
      state: d.state,
      city: d.city,
      website: `https://www.${d.domain}`,
      websiteDomain: d.domain,
      agencyType: d.charter ? 7 : 1,
      agencyTypeText: d.charter ? "Independent charter district (sample)" : "Regular public school district (sample)",
      status: "open" as const,
      localeCode: d.localeCode,
      localeGroup: d.localeGroup,
      enrollment: d.enrollment,
      enrollmentBand: d.enrollmentBand,
      schoolAgePopulation,
      schoolAgeInPoverty: Math.round(schoolAgePopulation * d.povertyShare),
      povertyShare: d.povertyShare,
      povertyQuartile: d.povertyQuartile,
      sources: { identity: SAMPLE_YEAR, locale: SAMPLE_YEAR, enrollment: SAMPLE_YEAR, poverty: SAMPLE_YEAR },
    };
  };
  // One statement for the sixteen districts, one read and one write per linked expert: the seed
  // stays quick, and a second run changes nothing.
  await db().$transaction(
    SAMPLE_DISTRICTS.map((d) =>
      db().district.upsert({ where: { leaid: d.leaid }, create: { leaid: d.leaid, ...values(d) }, update: values(d) }),
    ),
  );
  const linked = SAMPLE_DISTRICTS.filter((d) => d.expertEmail);
  const experts = await db().expert.findMany({
    where: { user: { email: { in: linked.map((d) => d.expertEmail!) } } },
    select: { id: true, timeZone: true, user: { select: { email: true } } },
  });
  const byEmail = new Map(experts.map((e) => [e.user.email, e]));
  for (const d of linked) {
    const expert = byEmail.get(d.expertEmail!);
    if (!expert) continue;
    await db().expert.updateMany({
      where: { id: expert.id, districtLeaid: null },
      data: {
        workEmail: `${d.expertEmail!.split("@")[0]}@${d.domain}`,
        workEmailDomain: d.domain,
        workEmailConfirmedAt: now,
        workEmailVerifiedAt: now,
        workEmailSchoolYear: schoolYearOf(now, expert.timeZone),
        districtLeaid: d.leaid,
      },
    });
  }
}
