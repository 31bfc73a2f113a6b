import "server-only";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { env, type Env } from "@/lib/platform/env";
import { throttledError, waitPhrase } from "@/lib/platform/errors";

/**
 * Abuse limits on public writes, counted in PostgreSQL (`rate_limit_hits`) so they hold across
 * instances and restarts. Per-IP limits are generous (a school district often reaches the
 * internet through one address); per-account and per-e-mail limits are strict. Each maximum
 * has an env override (docs/limits.md). Sign-in (lib/accounts/sign-in.ts) and contact
 * messages (lib/site/contact.ts) count their own rows under the same kind of lock.
 */
export type RateLimitRule = {
  /** The bucket name stored with each hit. */
  bucket: string;
  max: number;
  windowSeconds: number;
  envVar: keyof Env & `LIMIT_${string}`;
  /** Shown to the person; `{wait}` becomes e.g. "12 minutes". */
  message: string;
};

const HOUR = 3600;
const DAY = 24 * HOUR;

export const REGISTRATION_PER_IP: RateLimitRule = {
  bucket: "registration:ip",
  max: 50,
  windowSeconds: HOUR,
  envVar: "LIMIT_REGISTRATION_PER_IP",
  message: "Too many accounts have been created from your network. Try again in {wait}.",
};
export const PASSWORD_RESET_PER_EMAIL: RateLimitRule = {
  bucket: "password-reset:email",
  max: 3,
  windowSeconds: HOUR,
  envVar: "LIMIT_PASSWORD_RESET_PER_EMAIL",
  message: "Too many password reset requests for this e-mail. Try again in {wait}.",
};
export const PASSWORD_RESET_PER_IP: RateLimitRule = {
  bucket: "password-reset:ip",
  max: 30,
  windowSeconds: HOUR,
  envVar: "LIMIT_PASSWORD_RESET_PER_IP",
  message: "Too many password reset requests from your network. Try again in {wait}.",
};
export const VERIFICATION_RESEND_PER_ACCOUNT: RateLimitRule = {
  bucket: "verification-resend:account",
  max: 3,
  windowSeconds: HOUR,
  envVar: "LIMIT_VERIFICATION_RESEND_PER_ACCOUNT",
  message: "Too many verification e-mails requested for this address. Try again in {wait}.",
};
export const VERIFICATION_RESEND_PER_IP: RateLimitRule = {
  bucket: "verification-resend:ip",
  max: 30,
  windowSeconds: HOUR,
  envVar: "LIMIT_VERIFICATION_RESEND_PER_IP",
  message: "Too many verification e-mails requested from your network. Try again in {wait}.",
};
/** Proposing times and new session times mails the other side: a strict per-account limit. */
export const SCHEDULE_PROPOSALS_PER_ACCOUNT: RateLimitRule = {
  bucket: "schedule-proposal:account",
  max: 20,
  windowSeconds: HOUR,
  envVar: "LIMIT_SCHEDULE_PROPOSALS_PER_ACCOUNT",
  message: "Too many time proposals from your account. Try again in {wait}.",
};
/** Opening a project to every verified expert e-mails up to ANNOUNCE_LIMIT of them: counted per client account. */
export const OPEN_PROJECTS_PER_ACCOUNT: RateLimitRule = {
  bucket: "open-project:account",
  max: 5,
  windowSeconds: DAY,
  envVar: "LIMIT_OPEN_PROJECTS_PER_ACCOUNT",
  message:
    "Too many projects opened to all experts in the last 24 hours (each one e-mails matching experts). Try again in {wait}, or make this project invite-only.",
};
/** Wrong or reused survey codes, per survey place: enough for typing mistakes, far too few to guess a code. */
export const SURVEY_CODE_MISSES: RateLimitRule = {
  bucket: "survey-code:place",
  max: 10,
  windowSeconds: HOUR,
  envVar: "LIMIT_SURVEY_CODE_MISSES",
  message: "Too many wrong survey codes. Try again in {wait}, or contact support.",
};
/** Messages in engagements' conversations (a client's message to several experts counts once): counted per account. */
export const MESSAGES_PER_ACCOUNT: RateLimitRule = {
  bucket: "message:account",
  max: 60,
  windowSeconds: HOUR,
  envVar: "LIMIT_MESSAGES_PER_ACCOUNT",
  message: "Too many messages from your account. Try again in {wait}.",
};
/** Invitations to join an organization (sent and re-sent), each an e-mail to an outside address: counted per organization, whoever sends them. */
export const ORG_INVITATIONS_PER_ORGANIZATION: RateLimitRule = {
  bucket: "org-invitation:organization",
  max: 30,
  windowSeconds: DAY,
  envVar: "LIMIT_ORG_INVITATIONS_PER_ORGANIZATION",
  message: "Your organization has sent too many invitations in the last 24 hours. Try again in {wait}.",
};
/** Each confirmation code is a text message we pay for and the person receives: a few an hour. */
export const SMS_CODES_PER_ACCOUNT: RateLimitRule = {
  bucket: "sms-code:account",
  max: 5,
  windowSeconds: HOUR,
  envVar: "LIMIT_SMS_CODES_PER_ACCOUNT",
  message: "Too many codes sent to your phone. Try again in {wait}.",
};
export const RATE_LIMIT_RULES = [
  SMS_CODES_PER_ACCOUNT,
  REGISTRATION_PER_IP,
  PASSWORD_RESET_PER_EMAIL,
  PASSWORD_RESET_PER_IP,
  VERIFICATION_RESEND_PER_ACCOUNT,
  VERIFICATION_RESEND_PER_IP,
  SCHEDULE_PROPOSALS_PER_ACCOUNT,
  OPEN_PROJECTS_PER_ACCOUNT,
  SURVEY_CODE_MISSES,
  MESSAGES_PER_ACCOUNT,
  ORG_INVITATIONS_PER_ORGANIZATION,
];

