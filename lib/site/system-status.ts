import "server-only";
import { db } from "@/lib/platform/db";
import { mailTransportReachable } from "@/lib/platform/mail/send";

export type SystemStatus = {
  checkedAt: Date;
  checkMs: number;
  database: { ok: boolean; roundTripMs: number | null };
  mail: { reachable: boolean };
  lastSignInAt: Date | null;
  signIns24h: number;
  verifiedPublicExperts: number;
  /** Searches are not logged anywhere, so there is no honest "latest search" time. */
  lastSearchAt: null;
  payouts: { processing: number; lastPaidAt: Date | null };
  contact: { unsent: number; lastReceivedAt: Date | null };
  operational: boolean;
};

/** How long a database check may take before it counts as down (a hung connection is down). */
const DATABASE_CHECK_TIMEOUT_MS = 3_000;

/**
 * One round trip to PostgreSQL, timed: the readiness probe (/api/ready) and /api-status both
 * ask this, so "the database answers" means the same thing everywhere.
 */
export async function checkDatabase(): Promise<SystemStatus["database"]> {
  const start = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      db().$queryRaw`SELECT 1`,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database check timed out")), DATABASE_CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, roundTripMs: Math.round((performance.now() - start) * 10) / 10 };
  } catch {
    return { ok: false, roundTripMs: null };
  } finally {
    clearTimeout(timer);
  }
}

/** Live values for /api-status: each check measured now, none hard-coded. */
export async function getSystemStatus(): Promise<SystemStatus> {
  const started = performance.now();
  const mailCheck = mailTransportReachable();
  const database = await checkDatabase();
  const since = new Date(Date.now() - 24 * 3600_000);
  const facts = database.ok
    ? await Promise.all([
        db().signInAttempt.findFirst({ where: { succeeded: true }, orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
        db().signInAttempt.count({ where: { succeeded: true, createdAt: { gte: since } } }),
        db().expert.count({ where: { verificationStatus: "verified", isPublicProfile: true } }),
        db().payout.count({ where: { status: "processing" } }),
        db().payout.findFirst({
          where: { status: { in: ["paid", "completed"] } },
          orderBy: { createdAt: "desc" },
          select: { createdAt: true },
        }),
        db().contactMessage.count({ where: { status: { not: "sent" } } }),
        db().contactMessage.findFirst({ orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
      ]).catch(() => null)
    : null;
  const mailOk = await mailCheck;
  const [lastSignIn, signIns24h, experts, processing, lastPaid, unsent, lastContact] = facts ?? [null, 0, 0, 0, null, 0, null];
  return {
    checkedAt: new Date(),
    checkMs: Math.round(performance.now() - started),
    database,
    mail: { reachable: mailOk },
    lastSignInAt: lastSignIn?.createdAt ?? null,
    signIns24h,
    verifiedPublicExperts: experts,
    lastSearchAt: null,
    payouts: { processing, lastPaidAt: lastPaid?.createdAt ?? null },
    contact: { unsent, lastReceivedAt: lastContact?.createdAt ?? null },
    operational: database.ok && facts !== null && mailOk,
  };
}
