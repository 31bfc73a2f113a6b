import "server-only";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/auth/session";
import { requirePermission } from "@/lib/auth/permissions";

export type ClientSession = { id: string; scheduledAt: string; durationMinutes: number; status: string; projectTitle: string; expertName: string; expertId: string };

/** View Calendar: the actor's scheduled sessions, soonest first (past ones after). */
export async function listClientSchedules(actor: Actor | null): Promise<ClientSession[]> {
  requirePermission(actor, "manage:project:own");
  const rows = await db().schedule.findMany({
    where: { clientUserId: actor.userId },
    orderBy: { scheduledAt: "asc" },
    select: {
      id: true, scheduledAt: true, durationMinutes: true, status: true,
      project: { select: { title: true } },
      expert: { select: { id: true, user: { select: { firstName: true, lastName: true } } } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    scheduledAt: r.scheduledAt.toISOString(),
    durationMinutes: r.durationMinutes,
    status: r.status,
    projectTitle: r.project.title,
    expertName: `${r.expert.user.firstName} ${r.expert.user.lastName}`,
    expertId: r.expert.id,
  }));
}
