// Take it, donate it, or decline it, against a real PostgreSQL: every format (interview, survey,
// focus-group seat and backup fee, bonus) donated to the expert's district or declined, the
// district's gift limit, the monthly donation payouts, and the 1099 threshold without donations.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { isAppError } from "@/lib/platform/errors";
import { balancesOf, ledgerDrift, organizationBalancesOf } from "@/lib/money/ledger";
import { checkInvariants } from "@/lib/money/invariants";
import {
  acceptEngagement,
  applyToOpportunity,
  completeSession,
  inviteExpert,
  proposeTimes,
  scheduleEngagement,
} from "@/lib/engagements/transitions";
import { recordSurveyEnd, startSurvey } from "@/lib/engagements/surveys";
import { completionCodeFor } from "@/lib/engagements/survey-codes";
import { releaseDueEarnings, openDispute, resolveDispute } from "@/lib/engagements/earnings-review";
import { payBonuses, releaseDueBonuses } from "@/lib/engagements/bonuses";
import { addStudySession, recordAttendance, settleDueAttendance, takeSeat } from "@/lib/engagements/focus-groups";
import { ATTENDANCE_CORRECTION_HOURS } from "@/lib/money/policy";
import { setEngagementIncentiveChoice, incentivesOfExpert } from "@/lib/engagements/incentive-choice";
import {
  effectiveDefault,
  incentiveDefaultOf,
  NO_DISTRICT_TO_DONATE,
  setIncentiveDefault,
  type IncentiveChoice,
} from "@/lib/money/incentive-choices";
import { donationReceiptOf, incentiveOutcomesOf, listDonationsDue, monthOf, payDonations } from "@/lib/money/donations";
import { getClientBilling, incentiveOutcomesFor } from "@/lib/money/billing";
import { assertTaxFormIfNeeded, thresholdFor, W9_REQUIRED_MESSAGE } from "@/lib/money/tax";
import { actorFor, createAdmin, createExpert } from "../factories";
import { createStudy } from "../studies";
import { createDistrict, setPolicy, staffOf } from "../helpers/districts";
import { captureMailForFile } from "../helpers/smtp-per-file";
import { queuedMailsTo } from "../helpers/mail";

captureMailForFile();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const INCENTIVE = 15_000; // createStudy pays $150

const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected a refusal");
};

const booksAgree = async () => {
  expect(await ledgerDrift()).toEqual([]);
  expect((await checkInvariants()).breaches).toEqual([]);
};

/** An expert linked to a district (by their confirmed school e-mail), with their default saved. */
async function districtExpert(choice: IncentiveChoice = "pay", leaid?: string) {
  const district = leaid ? await db().district.findUniqueOrThrow({ where: { leaid } }) : await createDistrict();
  // Research needs no approval there, so the district gate lets them take part.
  if (!leaid) await setPolicy(district.leaid, { approvalRequired: "no" });
  const { user, expert } = await staffOf(district.leaid);
  const actor = actorFor(user, ["expert"]);
  await setIncentiveDefault(actor, choice);
  return { user, expert, actor, district };
}

type Person = Awaited<ReturnType<typeof districtExpert>>;

/** An interview taken on, scheduled in the past and completed by the client. */
async function interviewDone(x: Person) {
  const study = await createStudy();
  const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: x.expert.id });
  await acceptEngagement(x.actor, engagementId, { outsideActivityConfirmed: true });
  const startsAt = new Date(Date.now() - 2 * HOUR);
  const proposedAt = new Date(startsAt.getTime() - HOUR);
  await proposeTimes(study.client, engagementId, [startsAt], proposedAt);
  const [p] = await db().timeProposal.findMany({ where: { engagementId } });
  await scheduleEngagement(x.actor, engagementId, { proposalId: p.id }, proposedAt);
  await completeSession(study.client, engagementId, new Date());
  return { study, engagementId };
}

