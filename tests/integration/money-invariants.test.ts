// The money's invariants (lib/money/invariants.ts), the nightly job that runs them and e-mails
// the admins, and the admin's "Run the checks now". Each breach is made by hand here (a posting
// no service would make, a row changed under the ledger), so every check is seen to fail.
import { describe, expect, it } from "vitest";
import type { JobHelpers } from "graphile-worker";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { post } from "@/lib/money/ledger";
import { checkInvariants, type Breach } from "@/lib/money/invariants";
import { lastInvariantRun, runInvariantChecksNow } from "@/lib/money/invariant-runs";
import { recordFundingPayment, requestFunds, setCreditLimit } from "@/lib/money/funding";
import { completeSession } from "@/lib/engagements/transitions";
import { jobTaskList } from "@/lib/jobs/tasks";
import { JOB_CRONTAB } from "@/lib/platform/jobs/payloads";
import { actorFor, createAdmin, createExpert, createUser, organizationOf } from "../factories";
import { acceptedPair, engagementIn, scheduledPair } from "../studies";
import { queuedMailsTo } from "../helpers/mail";

async function runNightlyJob() {
  const task = jobTaskList()["check-money-invariants"]!;
  await (task as (payload: unknown, helpers: JobHelpers) => Promise<void>)({}, { job: { attempts: 1 } } as unknown as JobHelpers);
}

/** A completed session paid from funds, and the organization it belongs to. */
async function paidSession() {
  const admin = actorFor(await createAdmin(), ["admin"]);
  const pair = await scheduledPair(-1);
  const organizationId = await organizationOf(pair.study.clientUser.id);
  const invoice = await requestFunds(pair.study.client, 10_000);
  await recordFundingPayment(admin, invoice.id, "WIRE-1");
  await completeSession(pair.study.client, pair.engagementId);
  return { ...pair, organizationId, admin };
}

const only = (breaches: Breach[], check: Breach["check"]) => breaches.filter((b) => b.check === check);

