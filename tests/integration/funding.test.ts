// Funding an organization's balance against a real PostgreSQL: numbered invoices, a payment
// recorded once, voiding, who may see and ask for what, a project's budget refusing an
// acceptance before and at the click, funds spent before credit, prepaid sessions not billed
// again on the statement, and a dispute's refund returning prepaid money to the funds.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { ledgerDrift, organizationBalancesOf } from "@/lib/money/ledger";
import {
  FUNDING_DESK_PAGE,
  getFundingDesk,
  getFundingInvoice,
  getFundingSummary,
  getProjectMoney,
  invoiceNumber,
  MAX_OPEN_INVOICES,
  recordFundingPayment,
  requestFunds,
  setCreditLimit,
  voidFundingInvoice,
} from "@/lib/money/funding";
import { getClientBilling } from "@/lib/money/billing";
import { requestFundsSchema, setCreditLimitSchema } from "@/lib/money/schemas/funding";
import { newProjectSchema, updateProjectSchema } from "@/lib/projects/schemas/client";
import { createProject, getProject, updateProject } from "@/lib/projects/projects";
import {
  acceptEngagement,
  applyToOpportunity,
  completeSession,
  inviteExpert,
  proposeTimes,
  scheduleEngagement,
} from "@/lib/engagements/transitions";
import { openDispute, resolveDispute } from "@/lib/engagements/earnings-review";
import type { Actor } from "@/lib/accounts/actor";
import { actorFor, createAdmin, createClient, createExpert, organizationOf } from "../factories";
import { createStudy } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const HOUR = 3_600_000;
const INCENTIVE = 15_000; // createStudy's $150
const booksAgree = async () => expect(await ledgerDrift()).toEqual([]);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function desk() {
  return actorFor(await createAdmin(), ["admin"]);
}

/** An owner's organization with `cents` of paid-in funds. */
async function funded(cents: number) {
  const user = await createClient();
  const owner = actorFor(user, ["client"]);
  if (cents > 0) {
    const invoice = await requestFunds(owner, cents);
    await recordFundingPayment(await desk(), invoice.id, "WIRE-1");
  }
  return { user, owner, organizationId: await organizationOf(user.id) };
}

