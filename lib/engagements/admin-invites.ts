import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { isoDay, todayIn } from "@/lib/experts/dashboard/expert";
import { fullName } from "@/lib/platform/format";

// Admin › Invites: how many invites each expert has received lately, beside the cap.

export const INVITE_LOAD_LIMIT = 200;
export const INVITE_LOAD_DAYS = 30;

export type InviteLoadRow = {
  expertId: string;
  name: string;
  roleTitle: string | null;
  /** Engagements with origin "invite" created in the last 30 days. */
  invites: number;
  /** Engagements in state "invited" now (whenever they were sent). */
  open: number;
  /** "YYYY-MM-DD" while a pause is on (through that day, in the expert's zone), else null. */
  invitesPausedUntil: string | null;
};

type Raw = {
  expert_id: string;
  first_name: string;
  last_name: string;
  role_title: string | null;
  time_zone: string;
  invites_paused_until: Date | null;
  invites: bigint;
  open: bigint;
};

/**
 * Every expert with an invite in the last 30 days or an invite still open, most invites first
 * (then most open), at most 200. `limited` says there were more.
 */
export async function listInviteLoad(
  actor: Actor | null,
  now: Date = new Date(),
): Promise<{ rows: InviteLoadRow[]; since: Date; limited: boolean }> {
  requirePermission(actor, "manage:platform:any");
  const since = new Date(now.getTime() - INVITE_LOAD_DAYS * 86_400_000);
  // One grouped pass over the engagements both counts touch; the filter keeps it to recent or open ones.
  const raw = await db().$queryRaw<Raw[]>`
    SELECT e.id AS expert_id, u.first_name, u.last_name, e.role_title, e.time_zone, e.invites_paused_until,
           count(*) FILTER (WHERE g.origin = 'invite' AND g.created_at >= ${since}) AS invites,
           count(*) FILTER (WHERE g.state = 'invited') AS open
      FROM engagements g
      JOIN experts e ON e.id = g.expert_id
      JOIN users u ON u.id = e.user_id
     WHERE (g.origin = 'invite' AND g.created_at >= ${since}) OR g.state = 'invited'
     GROUP BY e.id, u.id
     ORDER BY invites DESC, open DESC, u.last_name, u.first_name, e.id
     LIMIT ${INVITE_LOAD_LIMIT + 1}`;
  const rows = raw.slice(0, INVITE_LOAD_LIMIT).map((r): InviteLoadRow => {
    const paused = r.invites_paused_until ? isoDay(r.invites_paused_until) : null;
    return {
      expertId: r.expert_id,
      name: fullName(r.first_name, r.last_name),
      roleTitle: r.role_title,
      invites: Number(r.invites),
      open: Number(r.open),
      invitesPausedUntil: paused && paused >= todayIn(r.time_zone, now) ? paused : null,
    };
  });
  return { rows, since, limited: raw.length > INVITE_LOAD_LIMIT };
}
