import "server-only";
import type { Db, Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { formatDay } from "@/lib/platform/format";
import { isoDay, todayIn } from "@/lib/experts/dashboard/expert";
import { getOpenInviteCap } from "@/lib/engagements/platform-settings";

// Superintendents and principals are few and get flooded: the caps on invites. Checked in the
// invite's transaction, after the expert row is locked, so two clients cannot both slip under.

/**
 * One organization may invite one expert at most this often in INVITE_WINDOW_DAYS, whichever of its
 * members sends them. Counted by the organization's id, never its name: anyone may type "Acme" at
 * sign-up, but only Acme's invited members act for Acme.
 */
export const CLIENT_INVITES_PER_EXPERT = 2;
export const INVITE_WINDOW_DAYS = 30;

type CapExpert = { id: string; timeZone: string; invitesPausedUntil: Date | null };

/**
 * Why a new invite from this client to this expert would be refused now, or null. The invite
 * dialog asks before anything is sent; the invite itself asks again under the lock.
 */
export async function inviteCapRefusal(
  tx: Tx | Db,
  { organizationId, expert, now }: { organizationId: string; expert: CapExpert; now: Date },
): Promise<string | null> {
  if (expert.invitesPausedUntil && isoDay(expert.invitesPausedUntil) >= todayIn(expert.timeZone, now)) {
    return `This expert has paused invites until ${formatDay(expert.invitesPausedUntil)}.`;
  }
  const [open, cap] = await Promise.all([tx.engagement.count({ where: { expertId: expert.id, state: "invited" } }), getOpenInviteCap()]);
  if (open >= cap)
    return `This expert already has ${open} open invites, the most they can hold at once. Try again once they have answered some.`;

  const since = new Date(now.getTime() - INVITE_WINDOW_DAYS * 86_400_000);
  const recent = await tx.engagement.count({ where: { expertId: expert.id, origin: "invite", createdAt: { gte: since }, organizationId } });
  if (recent >= CLIENT_INVITES_PER_EXPERT) {
    return `Your organization has already invited this expert ${CLIENT_INVITES_PER_EXPERT} times in the last ${INVITE_WINDOW_DAYS} days.`;
  }
  return null;
}

export async function assertInviteCaps(tx: Tx, facts: { organizationId: string; expert: CapExpert; now: Date }) {
  const refusal = await inviteCapRefusal(tx, facts);
  if (refusal) throw new AppError("CONFLICT", refusal);
}
