import "server-only";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { formatDay } from "@/lib/platform/format";
import { queueMail } from "@/lib/platform/mail/queue";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { Prisma } from "@/lib/generated/prisma/client";
import { checkInvariants, INVARIANT_NAMES, INVARIANTS, type Breach, type InvariantName } from "@/lib/money/invariants";
import { moneyInvariantsEmail } from "@/lib/money/mail";

// The money's invariant checks as a routine: the nightly job runs them and e-mails every active
// admin when anything breaks; an admin runs them at will from Admin › Money checks. Each run is
// kept with its breaches, so the page shows the last one and what it found.

/** At most this many breaches are kept with a run (the count is always the true one). */
export const KEPT_BREACHES = 1_000;

export type InvariantRunView = {
  id: string;
  trigger: "nightly" | "admin";
  startedAt: Date;
  finishedAt: Date;
  breachCount: number;
  counts: Record<InvariantName, number>;
  breaches: Breach[];
};

const toView = (r: {
  id: string;
  trigger: string;
  startedAt: Date;
  finishedAt: Date;
  breachCount: number;
  counts: Prisma.JsonValue;
  breaches: Prisma.JsonValue;
}): InvariantRunView => ({
  id: r.id,
  trigger: r.trigger === "admin" ? "admin" : "nightly",
  startedAt: r.startedAt,
  finishedAt: r.finishedAt,
  breachCount: r.breachCount,
  counts: r.counts as Record<InvariantName, number>,
  breaches: r.breaches as Breach[],
});

/** Runs every check, keeps the run, and (nightly) e-mails the admins when anything is breached. */
export async function runInvariantChecks(trigger: "nightly" | "admin", actorUserId: string | null, now: Date = new Date()) {
  const startedAt = new Date();
  const report = await checkInvariants();
  const row = await db().invariantRun.create({
    data: {
      trigger,
      actorUserId,
      startedAt,
      finishedAt: new Date(),
      breachCount: report.breaches.length,
      counts: report.counts,
      breaches: report.breaches.slice(0, KEPT_BREACHES) as unknown as Prisma.InputJsonValue,
    },
  });
  if (trigger === "nightly" && report.breaches.length) await mailAdmins(report.breaches, now);
  return toView(row);
}

/** One e-mail per active admin and day: a second run the same day replaces the unsent one. */
async function mailAdmins(breaches: Breach[], now: Date) {
  const admins = await db().user.findMany({
    where: { disabledAt: null, roles: { some: { role: "admin" } } },
    select: { id: true, email: true, firstName: true },
  });
  const checks = INVARIANT_NAMES.map((name) => ({
    ...INVARIANTS[name],
    messages: breaches.filter((b) => b.check === name).map((b) => b.message),
  }));
  const day = now.toISOString().slice(0, 10);
  for (const a of admins)
    await queueMail(
      { to: a.email, ...moneyInvariantsEmail(a.firstName, formatDay(now), checks, `${env().APP_URL}/admin/money`) },
      undefined,
      `money-invariants:${a.id}:${day}`,
    );
  return admins.length;
}

/** An admin runs the checks now (Admin › Money checks): the run is kept and shown, nobody is e-mailed. */
export async function runInvariantChecksNow(actor: Actor | null): Promise<InvariantRunView> {
  requirePermission(actor, "manage:money:any");
  return runInvariantChecks("admin", actor.userId);
}

/** The last run, nightly or by hand, or null before the first. */
export async function lastInvariantRun(actor: Actor | null): Promise<InvariantRunView | null> {
  requirePermission(actor, "manage:money:any");
  const row = await db().invariantRun.findFirst({ orderBy: { startedAt: "desc" } });
  return row ? toView(row) : null;
}
