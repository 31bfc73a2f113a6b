// Builders for test rows, with overrides. Each call makes a unique user.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import type { Prisma } from "@/lib/generated/prisma/client";

export const PASSWORD = "Correct-Horse-9";
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

export const uniqueEmail = (prefix = "user") => `${prefix}-${randomBytes(5).toString("hex")}@example.org`;

export async function createUser(opts: { email?: string; roles?: ("admin" | "client" | "expert")[]; verified?: boolean; firstName?: string } = {}) {
  return db().user.create({
    data: {
      email: opts.email ?? uniqueEmail(),
      firstName: opts.firstName ?? "Test",
      lastName: "User",
      emailVerifiedAt: opts.verified === false ? null : new Date(),
      password: { create: { hash: await passwordHash() } },
      roles: { create: (opts.roles ?? []).map((role) => ({ role })) },
    },
  });
}

const ALL_STEPS = { stepBasics: true, stepLinkedin: true, stepExpertise: true, stepPreferences: true, stepPayments: true, stepPulse: true };

export async function createExpert(overrides: Partial<Prisma.ExpertUncheckedCreateInput> = {}, opts: { complete?: boolean; email?: string } = {}) {
  const user = await createUser({ roles: ["expert"], email: opts.email });
  const expert = await db().expert.create({
    data: {
      userId: user.id,
      roleTitle: "Principal",
      organizationName: "Test District",
      state: "CA",
      verificationStatus: "verified",
      ...(opts.complete === false ? {} : ALL_STEPS),
      ...overrides,
    },
  });
  return { user, expert };
}

export async function createClient(opts: { verified?: boolean } = {}) {
  const user = await createUser({ roles: ["client"], verified: opts.verified });
  await db().clientProfile.create({ data: { userId: user.id, organization: "Research Co", roleTitle: "Researcher" } });
  return user;
}

export const createAdmin = () => createUser({ roles: ["admin"] });
