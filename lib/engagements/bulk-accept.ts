import "server-only";
import { db } from "@/lib/platform/db";
import { AppError, isAppError } from "@/lib/platform/errors";
import { fullName } from "@/lib/platform/format";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { orgScope } from "@/lib/organizations/membership";
import { acceptEngagement } from "@/lib/engagements/transitions";
import { loggerFor } from "@/lib/platform/log.mjs";

const log = loggerFor("engagements");

// Accepting several applicants at once is the single accept, once per person: each runs in its
// own transaction with every check a single accept makes (the organization's role, the sample
// plan's cells, the money reservation), so one person is either accepted whole or not at all,
// and one refusal does not undo the others.

export type BulkAcceptOutcome = {
  engagementId: string;
  /** The expert's name, or null for an id that is not one of this project's engagements. */
  name: string | null;
  ok: boolean;
  /** Already accepted before this action (nothing changed). */
  already?: boolean;
  /** Why this person was not accepted, in the single accept's own words. */
  message?: string;
};

export async function acceptEngagements(
  actor: Actor | null,
  projectId: string,
  engagementIds: readonly string[],
): Promise<BulkAcceptOutcome[]> {
  requirePermission(actor, "manage:project:org");
  const project = await db().project.findFirst({
    where: { id: projectId, ...orgScope(actor, "manage:project:org") },
    select: { id: true },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  // One person named twice is accepted once and reported once.
  const ids = [...new Set(engagementIds)];
  const rows = await db().engagement.findMany({
    where: { id: { in: ids }, projectId },
    select: { id: true, expert: { select: { user: { select: { firstName: true, lastName: true } } } } },
  });
  const names = new Map(rows.map((r) => [r.id, fullName(r.expert.user.firstName, r.expert.user.lastName)]));
  const outcomes: BulkAcceptOutcome[] = [];
  // One after another, in the order chosen: each accept reads what the one before it reserved.
  for (const id of ids) {
    const name = names.get(id) ?? null;
    if (!name) {
      outcomes.push({ engagementId: id, name, ok: false, message: "Not an applicant of this project." });
      continue;
    }
    try {
      const result = await acceptEngagement(actor, id);
      outcomes.push({ engagementId: id, name, ok: true, ...(result.changed ? {} : { already: true }) });
    } catch (e) {
      // Whatever failed rolled back this person's transaction only; the others keep their answer.
      if (!isAppError(e)) log.error({ err: e, engagementId: id }, "bulk accept: one accept failed");
      outcomes.push({ engagementId: id, name, ok: false, message: isAppError(e) ? e.message : "Failed to accept. Please try again." });
    }
  }
  return outcomes;
}