/** A survey joined (taken on at once), optionally with a choice made on the card, then completed. */
async function surveyDone(x: Person, change?: IncentiveChoice) {
  const study = await createStudy({ type: "survey", quota: 5 });
  const { engagementId } = await applyToOpportunity(x.actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
  if (change) await setEngagementIncentiveChoice(x.actor, engagementId, change);
  await startSurvey(x.actor, engagementId);
  const pid = (await db().engagement.findUniqueOrThrow({ where: { id: engagementId } })).participantId!;
  await recordSurveyEnd({ projectId: study.project.id, end: "complete", code: completionCodeFor(pid), participantId: pid, actor: x.actor });
  return { study, engagementId };
}

const donationOf = (engagementId: string) => db().donation.findFirst({ where: { engagementId } });
const districtBalances = async (leaid: string) =>
  Object.fromEntries(
    (await db().ledgerAccount.findMany({ where: { ownerDistrictLeaid: leaid }, select: { kind: true, balanceCents: true } })).map((a) => [
      a.kind,
      a.balanceCents,
    ]),
  );

describe("the expert's default and the engagement's choice", () => {
  it("Donate needs a linked district; the default is kept, and each engagement takes it when taken on", async () => {
    const { user } = await createExpert();
    const unlinked = actorFor(user, ["expert"]);
    expect(await errorOf(setIncentiveDefault(unlinked, "donate"))).toEqual({ code: "CONFLICT", message: NO_DISTRICT_TO_DONATE });
    const x = await districtExpert("donate");
    expect(await incentiveDefaultOf(x.actor)).toMatchObject({
      choice: "donate",
      setByGiftLimit: false,
      district: { leaid: x.district.leaid },
    });
    const study = await createStudy();
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: x.expert.id });
    expect(await db().engagementIncentiveChoice.findUnique({ where: { engagementId } })).toBeNull();
    await acceptEngagement(x.actor, engagementId, { outsideActivityConfirmed: true });
    expect(await db().engagementIncentiveChoice.findUnique({ where: { engagementId } })).toMatchObject({
      choice: "donate",
      leaid: x.district.leaid,
      source: "default",
    });
    // The client may not choose for the expert; another expert is not told the engagement exists.
    expect((await errorOf(setEngagementIncentiveChoice(study.client, engagementId, "pay"))).code).toBe("FORBIDDEN");
    const stranger = await districtExpert();
    expect((await errorOf(setEngagementIncentiveChoice(stranger.actor, engagementId, "pay"))).code).toBe("NOT_FOUND");
    // Pay ↔ donate before it completes; twice changes nothing.
    expect((await setEngagementIncentiveChoice(x.actor, engagementId, "pay")).changed).toBe(true);
    expect((await setEngagementIncentiveChoice(x.actor, engagementId, "pay")).changed).toBe(false);
    // A decline after acceptance gives the reservation back and is final.
    expect(await db().reservation.findUnique({ where: { engagementId } })).toMatchObject({ state: "held" });
    await setEngagementIncentiveChoice(x.actor, engagementId, "decline");
    expect(await db().reservation.findUnique({ where: { engagementId } })).toMatchObject({ state: "released" });
    expect((await db().engagement.findUniqueOrThrow({ where: { id: engagementId } })).declinePayment).toBe(true);
    expect((await errorOf(setEngagementIncentiveChoice(x.actor, engagementId, "pay"))).code).toBe("CONFLICT");
    const cards = await incentivesOfExpert(x.user.id, [
      { id: engagementId, state: "accepted", declinePayment: true, incentiveCents: INCENTIVE },
    ]);
    expect(cards.get(engagementId)).toMatchObject({ choice: "decline", label: "Declined pay", open: false });
    await booksAgree();
  });

  it("a completed engagement's choice cannot change", async () => {
    const x = await districtExpert("donate");
    const { engagementId } = await interviewDone(x);
    expect(await errorOf(setEngagementIncentiveChoice(x.actor, engagementId, "pay"))).toMatchObject({ code: "CONFLICT" });
  });
});

