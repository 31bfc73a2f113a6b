// Bonuses against a real PostgreSQL: a list is checked line by line before anything moves;
// each bonus passes the money gate and is one balanced ledger transaction under its own key (a
// replayed batch pays nothing twice), in Pending QC like any earning; the expert's earnings list
// and wallet, and the client's statement, all show it. The gate's own cases: money-gate.test.ts.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import { ledgerDrift, organizationBalancesOf } from "@/lib/money/ledger";
import { listEarnings } from "@/lib/money/earnings";
import { getWallet } from "@/lib/money/wallet";
import { getClientBilling, statementCsv } from "@/lib/money/billing";
import { payBonuses } from "@/lib/engagements/bonuses";
import { parseBonusCsv } from "@/lib/engagements/schemas/bonuses";
import { isAppError } from "@/lib/platform/errors";
import { actorFor, createExpert } from "../factories";
import { createStudy, engagementIn } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const month = () => new Date().toISOString().slice(0, 7);

async function tookPart() {
  const study = await createStudy({ type: "survey" });
  const people = [await createExpert(), await createExpert(), await createExpert()];
  const done = await engagementIn("completed", study, people[0].expert.id);
  const screened = await engagementIn("screened_out", study, people[1].expert.id);
  const open = await engagementIn("accepted", study, people[2].expert.id);
  return { study, people, done, screened, open };
}

describe("the bonus list", () => {
  it("reads engagement ids and dollars, skips a header, and names every bad line", () => {
    const id = randomUUID();
    expect(parseBonusCsv(`engagement_id,amount\n${id}, $12.50\n`)).toEqual({ items: [{ engagementId: id, cents: 1250 }], problems: [] });
    expect(parseBonusCsv(`${id},0\nnot-an-id,5\n${id},5.123\n${id}\n${id},1001`).problems).toEqual([
      "Line 1: the amount must be more than $0",
      "Line 2: the engagement id is not valid",
      "Line 3: the amount must be dollars, with at most 2 decimals",
      'Line 4: write "engagement id, amount"',
      "Line 5: the amount must be at most $1,000",
    ]);
  });
});

describe("paying bonuses", () => {
  it("one wrong line pays nothing; a right list pays each as its own balanced transaction, once", async () => {
    const { study, people, done, screened, open } = await tookPart();
    const before = await organizationBalancesOf(study.project.organizationId);
    const refused = await payBonuses(study.client, {
      batchKey: randomUUID(),
      items: [
        { engagementId: done.id, cents: 500 },
        { engagementId: open.id, cents: 500 },
      ],
    }).catch((e) => e);
    expect(isAppError(refused) && refused.fieldErrors?.items).toEqual(["Line 2: this expert has not taken part yet"]);
    expect(await db().bonus.count({ where: { clientUserId: study.clientUser.id } })).toBe(0);
    expect(await organizationBalancesOf(study.project.organizationId)).toEqual(before);

    const batch = {
      batchKey: randomUUID(),
      items: [
        { engagementId: done.id, cents: 500 },
        { engagementId: screened.id, cents: 250 },
      ],
      note: "Thank you",
    };
    expect(await payBonuses(study.client, batch)).toEqual({ paid: 2, totalCents: 750, replayed: 0, awaitingApproval: 0 });
    expect(await payBonuses(study.client, batch)).toEqual({ paid: 0, totalCents: 0, replayed: 2, awaitingApproval: 0 });
    expect(await db().ledgerTransaction.count({ where: { kind: "bonus", engagementId: { in: [done.id, screened.id] } } })).toBe(2);
    expect((await organizationBalancesOf(study.project.organizationId)).client_receivable - before.client_receivable).toBe(750);
    expect(await ledgerDrift()).toEqual([]);

    // The expert: in Pending QC like any earning, a row of its own, and the list still adds up to Total Earned.
    const expert = actorFor(people[0].user, ["expert"]);
    expect(await getWallet(expert)).toMatchObject({ availableCents: 0, pendingCents: 500 });
    const statement = await listEarnings(expert);
    expect(statement.items).toEqual([expect.objectContaining({ kind: "bonus", amountCents: 500, state: "pending_qc" })]);
    expect(statement.totalCents).toBe((await getWallet(expert)).totalEarnedCents);
    expect(await db().notification.count({ where: { userId: people[0].user.id, kind: "bonus" } })).toBe(1);

    // The client: this month's statement and its CSV carry both bonuses.
    const billing = await getClientBilling(study.client);
    expect(billing.statements.find((s) => s.month === month())?.bookedCents).toBe(750);
    expect(await statementCsv(study.client, month())).toMatch(/,bonus,5\.00\r\n/);
  });

  it("another client's engagement is not theirs to reward", async () => {
    const { done } = await tookPart();
    const other = await createStudy();
    const refused = await payBonuses(other.client, { batchKey: randomUUID(), items: [{ engagementId: done.id, cents: 100 }] }).catch(
      (e) => e,
    );
    expect(refused.message).toBe("Nothing was paid: no engagement of yours has this id.");
  });
});
