import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { CONSENT_VERSIONS, EMAIL_VERIFICATION_TTL_HOURS } from "@/lib/constants";
import { hashPassword } from "@/lib/auth/password";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { sendMail } from "@/lib/mail/send";
import { verificationEmail } from "@/lib/mail/templates";
import type { RegisterClientInput, RegisterExpertInput } from "@/lib/validation/auth";
import { MESSAGES, ROLE_TITLE_LABELS } from "@/lib/validation/auth-rules";
import { Prisma } from "@/lib/generated/prisma/client";

export type RequestMeta = { ip: string; userAgent: string | null };

function isUniqueViolation(e: unknown) {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";
}

async function assertEmailFree(email: string) {
  const existing = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw new AppError("CONFLICT", MESSAGES.duplicateEmail, { email: [MESSAGES.duplicateEmail] });
}

/**
 * Creates the expert's user, role, expert row (the sign-up upsert fields) and PRIVACY
 * consent in one transaction: a failure midway leaves nothing behind.
 */
export async function registerExpert(input: RegisterExpertInput, meta: RequestMeta) {
  await assertEmailFree(input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          // Experts sign in at once (spec: success leads to /onboarding); admins verify them.
          emailVerifiedAt: new Date(),
          password: { create: { hash: passwordHash } },
          roles: { create: { role: "expert" } },
        },
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
      await tx.userConsent.create({
        data: {
          userId: user.id,
          consentType: "PRIVACY",
          version: CONSENT_VERSIONS.PRIVACY,
          ipAddress: meta.ip,
          userAgent: meta.userAgent,
        },
      });
      return { userId: user.id, email: user.email };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("CONFLICT", MESSAGES.duplicateEmail, { email: [MESSAGES.duplicateEmail] });
    throw e;
  }
}

/** Creates an unverified client and e-mails a single-use verification link (24 h). */
export async function registerClient(input: RegisterClientInput) {
  await assertEmailFree(input.email);
  const passwordHash = await hashPassword(input.password);
  const { token, tokenHash } = newToken();
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
      await tx.oneTimeToken.create({
        data: { userId: created.id, purpose: "email_verification", tokenHash, expiresAt: hoursFromNow(EMAIL_VERIFICATION_TTL_HOURS) },
      });
      return created;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("CONFLICT", MESSAGES.duplicateEmail, { email: [MESSAGES.duplicateEmail] });
    throw e;
  }
  await mailVerificationLink(user.email, user.firstName, token);
  return { userId: user.id, email: user.email };
}

function hoursFromNow(hours: number) {
  return new Date(Date.now() + hours * 3_600_000);
}

async function mailVerificationLink(email: string, firstName: string, token: string) {
  const link = `${env().APP_URL}/verify-email?token=${encodeURIComponent(token)}`;
  try {
    await sendMail({ to: email, ...verificationEmail(firstName, link) });
  } catch (e) {
    // The account exists; the person can ask for a new link from the sign-in page.
    console.error("[mail] verification e-mail failed:", e instanceof Error ? e.message : e);
  }
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
    const user = await tx.user.update({ where: { id: row.userId }, data: { emailVerifiedAt: new Date() } });
    return { email: user.email };
  });
}

/** Sends a fresh link to an unverified account. Answers the same whether or not it exists. */
export async function resendVerification(email: string) {
  const user = await db().user.findUnique({ where: { email } });
  if (!user || user.emailVerifiedAt) return;
  const { token, tokenHash } = newToken();
  await db().oneTimeToken.create({
    data: { userId: user.id, purpose: "email_verification", tokenHash, expiresAt: hoursFromNow(EMAIL_VERIFICATION_TTL_HOURS) },
  });
  await mailVerificationLink(user.email, user.firstName, token);
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
    return user;
  });
}
