import "server-only";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { addDays, utcDate } from "@/lib/platform/dates";
import { formatDay, formatMoney, fullName } from "@/lib/platform/format";
import { queueMail } from "@/lib/platform/mail/queue";
import { adminDigestEmail, type DigestLine } from "@/lib/admin/digest-mail";
import { pendingVerificationsSince } from "@/lib/experts/admin-experts";
import { verificationWait, waitLabel } from "@/lib/experts/verification-rules";

// The admins' daily digest: the promises the platform makes that are about to be broken or
// already are. Payouts due tomorrow and overdue ones (the payout clock), and verifications
// waiting past the verification clock. Nothing to report sends nothing.

export type AdminDigest = { dueTomorrow: DigestLine[]; overduePayouts: DigestLine[]; lateVerifications: DigestLine[] };

/** What the digest of `now`'s day (UTC) lists. */
export async function adminDigest(now: Date): Promise<AdminDigest> {
  const today = utcDate(now);
  const tomorrow = addDays(today, 1);
  const payouts = await db().payout.findMany({
    where: { status: { in: ["pending", "processing"] }, dueDate: { lte: tomorrow } },
    orderBy: [{ dueDate: "asc" }, { createdAt: "asc" }],
    select: {
      id: true,
      amountCents: true,
      dueDate: true,
      status: true,
      user: { select: { firstName: true, lastName: true, email: true } },
    },
  });
  const payoutLine = (p: (typeof payouts)[number]): DigestLine =>
    `${formatMoney(p.amountCents)} to ${fullName(p.user.firstName, p.user.lastName)} (${p.user.email}), ${p.status}, due ${formatDay(p.dueDate!)}`;

  const since = await pendingVerificationsSince();
  const late = [...since].map(([id, at]) => ({ id, wait: verificationWait(at, now) })).filter((v) => v.wait.overdue);
  const experts = await db().expert.findMany({
    where: { id: { in: late.map((v) => v.id) } },
    select: { id: true, user: { select: { firstName: true, lastName: true, email: true } } },
  });
  const who = new Map(experts.map((e) => [e.id, e.user]));
  const lateVerifications = late
    .sort((a, b) => a.wait.since.getTime() - b.wait.since.getTime())
    .flatMap(({ id, wait }) => {
      const u = who.get(id);
      return u
        ? [`${fullName(u.firstName, u.lastName)} (${u.email}): ${waitLabel(wait).toLowerCase()}, since ${formatDay(wait.since)}`]
        : [];
    });

  return {
    dueTomorrow: payouts.filter((p) => p.dueDate!.getTime() === tomorrow.getTime()).map(payoutLine),
    overduePayouts: payouts.filter((p) => p.dueDate! < today).map(payoutLine),
    lateVerifications,
  };
}

/**
 * E-mails the digest to every active admin, once per admin and day (the mail job is keyed by
 * both, so a second run the same day replaces rather than repeats it). Returns how many admins
 * were written to: 0 when there is nothing to report.
 */
export async function sendAdminDigest(now: Date = new Date()): Promise<number> {
  const digest = await adminDigest(now);
  if (!digest.dueTomorrow.length && !digest.overduePayouts.length && !digest.lateVerifications.length) return 0;
  const admins = await db().user.findMany({
    where: { disabledAt: null, roles: { some: { role: "admin" } } },
    select: { id: true, email: true, firstName: true },
  });
  const day = utcDate(now).toISOString().slice(0, 10);
  const mail = (firstName: string) =>
    adminDigestEmail(firstName, formatDay(now), digest, `${env().APP_URL}/admin/payouts`, `${env().APP_URL}/admin`);
  for (const a of admins) await queueMail({ to: a.email, ...mail(a.firstName) }, undefined, `admin-digest:${a.id}:${day}`);
  return admins.length;
}
