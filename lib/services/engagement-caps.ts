import "server-only";
import type { Db, Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { formatDay } from "@/lib/format";
import { isoDay, todayIn } from "@/lib/services/dashboard/expert";
import { getOpenInviteCap } from "@/lib/services/platform-settings";

// Superintendents and principals are few and get flooded: the caps on invites. Checked in the
// invite's transaction, after the expert row is locked, so two clients cannot both slip under.

/** One client organisation may invite one expert at most this often in INVITE_WINDOW_DAYS. */
export const ORG_INVITES_PER_EXPERT = 2;
export const INVITE_WINDOW_DAYS = 30;

type CapExpert = { id: string; timeZone: string; invitesPausedUntil: Date | null };

/**
 * Why a new invite from this client to this expert would be refused now, or null. The invite
 * dialog asks before anything is sent; the invite itself asks again under the lock.
 */
export async function inviteCapRefusal(tx: Tx | Db, { clientUserId, expert, now }: { clientUserId: string; expert: CapExpert; now: Date }): Promise<string | null> {
  if (expert.invitesPausedUntil && isoDay(expert.invitesPausedUntil) >= todayIn(expert.timeZone, now)) {
    return `This expert has paused invites until ${formatDay(expert.invitesPausedUntil)}.`;
  }
  const [open, cap] = await Promise.all([tx.engagement.count({ where: { expertId: expert.id, state: "invited" } }), getOpenInviteCap()]);
  if (open >= cap) return `This expert already has ${open} open invites, the most they can hold at once. Try again once they have answered some.`;

  const profile = await tx.clientProfile.findUnique({ where: { userId: clientUserId }, select: { organization: true } });
  const since = new Date(now.getTime() - INVITE_WINDOW_DAYS * 86_400_000);
  const sameOrganization = profile
    ? { client: { clientProfile: { organization: { equals: profile.organization, mode: "insensitive" as const } } } }
    : { clientUserId };
  const recent = await tx.engagement.count({ where: { expertId: expert.id, origin: "invite", createdAt: { gte: since }, ...sameOrganization } });
  if (recent >= ORG_INVITES_PER_EXPERT) {
    return `Your organization has already invited this expert ${ORG_INVITES_PER_EXPERT} times in the last ${INVITE_WINDOW_DAYS} days.`;
  }
  return null;
}

export async function assertInviteCaps(tx: Tx, facts: { clientUserId: string; expert: CapExpert; now: Date }) {
  const refusal = await inviteCapRefusal(tx, facts);
  if (refusal) throw new AppError("CONFLICT", refusal);
}
