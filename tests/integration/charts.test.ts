// The charts' data against a real PostgreSQL: months bucketed in the expert's zone (not UTC),
// the /payments stacks summing to the ledger's balances, weekly admin counts, and each chart
// reading only what its reader may see.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { fromWallClock, toWallClock } from "@/lib/platform/zoned-time";
import { balancesOf } from "@/lib/money/ledger";
import { bookEarning } from "@/lib/money/earnings";
import { releaseEarning } from "@/lib/engagements/earnings-review";
import { getEarningsByMonth } from "@/lib/money/earnings-by-month";
import { cashOut, getWallet, postOpeningBalance } from "@/lib/money/wallet";
import { payBonuses } from "@/lib/engagements/bonuses";
import { getEngagementsByMonth } from "@/lib/engagements/by-month";
import { getImpact } from "@/lib/experts/dashboard/impact";
import { getActivityTrend, getVerificationTrend } from "@/lib/admin/trends";
import type { ChartData } from "@/lib/platform/charts/chart-data";
import { randomUUID } from "node:crypto";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";
import { createStudy, engagementIn, invitedPair } from "../studies";

const DAY = 86_400_000;
const LA = "America/Los_Angeles";

/** The first instant of the month `at` falls in, as a clock in `zone` shows it. */
const monthStartIn = (zone: string, at = new Date()) => fromWallClock(`${toWallClock(at, zone).slice(0, 7)}-01T00:00`, zone)!;
const series = (chart: ChartData, key: string) => chart.series.find((s) => s.key === key)!.values;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

/** A completed engagement of `expert` whose earning is booked at `at` (the real booking code). */
async function earn(expert: { id: string; userId: string }, cents: number, at: Date) {
  const study = await createStudy();
  const e = await engagementIn("completed", study, expert.id, { completedAt: at });
  const earning = await db().$transaction((tx) =>
    bookEarning(
      tx,
      {
        engagementId: e.id,
        clientUserId: study.clientUser.id,
        organizationId: study.project.organizationId,
        projectId: study.project.id,
        expertUserId: expert.userId,
        incentiveCents: cents,
      },
      { kind: "session", now: at, actorUserId: null },
    ),
  );
  return earning!.id;
}

