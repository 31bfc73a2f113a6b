import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { signAccessToken } from "@/lib/accounts/access-token";
import { hashToken, newToken } from "@/lib/accounts/tokens";
import { authenticate, beginSignInAttempt, settleSignInAttempt } from "@/lib/accounts/sign-in";
import { createSession, loadLiveSession, type SessionScope } from "@/lib/accounts/sessions";

// Bearer tokens for API callers (a session is returned as access_token, refresh_token,
// expires_at, user).
// The access token is a 1-hour signed token checked by lib/accounts/api-handler.ts. The refresh token
// is random, valid 30 days, stored only as a SHA-256, and single use: each refresh rotates it
// within its family, and presenting a used (or revoked) one revokes the whole family, since
// that means a copy is in someone else's hands. Each sign-in for tokens opens an API session
// (auth_sessions, kind "api") that both tokens name: logout, a password change or reset and
// an admin disabling the account revoke it, and with it every token of the pair.

export const REFRESH_TOKEN_TTL_DAYS = 30;
const INVALID_REFRESH = "Invalid or expired refresh token";

export type TokenPair = {
  access_token: string;
  token_type: "Bearer";
  expires_at: number;
  expires_in: number;
  refresh_token: string;
  refresh_expires_at: number;
  /** "expert-api" (the default) may call the expert API only; "full" whatever the user's roles allow. */
  scope: SessionScope;
  user: { id: string; email: string; roles: string[] };
};

async function issuePair(
  user: { id: string; email: string; roles: string[]; sessionVersion: number },
  session: { id: string; scope: SessionScope },
  familyId: string,
): Promise<TokenPair> {
  const access = signAccessToken(user.id, user.sessionVersion, session.id);
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000);
  await db().refreshToken.create({ data: { userId: user.id, sessionId: session.id, familyId, tokenHash, expiresAt } });
  return {
    access_token: access.token,
    token_type: "Bearer",
    expires_at: access.expiresAt,
    expires_in: access.expiresAt - Math.floor(Date.now() / 1000),
    refresh_token: token,
    refresh_expires_at: Math.floor(expiresAt.getTime() / 1000),
    scope: session.scope,
    user: { id: user.id, email: user.email, roles: user.roles },
  };
}

/** POST /api/auth/token: e-mail and password, throttled and recorded exactly like sign-in. */
export async function issueTokens(
  input: { email: string; password: string; scope?: SessionScope },
  meta: { ip: string; userAgent: string | null },
): Promise<TokenPair> {
  const identity = await authenticate({ email: input.email, password: input.password, portal: "general" }, meta.ip);
  const scope = input.scope ?? "expert-api";
  const session = await createSession({ userId: identity.id, kind: "api", scope, ip: meta.ip, userAgent: meta.userAgent });
  return issuePair(identity, { id: session.id, scope }, randomUUID());
}

/** The throttle key for refresh attempts: per caller IP (a refresh token names no e-mail). */
const refreshKey = (ip: string) => `refresh-token@${ip}`;

/** POST /api/auth/token/refresh: rotates the refresh token; a reused one revokes its family. */
export async function refreshTokens(refreshToken: string, ip: string): Promise<TokenPair> {
  // Counted before the token is looked at, like a sign-in (a parallel burst is counted one by one).
  const attempt = await beginSignInAttempt(refreshKey(ip), ip);
  const now = new Date();
  const row = await db().refreshToken.findUnique({
    where: { tokenHash: hashToken(refreshToken) },
    include: { user: { select: { password: { select: { updatedAt: true } } } } },
  });
  const refuse = () => new AppError("UNAUTHENTICATED", INVALID_REFRESH);
  if (!row) throw refuse();
  if (row.usedAt || row.revokedAt) {
    // Reuse: whoever holds the newer token in this family may be an attacker, or may be us.
    await db().refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
    throw refuse();
  }
  // A password change (reset) ends every token issued before it.
  const passwordChanged = row.user.password?.updatedAt;
  if (row.expiresAt <= now || (passwordChanged && passwordChanged > row.createdAt)) throw refuse();

  // Claim atomically: of two concurrent refreshes with one token, only one wins.
  const claimed = await db().refreshToken.updateMany({ where: { id: row.id, usedAt: null, revokedAt: null }, data: { usedAt: now } });
  if (claimed.count !== 1) {
    await db().refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
    throw refuse();
  }
  // The API session must still be live: logout, a password change or an admin ended it otherwise.
  const session = await loadLiveSession(row.sessionId);
  if (!session || session.kind !== "api" || session.identity.id !== row.userId || session.identity.roles.length === 0) throw refuse();
  await settleSignInAttempt(attempt);
  return issuePair(session.identity, session, row.familyId);
}
