import "server-only";
import { createOrganization, ensureOrganization } from "@/lib/accounts/founding";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { EMAIL_VERIFICATION_TTL_HOURS } from "@/lib/accounts/constants";
import { policiesFor } from "@/lib/accounts/policy-versions";
import { currentPolicyVersions, recordConsents } from "@/lib/accounts/consents";
import { burnPasswordCheck, hashPassword } from "@/lib/accounts/password";
import { hashToken, newToken } from "@/lib/accounts/tokens";
import { queueMail } from "@/lib/platform/mail/queue";
import { duplicateRegistrationEmail, verificationEmail } from "@/lib/accounts/mail-templates";
import { assertPasswordAcceptable } from "@/lib/accounts/password-rules";
import {
  consumeRateLimits,
  REGISTRATION_PER_IP,
  VERIFICATION_RESEND_PER_ACCOUNT,
  VERIFICATION_RESEND_PER_IP,
} from "@/lib/platform/security/rate-limit";
import type { RegisterClientInput, RegisterExpertInput } from "@/lib/accounts/schemas/auth";
import { MESSAGES, ROLE_TITLE_LABELS } from "@/lib/accounts/schemas/auth-rules";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RequestMeta } from "@/lib/platform/request";

function isUniqueViolation(e: unknown) {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";
}

async function assertEmailFree(email: string) {
  const existing = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw new AppError("CONFLICT", MESSAGES.duplicateEmail, { email: [MESSAGES.duplicateEmail] });
}

/**
 * Creates the expert's user, role, expert row (the sign-up upsert fields) and the consents
 * (privacy, terms, payment, expert agreement) in one transaction: a failure midway leaves nothing behind.
 */
export async function registerExpert(input: RegisterExpertInput, meta: RequestMeta) {
  assertPasswordAcceptable(input.password, [input.email, input.firstName, input.lastName, input.organization]);
  // Expert sign-up goes straight to /onboarding, so it cannot hide whether the e-mail
  // is taken: the per-IP limit is what stops it being used to enumerate accounts.
  await consumeRateLimits([{ rule: REGISTRATION_PER_IP, key: meta.ip }]);
  await assertEmailFree(input.email);
  const passwordHash = await hashPassword(input.password);
  const { token, tokenHash } = newToken();
  const versions = await currentPolicyVersions(null);
  let created: { userId: string; email: string; firstName: string };
  try {
    created = await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          // Experts sign in at once (success leads to /onboarding) but the address counts
          // as verified only once the e-mailed link is followed; admins verify the expert.
          password: { create: { hash: passwordHash } },
          roles: { create: { role: "expert" } },
        },
      });
      await tx.oneTimeToken.create({
        data: { userId: user.id, purpose: "email_verification", tokenHash, expiresAt: hoursFromNow(EMAIL_VERIFICATION_TTL_HOURS) },
      });
      await tx.expert.create({
        data: {
          userId: user.id,
          roleTitle: ROLE_TITLE_LABELS[input.role],
          organizationName: input.organization,
          state: input.state || null,
          city: input.city,
          zipCode: input.zipCode,
          countryCode: input.countryCode,
          phone: input.mobileNumber,
        },
      });
      // The ticked box is the PRIVACY consent; the form states under it that creating the account
      // accepts the Terms, the Payment Policy and the Expert Agreement, so those are recorded too.
      await recordConsents(tx, user.id, policiesFor(["expert"]), versions, meta);
      return { userId: user.id, email: user.email, firstName: user.firstName };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("CONFLICT", MESSAGES.duplicateEmail, { email: [MESSAGES.duplicateEmail] });
    throw e;
  }
  await mailVerificationLink(created.email, created.firstName, token, "expert");
  return { userId: created.userId, email: created.email };
}

/**
 * Creates an unverified client and e-mails a single-use verification link (24 h). An e-mail
 * that already has an account gets the same answer (nothing tells the caller it exists) and
 * its owner gets a note instead: "someone tried to register with your address".
 */
