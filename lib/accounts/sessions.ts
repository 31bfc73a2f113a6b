import "server-only";
import type { OrgRole } from "@/lib/generated/prisma/enums";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { env } from "@/lib/platform/env";
import { forgetRequestReads, readOncePerRequest } from "@/lib/platform/request-context.mjs";
import { toSessionIdentity, type SessionIdentity } from "@/lib/accounts/sign-in";
import type { AppRole } from "@/lib/accounts/constants";
import type { SessionKind } from "@/lib/generated/prisma/enums";
import { Prisma } from "@/lib/generated/prisma/client";

// Server-side sessions: the signed cookie (or an API token pair) carries a session id, and
// every request reads the row together with the user's roles in one indexed lookup. A session
// ends when it is revoked (logout, password change or reset, admin disabling the account,
// "sign out other sessions"), after the idle timeout, or at its absolute lifetime.

function sessionLimits() {
  const e = env();
  return {
    idleMs: e.SESSION_IDLE_HOURS * 3_600_000,
    absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
    reauthMs: e.REAUTH_MINUTES * 60_000,
  };
}

/** True when the password was entered in this session within REAUTH_MINUTES. */
export function isRecentlyAuthenticated(session: { authenticatedAt: Date }, now = new Date()) {
  return now.getTime() - session.authenticatedAt.getTime() < sessionLimits().reauthMs;
}

export type SessionScope = "full" | "expert-api";

export type LiveSession = {
  id: string;
  kind: SessionKind;
  scope: SessionScope;
  authenticatedAt: Date;
  identity: SessionIdentity;
};

export type NewSession = { userId: string; kind?: SessionKind; scope?: SessionScope; ip: string | null; userAgent: string | null };

