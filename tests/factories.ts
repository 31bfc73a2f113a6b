// Builders for test rows, with overrides. Each call makes a unique user.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/platform/db";
import { hashPassword } from "@/lib/accounts/password";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Actor, Membership } from "@/lib/accounts/actor";
import type { OrgRole } from "@/lib/generated/prisma/enums";
import type { AppRole } from "@/lib/accounts/constants";
import { signAccessToken } from "@/lib/accounts/access-token";
import { encodeSessionToken } from "@/lib/accounts/session-token";
import { createSession, type SessionScope } from "@/lib/accounts/sessions";

export const PASSWORD = "Correct-Horse-9";
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

export const uniqueEmail = (prefix = "user") => `${prefix}-${randomBytes(5).toString("hex")}@example.org`;

export async function createUser(
  opts: { email?: string; roles?: ("admin" | "client" | "expert")[]; verified?: boolean; firstName?: string } = {},
) {
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

export async function createExpert(
  overrides: Partial<Prisma.ExpertUncheckedCreateInput> = {},
  opts: { complete?: boolean; email?: string } = {},
) {
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

/** Each factory-made client's (and admin's) membership, so actorFor can carry it as a session read would. */
const memberships = new Map<string, Membership>();

/** Puts a user in an organization (a new one of their own unless `organizationId` is given) with `role`. */
export async function joinOrganization(userId: string, role: OrgRole = "owner", organizationId?: string, name = "Research Co") {
  const orgId = organizationId ?? (await db().organization.create({ data: { name }, select: { id: true } })).id;
  await db().organizationMember.upsert({
    where: { userId },
    create: { userId, organizationId: orgId, role },
    update: { organizationId: orgId, role },
  });
  memberships.set(userId, { organizationId: orgId, role });
  return orgId;
}

/** The organization a user belongs to. */
export async function organizationOf(userId: string) {
  return (await db().organizationMember.findUniqueOrThrow({ where: { userId }, select: { organizationId: true } })).organizationId;
}

export async function createClient(opts: { verified?: boolean; role?: OrgRole; organizationId?: string } = {}) {
  const user = await createUser({ roles: ["client"], verified: opts.verified });
  await db().clientProfile.create({ data: { userId: user.id, organization: "Research Co", roleTitle: "Researcher" } });
  await joinOrganization(user.id, opts.role ?? "owner", opts.organizationId);
  return user;
}

export async function createAdmin() {
  const user = await createUser({ roles: ["admin"] });
  await joinOrganization(user.id, "owner", undefined, "Admin's organization");
  return user;
}

/** A signed-in actor for calling services directly (a cookie session that has just signed in). */
export function actorFor(user: { id: string; email: string }, roles: AppRole[], overrides: Partial<Actor> = {}): Actor {
  return {
    userId: user.id,
    email: user.email,
    roles,
    primaryRole: roles[0],
    onboardingComplete: true,
    realUserId: user.id,
    realEmail: user.email,
    impersonating: false,
    sessionId: "00000000-0000-4000-8000-000000000000",
    scope: "full",
    authenticatedAt: new Date(),
    via: "cookie",
    membership: memberships.get(user.id) ?? null,
    ...overrides,
  };
}

/** A bearer access token backed by a real API session, as POST /api/auth/token would issue. */
export async function bearerTokenFor(user: { id: string; sessionVersion?: number }, scope: SessionScope = "full") {
  const session = await createSession({ userId: user.id, kind: "api", scope, ip: "127.0.0.1", userAgent: "vitest" });
  return signAccessToken(user.id, user.sessionVersion ?? 0, session.id).token;
}

/** A session cookie value backed by a real browser session, as a sign-in would set it. */
export async function sessionCookieFor(user: { id: string; email: string; sessionVersion?: number }, roles: AppRole[] = ["expert"]) {
  const session = await createSession({ userId: user.id, kind: "browser", ip: "127.0.0.1", userAgent: "vitest" });
  const token = await encodeSessionToken({
    sub: user.id,
    email: user.email,
    roles,
    onboardingComplete: true,
    sv: user.sessionVersion ?? 0,
    sid: session.id,
  });
  return { token, sessionId: session.id };
}