describe("donate and decline in every format", () => {
  it("interview, donated: the client pays as for pay, the district's donations hold it, the expert is credited nothing", async () => {
    const x = await districtExpert("donate");
    const { study, engagementId } = await interviewDone(x);
    const org = study.project.organizationId;
    const donation = await donationOf(engagementId);
    expect(donation).toMatchObject({ amountCents: INCENTIVE, leaid: x.district.leaid, state: "held", expertUserId: x.user.id });
    expect((await balancesOf(x.user.id)).expert_pending_qc).toBe(0);
    expect(await districtBalances(x.district.leaid)).toEqual({ donation_pending: INCENTIVE });
    expect((await organizationBalancesOf(org)).client_reserved).toBe(0);
    expect(await db().ledgerTransaction.count({ where: { engagementId, kind: "donation_pledged" } })).toBe(1);
    await booksAgree();
    // The review window closes: payable to the district.
    await releaseDueEarnings(new Date(Date.now() + 10 * DAY));
    expect(await donationOf(engagementId)).toMatchObject({ state: "payable" });
    expect(await districtBalances(x.district.leaid)).toMatchObject({ donation_pending: 0, donation_payable: INCENTIVE });
    expect(await incentiveOutcomesOf(org)).toMatchObject({ donatedCents: INCENTIVE, declinedCents: 0 });
    await booksAgree();
  });

  it("interview, declined: nothing reserved, nothing booked, the client is charged nothing", async () => {
    const x = await districtExpert("decline");
    const { study, engagementId } = await interviewDone(x);
    const org = study.project.organizationId;
    expect(await db().reservation.findUnique({ where: { engagementId } })).toBeNull();
    expect(await db().earning.findUnique({ where: { engagementId } })).toBeNull();
    expect(await organizationBalancesOf(org)).toMatchObject({ client_receivable: 0, client_reserved: 0, client_credit_used: 0 });
    expect(await incentiveOutcomesOf(org)).toMatchObject({ donatedCents: 0, declinedCents: INCENTIVE, declinedCount: 1 });
    await booksAgree();
  });

  it("a disputed donation the client wins goes back to the client, never to the district", async () => {
    const x = await districtExpert("donate");
    const { study, engagementId } = await interviewDone(x);
    const earning = await db().earning.findUniqueOrThrow({ where: { engagementId } });
    await openDispute(study.client, earning.id, "The session did not take place as described");
    const admin = actorFor(await createAdmin(), ["admin"]);
    await resolveDispute(admin, earning.id, { for: "client", note: "Refunded after review" });
    expect(await donationOf(engagementId)).toMatchObject({ state: "refunded" });
    expect(await districtBalances(x.district.leaid)).toMatchObject({ donation_pending: 0 });
    expect(await db().ledgerTransaction.count({ where: { engagementId, kind: "donation_refunded" } })).toBe(1);
    await booksAgree();
  });

  it("survey: donated by default, or declined on the card after joining (its reservation given back)", async () => {
    const donor = await districtExpert("donate");
    const d = await surveyDone(donor);
    expect(await donationOf(d.engagementId)).toMatchObject({ amountCents: INCENTIVE, state: "held" });
    const decliner = await districtExpert("pay");
    const n = await surveyDone(decliner, "decline");
    expect(await db().earning.findUnique({ where: { engagementId: n.engagementId } })).toBeNull();
    expect(await db().reservation.findUnique({ where: { engagementId: n.engagementId } })).toMatchObject({ state: "released" });
    expect(await organizationBalancesOf(n.study.project.organizationId)).toMatchObject({ client_receivable: 0, client_reserved: 0 });
    await booksAgree();
  });

  it("focus group: an attended seat donated, a backup fee donated, a declined seat paid nothing", async () => {
    const study = await createStudy({ type: "focus_group", minutes: 90, backupFee: 40 });
    const startsAt = new Date(Date.now() + 72 * HOUR);
    const { id: sessionId } = await addStudySession(study.client, study.project.id, { startsAt, seats: 2, backupSeats: 1 });
    const seat = await districtExpert("donate");
    const declined = await districtExpert("decline");
    const backup = await districtExpert("donate");
    const ids: Record<string, string> = {};
    for (const [name, x, kind] of [
      ["seat", seat, "seat"],
      ["declined", declined, "seat"],
      ["backup", backup, "backup"],
    ] as const) {
      const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: x.expert.id });
      await acceptEngagement(x.actor, engagementId, { outsideActivityConfirmed: true });
      await takeSeat(x.actor, engagementId, { studySessionId: sessionId, kind });
      ids[name] = engagementId;
    }
    const during = new Date(startsAt.getTime() + 30 * 60_000);
    await recordAttendance(
      study.client,
      sessionId,
      [
        { engagementId: ids.seat, outcome: "attended" },
        { engagementId: ids.declined, outcome: "attended" },
        { engagementId: ids.backup, outcome: "not_needed" },
      ],
      during,
    );
    await settleDueAttendance(new Date(during.getTime() + ATTENDANCE_CORRECTION_HOURS * HOUR));
    expect(await donationOf(ids.seat)).toMatchObject({ amountCents: INCENTIVE, leaid: seat.district.leaid });
    expect(await donationOf(ids.backup)).toMatchObject({ amountCents: 4_000, leaid: backup.district.leaid });
    expect(await db().earning.findUnique({ where: { engagementId: ids.declined } })).toBeNull();
    expect(await db().reservation.findUnique({ where: { engagementId: ids.declined } })).toBeNull();
    expect((await balancesOf(seat.user.id)).expert_pending_qc).toBe(0);
    await booksAgree();
  });

  it("bonus: a donating expert's bonus goes to the district too, and leaves review with it", async () => {
    const x = await districtExpert("donate");
    const { study, engagementId } = await surveyDone(x);
    const batch = { batchKey: randomUUID(), items: [{ engagementId, cents: 2_500 }] };
    expect(await payBonuses(study.client, batch)).toMatchObject({ paid: 1, totalCents: 2_500 });
    expect(await payBonuses(study.client, batch)).toMatchObject({ paid: 0, replayed: 1 });
    const bonusDonation = await db().donation.findFirst({ where: { engagementId, bonusId: { not: null } } });
    expect(bonusDonation).toMatchObject({ amountCents: 2_500, state: "held" });
    expect((await balancesOf(x.user.id)).expert_pending_qc).toBe(0);
    await releaseDueBonuses(new Date(Date.now() + 10 * DAY));
    expect(await db().donation.findUniqueOrThrow({ where: { id: bonusDonation!.id } })).toMatchObject({ state: "payable" });
    await booksAgree();
  });
});

