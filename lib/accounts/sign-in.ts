import "server-only";
import type { OrgRole } from "@/lib/generated/prisma/enums";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { AppError, throttledError, waitPhrase } from "@/lib/platform/errors";
import { SIGN_IN_MAX_PER_EMAIL, SIGN_IN_MAX_PER_IP, SIGN_IN_WINDOW_MINUTES, type AppRole } from "@/lib/accounts/constants";
import { burnPasswordCheck, verifyPassword } from "@/lib/accounts/password";
import type { SignInInput } from "@/lib/accounts/schemas/auth";
import { MESSAGES } from "@/lib/accounts/schemas/auth-rules";
import { isOnboardingComplete } from "@/lib/accounts/onboarding-steps";
import type { Prisma } from "@/lib/generated/prisma/client";

/** A client's organization and their role in it. */
export type Membership = { organizationId: string; role: OrgRole };

export type SessionIdentity = {
  id: string;
  email: string;
  roles: AppRole[];
  onboardingComplete: boolean;
  sessionVersion: number;
  /** The client's organization and their role in it, read with the session on every request. */
  membership: Membership | null;
};

const WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;

/** Sign-in limits: 10 failures per e-mail, 30 per IP in 15 minutes (env overrides in docs/limits.md). */
export const signInLimits = () => ({
  perEmail: env().LIMIT_SIGN_IN_PER_EMAIL ?? SIGN_IN_MAX_PER_EMAIL,
  perIp: env().LIMIT_SIGN_IN_PER_IP ?? SIGN_IN_MAX_PER_IP,
});

type Reader = Pick<Tx, "signInAttempt">;

/** When the e-mail's or the IP's failures lock it out, the moment that ends; else 0. */
async function blockedUntil(reader: Reader, email: string, ip: string, now: Date): Promise<number> {
  const { perEmail, perIp } = signInLimits();
  const since = new Date(now.getTime() - WINDOW_MS);
  const lastSuccess = await reader.signInAttempt.findFirst({
    where: { email, succeeded: true, createdAt: { gte: since } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  const emailFailures = await reader.signInAttempt.findMany({
    where: { email, succeeded: false, createdAt: { gte: lastSuccess?.createdAt ?? since } },
    orderBy: { createdAt: "desc" },
    take: perEmail,
    select: { createdAt: true },
  });
  const ipFailures = await reader.signInAttempt.findMany({
    where: { ipAddress: ip, succeeded: false, createdAt: { gte: since } },
    orderBy: { createdAt: "desc" },
    take: perIp,
    select: { createdAt: true },
  });
  return [
    emailFailures.length >= perEmail ? emailFailures.at(-1)!.createdAt.getTime() + WINDOW_MS : 0,
    ipFailures.length >= perIp ? ipFailures.at(-1)!.createdAt.getTime() + WINDOW_MS : 0,
  ].reduce((a, b) => Math.max(a, b), 0);
}

function throttled(until: number, now: Date) {
  const seconds = (until - now.getTime()) / 1000;
  return throttledError(`Too many sign-in attempts. Try again in ${waitPhrase(seconds)}.`, seconds);
}

/**
 * Starts a sign-in attempt atomically: under advisory locks on the e-mail and the IP it checks
 * the limits and records the attempt as a failure BEFORE the password is hashed, so a parallel
 * burst is counted one by one (the 11th of 20 simultaneous guesses is refused, even with the
 * right password). A refused attempt is recorded too. Returns the row to mark as a success.
 */
export async function beginSignInAttempt(email: string, ip: string): Promise<bigint> {
  const outcome = await db().$transaction(async (tx) => {
    // Two-key locks: namespace 1 for e-mails, 2 for IPs, always e-mail first (no deadlock).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(1, hashtext(${email}))`;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(2, hashtext(${ip}))`;
    const now = new Date();
    const until = await blockedUntil(tx, email, ip, now);
    const row = await tx.signInAttempt.create({ data: { email, ipAddress: ip, succeeded: false, createdAt: now }, select: { id: true } });
    return until > now.getTime() ? { refused: throttled(until, now) } : { id: row.id };
  }, LOCKED_TX_OPTIONS);
  if ("refused" in outcome) throw outcome.refused;
  return outcome.id;
}

/** Marks a begun attempt as a success (it was recorded as a failure until the password matched). */
export async function settleSignInAttempt(id: bigint) {
  await db().signInAttempt.update({ where: { id }, data: { succeeded: true } });
}

/** Attempts older than this are deleted now and then (the status page counts the last 24 h). */
export const SIGN_IN_ATTEMPT_RETENTION_DAYS = 7;

export async function pruneSignInAttempts(): Promise<number> {
  const { count } = await db().signInAttempt.deleteMany({
    where: { createdAt: { lt: new Date(Date.now() - SIGN_IN_ATTEMPT_RETENTION_DAYS * 86_400_000) } },
  });
  return count;
}

/** The columns a session identity is built from: one indexed read with the roles. */
export const identitySelect = {
  id: true,
  email: true,
  sessionVersion: true,
  roles: { select: { role: true } },
  expert: {
    select: { stepBasics: true, stepLinkedin: true, stepExpertise: true, stepPreferences: true, stepPayments: true, stepPulse: true },
  },
  membership: { select: { organizationId: true, role: true } },
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
    membership: user.membership,
  };
}

/** What the session token carries for a user, read fresh from the database. */
export async function loadSessionIdentity(userId: string): Promise<SessionIdentity | null> {
  const user = await db().user.findUnique({ where: { id: userId }, select: identitySelect });
  return user ? toSessionIdentity(user) : null;
}

/**
 * One password check counted as one sign-in attempt for `email` (sign-in, API tokens and
 * re-authentication alike): the attempt is recorded before the hash, so a burst is counted one
 * by one and a throttled e-mail is refused before its password is looked at. Without a stored
 * hash it costs what a wrong password costs.
 */
export async function checkPasswordCounted(email: string, ip: string, storedHash: string | null, password: string): Promise<boolean> {
  const attempt = await beginSignInAttempt(email, ip);
  const ok = storedHash ? await verifyPassword(storedHash, password) : (await burnPasswordCheck(password), false);
  if (ok) await settleSignInAttempt(attempt);
  return ok;
}

/**
 * Checks the password and which roles the chosen login page admits:
 * the expert login admits experts; the client login clients and admins; a user with no
 * role is refused. A refusal never creates a session.
 */
export async function authenticate(input: SignInInput, ip: string): Promise<SessionIdentity> {
  const user = await db().user.findUnique({
    where: { email: input.email },
    select: { id: true, emailVerifiedAt: true, password: { select: { hash: true } }, roles: { select: { role: true } } },
  });
  const ok = await checkPasswordCounted(input.email, ip, user?.password?.hash ?? null, input.password);
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