describe("the money's invariants", () => {
  it("hold for money moved only by the services: funded, reserved, earned, accepted", async () => {
    const { organizationId } = await paidSession();
    const other = await acceptedPair();
    const report = await checkInvariants({ organizationIds: [organizationId, await organizationOf(other.study.clientUser.id)] });
    expect(report.breaches).toEqual([]);
    expect(report.counts).toEqual({
      ledger_balances: 0,
      expert_credit_backed: 0,
      reservations_match: 0,
      commitments_covered: 0,
      donations_match: 0,
    });
  });

  it("the nightly job runs the checks and, with nothing breached, keeps the run and e-mails nobody", async () => {
    expect(JOB_CRONTAB).toMatch(/^\S+ \S+ \* \* \* check-money-invariants$/m);
    const admin = await createUser({ roles: ["admin"] });
    await runNightlyJob();
    const run = await lastInvariantRun(actorFor(admin, ["admin"]));
    expect(run).toMatchObject({ trigger: "nightly", breachCount: 0 });
    expect(await queuedMailsTo(admin.email)).toEqual([]);
  });

  it("an expert credit no reservation paid for: the engagement, the organization and the unbacked amount; and the credit beyond the limit", async () => {
    const { organizationId, engagementId, admin } = await paidSession();
    const e = await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, select: { expert: { select: { userId: true } } } });
    // A bonus posted straight to the ledger, as the unchecked bonus path did. The session itself was
    // reserved on credit (accepted before the funds arrived), so all of it is billed.
    await db().$transaction((tx) =>
      post(tx, {
        key: `test-unbacked:${engagementId}`,
        kind: "bonus",
        engagementId,
        moves: [
          {
            debit: { owner: organizationId, kind: "client_receivable" },
            credit: { owner: e.expert.userId, kind: "expert_available" },
            cents: 2_500,
          },
        ],
      }),
    );
    await setCreditLimit(admin, organizationId, 1_000);
    const { breaches } = await checkInvariants({ organizationIds: [organizationId] });
    const [unbacked] = only(breaches, "expert_credit_backed");
    expect(unbacked).toMatchObject({
      organizationId,
      engagementId,
      amounts: { creditedCents: 17_500, backedCents: 15_000, unbackedCents: 2_500 },
    });
    expect(unbacked.message).toMatch(
      /^Test User has been credited \$175\.00 for "Reading intervention study" \(Research Co\), but its reservations paid only \$150\.00: \$25\.00 was never reserved/,
    );
    const [over] = only(breaches, "commitments_covered");
    expect(over).toMatchObject({ organizationId, amounts: { onCreditCents: 17_500, receivableCents: 17_500, creditLimitCents: 1_000 } });
    expect(over.message).toContain("against a credit limit of $10.00");
  });

  it("a credit paid out of reserved money in its own posting (a bonus through the gate) is backed", async () => {
    const { organizationId, engagementId } = await paidSession();
    const e = await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, select: { expert: { select: { userId: true } } } });
    const org = (kind: "client_funds" | "client_reserved" | "client_receivable") => ({ owner: organizationId, kind });
    await db().$transaction(async (tx) => {
      await post(tx, {
        key: `test-reserve-bonus:${engagementId}`,
        kind: "incentive_reserved",
        engagementId,
        moves: [{ debit: org("client_funds"), credit: org("client_reserved"), cents: 1_000 }],
      });
      await post(tx, {
        key: `test-bonus:${engagementId}`,
        kind: "bonus",
        engagementId,
        moves: [
          { debit: org("client_receivable"), credit: { owner: e.expert.userId, kind: "expert_pending_qc" }, cents: 1_000 },
          { debit: org("client_reserved"), credit: org("client_receivable"), cents: 1_000 },
        ],
      });
    });
    expect((await checkInvariants({ organizationIds: [organizationId] })).breaches).toEqual([]);
  });

  it("reservations that do not match their engagements: pay raised past the reservation, an ended engagement still holding, a live one holding none", async () => {
    const raised = await acceptedPair();
    const organizationId = await organizationOf(raised.study.clientUser.id);
    await db().engagement.update({ where: { id: raised.engagementId }, data: { incentiveCents: 25_000 } });
    const ended = await acceptedPair();
    await db().engagement.update({ where: { id: ended.engagementId }, data: { state: "cancelled" } });
    const { expert } = await createExpert();
    const bare = await engagementIn("scheduled", raised.study, expert.id);
    const orgs = [organizationId, await organizationOf(ended.study.clientUser.id)];
    const breaches = only((await checkInvariants({ organizationIds: orgs })).breaches, "reservations_match");
    const by = (id: string) => breaches.find((b) => b.engagementId === id)!;
    expect(by(raised.engagementId)).toMatchObject({ amounts: { payCents: 25_000, reservedCents: 15_000 } });
    expect(by(raised.engagementId).message).toContain("pays $250.00, but $150.00 is reserved for it ($100.00 short)");
    expect(by(ended.engagementId).message).toContain("is cancelled, yet $150.00 is still reserved for it");
    expect(by(bare.id).message).toContain("is scheduled and will be paid $150.00, but nothing is reserved for it");
    // A project's budget below what it holds.
    await db().project.update({ where: { id: raised.study.project.id }, data: { budgetCents: 10_000 } });
    const [budget] = only((await checkInvariants({ organizationIds: orgs })).breaches, "commitments_covered");
    expect(budget).toMatchObject({ projectId: raised.study.project.id, amounts: { committedCents: 15_000, budgetCents: 10_000 } });
    expect(budget.message).toContain("against a budget of $100.00: $50.00 over");
  });

  it("the ledger itself: a balance that is not its entries, and credit outside any engagement", async () => {
    const { user } = await createExpert();
    await db().$transaction((tx) =>
      post(tx, {
        key: `test-loose:${user.id}`,
        kind: "goodwill",
        moves: [{ debit: { owner: user.id, kind: "opening_balance" }, credit: { owner: user.id, kind: "expert_available" }, cents: 700 }],
      }),
    );
    const account = await db().ledgerAccount.findUniqueOrThrow({
      where: { ownerUserId_kind: { ownerUserId: user.id, kind: "expert_available" } },
    });
    await db().$executeRaw`UPDATE ledger_accounts SET balance_cents = balance_cents + 1 WHERE id = ${account.id}::uuid`;
    try {
      const { breaches } = await checkInvariants({ organizationIds: [] });
      expect(only(breaches, "expert_credit_backed").map((b) => b.message)).toContain(
        `Ledger transaction test-loose:${user.id} (goodwill) credited Test User $7.00 without any engagement behind it.`,
      );
      expect(only(breaches, "ledger_balances").map((b) => b.message)).toEqual([
        "The expert_available account of Test User shows $7.01, but its entries add up to $7.00.",
        "The ledger as a whole does not sum to zero: its entries add up to $0.00 and its balances, debits less credits, to -$0.01.",
      ]);
    } finally {
      await db().$executeRaw`UPDATE ledger_accounts SET balance_cents = balance_cents - 1 WHERE id = ${account.id}::uuid`;
    }
  });

  it("the nightly job e-mails every active admin the breaches in words, once a day; an admin's run shows them and mails nobody", async () => {
    const admin = await createUser({ roles: ["admin"], firstName: "Ada" });
    const disabled = await createUser({ roles: ["admin"] });
    await db().user.update({ where: { id: disabled.id }, data: { disabledAt: new Date() } });
    await runNightlyJob();
    const [mail, ...more] = await queuedMailsTo(admin.email);
    expect(more).toEqual([]);
    expect(mail.subject).toMatch(/^Money check for .+: \d+ breach(es)?$/);
    expect(mail.text).toContain("Every expert credit is backed (");
    expect(mail.text).toContain("was never reserved from the organization's funds or credit.");
    expect(mail.text).toContain("/admin/money");
    expect(await queuedMailsTo(disabled.email)).toEqual([]);
    await runNightlyJob();
    expect(await queuedMailsTo(admin.email)).toHaveLength(1);

    const adminActor = actorFor(admin, ["admin"]);
    const run = await runInvariantChecksNow(adminActor);
    expect(run.trigger).toBe("admin");
    expect(run.breachCount).toBeGreaterThan(0);
    expect(run.breaches.some((b) => b.check === "reservations_match")).toBe(true);
    expect((await lastInvariantRun(adminActor))?.id).toBe(run.id);
    expect(await queuedMailsTo(admin.email)).toHaveLength(1);
  });

  it("only an admin runs or reads the checks", async () => {
    const { user } = await createExpert();
    const pair = await acceptedPair();
    for (const actor of [actorFor(user, ["expert"]), pair.study.client, null]) {
      await expect(runInvariantChecksNow(actor)).rejects.toBeInstanceOf(AppError);
      await expect(lastInvariantRun(actor)).rejects.toBeInstanceOf(AppError);
    }
  });
});