describe("the district's gift limit", () => {
  it("the expert is told with their year's total before they accept; past the limit the default turns to Donate for the year", async () => {
    const district = await createDistrict();
    await setPolicy(district.leaid, { approvalRequired: "no", giftLimitCents: 20_000 });
    const x = await districtExpert("pay", district.leaid);
    // $150 already paid this year: another $150 would pass $200.
    await interviewDone(x);
    const study = await createStudy();
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: x.expert.id });
    const before = await incentivesOfExpert(x.user.id, [
      { id: engagementId, state: "invited", declinePayment: false, incentiveCents: INCENTIVE },
    ]);
    expect(before.get(engagementId)?.overLimit).toMatchObject({ limitCents: 20_000, yearTotalCents: INCENTIVE });
    await acceptEngagement(x.actor, engagementId, { outsideActivityConfirmed: true });
    expect(await db().engagementIncentiveChoice.findUnique({ where: { engagementId } })).toMatchObject({
      choice: "donate",
      source: "gift_limit",
    });
    expect(await incentiveDefaultOf(x.actor)).toMatchObject({ choice: "donate", setByGiftLimit: true });
    // Next year the default is Pay me again; the expert may take it back now too.
    const pref = await db().expertIncentivePreference.findUniqueOrThrow({ where: { userId: x.user.id } });
    expect(effectiveDefault(pref, new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 2)))).toBe("pay");
    await setIncentiveDefault(x.actor, "pay");
    expect(await incentiveDefaultOf(x.actor)).toMatchObject({ choice: "pay", setByGiftLimit: false });
    // Donations do not count toward the year's total.
    const probe = randomUUID();
    expect(
      (await incentivesOfExpert(x.user.id, [{ id: probe, state: "invited", declinePayment: false, incentiveCents: 1 }])).get(probe)
        ?.overLimit,
    ).toBeNull();
  });

  it("no limit on file changes nothing", async () => {
    const x = await districtExpert("pay");
    await interviewDone(x);
    const { engagementId } = await interviewDone(x);
    expect(await db().engagementIncentiveChoice.findUnique({ where: { engagementId } })).toMatchObject({ choice: "pay" });
  });
});

describe("donation payouts", () => {
  it("the money desk pays a district's month once, to its payee, with receipts; refused for other roles, early or empty months", async () => {
    const x = await districtExpert("donate");
    const y = await districtExpert("donate", x.district.leaid);
    const a = await interviewDone(x);
    await surveyDone(y);
    const admin = actorFor(await createAdmin(), ["admin"]);
    const month = monthOf(new Date());
    const input = {
      leaid: x.district.leaid,
      month,
      payeeName: "Sample Valley Education Foundation",
      schoolFund: "Lincoln Elementary library",
      reference: "CHK-1001",
    };
    // Still in review: nothing is payable yet.
    expect((await errorOf(payDonations(admin, input))).code).toBe("CONFLICT");
    await releaseDueEarnings(new Date(Date.now() + 10 * DAY));
    // Released "in the future" by the test clock: pay as of that month.
    const payableAt = (await donationOf(a.engagementId))!.payableAt!;
    const due = await listDonationsDue(admin);
    expect(due.find((d) => d.leaid === x.district.leaid)).toMatchObject({ cents: 2 * INCENTIVE, count: 2 });
    const paidMonth = { ...input, month: monthOf(payableAt) };
    expect((await errorOf(payDonations(study(x).client, paidMonth))).code).toBe("FORBIDDEN");
    expect((await errorOf(payDonations(x.actor, paidMonth))).code).toBe("FORBIDDEN");
    expect((await errorOf(payDonations(admin, { ...paidMonth, month: "2999-01" }))).code).toBe("CONFLICT");
    const first = await payDonations(admin, paidMonth, new Date(payableAt.getTime() + HOUR));
    expect(first).toMatchObject({ cents: 2 * INCENTIVE, replayed: false });
    // Twice, or two desks at once: one payout, one ledger transaction.
    const [again, race] = await Promise.all([payDonations(admin, paidMonth, payableAt), payDonations(admin, paidMonth, payableAt)]);
    expect([again.replayed, race.replayed]).toEqual([true, true]);
    expect(await db().donationPayout.count({ where: { leaid: x.district.leaid } })).toBe(1);
    expect(
      await db().ledgerTransaction.count({
        where: { kind: "donation_paid_out", idempotencyKey: { startsWith: `donation-payout:${x.district.leaid}` } },
      }),
    ).toBe(1);
    expect(await districtBalances(x.district.leaid)).toMatchObject({ donation_payable: 0, donation_paid_out: 2 * INCENTIVE });
    expect(await db().districtDonationPayee.findUnique({ where: { leaid: x.district.leaid } })).toMatchObject({
      payeeName: input.payeeName,
    });
    const receipt = await donationReceiptOf(x.actor, (await donationOf(a.engagementId))!.id);
    expect(receipt).toMatchObject({ state: "paid", amountCents: INCENTIVE, payout: { payeeName: input.payeeName, reference: "CHK-1001" } });
    expect((await errorOf(donationReceiptOf(y.actor, receipt.id))).code).toBe("NOT_FOUND");
    const mails = await queuedMailsTo(x.user.email);
    expect(mails.filter((m) => m.subject.startsWith("Donation receipt D-"))).toHaveLength(1);
    expect(mails.find((m) => m.subject.startsWith("Donation receipt"))!.text).toContain("Lincoln Elementary library");
    await booksAgree();
  });
});

