import { describe, expect, it } from "vitest";
import type { JobHelpers } from "graphile-worker";
import { db } from "@/lib/platform/db";
import { actorFor, createExpert, createUser } from "@/tests/factories";
import { queuedMailsTo } from "@/tests/helpers/mail";
import { cashOut, postOpeningBalance } from "@/lib/money/wallet";
import { jobTaskList } from "@/lib/jobs/tasks";
import { JOB_CRONTAB } from "@/lib/platform/jobs/payloads";
import { listAdminExperts } from "@/lib/experts/admin-experts";
import { addDays, utcDate } from "@/lib/platform/dates";
import { VERIFICATION_DUE_BUSINESS_DAYS } from "@/lib/experts/verification-rules";

const DAY = 86_400_000;

/** Runs the admin-digest task as the worker would. */
async function runDigestJob() {
  const task = jobTaskList()["admin-digest"]!;
  await (task as (payload: unknown, helpers: JobHelpers) => Promise<void>)({}, { job: { attempts: 1 } } as unknown as JobHelpers);
}

/** An expert named `firstName` with a payout of `cents`, whose due date is `due`. */
async function payoutDue(firstName: string, cents: number, due: Date) {
  const { user } = await createExpert();
  await db().user.update({ where: { id: user.id }, data: { firstName } });
  await db().$transaction((tx) => postOpeningBalance(tx, user.id, { availableCents: cents }));
  const payout = await cashOut(actorFor(user, ["expert"]));
  await db().payout.update({ where: { id: payout.id }, data: { dueDate: due } });
  return { user, payout };
}

/** An expert with the LinkedIn step done, pending since `since`. */
async function pendingSince(firstName: string, since: Date) {
  const { user, expert } = await createExpert({ verificationStatus: "pending", stepLinkedin: true });
  await db().user.update({ where: { id: user.id }, data: { firstName } });
  await db().expertVerificationEvent.updateMany({ where: { expertId: expert.id }, data: { at: since } });
  return { user, expert };
}

describe("the admins' daily digest", () => {
  it("runs daily and e-mails each admin the payouts due tomorrow, the overdue ones and the verifications waiting too long; nothing else", async () => {
    expect(JOB_CRONTAB).toMatch(/^\S+ \S+ \* \* \* admin-digest$/m);
    const now = new Date();
    const today = utcDate(now);
    const admin = await createUser({ roles: ["admin"], firstName: "Ada" });
    const disabledAdmin = await createUser({ roles: ["admin"] });
    await db().user.update({ where: { id: disabledAdmin.id }, data: { disabledAt: now } });

    const tomorrow = await payoutDue("Tomorrow", 1_200, addDays(today, 1));
    const overdue = await payoutDue("Overdue", 3_400, addDays(today, -2));
    const later = await payoutDue("Later", 5_600, addDays(today, 5));
    const paidLate = await payoutDue("Settled", 7_800, addDays(today, -3));
    await db().payout.update({ where: { id: paidLate.payout.id }, data: { status: "paid" } });
    const late = await pendingSince("Waited", new Date(now.getTime() - 10 * DAY));
    const fresh = await pendingSince("Fresh", new Date(now.getTime() - 60_000));

    await runDigestJob();
    const [mail, ...more] = await queuedMailsTo(admin.email);
    expect(more).toEqual([]);
    expect(mail.subject).toMatch(/^Daily digest for .+: 1 overdue, 1 due tomorrow, \d+ late verifications?$/);
    const [overdueSection, tomorrowSection] = [mail.text.indexOf("Payouts overdue"), mail.text.indexOf("Payouts due tomorrow")];
    expect(overdueSection).toBeGreaterThan(-1);
    expect(tomorrowSection).toBeGreaterThan(overdueSection);
    expect(mail.text.slice(overdueSection, tomorrowSection)).toContain(`$34.00 to Overdue User (${overdue.user.email})`);
    expect(mail.text.slice(tomorrowSection)).toContain(`$12.00 to Tomorrow User (${tomorrow.user.email})`);
    expect(mail.text).toContain(`Verifications waiting past ${VERIFICATION_DUE_BUSINESS_DAYS} business days`);
    expect(mail.text).toContain(`Waited User (${late.user.email}): waiting `);
    for (const absent of [later.user.email, paidLate.user.email, fresh.user.email]) expect(mail.text).not.toContain(absent);
    expect(await queuedMailsTo(disabledAdmin.email)).toEqual([]);

    // A second run the same day replaces the unsent mail rather than sending it twice.
    await runDigestJob();
    expect(await queuedMailsTo(admin.email)).toHaveLength(1);
  });

  it("Admin › Experts shows how long each pending verification has waited and flags those past the promise", async () => {
    const admin = await createUser({ roles: ["admin"] });
    const late = await pendingSince("Slowpoke", new Date("2026-11-02T10:00:00Z")); // a Monday
    const now = new Date("2026-11-05T11:00:00Z"); // Thursday: three business days later
    const { rows } = await listAdminExperts(actorFor(admin, ["admin"]), late.user.email, {}, now);
    expect(rows).toHaveLength(1);
    expect(rows[0].wait).toMatchObject({ businessDays: 3, overdue: true });
    const onTime = await listAdminExperts(actorFor(admin, ["admin"]), late.user.email, {}, new Date("2026-11-04T09:00:00Z"));
    expect(onTime.rows[0].wait).toMatchObject({ businessDays: 1, overdue: false });
    // Verified experts wait for nothing.
    await db().expert.update({ where: { id: late.expert.id }, data: { verificationStatus: "verified" } });
    expect((await listAdminExperts(actorFor(admin, ["admin"]), late.user.email, {}, now)).rows[0].wait).toBeNull();
  });
});
