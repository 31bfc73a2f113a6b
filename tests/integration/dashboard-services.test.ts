import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createExpert } from "@/tests/factories";
import { addDays, nextFriday, weekOfYear } from "@/lib/platform/dates";
import { applyToOpportunity } from "@/lib/engagements/transitions";
import { listOpportunityBoard } from "@/lib/engagements/views";
import { createStudy, engagementIn } from "@/tests/studies";
import { cashOut, getWallet, listPayouts, nextPayoutDate, postOpeningBalance } from "@/lib/money/wallet";
import { getImpact, hoursFromMinutes } from "@/lib/experts/dashboard/impact";
import { answerPulse, getCurrentPulse } from "@/lib/experts/dashboard/pulse";
import { getFeedbackTarget, submitFeedback } from "@/lib/experts/dashboard/feedback";
import { addSlot, listSlots, removeSlot } from "@/lib/engagements/availability";
import { getExpertiseRatings, saveExpertiseRatings } from "@/lib/experts/dashboard/expertise";
import { getSettings, saveSettings } from "@/lib/experts/dashboard/settings";
import { getDashboardHeader } from "@/lib/experts/dashboard/overview";

/** The signed-in expert, as every dashboard service receives it. */
const asExpert = (user: { id: string; email: string }) => actorFor(user, ["expert"]);

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe("opportunities", () => {
  it("splits Open / Invited / Scheduled from the expert's engagements; another expert's are never shown", async () => {
    const { user, expert } = await createExpert();
    const other = await createExpert();
    const open = await createStudy({ title: "Open one" });
    const accepted = await createStudy({ title: "Accepted" });
    const scheduled = await createStudy({ title: "Scheduled" });
    const invited = await createStudy({ title: "Invited" });
    const foreign = await createStudy({ title: "Someone else's", visibility: "invite_only" });
    await engagementIn("accepted", accepted, expert.id);
    await engagementIn("scheduled", scheduled, expert.id, { startsAt: addDays(new Date(), 2) });
    await engagementIn("invited", invited, expert.id);
    await engagementIn("accepted", foreign, other.expert.id);

    const board = await listOpportunityBoard(asExpert(user));
    const titles = (l: { title: string }[]) => l.map((o) => o.title).sort();
    expect(titles(board.open)).toContain("Open one");
    expect(titles(board.open)).not.toContain("Someone else's");
    expect(titles(board.invited)).toEqual(["Accepted", "Invited"]);
    expect(titles(board.scheduled)).toEqual(["Scheduled"]);
    const all = [...board.open, ...board.invited, ...board.scheduled].map((o) => o.id);
    expect(new Set(all).size).toBe(all.length);
    expect(board.notice).toBeNull();

    // Apply → 'applied', still in Open ('Application Pending').
    await applyToOpportunity(asExpert(user), { opportunityId: open.opportunity.id, outsideActivityConfirmed: true });
    const after = await listOpportunityBoard(asExpert(user));
    expect(after.open.find((o) => o.id === open.opportunity.id)?.state).toBe("applied");
  });
});