/** A new expert applies to the study; returns the engagement waiting for the client's answer. */
async function application(study: { opportunity: { id: string } }) {
  const { user } = await createExpert();
  const expert = actorFor(user, ["expert"]);
  const { engagementId } = await applyToOpportunity(expert, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
  return { engagementId, expert };
}

/** An invited expert who accepted, scheduled two hours ago and marked completed now. */
async function completedSession(client: Actor, projectId: string) {
  const { user, expert } = await createExpert();
  const expertActor = actorFor(user, ["expert"]);
  const { engagementId } = await inviteExpert(client, { projectId, expertId: expert.id });
  await acceptEngagement(expertActor, engagementId, { outsideActivityConfirmed: true });
  const startsAt = new Date(Date.now() - 2 * HOUR);
  const before = new Date(startsAt.getTime() - HOUR);
  await proposeTimes(client, engagementId, [startsAt], before);
  const [p] = await db().timeProposal.findMany({ where: { engagementId } });
  await scheduleEngagement(expertActor, engagementId, { proposalId: p.id }, before);
  const completedAt = new Date(startsAt.getTime() + HOUR);
  await completeSession(client, engagementId, completedAt);
  return { engagementId, completedAt };
}

describe("funding invoices", () => {
  it("are numbered in order as K12-000123, and an amount out of range is refused with words", async () => {
    expect(invoiceNumber(123)).toBe("K12-000123");
    const { owner } = await funded(0);
    const first = await requestFunds(owner, 50_000);
    const second = await requestFunds(owner, 7_525);
    expect(first.number).toMatch(/^K12-\d{6}$/);
    expect(Number(second.number.slice(4))).toBeGreaterThan(Number(first.number.slice(4)));
    expect(second).toMatchObject({ amountCents: 7_525, status: "open", paidAt: null });
    await expect(requestFunds(owner, 99)).rejects.toMatchObject({ code: "BAD_REQUEST", message: /between \$1\.00 and \$1,000,000\.00/ });
    // The form's schema reads dollars as cents and refuses what the service would.
    expect(requestFundsSchema.parse({ amount: "$2,500.50" })).toEqual({ amount: 250_050, method: "bank_transfer" });
    expect(requestFundsSchema.safeParse({ amount: "10", method: "cheque" }).error?.issues[0]?.message).toBe("Choose bank transfer or card");
    expect(requestFundsSchema.safeParse({ amount: "0.5" }).success).toBe(false);
    expect(requestFundsSchema.safeParse({ amount: "12.345" }).success).toBe(false);
    expect(requestFundsSchema.safeParse({ amount: "1e5" }).success).toBe(false);
    expect(setCreditLimitSchema.safeParse({ organizationId: "not-a-uuid", creditLimit: "10" }).success).toBe(false);
  });

  it("a recorded payment adds the funds in one posting; recording it again posts nothing", async () => {
    const { owner, organizationId } = await funded(0);
    const admin = await desk();
    const invoice = await requestFunds(owner, 80_000);
    expect(await recordFundingPayment(admin, invoice.id, "ACH-77")).toEqual({ changed: true, amountCents: 80_000 });
    expect(await recordFundingPayment(admin, invoice.id, "ACH-77 again")).toEqual({ changed: false, amountCents: 80_000 });
    expect(await db().ledgerTransaction.count({ where: { idempotencyKey: `funding:${invoice.id}` } })).toBe(1);
    expect((await organizationBalancesOf(organizationId)).client_funds).toBe(80_000);
    expect(await getFundingInvoice(owner, Number(invoice.number.slice(4)))).toMatchObject({
      status: "paid",
      paymentReference: "ACH-77",
    });
    const summary = await getFundingSummary(owner);
    expect(summary).toMatchObject({ fundsCents: 80_000, depositedCents: 80_000, reservedCents: 0 });
    expect(summary.availableCents).toBe(80_000 + summary.creditLimitCents);
    // The money desk lists it as paid, no longer open.
    const listed = await getFundingDesk(admin);
    expect(listed.open.map((i) => i.id)).not.toContain(invoice.id);
    expect(listed.paid.map((i) => i.id)).toContain(invoice.id);
    // Only the money desk records payments.
    await expect(recordFundingPayment(owner, invoice.id, "ME")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await booksAgree();
  });

  it("voiding: an open invoice is voided, a paid one is refused, and a void one cannot be paid", async () => {
    const { owner } = await funded(0);
    const admin = await desk();
    const open = await requestFunds(owner, 10_000);
    const paid = await requestFunds(owner, 20_000);
    await recordFundingPayment(admin, paid.id, "WIRE-9");
    expect(await voidFundingInvoice(owner, open.id)).toEqual({ changed: true });
    expect(await voidFundingInvoice(owner, open.id)).toEqual({ changed: false });
    await expect(voidFundingInvoice(owner, paid.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This invoice is paid, so it cannot be voided.",
    });
    await expect(recordFundingPayment(admin, open.id, "LATE")).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("another organization's invoice is not found, to read or to void; the money desk may open any", async () => {
    const { owner } = await funded(0);
    const invoice = await requestFunds(owner, 10_000);
    const n = Number(invoice.number.slice(4));
    const stranger = actorFor(await createClient(), ["client"]);
    await expect(getFundingInvoice(stranger, n)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(voidFundingInvoice(stranger, invoice.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getFundingInvoice(await desk(), n)).id).toBe(invoice.id);
    expect((await db().fundingInvoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("open");
  });
});

describe("funding invoice limits and the money desk's pages", () => {
  it("an organization holds at most 10 open invoices; a paid or voided one frees a place", async () => {
    const { owner } = await funded(0);
    const admin = await desk();
    const open = [];
    for (let i = 0; i < MAX_OPEN_INVOICES; i++) open.push(await requestFunds(owner, 1_000 + i));
    const why = "Your organization already has 10 open invoices. Pay or void one before creating another.";
    await expect(requestFunds(owner, 5_000)).rejects.toMatchObject({ code: "CONFLICT", message: why, fieldErrors: { amount: [why] } });
    await voidFundingInvoice(owner, open[0].id);
    await requestFunds(owner, 5_000);
    await expect(requestFunds(owner, 5_000)).rejects.toMatchObject({ code: "CONFLICT", message: why });
    await recordFundingPayment(admin, open[1].id, "WIRE-2");
    await requestFunds(owner, 5_000);
    expect(await db().fundingInvoice.count({ where: { requestedById: owner.userId, status: "open" } })).toBe(MAX_OPEN_INVOICES);
  });

  it("requests at the same moment cannot slip past the limit together", async () => {
    const { owner } = await funded(0);
    for (let i = 0; i < MAX_OPEN_INVOICES - 1; i++) await requestFunds(owner, 1_000);
    const tries = await Promise.allSettled([requestFunds(owner, 2_000), requestFunds(owner, 2_000), requestFunds(owner, 2_000)]);
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    expect(await db().fundingInvoice.count({ where: { requestedById: owner.userId, status: "open" } })).toBe(MAX_OPEN_INVOICES);
  });

  it("open invoices together ask for at most $1,000,000, and the refusal says how much is left", async () => {
    const { owner } = await funded(0);
    await requestFunds(owner, 60_000_000);
    await expect(requestFunds(owner, 50_000_000)).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "Your open invoices already ask for $600,000.00, and together they may ask for at most $1,000,000.00. Enter at most $400,000.00, or pay or void an open invoice first.",
    });
    await requestFunds(owner, 40_000_000);
    await expect(requestFunds(owner, 100)).rejects.toMatchObject({ code: "CONFLICT", message: /Pay or void an open invoice first\.$/ });
  });

  it("the desk pages open invoices by cursor, so every organization's invoices are reachable, and narrows them by organization", async () => {
    const admin = await desk();
    const mine: string[] = [];
    const names: string[] = [];
    for (let o = 0; o < 6; o++) {
      const { owner, organizationId } = await funded(0);
      const name = `Paging org ${o} ${organizationId.slice(0, 8)}`;
      names.push(name);
      await db().organization.update({ where: { id: organizationId }, data: { name } });
      for (let i = 0; i < MAX_OPEN_INVOICES; i++) mine.push((await requestFunds(owner, 1_000)).id);
    }
    const seen: string[] = [];
    let page = await getFundingDesk(admin);
    expect(page.open).toHaveLength(FUNDING_DESK_PAGE);
    expect(page.openCount).toBeGreaterThanOrEqual(mine.length);
    for (let guard = 0; ; guard++) {
      seen.push(...page.open.map((i) => i.id));
      if (page.openNextAfter === null || guard > 20) break;
      page = await getFundingDesk(admin, "", page.openNextAfter);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(mine));
    // The last organization's invoices, first page, by name.
    const narrowed = await getFundingDesk(admin, names[5]);
    expect(narrowed.open.map((i) => i.id).sort()).toEqual(mine.slice(50).sort());
    expect(narrowed).toMatchObject({ openCount: MAX_OPEN_INVOICES, openNextAfter: null });
  });
});

describe("who may do what", () => {
  it("finance asks for funds and reads the balance but not projects; a researcher sees the project's budget but not the organization's money", async () => {
    const { owner, organizationId } = await funded(0);
    const finance = actorFor(await createClient({ role: "finance", organizationId }), ["client"]);
    const researcher = actorFor(await createClient({ role: "researcher", organizationId }), ["client"]);
    const viewer = actorFor(await createClient({ role: "viewer", organizationId }), ["client"]);
    const study = await createStudy({}, { id: owner.userId, email: owner.email });

    const invoice = await requestFunds(finance, 30_000);
    expect((await getFundingSummary(finance)).invoices.map((i) => i.id)).toContain(invoice.id);
    expect((await getFundingInvoice(finance, Number(invoice.number.slice(4)))).id).toBe(invoice.id);
    await expect(getProjectMoney(finance, study.project.id)).rejects.toMatchObject({ code: "FORBIDDEN" });

    for (const who of [researcher, viewer]) {
      await expect(requestFunds(who, 30_000)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(getFundingSummary(who)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(getFundingInvoice(who, Number(invoice.number.slice(4)))).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(voidFundingInvoice(who, invoice.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await getProjectMoney(researcher, study.project.id)).toMatchObject({ budgetCents: null, organizationAvailableCents: null });
    expect((await getProjectMoney(owner, study.project.id)).organizationAvailableCents).toBeGreaterThan(0);
    // Credit limits are the money desk's alone.
    await expect(setCreditLimit(finance, organizationId, 0)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getFundingDesk(finance)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("budgets and reservations", () => {
  it("a project's budget (set in the form) refuses the acceptance it cannot cover, said before the click and at it", async () => {
    const { owner } = await funded(0);
    const input = newProjectSchema.parse({
      title: "Budgeted interviews",
      description: "Interviews about reading intervention blocks.",
      projectType: "interview",
      compensation: "150",
      budget: "250",
      durationMinutes: "45",
      locationType: "video",
      deadline: inDays(14),
      quota: "3",
      timeZone: "America/New_York",
      visibility: "open",
      researchAttested: true,
    });
    const { project, opportunity } = await createProject(owner, input);
    expect((await getProject(owner, project.id)).budgetCents).toBe(25_000);
    const study = { opportunity };
    const first = await application(study);
    const second = await application(study);
    expect((await getProjectMoney(owner, project.id, [INCENTIVE])).refusals).toEqual({});
    await acceptEngagement(owner, first.engagementId);

    const money = await getProjectMoney(owner, project.id, [INCENTIVE]);
    expect(money).toMatchObject({ budgetCents: 25_000, committedCents: INCENTIVE, budgetLeftCents: 10_000, availableCents: 10_000 });
    const before = money.refusals[INCENTIVE];
    expect(before).toBe("This project's budget has $100.00 left, and this expert's incentive is $150.00. Raise the budget to accept more.");
    await expect(acceptEngagement(owner, second.engagementId)).rejects.toMatchObject({ code: "CONFLICT", message: before });
    expect((await db().engagement.findUniqueOrThrow({ where: { id: second.engagementId } })).state).toBe("applied");

    // Raising the budget in the Edit form lets it through; an empty budget means no limit.
    const edit = (budget: string) =>
      updateProjectSchema.parse({ ...input, compensation: "150", budget, quota: "3", durationMinutes: "45", projectId: project.id });
    await updateProject(owner, edit("400"));
    expect((await getProjectMoney(owner, project.id, [INCENTIVE])).refusals).toEqual({});
    await updateProject(owner, edit(""));
    expect((await getProject(owner, project.id)).budgetCents).toBeNull();
    await acceptEngagement(owner, second.engagementId);
    await booksAgree();
  });

  it("spends funds before credit, and refuses beyond funds plus the credit limit", async () => {
    const { owner, organizationId } = await funded(20_000);
    await setCreditLimit(await desk(), organizationId, 10_000);
    const study = await createStudy({ quota: 5 }, { id: owner.userId, email: owner.email });
    const a = await application(study);
    const b = await application(study);
    const c = await application(study);
    await acceptEngagement(owner, a.engagementId);
    expect(await db().reservation.findUniqueOrThrow({ where: { engagementId: a.engagementId } })).toMatchObject({
      fundedCents: 15_000,
      creditCents: 0,
    });
    await acceptEngagement(owner, b.engagementId);
    expect(await db().reservation.findUniqueOrThrow({ where: { engagementId: b.engagementId } })).toMatchObject({
      fundedCents: 5_000,
      creditCents: 10_000,
    });
    expect(await organizationBalancesOf(organizationId)).toMatchObject({
      client_funds: 0,
      client_reserved: 30_000,
      client_credit_used: 10_000,
    });
    const summary = await getFundingSummary(owner);
    expect(summary).toMatchObject({ fundsCents: 0, reservedCents: 30_000, creditUsedCents: 10_000, availableCents: 0 });
    const refusal = (await getProjectMoney(owner, study.project.id, [INCENTIVE])).refusals[INCENTIVE];
    expect(refusal).toMatch(/^Your organization has \$0\.00 available/);
    await expect(acceptEngagement(owner, c.engagementId)).rejects.toMatchObject({ code: "CONFLICT", message: refusal });
    await booksAgree();
  });

  it("a researcher is told the funds do not cover an acceptance but never the balance, before the click and at it; the owner reads the amounts", async () => {
    const { owner, organizationId } = await funded(0);
    await setCreditLimit(await desk(), organizationId, 0);
    const researcher = actorFor(await createClient({ role: "researcher", organizationId }), ["client"]);
    const viewer = actorFor(await createClient({ role: "viewer", organizationId }), ["client"]);
    const study = await createStudy({ quota: 5 }, { id: owner.userId, email: owner.email });
    const a = await application(study);
    const words =
      "Your organization's funds and credit do not cover this expert's incentive of $150.00. Ask your finance team to add funds.";
    for (const who of [researcher, viewer]) {
      const money = await getProjectMoney(who, study.project.id, [INCENTIVE]);
      expect(money).toMatchObject({ availableCents: null, organizationAvailableCents: null, refusals: { [INCENTIVE]: words } });
    }
    await expect(acceptEngagement(researcher, a.engagementId)).rejects.toMatchObject({ code: "CONFLICT", message: words });
    const ownersView = await getProjectMoney(owner, study.project.id, [INCENTIVE]);
    expect(ownersView.refusals[INCENTIVE]).toMatch(/^Your organization has \$0\.00 available \(\$0\.00 in funds, \$0\.00 of credit left\)/);
    await expect(acceptEngagement(owner, a.engagementId)).rejects.toMatchObject({
      code: "CONFLICT",
      message: ownersView.refusals[INCENTIVE],
    });
    expect(await db().reservation.count({ where: { engagementId: a.engagementId } })).toBe(0);
    await booksAgree();
  });

  it("a session paid from prepaid funds is not billed on the monthly statement; a dispute's refund returns it to the funds", async () => {
    const { owner, organizationId } = await funded(50_000);
    const study = await createStudy({}, { id: owner.userId, email: owner.email });
    const { engagementId, completedAt } = await completedSession(owner, study.project.id);
    const earning = await db().earning.findUniqueOrThrow({ where: { engagementId } });
    expect(earning).toMatchObject({ amountCents: INCENTIVE, prepaidCents: INCENTIVE });
    expect(await organizationBalancesOf(organizationId)).toMatchObject({ client_funds: 35_000, client_receivable: 0, client_reserved: 0 });
    const billing = await getClientBilling(owner);
    expect(billing.owedCents).toBe(0);
    expect(billing.statements.reduce((n, s) => n + s.totalCents, 0)).toBe(0);
    expect((await getFundingSummary(owner)).spend).toEqual([
      expect.objectContaining({ projectId: study.project.id, amountCents: INCENTIVE }),
    ]);

    await openDispute(owner, earning.id, "The expert did not attend", completedAt);
    await resolveDispute(await desk(), earning.id, { for: "client", note: "Confirmed with the expert." });
    expect(await organizationBalancesOf(organizationId)).toMatchObject({ client_funds: 50_000, client_receivable: 0 });
    expect((await getFundingSummary(owner)).spend).toEqual([]);
    await booksAgree();
  });
});
