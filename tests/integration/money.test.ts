// Money against a real PostgreSQL: the ledger's own rules (balanced, never negative, immutable,
// idempotent) as a property over random sequences, and every movement of a session's money —
// completion, the 7-day rule, quality review with an injected clock, disputes both ways, late
// cancels and concurrent cash-outs — each followed by a check that the books agree.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import {
  balancesOf,
  DEBIT_NORMAL,
  ledgerDrift,
  ORGANIZATION_KINDS,
  post,
  type AccountKind,
  organizationBalancesOf,
} from "@/lib/money/ledger";
import { listEarnings } from "@/lib/money/earnings";
import { openDispute, releaseDueEarnings, resolveDispute } from "@/lib/engagements/earnings-review";
import { addBusinessDays } from "@/lib/platform/dates";
import { cancelEngagement, completeOverdueSessions, completeSession, markNoShow } from "@/lib/engagements/transitions";
import { cashOut, getWallet, postOpeningBalance } from "@/lib/money/wallet";
import { actorFor, createClient, createExpert, createUser, organizationOf } from "../factories";
import { scheduledPair } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const INCENTIVE = 15_000; // tests/studies.ts createStudy: $150 per session

const booksAgree = async () => expect(await ledgerDrift()).toEqual([]);
const earningOf = (engagementId: string) => db().earning.findUniqueOrThrow({ where: { engagementId } });

describe("the ledger's rules", () => {
  it("random sequences of moves: every accepted one is balanced, none leaves a negative balance, replays post nothing", async () => {
    const client = await createClient();
    const owner = client.id;
    const organization = await organizationOf(client.id);
    // A client's accounts belong to its organization, the others to the user.
    const ref = (kind: AccountKind) => ({ owner: ORGANIZATION_KINDS.includes(kind) ? organization : owner, kind });
    const balances = async () => {
      const [mine, theirs] = await Promise.all([balancesOf(owner), organizationBalancesOf(organization)]);
      return { ...mine, client_receivable: theirs.client_receivable, client_paid: theirs.client_paid };
    };
    const kinds: AccountKind[] = [
      "opening_balance",
      "client_receivable",
      "expert_pending_qc",
      "expert_available",
      "payout_in_transit",
      "paid_out",
    ];
    const move = fc.record({
      debit: fc.constantFrom(...kinds),
      credit: fc.constantFrom(...kinds),
      cents: fc.integer({ min: 1, max: 50_000 }),
      replay: fc.boolean(),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 12 }), async (moves) => {
        run++;
        const before = await balances();
        const model = { ...before };
        let lastKey: string | null = null;
        for (const [i, m] of moves.entries()) {
          if (m.debit === m.credit) continue;
          const key: string = m.replay && lastKey ? lastKey : `prop:${owner}:${run}:${i}`;
          const replay = key === lastKey;
          const next = { ...model };
          next[m.debit] += DEBIT_NORMAL.includes(m.debit) ? m.cents : -m.cents;
          next[m.credit] += DEBIT_NORMAL.includes(m.credit) ? -m.cents : m.cents;
          const allowed = replay || (next[m.debit] >= 0 && next[m.credit] >= 0);
          const result = db().$transaction((tx) =>
            post(tx, {
              key,
              kind: "test",
              moves: [{ debit: ref(m.debit), credit: ref(m.credit), cents: m.cents }],
            }),
          );
          if (allowed) {
            const posted = await result;
            expect(posted.replayed).toBe(replay);
            if (!replay) Object.assign(model, next);
            lastKey = key;
          } else {
            await expect(result).rejects.toMatchObject({ code: "CONFLICT" });
          }
        }
        expect(await balances()).toEqual(model);
      }),
      { numRuns: 15 },
    );
    await booksAgree();
  });

  it("the database refuses an unbalanced transaction, a negative balance and any edit of an entry", async () => {
    const owner = (await createUser()).id;
    await db().$transaction((tx) =>
      post(tx, {
        key: `seed:${owner}`,
        kind: "test",
        moves: [{ debit: { owner, kind: "opening_balance" }, credit: { owner, kind: "expert_available" }, cents: 500 }],
      }),
    );
    const account = await db().ledgerAccount.findUniqueOrThrow({
      where: { ownerUserId_kind: { ownerUserId: owner, kind: "expert_available" } },
    });
    await expect(
      db().$transaction(async (tx) => {
        const t = await tx.ledgerTransaction.create({ data: { idempotencyKey: `bad:${randomUUID()}`, kind: "test" } });
        await tx.ledgerEntry.create({ data: { transactionId: t.id, accountId: account.id, amountCents: 100 } });
      }),
    ).rejects.toThrow(/not balanced/);
    await expect(db().$executeRaw`UPDATE ledger_entries SET amount_cents = 1 WHERE account_id = ${account.id}::uuid`).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(db().$executeRaw`DELETE FROM ledger_entries WHERE account_id = ${account.id}::uuid`).rejects.toThrow(/cannot be changed/);
    await expect(db().$executeRaw`UPDATE ledger_accounts SET balance_cents = -1 WHERE id = ${account.id}::uuid`).rejects.toThrow(
      /balance_non_negative/,
    );
    expect((await balancesOf(owner)).expert_available).toBe(500);
    await booksAgree();
  });
});

