// Reservations against an organization's funds and credit, driven by random sequences of what
// happens to a study's engagements: the balances never go negative, the reserved account always
// equals the reservations still held, every reservation ends spent or released, and no earning
// is booked beyond what a reservation or the room left stands behind.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/platform/db";
import { ledgerDrift, organizationBalancesOf } from "@/lib/money/ledger";
import { bookEarning } from "@/lib/money/earnings";
import { releaseReservation, reserveIncentive } from "@/lib/money/reservations";
import { recordFundingPayment, requestFunds, setCreditLimit } from "@/lib/money/funding";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";
import { createStudy, engagementIn } from "../studies";

const INCENTIVE = 15_000;

type Op =
  | { kind: "fund"; cents: number }
  | { kind: "reserve"; i: number }
  | { kind: "earn"; i: number; share: number }
  | { kind: "release"; i: number }
  | { kind: "limit"; cents: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("fund" as const), cents: fc.integer({ min: 100, max: 40_000 }) }),
  fc.record({ kind: fc.constant("reserve" as const), i: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant("earn" as const), i: fc.integer({ min: 0, max: 4 }), share: fc.constantFrom(1, 0.5, 0.2) }),
  fc.record({ kind: fc.constant("release" as const), i: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ kind: fc.constant("limit" as const), cents: fc.constantFrom(0, 10_000, 30_000, 100_000) }),
);

async function held(organizationId: string) {
  const rows = await db().reservation.findMany({ where: { organizationId, state: "held" } });
  return { amount: rows.reduce((s, r) => s + r.amountCents, 0), credit: rows.reduce((s, r) => s + r.creditCents, 0) };
}

describe("reservations", () => {
  it("random acceptances, earnings, releases, funding and limits: never negative, reserved = held, each ends once", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const experts = await Promise.all([0, 1, 2, 3, 4].map(() => createExpert()));
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const ownerUser = await createClient();
        const owner = actorFor(ownerUser, ["client"]);
        const study = await createStudy({}, ownerUser);
        const organizationId = study.project.organizationId;
        const engagements = await Promise.all(experts.map((x) => engagementIn("applied", study, x.expert.id)));
        for (const o of ops) {
          if (o.kind === "fund") {
            const invoice = await requestFunds(owner, o.cents);
            await recordFundingPayment(admin, invoice.id, "ACH");
          } else if (o.kind === "limit") {
            await setCreditLimit(admin, organizationId, o.cents);
          } else if (o.kind === "reserve") {
            const e = engagements[o.i];
            const before = await organizationBalancesOf(organizationId);
            const org = await db().organization.findUniqueOrThrow({ where: { id: organizationId } });
            const room = before.client_funds + Math.max(0, org.creditLimitCents - before.client_credit_used - before.client_receivable);
            const already = await db().reservation.findUnique({ where: { engagementId: e.id } });
            const attempt = db().$transaction((tx) =>
              reserveIncentive(tx, { id: e.id, organizationId, projectId: study.project.id, incentiveCents: INCENTIVE }, "client"),
            );
            if (already || room >= INCENTIVE) await attempt;
            else
              await expect(attempt).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("Ask your finance team") });
          } else if (o.kind === "earn") {
            const e = engagements[o.i];
            if (await db().earning.findUnique({ where: { engagementId: e.id } })) continue;
            // An earning is backed before it is booked: what its held reservation lacks must fit the room left.
            const cents = Math.round(INCENTIVE * o.share);
            const before = await organizationBalancesOf(organizationId);
            const org = await db().organization.findUniqueOrThrow({ where: { id: organizationId } });
            const room = before.client_funds + Math.max(0, org.creditLimitCents - before.client_credit_used - before.client_receivable);
            const r = await db().reservation.findUnique({ where: { engagementId: e.id } });
            const lacking = Math.max(0, cents - (r?.state === "held" ? r.amountCents : 0));
            const attempt = db().$transaction((tx) =>
              bookEarning(
                tx,
                {
                  engagementId: e.id,
                  clientUserId: ownerUser.id,
                  organizationId,
                  projectId: study.project.id,
                  expertUserId: experts[o.i].user.id,
                  incentiveCents: INCENTIVE,
                },
                { kind: "backup_fee", cents, now: new Date(), actorUserId: ownerUser.id },
              ),
            );
            if (lacking <= room) await attempt;
            else {
              await expect(attempt).rejects.toMatchObject({ code: "CONFLICT" });
              expect(await db().earning.count({ where: { engagementId: e.id } })).toBe(0);
            }
          } else {
            await db().$transaction((tx) => releaseReservation(tx, engagements[o.i].id, new Date()));
          }
          const b = await organizationBalancesOf(organizationId);
          for (const cents of Object.values(b)) expect(cents).toBeGreaterThanOrEqual(0);
          const h = await held(organizationId);
          expect(b.client_reserved).toBe(h.amount);
          expect(b.client_credit_used).toBe(h.credit);
        }
        // Every engagement ends: what is still held goes back, and nothing stays reserved.
        for (const e of engagements) await db().$transaction((tx) => releaseReservation(tx, e.id, new Date()));
        const end = await organizationBalancesOf(organizationId);
        expect(end.client_reserved).toBe(0);
        expect(end.client_credit_used).toBe(0);
        expect(await db().reservation.count({ where: { organizationId, state: "held" } })).toBe(0);
        // What was spent is the earnings' prepaid part plus what they left billed on credit.
        const spent = await db().reservation.aggregate({ where: { organizationId, state: "spent" }, _sum: { spentCents: true } });
        const earned = await db().earning.aggregate({ where: { organizationId }, _sum: { amountCents: true, prepaidCents: true } });
        expect(spent._sum.spentCents ?? 0).toBeLessThanOrEqual(earned._sum.amountCents ?? 0);
        expect(end.client_funds + (earned._sum.prepaidCents ?? 0)).toBe(end.client_deposits);
      }),
      { numRuns: 12 },
    );
    expect(await ledgerDrift()).toEqual([]);
  });
});