describe("earnings by month (/payments)", () => {
  it("buckets by the month in the expert's zone and splits each month into pending, available and paid out, summing to the ledger", async () => {
    const { user, expert } = await createExpert({ timeZone: LA });
    const me = actorFor(user, ["expert"]);
    const start = monthStartIn(LA);
    // An hour before the month began in Los Angeles: last month there, already this month in UTC.
    const lastMonth = await earn(expert, 10_000, new Date(start.getTime() - 3_600_000));
    const thisMonth = await earn(expert, 5_000, new Date(start.getTime() + 3_600_000));
    await earn(expert, 7_500, new Date(start.getTime() + 2 * 3_600_000));
    // Money from before the ledger: $30 already paid out, $20 available.
    await db().$transaction((tx) => postOpeningBalance(tx, user.id, { paidOutCents: 3_000, availableCents: 2_000 }));
    // Released last month's earning, cashed out (the whole $120 available), then this month's first one released.
    expect(await releaseEarning(lastMonth, new Date(Date.now() + 30 * DAY))).toBe(true);
    await cashOut(me);
    expect(await releaseEarning(thisMonth, new Date(Date.now() + 31 * DAY))).toBe(true);

    const chart = await getEarningsByMonth(me);
    expect(chart.timeZone).toBe(LA);
    expect(chart.buckets).toHaveLength(12);
    expect(chart.buckets.at(-1)).toBe(`${toWallClock(new Date(), LA).slice(0, 7)}-01`);
    expect(chart.buckets.at(-2)).toBe(`${toWallClock(new Date(start.getTime() - DAY), LA).slice(0, 7)}-01`);
    expect(series(chart, "pending").slice(-2)).toEqual([0, 7_500]);
    // Cash out took the oldest released cents: the opening money and last month's $100.
    expect(series(chart, "paid").slice(-2)).toEqual([10_000, 5_000]);
    expect(series(chart, "available").slice(-2)).toEqual([0, 5_000]);

    const books = await balancesOf(user.id);
    expect(sum(series(chart, "pending"))).toBe(books.expert_pending_qc);
    expect(sum(series(chart, "available"))).toBe(books.expert_available);
    expect(sum(series(chart, "paid"))).toBe(books.payout_in_transit + books.paid_out);
  });

  it("a refunded earning leaves the chart as it leaves the books; an expert reads only their own money; other roles are refused", async () => {
    const mine = await createExpert();
    const theirs = await createExpert();
    await earn(theirs.expert, 99_900, new Date());
    const kept = await earn(mine.expert, 4_000, new Date());
    const refunded = await earn(mine.expert, 6_000, new Date());
    await db().earning.update({ where: { id: refunded }, data: { state: "refunded" } });
    await db().$executeRaw`UPDATE earnings SET state = 'pending_qc' WHERE id = ${kept}::uuid`;
    const chart = await getEarningsByMonth(actorFor(mine.user, ["expert"]));
    expect(sum(chart.series.flatMap((s) => s.values))).toBe(4_000);

    const client = await createClient();
    await expect(getEarningsByMonth(actorFor(client, ["client"]))).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("a bonus counts like an earning: the stacks sum to Total Earned ($10 bonus on a $25 session: $35)", async () => {
    const { user, expert } = await createExpert();
    const me = actorFor(user, ["expert"]);
    const study = await createStudy();
    const done = await engagementIn("completed", study, expert.id);
    await db().$transaction((tx) =>
      bookEarning(
        tx,
        {
          engagementId: done.id,
          clientUserId: study.clientUser.id,
          organizationId: study.project.organizationId,
          projectId: study.project.id,
          expertUserId: user.id,
          incentiveCents: 2_500,
        },
        { kind: "session", now: new Date(), actorUserId: null },
      ),
    );
    expect(await payBonuses(study.client, { batchKey: randomUUID(), items: [{ engagementId: done.id, cents: 1_000 }] })).toMatchObject({
      paid: 1,
    });
    const wallet = await getWallet(me);
    expect(wallet.totalEarnedCents).toBe(3_500);
    const chart = await getEarningsByMonth(me);
    expect(sum(chart.series.flatMap((s) => s.values))).toBe(wallet.totalEarnedCents);
    expect(series(chart, "pending").at(-1)).toBe(wallet.pendingCents);
  });
});

describe("completed engagements by month against the goal (Impact)", () => {
  it("counts the expert's completions by the month in their zone, with their own goal", async () => {
    const tokyo = "Asia/Tokyo";
    const { user, expert } = await createExpert({ timeZone: tokyo, monthlyGoal: 12 });
    const other = await createExpert({ timeZone: tokyo });
    const start = monthStartIn(tokyo);
    const study = await createStudy();
    await engagementIn("completed", study, expert.id, { completedAt: new Date(start.getTime() - 60_000) });
    await engagementIn("completed", await createStudy(), expert.id, { completedAt: new Date(start.getTime() + 60_000) });
    await engagementIn("completed", await createStudy(), expert.id, { completedAt: new Date(start.getTime() + 120_000) });
    await engagementIn("scheduled", await createStudy(), expert.id);
    await engagementIn("completed", study, other.expert.id, { completedAt: new Date(start.getTime() + 60_000) });

    const chart = await getEngagementsByMonth(actorFor(user, ["expert"]));
    // The Monthly Goal card counts the same month: the one the chart's last bar shows.
    expect(await getImpact(actorFor(user, ["expert"]))).toMatchObject({ monthlyGoal: 12, completedThisMonth: 2 });
    expect(chart.goal).toBe(12);
    expect(chart.buckets).toHaveLength(12);
    expect(series(chart, "completed").slice(-2)).toEqual([1, 2]);
    expect(sum(series(chart, "completed"))).toBe(3);
  });
});

const diff = (after: ChartData, before: ChartData, key: string) => series(after, key).map((v, i) => v - series(before, key)[i]);

describe("admin trends", () => {
  it("experts by verification status: each expert counts from the week they joined, by the status they had each week", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const now = new Date();
    const before = await getVerificationTrend(admin, "UTC", now);
    // Joined three weeks ago and waited (rejected this week); joined this week (pending); joined
    // five weeks ago, verified two weeks ago.
    const waited = await createExpert({ verificationStatus: "pending", createdAt: new Date(now.getTime() - 21 * DAY) });
    await createExpert({ verificationStatus: "pending", createdAt: new Date(now.getTime() - 60_000) });
    const verified = await createExpert({ verificationStatus: "pending", createdAt: new Date(now.getTime() - 35 * DAY) });
    await db().expert.update({ where: { id: waited.expert.id }, data: { verificationStatus: "rejected" } });
    await db().expert.update({ where: { id: verified.expert.id }, data: { verificationStatus: "verified" } });
    // The trigger dates a change by its transaction; move this one back two weeks, as if made then.
    await db().expertVerificationEvent.updateMany({
      where: { expertId: verified.expert.id, status: "verified" },
      data: { at: new Date(now.getTime() - 14 * DAY) },
    });
    // A profile edit that leaves the status alone records nothing.
    await db().expert.update({ where: { id: verified.expert.id }, data: { bio: "Edited." } });
    expect(await db().expertVerificationEvent.count({ where: { expertId: { in: [waited.expert.id, verified.expert.id] } } })).toBe(4);

    const after = await getVerificationTrend(admin, "UTC", now);
    expect(after.buckets).toEqual(before.buckets);
    expect(diff(after, before, "rejected")).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(diff(after, before, "pending")).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 2, 1, 1, 1]);
    expect(diff(after, before, "verified")).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
  });

  it("invites and completed sessions per week; only an admin reads them", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    const now = new Date();
    const before = await getActivityTrend(admin, "UTC", now);
    await invitedPair();
    const study = await createStudy();
    const { expert } = await createExpert();
    await engagementIn("completed", study, expert.id, { completedAt: new Date(now.getTime() - 7 * DAY) });
    const after = await getActivityTrend(admin, "UTC", now);
    expect(diff(after, before, "invites").slice(-2)).toEqual([0, 1]);
    expect(diff(after, before, "completed").slice(-2)).toEqual([1, 0]);

    // Weeks in the admin's zone: Monday Nov 9, 00:30 in Tokyo is still Sunday Nov 8 in UTC (a
    // week earlier there). Seen from Wednesday Nov 18, 2026.
    const wednesday = new Date("2026-11-18T12:00:00Z");
    const zoned = await createStudy();
    const { expert: third } = await createExpert();
    const beforeTokyo = await getActivityTrend(admin, "Asia/Tokyo", wednesday);
    const beforeUtc = await getActivityTrend(admin, "UTC", wednesday);
    await engagementIn("completed", zoned, third.id, { completedAt: new Date("2026-11-08T15:30:00Z") });
    expect(diff(await getActivityTrend(admin, "Asia/Tokyo", wednesday), beforeTokyo, "completed").slice(-3)).toEqual([0, 1, 0]);
    expect(diff(await getActivityTrend(admin, "UTC", wednesday), beforeUtc, "completed").slice(-3)).toEqual([1, 0, 0]);

    const { user } = await createExpert();
    await expect(getActivityTrend(actorFor(user, ["expert"]), "UTC")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getVerificationTrend(null, "UTC")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
