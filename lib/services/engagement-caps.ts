import "server-only";
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { formatDay } from "@/lib/format";
import { isoDay, todayIn } from "@/lib/services/dashboard/expert";
import { getOpenInviteCap } from "@/lib/services/platform-settings";

// Superintendents and principals are few and get flooded: the caps on invites. Checked in the
// invite's transaction, after the expert row is locked, so two clients cannot both slip under.

/**
 * One client account may invite one expert at most this often in INVITE_WINDOW_DAYS. Counted per
 * account, not per organisation: the organisation is a name each client types, so counting by it
 * would let anyone who registers as "Acme" use up Acme's allowance. A per-organisation cap can
 * return once organisations are accounts of their own.
 */
export const CLIENT_INVITES_PER_EXPERT = 2;
export const INVITE_WINDOW_DAYS = 30;

type CapExpert = { id: string; timeZone: string; invitesPausedUntil: Date | null };

export async function assertInviteCaps(tx: Tx, { clientUserId, expert, now }: { clientUserId: string; expert: CapExpert; now: Date }) {
  if (expert.invitesPausedUntil && isoDay(expert.invitesPausedUntil) >= todayIn(expert.timeZone, now)) {
    throw new AppError("CONFLICT", `This expert has paused invites until ${formatDay(expert.invitesPausedUntil)}.`);
  }
  const [open, cap] = await Promise.all([tx.engagement.count({ where: { expertId: expert.id, state: "invited" } }), getOpenInviteCap()]);
  if (open >= cap) throw new AppError("CONFLICT", `This expert already has ${open} open invites, the most they can hold at once. Try again once they have answered some.`);

  const since = new Date(now.getTime() - INVITE_WINDOW_DAYS * 86_400_000);
  const recent = await tx.engagement.count({ where: { expertId: expert.id, origin: "invite", createdAt: { gte: since }, clientUserId } });
  if (recent >= CLIENT_INVITES_PER_EXPERT) {
    throw new AppError("CONFLICT", `You have already invited this expert ${CLIENT_INVITES_PER_EXPERT} times in the last ${INVITE_WINDOW_DAYS} days.`);
  }
}