export async function registerClient(input: RegisterClientInput, meta: RequestMeta): Promise<{ email: string }> {
  assertPasswordAcceptable(input.password, [input.email, input.firstName, input.lastName, input.organization]);
  await consumeRateLimits([{ rule: REGISTRATION_PER_IP, key: meta.ip }]);
  const existing = await db().user.findUnique({ where: { email: input.email }, select: { email: true, firstName: true } });
  if (existing) {
    // Spend what a new account spends (the hash), so the answer takes as long.
    await burnPasswordCheck(input.password);
    await mailDuplicateNotice(existing.email, existing.firstName);
    return { email: input.email };
  }
  const passwordHash = await hashPassword(input.password);
  const { token, tokenHash } = newToken();
  const versions = await currentPolicyVersions(null);
  let user;
  try {
    user = await db().$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          password: { create: { hash: passwordHash } },
          roles: { create: { role: "client" } },
          clientProfile: { create: { organization: input.organization, roleTitle: input.role } },
        },
      });
      // Registration always founds a new organization: joining one takes an invitation, so
      // typing an existing organization's name gives no access to it.
      await createOrganization(tx, { name: input.organization, ownerUserId: created.id });
      await tx.oneTimeToken.create({
        data: { userId: created.id, purpose: "email_verification", tokenHash, expiresAt: hoursFromNow(EMAIL_VERIFICATION_TTL_HOURS) },
      });
      // The client form has no checkbox; it states that creating the account accepts the
      // Terms of Service and the Privacy & Data Policy, so both are recorded.
      await recordConsents(tx, created.id, policiesFor(["client"]), versions, meta);
      return created;
    });
  } catch (e) {
    // Registered by someone else a moment ago: the same answer as above.
    if (isUniqueViolation(e)) {
      await mailDuplicateNotice(input.email, input.firstName);
      return { email: input.email };
    }
    throw e;
  }
  await mailVerificationLink(user.email, user.firstName, token, "client");
  return { email: user.email };
}

async function mailDuplicateNotice(email: string, firstName: string) {
  await queueMail({ to: email, ...duplicateRegistrationEmail(firstName, `${env().APP_URL}/login`, `${env().APP_URL}/reset-password`) });
}

function hoursFromNow(hours: number) {
  return new Date(Date.now() + hours * 3_600_000);
}

/** The account exists either way; a person whose link never comes asks for a new one from the sign-in page. */
async function mailVerificationLink(email: string, firstName: string, token: string, kind: "client" | "expert") {
  const link = `${env().APP_URL}/verify-email?token=${encodeURIComponent(token)}`;
  await queueMail({ to: email, ...verificationEmail(firstName, link, kind) });
}

/** Marks the e-mail verified. Single use; expired or unknown links are refused. */
export async function verifyEmail(token: string) {
  const tokenHash = hashToken(token);
  return db().$transaction(async (tx) => {
    const row = await tx.oneTimeToken.findUnique({ where: { tokenHash } });
    if (!row || row.purpose !== "email_verification" || row.usedAt || row.expiresAt < new Date()) {
      throw new AppError("BAD_REQUEST", "This verification link is invalid or has expired. Request a new one from the sign-in page.");
    }
    // Claim the token atomically so two clicks cannot both succeed.
    const claimed = await tx.oneTimeToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (claimed.count !== 1) throw new AppError("BAD_REQUEST", "This verification link has already been used.");
    const user = await tx.user.update({
      where: { id: row.userId },
      data: { emailVerifiedAt: new Date() },
      select: { email: true, roles: { select: { role: true } } },
    });
    return { email: user.email, roles: user.roles.map((r) => r.role) };
  });
}

/** Counts a resend request: at most 3 an hour per address (known or not) and a generous number per IP. */
export async function consumeVerificationResendLimit(email: string, meta: Pick<RequestMeta, "ip">) {
  await consumeRateLimits([
    { rule: VERIFICATION_RESEND_PER_ACCOUNT, key: email },
    { rule: VERIFICATION_RESEND_PER_IP, key: meta.ip },
  ]);
}

/**
 * Sends a fresh link to an unverified account; nothing for an unknown or verified one. The
 * action runs it after the response, so the answer does not tell which it was.
 */
export async function resendVerification(email: string) {
  const user = await db().user.findUnique({ where: { email }, include: { roles: { select: { role: true } } } });
  if (!user || user.emailVerifiedAt) return;
  const { token, tokenHash } = newToken();
  await db().oneTimeToken.create({
    data: { userId: user.id, purpose: "email_verification", tokenHash, expiresAt: hoursFromNow(EMAIL_VERIFICATION_TTL_HOURS) },
  });
  await mailVerificationLink(user.email, user.firstName, token, user.roles.some((r) => r.role === "expert") ? "expert" : "client");
}

/** Creates (or promotes) an admin for a real deployment: `npm run admin:create`. */
export async function createAdmin(input: { email: string; password: string; firstName?: string; lastName?: string }) {
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    const user = await tx.user.upsert({
      where: { email: input.email },
      create: {
        email: input.email,
        firstName: input.firstName ?? "Admin",
        lastName: input.lastName ?? "User",
        emailVerifiedAt: new Date(),
        password: { create: { hash: passwordHash } },
      },
      update: { password: { upsert: { create: { hash: passwordHash }, update: { hash: passwordHash } } } },
    });
    await tx.userRole.upsert({
      where: { userId_role: { userId: user.id, role: "admin" } },
      create: { userId: user.id, role: "admin" },
      update: {},
    });
    // Admins may run projects from the client area too, as their own organization.
    await ensureOrganization(tx, { name: `${user.firstName} ${user.lastName}`, ownerUserId: user.id });
    return user;
  });
}
