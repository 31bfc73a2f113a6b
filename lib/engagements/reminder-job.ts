import "server-only";
import { db } from "@/lib/platform/db";
import type { JobPayload } from "@/lib/platform/jobs/payloads";
import { noticeEngagement } from "@/lib/engagements/notices";

/**
 * Sends one reminder to both sides of a session, if the session is still scheduled at the time
 * the reminder was queued for (a reschedule queues new ones under the same job keys, and a
 * stale job finds a different time and sends nothing).
 */
export async function sendSessionReminder({ sessionId, which, startsAt }: JobPayload<"session-reminder">): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const session = await tx.engagementSession.findUnique({
      where: { id: sessionId },
      select: { engagementId: true, status: true, startsAt: true, engagement: { select: { state: true } } },
    });
    if (
      !session ||
      session.status !== "scheduled" ||
      session.engagement.state !== "scheduled" ||
      session.startsAt.toISOString() !== new Date(startsAt).toISOString()
    )
      return false;
    const kind = which === "24h" ? "reminder_24h" : "reminder_1h";
    await noticeEngagement(tx, { engagementId: session.engagementId, kind, to: "expert" });
    await noticeEngagement(tx, { engagementId: session.engagementId, kind, to: "client" });
    return true;
  });
}
