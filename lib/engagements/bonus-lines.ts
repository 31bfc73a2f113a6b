import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { AppError } from "@/lib/platform/errors";
import { orgScope } from "@/lib/organizations/membership";
import type { BonusItem, BonusLine } from "@/lib/engagements/schemas/bonuses";

// A bonus list from the client's own survey tool names each person by the participant id the
// tool received: the same id the pipeline card, the review list and the sample export show.
// Here such lines become the engagement ids bonuses are paid on, among the client's own
// engagements only.

/** The list's lines with every participant id replaced by its engagement; one the client does not hold is named by its line. */
export async function resolveBonusLines(actor: Actor | null, lines: BonusLine[]): Promise<BonusItem[]> {
  requirePermission(actor, "manage:project:org");
  const wanted = lines.flatMap((l) => (l.participant ? [l.participant.id] : []));
  if (!wanted.length) return lines.map(({ engagementId, cents }) => ({ engagementId, cents }));
  const found = await db().engagement.findMany({
    where: { participantId: { in: wanted }, ...orgScope(actor, "manage:project:org") },
    select: { id: true, participantId: true },
  });
  const byParticipant = new Map(found.map((e) => [e.participantId, e.id]));
  const problems = lines.flatMap((l) =>
    l.participant && !byParticipant.has(l.participant.id)
      ? [`Line ${l.participant.line}: no survey response of yours has the participant id ${l.participant.id}`]
      : [],
  );
  if (problems.length) throw new AppError("BAD_REQUEST", problems[0], { csv: problems });
  return lines.map((l) => ({ engagementId: l.participant ? byParticipant.get(l.participant.id)! : l.engagementId, cents: l.cents }));
}
