// Fourteen days before a district's approval of an open study ends, the researcher who asked for
// it is told (by e-mail and in the menu, and in the study's history), so they can ask again before
// recruiting there closes. One reminder per approval and last day: a renewed approval with a new
// last day gets its own, and a second run of the job sends nothing.
import "server-only";
import { db, LOCKED_TX_OPTIONS } from "@/lib/platform/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { recordApprovalStep } from "@/lib/districts/approval-history";

/** How many days before its last day an approval's researcher is reminded. */
export const EXPIRY_REMINDER_DAYS = 14;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Reminds the researchers of approvals ending within the next fourteen days; returns how many were told. */
export async function sendApprovalExpiryReminders(now: Date = new Date()): Promise<number> {
  const today = new Date(`${dayOf(now)}T00:00:00Z`);
  const horizon = new Date(today.getTime() + EXPIRY_REMINDER_DAYS * 86_400_000);
  const due = await db().$queryRaw<{ id: string; expires_on: Date }[]>(Prisma.sql`
    SELECT a.id, a.expires_on
    FROM project_district_approvals a
    JOIN projects p ON p.id = a.project_id
    WHERE a.status = 'approved' AND a.expires_on BETWEEN ${today}::date AND ${horizon}::date
      AND p.status <> 'closed' AND a.requested_by_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM district_approval_reminders r WHERE r.approval_id = a.id AND r.expires_on = a.expires_on)
    ORDER BY a.expires_on
    LIMIT 500`);
  let told = 0;
  for (const row of due) {
    const sent = await db().$transaction(async (tx) => {
      // The key is the approval and its last day: two workers, or a rerun, insert it once.
      const claimed = await tx.$executeRaw`
        INSERT INTO district_approval_reminders (approval_id, expires_on) VALUES (${row.id}::uuid, ${row.expires_on}::date)
        ON CONFLICT DO NOTHING`;
      if (claimed !== 1) return false;
      const note = `Recruiting in this district closes after ${dayOf(row.expires_on)}. Ask its research office to renew the approval, or upload a new letter.`;
      await recordApprovalStep(tx, { approvalId: row.id, kind: "expiring", side: "admin", actorUserId: null, note });
      return true;
    }, LOCKED_TX_OPTIONS);
    if (sent) told++;
  }
  return told;
}
