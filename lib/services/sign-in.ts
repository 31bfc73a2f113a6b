import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { SIGN_IN_MAX_PER_EMAIL, SIGN_IN_MAX_PER_IP, SIGN_IN_WINDOW_MINUTES, type AppRole } from "@/lib/constants";
import { burnPasswordCheck, verifyPassword } from "@/lib/auth/password";
import type { SignInInput } from "@/lib/validation/auth";
import { MESSAGES } from "@/lib/validation/auth-rules";
import { isOnboardingComplete } from "@/lib/profile-steps";
import type { Prisma } from "@/lib/generated/prisma/client";

export type SessionIdentity = {
  id: string;
  email: string;
  roles: AppRole[];
  onboardingComplete: boolean;
  sessionVersion: number;
};

const WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;

/**
 * Refuses with 'Too many sign-in attempts…' after 10 failures for one e-mail or 30 from one
 * IP inside 15 minutes, before the password is looked at. Counts live in PostgreSQL, so
 * they hold across instances and restarts. A success clears the e-mail's count.
 */
export async function assertNotThrottled(email: string, ip: string, now = new Date()) {
  const since = new Date(now.getTime() - WINDOW_MS);
  const lastSuccess = await db().signInAttempt.findFirst({
    where: { email, succeeded: true, createdAt: { gte: since } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  const emailFailures = await db().signInAttempt.findMany({
    where: { email, succeeded: false, createdAt: { gte: lastSuccess?.createdAt ?? since } },
    orderBy: { createdAt: "desc" },
    take: SIGN_IN_MAX_PER_EMAIL,
    select: { createdAt: true },
  });
  const ipFailures = await db().signInAttempt.findMany({
    where: { ipAddress: ip, succeeded: false, createdAt: { gte: since } },
    orderBy: { createdAt: "desc" },
    take: SIGN_IN_MAX_PER_IP,
    select: { createdAt: true },
  });
  const blockedUntil = [
    emailFailures.length >= SIGN_IN_MAX_PER_EMAIL ? emailFailures.at(-1)!.createdAt.getTime() + WINDOW_MS : 0,
    ipFailures.length >= SIGN_IN_MAX_PER_IP ? ipFailures.at(-1)!.createdAt.getTime() + WINDOW_MS : 0,
  ].reduce((a, b) => Math.max(a, b), 0);
  if (blockedUntil > now.getTime()) {
    const minutes = Math.max(1, Math.ceil((blockedUntil - now.getTime()) / 60_000));
    throw new AppError("THROTTLED", `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
}

export async function recordSignInAttempt(email: string, ip: string, succeeded: boolean) {
  await db().signInAttempt.create({ data: { email, ipAddress: ip, succeeded } });
}

/** The columns a session identity is built from: one indexed read with the roles. */
export const identitySelect = {
  id: true,
  email: true,
  sessionVersion: true,
  roles: { select: { role: true } },
  expert: { select: { stepBasics: true, stepLinkedin: true, stepExpertise: true, stepPreferences: true, stepPayments: true, stepPulse: true } },
} as const;

type IdentityRow = Prisma.UserGetPayload<{ select: typeof identitySelect }>;

export function toSessionIdentity(user: IdentityRow): SessionIdentity {
  const roles = user.roles.map((r) => r.role as AppRole);
  return {
    id: user.id,
    email: user.email,
    roles,
    onboardingComplete: !roles.includes("expert") || isOnboardingComplete(user.expert),
    sessionVersion: user.sessionVersion,
  };
}

/** What the session token carries for a user, read fresh from the database. */
export async function loadSessionIdentity(userId: string): Promise<SessionIdentity | null> {
  const user = await db().user.findUnique({ where: { id: userId }, select: identitySelect });
  return user ? toSessionIdentity(user) : null;
}

/**
 * Checks the password and which roles the chosen login page admits (000 §4):
 * the expert login admits experts; the client login clients and admins; a user with no
 * role is refused. A refusal never creates a session.
 */
export async function authenticate(input: SignInInput, ip: string): Promise<SessionIdentity> {
  await assertNotThrottled(input.email, ip);
  const user = await db().user.findUnique({
    where: { email: input.email },
    select: { id: true, emailVerifiedAt: true, password: { select: { hash: true } }, roles: { select: { role: true } } },
  });
  const ok = user?.password ? await verifyPassword(user.password.hash, input.password) : (await burnPasswordCheck(input.password), false);
  await recordSignInAttempt(input.email, ip, ok);
  if (!ok || !user) throw new AppError("UNAUTHENTICATED", MESSAGES.signInFailed);

  const roles = user.roles.map((r) => r.role as AppRole);
  if (roles.length === 0) throw new AppError("FORBIDDEN", MESSAGES.noRole);
  const primary = roles.includes("admin") ? "admin" : roles.includes("client") ? "client" : "expert";
  if (input.portal === "expert" && !roles.includes("expert")) throw new AppError("FORBIDDEN", MESSAGES.wrongRolePage(primary));
  if (input.portal === "client" && !roles.some((r) => r === "client" || r === "admin")) {
    throw new AppError("FORBIDDEN", MESSAGES.wrongRolePage(primary));
  }
  if (roles.length === 1 && roles[0] === "client" && !user.emailVerifiedAt) throw new AppError("FORBIDDEN", MESSAGES.unverified);

  const identity = await loadSessionIdentity(user.id);
  if (!identity) throw new AppError("UNAUTHENTICATED", MESSAGES.signInFailed);
  return identity;
}