describe("the 1099 threshold", () => {
  it("counts payouts only: donations never reach the expert's payouts, so no W-9 is asked for them", async () => {
    const x = await districtExpert("donate");
    const year = new Date().getUTCFullYear();
    // Donations past the year's threshold.
    const many = Math.ceil(thresholdFor(year) / INCENTIVE) + 1;
    for (let i = 0; i < many; i++) await surveyDone(x);
    expect(await db().donation.aggregate({ where: { expertUserId: x.user.id }, _sum: { amountCents: true } })).toMatchObject({
      _sum: { amountCents: many * INCENTIVE },
    });
    const wallet = await balancesOf(x.user.id);
    expect(wallet.expert_pending_qc + wallet.expert_available).toBe(0);
    // A small cash out of their own pay needs no W-9; one reaching the threshold does.
    await db().$transaction((tx) => assertTaxFormIfNeeded(tx, x.user.id, 5_000, new Date()));
    const refused = await db()
      .$transaction((tx) => assertTaxFormIfNeeded(tx, x.user.id, thresholdFor(year), new Date()))
      .catch((e) => e);
    expect(refused.message).toBe(W9_REQUIRED_MESSAGE);
  });
});

/** The study behind a person's last engagement, for a client actor (wrong-role checks). */
function study(x: Person) {
  return { client: actorFor({ id: randomUUID(), email: `c-${x.user.id}@example.org` }, ["client"]) };
}

describe("the client's billing and statements", () => {
  it("show donated pay (billed, in the total) and declined pay (never billed) apart, per month and in all", async () => {
    const donor = await districtExpert("donate");
    const donated = await interviewDone(donor);
    const billing = await getClientBilling(donated.study.client);
    const month = billing.statements.find((s) => s.month === monthOf(new Date()))!;
    expect(month).toMatchObject({ bookedCents: INCENTIVE, totalCents: INCENTIVE, donatedCents: INCENTIVE, declinedCents: 0 });
    expect(billing.outcomes).toEqual({ donatedCents: INCENTIVE, declinedCents: 0, declinedCount: 0 });
    expect(await incentiveOutcomesFor(donated.study.client)).toEqual(billing.outcomes);

    const decliner = await districtExpert("decline");
    const declined = await interviewDone(decliner);
    const theirs = await getClientBilling(declined.study.client);
    // Nothing billed, yet the month shows what was declined.
    expect(theirs.statements.find((s) => s.month === monthOf(new Date()))).toMatchObject({
      bookedCents: 0,
      totalCents: 0,
      donatedCents: 0,
      declinedCents: INCENTIVE,
    });
    expect(theirs.outcomes).toEqual({ donatedCents: 0, declinedCents: INCENTIVE, declinedCount: 1 });
    // Another organization's outcomes are never counted; an expert cannot read them.
    expect(billing.outcomes.declinedCents).toBe(0);
    expect((await errorOf(incentiveOutcomesFor(donor.actor))).code).toBe("FORBIDDEN");
  });
});