/** Rows older than the longest window count for nothing and are deleted now and then. */
const LONGEST_WINDOW_SECONDS = Math.max(...RATE_LIMIT_RULES.map((r) => r.windowSeconds));

/** The rule's maximum: its env override, else the default. */
export function limitOf(rule: RateLimitRule): number {
  return env()[rule.envVar] ?? rule.max;
}

export type LimitCheck = { rule: RateLimitRule; key: string };

/**
 * Counts one hit against every check, atomically: inside one transaction it takes an advisory
 * lock per (bucket, key), in a fixed order so two requests cannot deadlock, counts the hits in
 * each window and inserts only when every check passes. A parallel burst is therefore
 * serialised per key, and the (max+1)th request is refused however fast it arrives.
 * A refused request records nothing, so a sliding window lets the caller back in.
 * Throws THROTTLED (429, Retry-After) with the first refused rule's message.
 * Given the caller's transaction, the hit counts only if that transaction commits, so a write
 * that is refused or changes nothing uses up nothing.
 */
export async function consumeRateLimits(checks: LimitCheck[], within?: Tx): Promise<void> {
  const items = checks
    .map((c) => ({ rule: c.rule, bucket: c.rule.bucket, key: c.key.trim().toLowerCase().slice(0, 320), max: limitOf(c.rule) }))
    .sort((a, b) => (a.bucket === b.bucket ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.bucket < b.bucket ? -1 : 1));
  const count = async (tx: Tx) => {
    for (const it of items) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${it.bucket}), hashtext(${it.key}))`;
    }
    let worst: { rule: RateLimitRule; retryAfter: number } | null = null;
    for (const it of items) {
      const retryAfter = await secondsUntilFree(tx, it.rule, it.key, it.max);
      if (retryAfter !== null && (!worst || retryAfter > worst.retryAfter)) worst = { rule: it.rule, retryAfter };
    }
    if (worst) return worst;
    for (const it of items) {
      await tx.$executeRaw`INSERT INTO rate_limit_hits (bucket, key, created_at) VALUES (${it.bucket}, ${it.key}, clock_timestamp())`;
    }
    return null;
  };
  const refused = within ? await count(within) : await db().$transaction(count, LOCKED_TX_OPTIONS);
  if (refused) throw throttledError(refused.rule.message.replace("{wait}", waitPhrase(refused.retryAfter)), refused.retryAfter);
}

/**
 * Refuses (THROTTLED) when the key has used up the rule, and records nothing: for limits that
 * count only failures, checked before an attempt so that even a right answer is not let through
 * once the failures are used up.
 */
export async function assertUnderLimit(check: LimitCheck): Promise<void> {
  const retryAfter = await secondsUntilFree(db(), check.rule, check.key.trim().toLowerCase().slice(0, 320), limitOf(check.rule));
  if (retryAfter !== null) throw throttledError(check.rule.message.replace("{wait}", waitPhrase(retryAfter)), retryAfter);
}

/** Null while the key has hits left in the rule's window; else the seconds until the oldest counted hit leaves it. */
async function secondsUntilFree(reader: Tx | ReturnType<typeof db>, rule: RateLimitRule, key: string, max: number): Promise<number | null> {
  const [row] = await reader.$queryRaw<{ n: number; retry_after: number | null }[]>`
    SELECT count(*)::int AS n,
           extract(epoch FROM min(created_at) + make_interval(secs => ${rule.windowSeconds}) - clock_timestamp())::float8 AS retry_after
    FROM (SELECT created_at FROM rate_limit_hits
          WHERE bucket = ${rule.bucket} AND key = ${key}
            AND created_at > clock_timestamp() - make_interval(secs => ${rule.windowSeconds})
          ORDER BY created_at DESC LIMIT ${max}) recent`;
  return row.n >= max ? Math.max(1, row.retry_after ?? rule.windowSeconds) : null;
}

/** Deletes hits older than the longest window; returns how many (the hourly prune-abuse-counters job). */
export async function pruneRateLimitHits(): Promise<number> {
  return db()
    .$executeRaw`DELETE FROM rate_limit_hits WHERE created_at < clock_timestamp() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`;
}
