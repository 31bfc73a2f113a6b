import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { hashPassword } from "@/lib/accounts/password";
import { queueMail } from "@/lib/platform/mail/queue";
import { passwordChangedEmail, payoutDetailsChangedEmail } from "@/lib/accounts/mail";
import { checkPasswordCounted } from "@/lib/accounts/sign-in";
import { assertPasswordAcceptable } from "@/lib/accounts/password-rules";
import {
  isRecentlyAuthenticated,
  listActiveSessions,
  markReauthenticated,
  revokeOwnSession,
  revokeUserSessions,
} from "@/lib/accounts/sessions";
import type { ChangePasswordInput } from "@/lib/accounts/schemas/account-security";

// The account's own security: change password, re-authentication for money, the list of
// sessions. Every function acts on the signed-in person only, and never while an admin
// impersonates them.

export const REAUTH_REQUIRED = "Please confirm your password to continue.";
export const IMPERSONATION_READ_ONLY = "While viewing as another user you can see payout details, but not change them or cash out.";
const NOT_WHILE_IMPERSONATING = "Stop viewing as another user to manage account security.";

function assertOwnSession(actor: Actor) {
  if (actor.impersonating) throw new AppError("FORBIDDEN", NOT_WHILE_IMPERSONATING);
}

/**
 * The gate for money: changing payout details and cashing out need the password entered in
 * this session within the last REAUTH_MINUTES, and are refused outright while impersonating.
 */
export function assertRecentlyAuthenticated(actor: Actor, now = new Date()) {
  if (actor.impersonating) throw new AppError("FORBIDDEN", IMPERSONATION_READ_ONLY);
  if (!isRecentlyAuthenticated(actor, now)) throw new AppError("REAUTH_REQUIRED", REAUTH_REQUIRED);
}

/** Checks the password against the account, counted and throttled exactly like sign-in. */
async function checkPassword(userId: string, password: string, ip: string) {
  const user = await db().user.findUnique({ where: { id: userId }, select: { email: true, password: { select: { hash: true } } } });
  if (!user) throw new AppError("UNAUTHENTICATED", "No authentication token");
  return checkPasswordCounted(user.email, ip, user.password?.hash ?? null, password);
}

/** Re-authentication: the password, entered again, opens money actions for REAUTH_MINUTES. */
export async function confirmPassword(actor: Actor, password: string, ip: string) {
  assertOwnSession(actor);
  if (!(await checkPassword(actor.userId, password, ip))) {
    throw new AppError("BAD_REQUEST", "That password is not correct.", { password: ["That password is not correct."] });
  }
  await markReauthenticated(actor.sessionId);
}

/**
 * Changes the password (the current one is required), ends every other session and API
 * token of the account, keeps this one (now freshly authenticated) and tells the owner.
 */
export async function changePassword(actor: Actor, input: ChangePasswordInput, ip: string) {
  assertOwnSession(actor);
  if (!(await checkPassword(actor.userId, input.currentPassword, ip))) {
    throw new AppError("BAD_REQUEST", "Your current password is not correct.", {
      currentPassword: ["Your current password is not correct."],
    });
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError("BAD_REQUEST", "Choose a password different from your current one.", {
      newPassword: ["Choose a password different from your current one."],
    });
  }
  const owner = await db().user.findUnique({ where: { id: actor.userId }, select: { email: true, firstName: true, lastName: true } });
  assertPasswordAcceptable(input.newPassword, [owner?.email, owner?.firstName, owner?.lastName], "newPassword");
  const hash = await hashPassword(input.newPassword);
  const signedOut = await db().$transaction(async (tx) => {
    await tx.passwordCredential.upsert({ where: { userId: actor.userId }, create: { userId: actor.userId, hash }, update: { hash } });
    await tx.oneTimeToken.updateMany({
      where: { userId: actor.userId, purpose: "password_reset", usedAt: null },
      data: { usedAt: new Date() },
    });
    return revokeUserSessions(actor.userId, "password changed", { keep: actor.sessionId }, tx);
  });
  await markReauthenticated(actor.sessionId);
  await notify(actor.userId, (firstName) => passwordChangedEmail(firstName, `${env().APP_URL}/settings/security`));
  return { otherSessionsEnded: signedOut };
}

/** Tells the account's owner that its payout details changed; in `tx` when it belongs to the change. */
export async function notifyPayoutDetailsChanged(userId: string, tx?: Tx) {
  await notify(userId, (firstName) => payoutDetailsChangedEmail(firstName, `${env().APP_URL}/settings/security`), tx);
}

/** Account notices always go, whatever the notification settings. */
async function notify(userId: string, build: (firstName: string) => { subject: string; text: string }, tx?: Tx) {
  const user = await (tx ?? db()).user.findUnique({ where: { id: userId }, select: { email: true, firstName: true } });
  if (!user) return;
  await queueMail({ to: user.email, ...build(user.firstName) }, tx);
}

export async function listMySessions(actor: Actor) {
  assertOwnSession(actor);
  return listActiveSessions(actor.userId, actor.sessionId);
}

/** Signs out one of the person's other sessions. */
export async function signOutSession(actor: Actor, sessionId: string) {
  assertOwnSession(actor);
  if (sessionId === actor.sessionId) throw new AppError("BAD_REQUEST", "Use Log Out to end this session.");
  await revokeOwnSession(actor.userId, sessionId);
}

/** "Sign out other sessions": every session and API token but this one. */
export async function signOutOtherSessions(actor: Actor) {
  assertOwnSession(actor);
  return { ended: await revokeUserSessions(actor.userId, "signed out from another session", { keep: actor.sessionId }) };
}
