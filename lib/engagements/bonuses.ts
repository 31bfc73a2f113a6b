import "server-only";
import { orgScope } from "@/lib/organizations/membership";
import { db, LOCKED_TX_OPTIONS } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { post } from "@/lib/money/ledger";
import { formatMoney } from "@/lib/platform/format";
import { noticeEngagement } from "@/lib/engagements/notices";
import { BONUS_STATES } from "@/lib/engagements/states";
import type { BonusItem } from "@/lib/engagements/schemas/bonuses";

// Bonuses: a client pays experts more, one or many at once (a list of engagement ids and
// amounts). The whole list is checked before anything moves; then each bonus is one balanced
// ledger transaction (the client owes it, the expert has it Available at once) whose key is
// the batch's key and the engagement, so sending the same batch again pays nothing twice.

export type BonusResult = { paid: number; totalCents: number; replayed: number };

export async function payBonuses(
  actor: Actor | null,
  input: { batchKey: string; items: BonusItem[]; note?: string | null },
): Promise<BonusResult> {
  requirePermission(actor, "manage:project:org");
  const ids = input.items.map((i) => i.engagementId);
  const rows = await db().engagement.findMany({
    where: { id: { in: ids }, ...orgScope(actor, "manage:project:org") },
    select: { id: true, state: true, declinePayment: true, projectId: true, organizationId: true, expert: { select: { userId: true } } },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Set<string>();
  const problems: string[] = [];
  input.items.forEach((item, i) => {
    const e = byId.get(item.engagementId);
    const where = input.items.length > 1 ? `Line ${i + 1}: ` : "";
    if (seen.has(item.engagementId)) problems.push(`${where}this engagement is listed twice`);
    else if (!e) problems.push(`${where}no engagement of yours has this id`);
    else if (!BONUS_STATES.includes(e.state)) problems.push(`${where}this expert has not taken part yet`);
    else if (e.declinePayment) problems.push(`${where}this expert takes part unpaid (public-employee rules)`);
    seen.add(item.engagementId);
  });
  if (problems.length) throw new AppError("BAD_REQUEST", `Nothing was paid: ${problems[0]}.`, { items: problems });
  return db().$transaction(async (tx) => {
    let paid = 0;
    let replayed = 0;
    let totalCents = 0;
    for (const item of input.items) {
      const e = byId.get(item.engagementId)!;
      const key = `bonus:${input.batchKey}:${e.id}`;
      if (await tx.bonus.findUnique({ where: { idempotencyKey: key }, select: { id: true } })) {
        replayed++;
        continue;
      }
      await tx.bonus.create({
        data: {
          engagementId: e.id,
          expertUserId: e.expert.userId,
          clientUserId: actor.userId,
          organizationId: e.organizationId,
          projectId: e.projectId,
          amountCents: item.cents,
          note: input.note ?? null,
          idempotencyKey: key,
        },
      });
      await post(tx, {
        key,
        kind: "bonus",
        engagementId: e.id,
        actorUserId: actor.userId,
        memo: input.note ?? null,
        moves: [
          {
            debit: { owner: e.organizationId, kind: "client_receivable" },
            credit: { owner: e.expert.userId, kind: "expert_available" },
            cents: item.cents,
          },
        ],
      });
      await noticeEngagement(tx, { engagementId: e.id, kind: "bonus", to: "expert", reason: formatMoney(item.cents) });
      paid++;
      totalCents += item.cents;
    }
    return { paid, totalCents, replayed };
  }, LOCKED_TX_OPTIONS);
}
