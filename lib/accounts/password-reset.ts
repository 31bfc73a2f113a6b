import "server-only";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { PASSWORD_RESET_TTL_MINUTES } from "@/lib/accounts/constants";
import { hashPassword } from "@/lib/accounts/password";
import { hashToken, newToken } from "@/lib/accounts/tokens";
import { queueMail } from "@/lib/platform/mail/queue";
import { revokeUserSessions } from "@/lib/accounts/sessions";
import { passwordResetEmail } from "@/lib/accounts/mail-templates";
import { assertPasswordAcceptable } from "@/lib/accounts/password-rules";
import { consumeRateLimits, PASSWORD_RESET_PER_EMAIL, PASSWORD_RESET_PER_IP } from "@/lib/platform/security/rate-limit";

/**
 * Counts a reset request: at most 3 an hour per e-mail (whether or not it has an account)
 * and a generous number per IP. Throws THROTTLED with the wait.
 */
export async function consumePasswordResetLimit(email: string, ip: string) {
  await consumeRateLimits([
    { rule: PASSWORD_RESET_PER_EMAIL, key: email },
    { rule: PASSWORD_RESET_PER_IP, key: ip },
  ]);
}

/**
 * E-mails a single-use reset link (1 hour). Does nothing visible for an unknown e-mail: the
 * action runs it after the response (`after()`), so both take the same time to answer.
 */
export async function requestPasswordReset(email: string) {
  const user = await db().user.findUnique({ where: { email }, select: { id: true, email: true, firstName: true } });
  if (!user) return;
  const { token, tokenHash } = newToken();
  const link = `${env().APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
  // The token and its mail are one write: the queue sends the mail (retrying while SMTP is
  // down), and only if the token was stored.
  await db().$transaction(async (tx) => {
    await tx.oneTimeToken.create({
      data: {
        userId: user.id,
        purpose: "password_reset",
        tokenHash,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      },
    });
    await queueMail({ to: user.email, ...passwordResetEmail(user.firstName, link) }, tx);
  });
}

const INVALID = "This reset link is invalid or has expired. Request a new one.";

/** Sets the new password, uses up the token and ends every session of the user. */
export async function resetPassword(token: string, password: string) {
  const tokenHash = hashToken(token);
  const row = await db().oneTimeToken.findUnique({ where: { tokenHash } });
  if (!row || row.purpose !== "password_reset" || row.usedAt || row.expiresAt < new Date()) throw new AppError("BAD_REQUEST", INVALID);
  const owner = await db().user.findUnique({ where: { id: row.userId }, select: { email: true, firstName: true, lastName: true } });
  assertPasswordAcceptable(password, [owner?.email, owner?.firstName, owner?.lastName]);
  const passwordHash = await hashPassword(password);
  await db().$transaction(async (tx) => {
    const claimed = await tx.oneTimeToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (claimed.count !== 1) throw new AppError("BAD_REQUEST", INVALID);
    await tx.passwordCredential.upsert({
      where: { userId: row.userId },
      create: { userId: row.userId, hash: passwordHash },
      update: { hash: passwordHash },
    });
    // A bumped session version invalidates every session token issued before it.
    await tx.user.update({ where: { id: row.userId }, data: { sessionVersion: { increment: 1 } } });
    await revokeUserSessions(row.userId, "password reset", {}, tx);
    await tx.oneTimeToken.updateMany({
      where: { userId: row.userId, purpose: "password_reset", usedAt: null },
      data: { usedAt: new Date() },
    });
  });
}
