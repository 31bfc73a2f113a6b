// District fixtures for the research-approval tests: a district on file, a policy, an expert
// whose verified school e-mail links them to it, and an officer of it.
import { randomInt } from "node:crypto";
import { db } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createExpert } from "../factories";

export async function createDistrict(name = "Sample Valley Unified") {
  const leaid = `99${String(randomInt(0, 100_000)).padStart(5, "0")}`;
  return db().district.upsert({
    where: { leaid },
    create: { leaid, name: `${name} ${leaid}`, state: "CA", status: "open", websiteDomain: `d${leaid}.k12.ca.us` },
    update: {},
  });
}

export async function setPolicy(leaid: string, policy: Partial<Prisma.DistrictResearchPolicyUncheckedCreateInput> = {}) {
  const data = { approvalRequired: "yes" as const, source: "The district's web page", sourceDate: new Date("2026-09-01"), ...policy };
  return db().districtResearchPolicy.upsert({ where: { leaid }, create: { leaid, ...data }, update: data });
}

/** An expert whose confirmed school e-mail links them to the district. */
export async function staffOf(leaid: string, overrides: Partial<Prisma.ExpertUncheckedCreateInput> = {}) {
  return createExpert({
    districtLeaid: leaid,
    workEmail: `staff@d${leaid}.k12.ca.us`,
    workEmailDomain: `d${leaid}.k12.ca.us`,
    workEmailVerifiedAt: new Date(),
    isPublicProfile: true,
    ...overrides,
  });
}

export async function officerOf(leaid: string) {
  const staff = await staffOf(leaid, { isPublicProfile: false });
  await db().districtOfficer.create({ data: { userId: staff.user.id, leaid } });
  return staff;
}
