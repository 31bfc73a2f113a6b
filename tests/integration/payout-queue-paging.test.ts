import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createAdmin, createExpert } from "@/tests/factories";
import { listPayoutQueue, PAYOUT_QUEUE_PAGE_SIZE } from "@/lib/money/payouts";

// The admin's payout queue shows a page at a time, the oldest request (the soonest due) first,
// with a summary of every waiting payout that does not read them all.

describe("the payout queue, a page at a time", () => {
  it("pages the waiting payouts with no gap or repeat, sums them all, and reads a foreign token as the first page", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const { user } = await createExpert();
    const n = PAYOUT_QUEUE_PAGE_SIZE + 3;
    // Requests a day apart, each due a week later; two already paid (not in the queue).
    await db().$executeRaw`
      INSERT INTO payouts (id, user_id, amount_cents, status, due_date, created_at)
      SELECT gen_random_uuid(), ${user.id}::uuid, 100 * i, CASE WHEN i > ${n} THEN 'paid'::"PayoutStatus" ELSE 'pending'::"PayoutStatus" END,
             (timestamp '2026-10-01' + (i + 7) * interval '1 day')::date, timestamp '2026-10-01' + i * interval '1 day'
      FROM generate_series(1, ${n + 2}) i`;
    const now = new Date("2026-10-20T12:00:00Z");
    const expected = (
      await db().payout.findMany({ where: { status: "pending" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } })
    ).map((p) => p.id);

    const first = await listPayoutQueue(admin, now);
    expect(first.rows).toHaveLength(PAYOUT_QUEUE_PAGE_SIZE);
    expect(first.before).toBeNull();
    const second = await listPayoutQueue(admin, now, { after: first.after! });
    expect(second.after).toBeNull();
    expect([...first.rows, ...second.rows].map((p) => p.id)).toEqual(expected);
    const back = await listPayoutQueue(admin, now, { before: second.before! });
    expect(back.rows.map((p) => p.id)).toEqual(first.rows.map((p) => p.id));

    // Due dates 2026-10-09 … : those before 2026-10-20 are overdue (days 1..11).
    expect(first.summary).toEqual({ count: n, amountCents: (100 * n * (n + 1)) / 2, overdue: 11 });
    expect(second.summary).toEqual(first.summary);
    expect(first.rows.filter((p) => p.overdue)).toHaveLength(11);

    const garbled = await listPayoutQueue(admin, now, { after: "not-a-token", before: "%%" });
    expect(garbled.rows.map((p) => p.id)).toEqual(first.rows.map((p) => p.id));
  });
});
