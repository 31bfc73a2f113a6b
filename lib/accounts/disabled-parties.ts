import "server-only";
import type { Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";

// A disabled account takes no new work and offers none (lib/admin/account-holds.ts says what
// else disabling stops). Apart from the holds so that invite and apply can call it without
// importing the project services.

export const DISABLED_EXPERT_MESSAGE = "This expert's account is disabled, so they cannot be invited.";
export const DISABLED_CLIENT_MESSAGE = "This study's client account is disabled, so the study is not taking applications.";

export const DISABLED_PROJECT_MEMBER_MESSAGE =
  "The member responsible for this project has a disabled account, so the project stays paused: it cannot be reopened or invited into.";

/**
 * A disabled member's projects stay paused for their colleagues too: reopening one, or inviting
 * into it, would offer new work on behalf of an account that may take none.
 */
export async function refuseDisabledProjectMember(tx: Tx, clientUserId: string): Promise<void> {
  const member = await tx.user.findUnique({ where: { id: clientUserId }, select: { disabledAt: true } });
  if (member?.disabledAt) throw new AppError("CONFLICT", DISABLED_PROJECT_MEMBER_MESSAGE);
}

/**
 * Refuses a new invite to a disabled expert, or a new application to a disabled client's study,
 * with a message that says so. Called where invites and applications are created.
 */
export async function refuseDisabledParty(tx: Tx, party: { expertId: string } | { clientUserId: string }): Promise<void> {
  if ("expertId" in party) {
    const expert = await tx.expert.findUnique({ where: { id: party.expertId }, select: { user: { select: { disabledAt: true } } } });
    if (expert?.user.disabledAt) throw new AppError("CONFLICT", DISABLED_EXPERT_MESSAGE);
    return;
  }
  const client = await tx.user.findUnique({ where: { id: party.clientUserId }, select: { disabledAt: true } });
  if (client?.disabledAt) throw new AppError("CONFLICT", DISABLED_CLIENT_MESSAGE);
}