describe("a completed session's money", () => {
  it("marking completed books the incentive in Pending QC and the client's receivable, once", async () => {
    const { study, expertUser, engagementId, startsAt } = await scheduledPair(-2);
    const later = new Date(startsAt.getTime() + HOUR);
    await completeSession(study.client, engagementId, later);
    await completeSession(study.client, engagementId, later);
    const earning = await earningOf(engagementId);
    expect(earning).toMatchObject({ state: "pending_qc", amountCents: INCENTIVE, kind: "session" });
    expect(earning.qcEndsAt.toISOString()).toBe(addBusinessDays(later, 3).toISOString());
    expect((await balancesOf(expertUser.id)).expert_pending_qc).toBe(INCENTIVE);
    expect((await organizationBalancesOf(study.project.organizationId)).client_receivable).toBe(INCENTIVE);
    expect(await getWallet(actorFor(expertUser, ["expert"]))).toEqual({
      availableCents: 0,
      pendingCents: INCENTIVE,
      totalEarnedCents: INCENTIVE,
    });
    // Reserved on acceptance (on credit: no funds were added), booked once, paid from the reservation once.
    const postings = await db().ledgerTransaction.findMany({ where: { engagementId }, select: { kind: true } });
    expect(postings.map((p) => p.kind).sort()).toEqual(["incentive_reserved", "incentive_spent", "session_completed"]);
    expect(await db().reservation.findUniqueOrThrow({ where: { engagementId } })).toMatchObject({
      state: "spent",
      amountCents: INCENTIVE,
      fundedCents: 0,
      creditCents: INCENTIVE,
      spentCents: INCENTIVE,
    });
    expect(await organizationBalancesOf(study.project.organizationId)).toMatchObject({ client_reserved: 0, client_credit_used: 0 });
    const job = await db().$queryRaw<
      { run_at: Date }[]
    >`SELECT run_at FROM graphile_worker.jobs WHERE key = ${`release-earning:${earning.id}`}`;
    expect(job[0]?.run_at.toISOString()).toBe(earning.qcEndsAt.toISOString());
    await booksAgree();
  });

  it("the QC window: nothing moves before it closes; after it the money is Available, once, and the expert is told", async () => {
    const { study, expertUser, engagementId, startsAt } = await scheduledPair(-2);
    const completedAt = new Date(startsAt.getTime() + HOUR);
    await completeSession(study.client, engagementId, completedAt);
    const { qcEndsAt, id } = await earningOf(engagementId);
    await releaseDueEarnings(new Date(qcEndsAt.getTime() - 1));
    expect((await earningOf(engagementId)).state).toBe("pending_qc");
    await releaseDueEarnings(qcEndsAt);
    await releaseDueEarnings(new Date(qcEndsAt.getTime() + DAY));
    expect(await earningOf(engagementId)).toMatchObject({ state: "available", id });
    expect(await balancesOf(expertUser.id)).toMatchObject({ expert_pending_qc: 0, expert_available: INCENTIVE });
    expect(await db().notification.count({ where: { userId: expertUser.id, kind: "released" } })).toBe(1);
    await booksAgree();
  });

  it("the 7-day rule completes a session the client never marked; a session that ended 2 days ago waits", async () => {
    const old = await scheduledPair(-8 * 24);
    const recent = await scheduledPair(-2 * 24);
    const now = new Date();
    await completeOverdueSessions(now);
    await completeOverdueSessions(now);
    expect(await db().engagement.findUniqueOrThrow({ where: { id: old.engagementId } })).toMatchObject({
      state: "completed",
      autoCompleted: true,
    });
    expect(await db().engagement.findUniqueOrThrow({ where: { id: recent.engagementId } })).toMatchObject({ state: "scheduled" });
    expect(await earningOf(old.engagementId)).toMatchObject({ state: "pending_qc", amountCents: INCENTIVE });
    expect(await db().earning.count({ where: { engagementId: recent.engagementId } })).toBe(0);
    const events = await db().engagementEvent.findMany({ where: { engagementId: old.engagementId, kind: "auto_completed" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorSide: "system", actorUserId: null });
    await booksAgree();
  });

  it("a late cancel by the client pays the expert half; an early one, a no-show or the expert's own cancel pays nothing", async () => {
    const late = await scheduledPair(10);
    await cancelEngagement(late.study.client, late.engagementId, "Budget was cut");
    expect(await earningOf(late.engagementId)).toMatchObject({ kind: "late_cancel_fee", amountCents: INCENTIVE / 2, state: "pending_qc" });
    const early = await scheduledPair(72);
    await cancelEngagement(early.study.client, early.engagementId, "Plans changed");
    const own = await scheduledPair(10);
    await cancelEngagement(own.expertActor, own.engagementId, "I am ill");
    const noShow = await scheduledPair(-2);
    await markNoShow(noShow.study.client, noShow.engagementId, null);
    expect(await db().earning.count({ where: { engagementId: { in: [early.engagementId, own.engagementId, noShow.engagementId] } } })).toBe(
      0,
    );
    await booksAgree();
  });
});

describe("disputes", () => {
  async function completed() {
    const pair = await scheduledPair(-2);
    const completedAt = new Date(pair.startsAt.getTime() + HOUR);
    await completeSession(pair.study.client, pair.engagementId, completedAt);
    return { ...pair, completedAt, earning: await earningOf(pair.engagementId) };
  }

  it("within the window the client disputes; the money is held past the window; an admin resolves it for the expert", async () => {
    const c = await completed();
    const admin = actorFor(await createUser({ roles: ["admin"] }), ["admin"]);
    await expect(openDispute(c.expertActor, c.earning.id, "Not me")).rejects.toMatchObject({ code: "FORBIDDEN" });
    const stranger = actorFor(await createClient(), ["client"]);
    await expect(openDispute(stranger, c.earning.id, "Not mine")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await openDispute(c.study.client, c.earning.id, "The session ended after ten minutes", c.completedAt);
    expect(await openDispute(c.study.client, c.earning.id, "again", c.completedAt)).toEqual({ changed: false });
    await releaseDueEarnings(new Date(c.earning.qcEndsAt.getTime() + DAY));
    expect((await earningOf(c.engagementId)).state).toBe("disputed");
    await expect(resolveDispute(c.study.client, c.earning.id, { for: "client", note: "Mine" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await resolveDispute(admin, c.earning.id, { for: "expert", note: "The recording shows a full session." });
    await expect(resolveDispute(admin, c.earning.id, { for: "client", note: "twice" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await earningOf(c.engagementId)).toMatchObject({
      state: "available",
      resolvedFor: "expert",
      resolutionNote: "The recording shows a full session.",
    });
    expect(await balancesOf(c.expertUser.id)).toMatchObject({ expert_pending_qc: 0, expert_available: INCENTIVE });
    expect(await db().notification.count({ where: { kind: "dispute_resolved", engagementId: c.engagementId } })).toBe(2);
    await booksAgree();
  });

  it("resolved for the client, the receivable is reversed and the expert's Pending QC is emptied; after the window no dispute opens", async () => {
    const c = await completed();
    const admin = actorFor(await createUser({ roles: ["admin"] }), ["admin"]);
    await openDispute(c.study.client, c.earning.id, "The expert did not attend", c.completedAt);
    await resolveDispute(admin, c.earning.id, { for: "client", note: "Confirmed with the expert." });
    expect(await earningOf(c.engagementId)).toMatchObject({ state: "refunded", resolvedFor: "client" });
    expect((await organizationBalancesOf(c.study.project.organizationId)).client_receivable).toBe(0);
    expect(await getWallet(c.expertActor)).toEqual({ availableCents: 0, pendingCents: 0, totalEarnedCents: 0 });
    // The refunded row stays on the expert's list but counts for nothing.
    expect(await listEarnings(c.expertActor)).toMatchObject({
      items: [{ state: "refunded", amountCents: INCENTIVE }],
      opening: null,
      totalCents: 0,
      after: null,
    });

    const late = await completed();
    await expect(openDispute(late.study.client, late.earning.id, "Too late now", late.earning.qcEndsAt)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The quality review window for this session has closed.",
    });
    await booksAgree();
  });
});

describe("the Earnings list", () => {
  it("adds up to the wallet's Total Earned: each earning plus the money from before the ledger as its own row, through release and cash out", async () => {
    const pair = await scheduledPair(-2);
    const completedAt = new Date(pair.startsAt.getTime() + HOUR);
    await completeSession(pair.study.client, pair.engagementId, completedAt);
    await db().$transaction((tx) =>
      postOpeningBalance(tx, pair.expertUser.id, { availableCents: 7_500, pendingCents: 2_500, paidOutCents: 25_000 }),
    );
    const agree = async () => {
      const [list, wallet] = await Promise.all([listEarnings(pair.expertActor), getWallet(pair.expertActor)]);
      const rows = list.items.reduce((sum, e) => sum + e.amountCents, 0) + (list.opening?.cents ?? 0);
      expect(list.totalCents).toBe(rows);
      expect(list.totalCents).toBe(wallet.totalEarnedCents);
      return list;
    };
    const list = await agree();
    expect(list.opening).toMatchObject({ cents: 35_000 });
    expect(list.items).toMatchObject([{ amountCents: INCENTIVE, state: "pending_qc" }]);
    expect(list.totalCents).toBe(INCENTIVE + 35_000);

    const earning = await earningOf(pair.engagementId);
    await releaseDueEarnings(new Date(earning.qcEndsAt.getTime() + DAY));
    await agree();
    await cashOut(pair.expertActor);
    expect((await agree()).totalCents).toBe(INCENTIVE + 35_000);

    // Another expert's list holds none of it.
    const other = await createExpert();
    expect(await listEarnings(actorFor(other.user, ["expert"]))).toMatchObject({ items: [], opening: null, totalCents: 0 });
    await booksAgree();
  });
});

describe("cash out", () => {
  it("five concurrent cash-outs of one wallet: exactly one wins and the balance moves to payout in transit once", async () => {
    const { user } = await createExpert({ preferredPaymentMethod: "paypal" });
    await db().$transaction((tx) => postOpeningBalance(tx, user.id, { availableCents: 12_345 }));
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => cashOut(actorFor(user, ["expert"]))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toMatchObject({ message: "There is no available balance to cash out." });
    expect(await balancesOf(user.id)).toMatchObject({ expert_available: 0, payout_in_transit: 12_345 });
    expect(await db().payout.count({ where: { userId: user.id } })).toBe(1);
    await booksAgree();
  });
});