describe("wallet and cash out", () => {
  it("creates a missing wallet at zero and shows no sample payouts", async () => {
    const { user } = await createExpert();
    expect(await getWallet(asExpert(user))).toEqual({ availableCents: 0, pendingCents: 0, totalEarnedCents: 0 });
    expect(await listPayouts(asExpert(user))).toEqual([]);
    await expect(cashOut(asExpert(user))).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("pays the whole available balance once, even for two concurrent requests", async () => {
    const { user } = await createExpert({ preferredPaymentMethod: "paypal" });
    await db().$transaction((tx) => postOpeningBalance(tx, user.id, { availableCents: 7_500, pendingCents: 12_500, paidOutCents: 25_000 }));
    const results = await Promise.allSettled([cashOut(asExpert(user)), cashOut(asExpert(user))]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const payouts = await db().payout.findMany({ where: { userId: user.id } });
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ amountCents: 7_500, status: "pending", paymentMethod: "paypal" });
    const { timeZone } = await db().expert.findUniqueOrThrow({ where: { userId: user.id }, select: { timeZone: true } });
    expect(payouts[0].estimatedPayoutDate?.toISOString()).toBe(nextFriday(new Date(), timeZone).toISOString());
    expect(await getWallet(asExpert(user))).toEqual({ availableCents: 0, pendingCents: 12_500, totalEarnedCents: 45_000 });
    expect((await nextPayoutDate(asExpert(user)))?.toISOString()).toBe(nextFriday(new Date(), timeZone).toISOString());
    expect(await listPayouts(asExpert(user), { filter: "paid" })).toEqual([]);
    expect(await listPayouts(asExpert(user), { filter: "pending" })).toHaveLength(1);
  });
});

describe("impact", () => {
  it("computes projects, hours (one decimal), satisfaction and the monthly progress from completed work", async () => {
    expect(hoursFromMinutes(65)).toBe(1.1);
    const { user, expert } = await createExpert();
    const empty = await getImpact(asExpert(user));
    expect(empty).toMatchObject({ projectsCompleted: 0, hoursContributed: 0, satisfaction: null, completedThisMonth: 0, monthlyGoal: 8 });
    await engagementIn("completed", await createStudy({ minutes: 45, type: "interview", title: "A" }), expert.id, {
      completedAt: new Date(),
      expertScore: 5,
    });
    await engagementIn("completed", await createStudy({ minutes: 20, type: "survey", title: "B" }), expert.id, {
      completedAt: new Date(Date.UTC(2000, 0, 5)),
      expertScore: 4,
    });
    const impact = await getImpact(asExpert(user));
    // A's rating is from today and the expert has not rated back: still blind, so only B's counts.
    expect(impact).toMatchObject({ projectsCompleted: 2, hoursContributed: 1.1, satisfaction: 4, ratedCount: 1, completedThisMonth: 1 });
    expect(impact.topicsInfluenced.sort()).toEqual(["A", "B"]);
    expect(impact.recentAchievement?.title).toBe("A");
  });
});

describe("pulse", () => {
  it("picks this week's active survey and takes one answer per survey", async () => {
    const { user } = await createExpert();
    expect(await getCurrentPulse(asExpert(user))).toEqual({ state: "none" });
    const week = weekOfYear();
    await db().pulseSurvey.create({
      data: { title: "Other week", question: "?", surveyType: "rating", weekNumber: week === 1 ? 2 : week - 1 },
    });
    const survey = await db().pulseSurvey.create({
      data: { title: "Weekly Pulse", question: "How?", surveyType: "rating", options: ["a", "b", "c", "d", "e"], weekNumber: week },
    });
    expect(await getCurrentPulse(asExpert(user))).toMatchObject({ state: "open", survey: { id: survey.id } });
    await answerPulse(asExpert(user), { surveyId: survey.id, rating: 4 });
    expect(await getCurrentPulse(asExpert(user))).toMatchObject({ state: "answered" });
    await expect(answerPulse(asExpert(user), { surveyId: survey.id, rating: 2 })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(weekOfYear(new Date(Date.UTC(2026, 0, 7)))).toBe(1);
    expect(weekOfYear(new Date(Date.UTC(2026, 0, 8)))).toBe(2);
  });
});

describe("feedback", () => {
  it("offers the latest completed engagement without feedback, once", async () => {
    const { user, expert } = await createExpert();
    expect(await getFeedbackTarget(asExpert(user))).toEqual({ state: "none" });
    const olderStudy = await createStudy({ title: "Older" });
    const newerStudy = await createStudy({ title: "Newer" });
    await engagementIn("completed", olderStudy, expert.id, { completedAt: addDays(new Date(), -10) });
    await engagementIn("completed", newerStudy, expert.id, { completedAt: addDays(new Date(), -1) });
    const older = olderStudy.opportunity;
    const newer = newerStudy.opportunity;
    expect(await getFeedbackTarget(asExpert(user))).toMatchObject({ state: "form", opportunity: { id: newer.id } });
    await submitFeedback(asExpert(user), { opportunityId: newer.id, rating: 5, wouldRecommend: true });
    await expect(submitFeedback(asExpert(user), { opportunityId: newer.id, rating: 3 })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await getFeedbackTarget(asExpert(user))).toMatchObject({ state: "form", opportunity: { id: older.id } });
    await submitFeedback(asExpert(user), { opportunityId: older.id, rating: 4 });
    expect(await getFeedbackTarget(asExpert(user))).toEqual({ state: "complete" });
    const stranger = await createExpert();
    await expect(submitFeedback(asExpert(stranger.user), { opportunityId: older.id, rating: 4 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("availability", () => {
  it("refuses past days and overlaps, orders by start time, removes only own slots", async () => {
    const { user } = await createExpert();
    const me = asExpert(user);
    const tz = "America/New_York";
    await expect(addSlot(me, { date: inDays(-2), startTime: "10:00", endTime: "11:00", timezone: tz })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await addSlot(me, { date: inDays(5), startTime: "14:00", endTime: "15:00", timezone: tz });
    const early = await addSlot(me, { date: inDays(5), startTime: "09:00", endTime: "10:00", timezone: tz });
    await expect(addSlot(me, { date: inDays(5), startTime: "14:30", endTime: "16:00", timezone: tz })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await addSlot(me, { date: inDays(5), startTime: "15:00", endTime: "16:00", timezone: tz }); // touching is fine
    // Two concurrent overlapping adds: exactly one wins.
    const race = await Promise.allSettled([
      addSlot(me, { date: inDays(6), startTime: "10:00", endTime: "11:00", timezone: tz }),
      addSlot(me, { date: inDays(6), startTime: "10:30", endTime: "11:30", timezone: tz }),
    ]);
    expect(race.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const slots = (await listSlots(me, inDays(5).slice(0, 7))).slots;
    expect(slots.filter((s) => s.date === inDays(5)).map((s) => s.startTime)).toEqual(["09:00", "14:00", "15:00"]);
    const other = await createExpert();
    await expect(removeSlot(asExpert(other.user), early.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await removeSlot(me, early.id);
    expect((await listSlots(me, inDays(5).slice(0, 7))).slots.some((s) => s.id === early.id)).toBe(false);
  });

  it("reads one month whole, in the expert's own zone, and only the caller's own slots", async () => {
    const { user, expert } = await createExpert();
    await db().expert.update({ where: { id: expert.id }, data: { timeZone: "Pacific/Honolulu" } });
    const me = asExpert(user);
    const tz = "Pacific/Honolulu";
    // A crowded month is answered whole (no cap), and the next month's slot stays out of it.
    const days = ["2031-05-01", "2031-05-15", "2031-05-31"];
    await db().availabilitySlot.createMany({
      data: days.flatMap((day) =>
        Array.from({ length: 20 }, (_, i) => ({
          expertId: expert.id,
          date: new Date(`${day}T00:00:00Z`),
          startTime: `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
          endTime: `${String(9 + Math.floor((i + 1) / 2)).padStart(2, "0")}:${(i + 1) % 2 ? "30" : "00"}`,
          timezone: tz,
        })),
      ),
    });
    await addSlot(me, { date: "2031-06-01", startTime: "11:00", endTime: "12:00", timezone: tz });
    const may = await listSlots(me, "2031-05");
    expect(may.month).toBe("2031-05");
    expect(may.timeZone).toBe(tz);
    expect(may.slots).toHaveLength(60);
    expect(new Set(may.slots.map((s) => s.date))).toEqual(new Set(days));
    expect((await listSlots(me, "2031-06")).slots.map((s) => s.startTime)).toEqual(["11:00"]);
    // Without a month: the current month and today as the expert's own zone sees them.
    const lateUtc = new Date("2031-05-01T05:00:00Z"); // 30 April, 7 PM in Honolulu
    const current = await listSlots(me, undefined, lateUtc);
    expect(current).toMatchObject({ month: "2031-04", today: "2031-04-30" });
    const other = await createExpert();
    expect((await listSlots(asExpert(other.user), "2031-05")).slots).toEqual([]);
  });
});

describe("expertise, settings and header", () => {
  it("stores ratings and settings and reads the header facts", async () => {
    const { user, expert } = await createExpert({}, { complete: false });
    const me = asExpert(user);
    expect((await getExpertiseRatings(me)).find((r) => r.topic === "Special Education")?.rating).toBe(2);
    await saveExpertiseRatings(me, {
      ratings: (await getExpertiseRatings(me)).map((r) => (r.topic === "Special Education" ? { ...r, rating: 5 } : r)),
    });
    expect((await getExpertiseRatings(me)).find((r) => r.topic === "Special Education")?.rating).toBe(5);

    const s = await getSettings(me);
    expect(s.notifications).toEqual({ emailOpportunities: true, emailReminders: true, emailFeedback: false, pushNotifications: true });
    await saveSettings(me, {
      privacy: { ...s.privacy, isPublicProfile: false, showRates: false },
      notifications: { ...s.notifications, emailFeedback: true },
    });
    expect(await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).toMatchObject({ isPublicProfile: false, showRates: false });
    expect(await db().notificationPreference.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ emailFeedback: true });

    const header = await getDashboardHeader(me);
    expect(header).toMatchObject({
      firstIncompleteStep: "basics",
      completeness: 0,
      verificationStatus: "verified",
      privacyConsentAt: null,
      privacyPolicyVersion: "1.0",
    });
  });
});

describe("permission", () => {
  it("every dashboard service asks for update:expert:own: a client (even one with an expert row) is refused with the one wording", async () => {
    const { user } = await createExpert();
    const asClient = actorFor(user, ["client"]);
    const refusal = { code: "FORBIDDEN", message: "This area requires expert access. You are signed in as client." };
    await expect(listOpportunityBoard(asClient)).rejects.toMatchObject(refusal);
    await expect(getWallet(asClient)).rejects.toMatchObject(refusal);
    await expect(cashOut(asClient)).rejects.toMatchObject(refusal);
    await expect(getDashboardHeader(asClient)).rejects.toMatchObject(refusal);
    await expect(getSettings(asClient)).rejects.toMatchObject(refusal);
    expect(await db().ledgerAccount.count({ where: { ownerUserId: user.id } })).toBe(0);
  });
});