/** The session row with its user's identity, as loadLiveSession reads it in one statement. */
type SessionRow = {
  id: string;
  kind: SessionKind;
  scope: string;
  lastSeenAt: Date;
  authenticatedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  disabledAt: Date | null;
  userId: string;
  email: string;
  sessionVersion: number;
  roles: string[];
  hasExpert: boolean;
  stepBasics: boolean | null;
  stepLinkedin: boolean | null;
  stepExpertise: boolean | null;
  stepPreferences: boolean | null;
  stepPayments: boolean | null;
  stepPulse: boolean | null;
  organizationId: string | null;
  orgRole: OrgRole | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every signed-in request reads its session: one statement (session, user, roles and the
 * expert's onboarding steps joined in the database) instead of Prisma's four, one per table.
 */
async function readSessionRow(sessionId: string): Promise<SessionRow | null> {
  const rows = await db().$queryRaw<SessionRow[]>`
    SELECT s.id, s.kind::text AS kind, s.scope, s.last_seen_at AS "lastSeenAt", s.authenticated_at AS "authenticatedAt",
           s.expires_at AS "expiresAt", s.revoked_at AS "revokedAt", u.disabled_at AS "disabledAt",
           u.id AS "userId", u.email, u.session_version AS "sessionVersion",
           ARRAY(SELECT r.role::text FROM user_roles r WHERE r.user_id = u.id) AS roles,
           e.user_id IS NOT NULL AS "hasExpert",
           e.step_basics AS "stepBasics", e.step_linkedin AS "stepLinkedin", e.step_expertise AS "stepExpertise",
           e.step_preferences AS "stepPreferences", e.step_payments AS "stepPayments", e.step_pulse AS "stepPulse",
           m.organization_id AS "organizationId", m.role::text AS "orgRole"
    FROM auth_sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN experts e ON e.user_id = u.id
    LEFT JOIN organization_members m ON m.user_id = u.id
    WHERE s.id = ${sessionId}::uuid`;
  return rows[0] ?? null;
}

/** The row's user in the shape toSessionIdentity reads (the same one sign-in uses). */
const identityOf = (row: SessionRow) =>
  toSessionIdentity({
    id: row.userId,
    email: row.email,
    sessionVersion: row.sessionVersion,
    roles: row.roles.map((role) => ({ role: role as AppRole })),
    expert: row.hasExpert
      ? {
          stepBasics: row.stepBasics === true,
          stepLinkedin: row.stepLinkedin === true,
          stepExpertise: row.stepExpertise === true,
          stepPreferences: row.stepPreferences === true,
          stepPayments: row.stepPayments === true,
          stepPulse: row.stepPulse === true,
        }
      : null,
    membership: row.organizationId && row.orgRole ? { organizationId: row.organizationId, role: row.orgRole } : null,
  });

/** Touching last-seen on every request would be a write per page view; once a minute is plenty. */
const TOUCH_EVERY_MS = 60_000;

/** Opens a session for a user who has just proven their password; a disabled account gets none. */
export async function createSession(input: NewSession, client: Client = db(), now = new Date()) {
  const user = await client.user.findUnique({ where: { id: input.userId }, select: { disabledAt: true } });
  if (!user || user.disabledAt) throw new AppError("FORBIDDEN", ACCOUNT_DISABLED);
  const { absoluteMs } = sessionLimits();
  return client.authSession.create({
    data: {
      userId: input.userId,
      kind: input.kind ?? "browser",
      scope: input.scope ?? "full",
      ipAddress: input.ip?.slice(0, 64) ?? null,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
      lastSeenAt: now,
      authenticatedAt: now,
      expiresAt: new Date(now.getTime() + absoluteMs),
    },
    select: { id: true, expiresAt: true },
  });
}

/**
 * The session if it is live: not revoked, not idle for longer than the idle timeout, not past
 * its absolute end, and its user not disabled. Refreshes last-seen (at most once a minute).
 */
export async function loadLiveSession(sessionId: string | undefined | null, now = new Date()): Promise<LiveSession | null> {
  if (!sessionId || !UUID.test(sessionId)) return null;
  // The proxy reads the session, then the page it lets through reads it again: one statement.
  return readOncePerRequest(`${SESSION_READ}${sessionId}`, () => readLiveSession(sessionId, now));
}

/** The key prefix of a request's shared session reads, dropped whenever a session ends. */
const SESSION_READ = "session:";

async function readLiveSession(sessionId: string, now: Date): Promise<LiveSession | null> {
  const row = await readSessionRow(sessionId);
  if (!row || row.revokedAt || row.disabledAt) return null;
  const { idleMs } = sessionLimits();
  if (row.expiresAt <= now || row.lastSeenAt.getTime() + idleMs <= now.getTime()) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db().authSession.updateMany({ where: { id: row.id, revokedAt: null }, data: { lastSeenAt: now } });
  }
  return {
    id: row.id,
    kind: row.kind,
    scope: row.scope === "expert-api" ? "expert-api" : "full",
    authenticatedAt: row.authenticatedAt,
    identity: identityOf(row),
  };
}

type Client = Tx | ReturnType<typeof db>;

/** The one way a session ends: every revocation below is this, scoped by `where`. Returns how many ended. */
async function revokeWhere(where: Prisma.AuthSessionWhereInput, reason: string, client: Client = db()) {
  const { count } = await client.authSession.updateMany({
    where: { ...where, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
  forgetRequestReads(SESSION_READ);
  return count;
}

export async function revokeSession(sessionId: string, reason: string, client: Client = db()) {
  await revokeWhere({ id: sessionId }, reason, client);
}

/** Ends every session of the user (browser and API), except `keep` when given. */
export async function revokeUserSessions(userId: string, reason: string, opts: { keep?: string } = {}, client: Client = db()) {
  const ended = await revokeWhere({ userId, ...(opts.keep ? { id: { not: opts.keep } } : {}) }, reason, client);
  await client.refreshToken.updateMany({
    where: { userId, revokedAt: null, ...(opts.keep ? { OR: [{ sessionId: null }, { sessionId: { not: opts.keep } }] } : {}) },
    data: { revokedAt: new Date() },
  });
  return ended;
}

/** The password was just entered again in this session: money actions are open for a while. */
export async function markReauthenticated(sessionId: string, now = new Date()) {
  await db().authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { authenticatedAt: now } });
}

export type ActiveSessionView = {
  id: string;
  kind: SessionKind;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
  current: boolean;
};

/** The user's live sessions, the current one first, then by last activity. */
export async function listActiveSessions(userId: string, currentSessionId: string | null, now = new Date()): Promise<ActiveSessionView[]> {
  const { idleMs } = sessionLimits();
  const rows = await db().authSession.findMany({
    where: { userId, revokedAt: null, expiresAt: { gt: now }, lastSeenAt: { gt: new Date(now.getTime() - idleMs) } },
    orderBy: { lastSeenAt: "desc" },
    take: 50,
    select: { id: true, kind: true, createdAt: true, lastSeenAt: true, userAgent: true, ipAddress: true },
  });
  const views = rows.map((r) => ({ ...r, current: r.id === currentSessionId }));
  return views.sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the user's own sessions ("not yours" is not found). */
export async function revokeOwnSession(userId: string, sessionId: string) {
  if ((await revokeWhere({ id: sessionId, userId }, "signed out from another session")) === 0)
    throw new AppError("NOT_FOUND", "This session has already ended.");
}

export const ACCOUNT_DISABLED = "This account has been disabled. Please contact support.";

type TokenClaims = { sub?: string | null; sid?: unknown; sv?: unknown };

/**
 * The live session a token (session cookie or bearer token) names, if the token was issued
 * for this kind of session, for its user, at the user's current session version. The one
 * check every way of presenting a session goes through.
 */
export async function loadSessionOfToken(token: TokenClaims, kind: SessionKind): Promise<LiveSession | null> {
  if (typeof token.sid !== "string" || !token.sub) return null;
  const session = await loadLiveSession(token.sid);
  if (!session || session.kind !== kind) return null;
  return session.identity.id === token.sub && session.identity.sessionVersion === token.sv ? session : null;
}

/** What a session cookie carries besides next-auth's own claims, read from the live session. */
export function claimsOf(session: LiveSession) {
  const { identity } = session;
  return {
    sub: identity.id,
    email: identity.email,
    roles: identity.roles,
    onboardingComplete: identity.onboardingComplete,
    sv: identity.sessionVersion,
    sid: session.id,
  };
}

/** The claims a session cookie may carry now, or null when its session has ended. */
export async function liveSessionClaims(token: TokenClaims) {
  const session = await loadSessionOfToken(token, "browser");
  return session ? claimsOf(session) : null;
}

/** Ends the session a (decoded) cookie names, if it is the token's own. */
export async function revokeSessionOfToken(token: TokenClaims | null | undefined, reason: string) {
  if (!token || typeof token.sid !== "string" || !token.sub) return;
  await revokeWhere({ id: token.sid, userId: token.sub }, reason);
}

/**
 * Whether the person signed in before the session they are using now: the greeting says
 * "Welcome back" only to them, and "Welcome" on a first visit. An admin viewing as someone
 * is in a session of their own, so every earlier session of that person counts.
 */
export async function signedInBefore(actor: { userId: string; sessionId: string }): Promise<boolean> {
  const [row] = await db().$queryRaw<[{ before: boolean }]>`SELECT ${signedInBeforeSql(actor)} AS before`;
  return row.before;
}

/** signedInBefore as an SQL expression, for a statement that reads it beside other things. */
export const signedInBeforeSql = (actor: { userId: string; sessionId: string }) => Prisma.sql`EXISTS (
    SELECT 1 FROM auth_sessions s
    WHERE s.user_id = ${actor.userId}::uuid AND s.kind = 'browser' AND s.id <> ${actor.sessionId}::uuid
      AND s.created_at < coalesce((SELECT created_at FROM auth_sessions WHERE id = ${actor.sessionId}::uuid), now())
  )`;
