// The district research officer's daily digest: the requests that reached their district since
// the last digest (or since they became an officer), with how many wait in all. A day with
// nothing new sends nothing, and a second run the same day finds nothing new.
import "server-only";
import { db, LOCKED_TX_OPTIONS } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { queueMail } from "@/lib/platform/mail/queue";
import { officerDigestMail } from "@/lib/districts/approval-mail";

/** E-mails each officer their district's new requests; returns how many digests were sent. */
export async function sendOfficerDigests(now: Date = new Date()): Promise<number> {
  const grants = await db().districtOfficer.findMany({ select: { userId: true, leaid: true, createdAt: true } });
  const byUser = new Map<string, { leaid: string; createdAt: Date }[]>();
  for (const g of grants) byUser.set(g.userId, [...(byUser.get(g.userId) ?? []), g]);
  let sent = 0;
  for (const [userId, offices] of byUser) if (await digestFor(userId, offices, now)) sent++;
  return sent;
}

/** One officer's digest: one e-mail per district with something new, one "last sent" mark. */
async function digestFor(userId: string, offices: { leaid: string; createdAt: Date }[], now: Date) {
  return db().$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true, disabledAt: true } });
    if (!user || user.disabledAt) return false;
    // The mark is locked while the digest is made, so two workers never send it twice.
    await tx.$executeRaw`INSERT INTO district_officer_digests (user_id, last_sent_at) VALUES (${userId}::uuid, 'epoch')
      ON CONFLICT DO NOTHING`;
    const [mark] = await tx.$queryRaw<{ last_sent_at: Date }[]>`
      SELECT last_sent_at FROM district_officer_digests WHERE user_id = ${userId}::uuid FOR UPDATE`;
    let any = false;
    for (const office of offices) {
      const since = mark.last_sent_at > office.createdAt ? mark.last_sent_at : office.createdAt;
      const waiting = await tx.projectDistrictApproval.findMany({
        where: { leaid: office.leaid, status: "requested" },
        select: { projectId: true, requestedAt: true },
      });
      const fresh = waiting.filter((w) => w.requestedAt && w.requestedAt > since && w.requestedAt <= now);
      if (fresh.length === 0) continue;
      const projects = await tx.project.findMany({
        where: { id: { in: fresh.map((f) => f.projectId) } },
        select: { title: true, organization: { select: { name: true } } },
        orderBy: { title: "asc" },
      });
      const district = await tx.district.findUnique({ where: { leaid: office.leaid }, select: { name: true } });
      const mail = officerDigestMail(user.firstName, {
        district: district?.name ?? office.leaid,
        fresh: projects.map((p) => ({ title: p.title, organization: p.organization.name })),
        waiting: waiting.length,
        officeUrl: `${env().APP_URL}/district-office`,
      });
      await queueMail({ to: user.email, subject: mail.subject, text: mail.text, layout: mail.layout }, tx);
      any = true;
    }
    if (any) await tx.districtOfficerDigest.update({ where: { userId }, data: { lastSentAt: now } });
    return any;
  }, LOCKED_TX_OPTIONS);
}
