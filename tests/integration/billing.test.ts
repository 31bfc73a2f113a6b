// Client billing (lib/money/billing.ts) against a real PostgreSQL: the receivable is the sum of
// completed incentives; statements per UTC month net of refunds; the CSV; an admin marks a
// statement paid once (one statement_paid transaction, the books still agree); outsiders refused.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { ledgerDrift, organizationBalancesOf } from "@/lib/money/ledger";
import { openDispute, releaseDueEarnings, resolveDispute } from "@/lib/engagements/earnings-review";
import { getClientBilling, listReceivables, markStatementPaid, monthOf, statementCsv, statementOpenMessage } from "@/lib/money/billing";
import { completeSession, inviteExpert, acceptEngagement, proposeTimes, scheduleEngagement } from "@/lib/engagements/transitions";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";
import { createStudy } from "../studies";

const HOUR = 3_600_000;
const INCENTIVE = 15_000; // createStudy's $150

/** One of the client's projects with `n` sessions completed at `at` (each with a new expert). */
async function projectWithSessions(study: Awaited<ReturnType<typeof createStudy>>, n: number, at: Date) {
  const engagementIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const { user, expert } = await createExpert();
    const expertActor = actorFor(user, ["expert"]);
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });
    await acceptEngagement(expertActor, engagementId, { outsideActivityConfirmed: true });
    // Proposed and picked before the session, which starts two hours before `at`.
    const startsAt = new Date(at.getTime() - 2 * HOUR);
    const before = new Date(startsAt.getTime() - HOUR);
    await proposeTimes(study.client, engagementId, [startsAt], before);
    const [p] = await db().timeProposal.findMany({ where: { engagementId } });
    await scheduleEngagement(expertActor, engagementId, { proposalId: p.id }, before);
    await completeSession(study.client, engagementId, at);
    engagementIds.push(engagementId);
  }
  return engagementIds;
}

const expectBooksAgree = async () => expect(await ledgerDrift()).toEqual([]);

describe("the client's billing", () => {
  it("sessions per project and the amount owed are the completed incentives; statements per month", async () => {
    const march = new Date(Date.UTC(2026, 2, 10, 15));
    const april = new Date(Date.UTC(2026, 3, 2, 15));
    const a = await createStudy({ title: "Reading study" });
    const b = await createStudy({ title: "Math study" }, a.clientUser);
    await projectWithSessions(a, 2, march);
    await projectWithSessions(b, 1, april);

    const billing = await getClientBilling(a.client);
    expect(billing.owedCents).toBe(3 * INCENTIVE);
    expect((await organizationBalancesOf(a.project.organizationId)).client_receivable).toBe(3 * INCENTIVE);
    expect(billing.projects).toEqual([
      { projectId: b.project.id, title: "Math study", sessions: 1, lateCancelFees: 0, amountCents: INCENTIVE, refundedCents: 0 },
      { projectId: a.project.id, title: "Reading study", sessions: 2, lateCancelFees: 0, amountCents: 2 * INCENTIVE, refundedCents: 0 },
    ]);
    expect(billing.statements.map((s) => [s.month, s.totalCents, s.settled, s.paid])).toEqual([
      ["2026-04", INCENTIVE, false, null],
      ["2026-03", 2 * INCENTIVE, false, null],
    ]);

    const csv = await statementCsv(a.client, "2026-03");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("date,project,expert,kind,amount");
    expect(lines.slice(1, 3).every((l) => l.startsWith("2026-03-10,Reading study,Test User,session,150.00"))).toBe(true);
    expect(lines.at(-1)).toBe(",,,total,300.00");
    // Another client's statement of the same month is empty: each reads only their own.
    const other = actorFor(await createClient(), ["client"]);
    expect((await statementCsv(other, "2026-03")).trimEnd().split("\r\n")).toEqual(["date,project,expert,kind,amount", ",,,total,0.00"]);
    expect(await getClientBilling(other)).toEqual({
      owedCents: 0,
      paidCents: 0,
      projects: [],
      statements: [],
      outcomes: { donatedCents: 0, declinedCents: 0, declinedCount: 0 },
    });
    await expect(statementCsv(a.client, "2026-13")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(getClientBilling(actorFor((await createExpert()).user, ["expert"]))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(statementCsv(null, "2026-03")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("a dispute refunded to the client is a negative line of the month it was resolved and lowers what is owed", async () => {
    const may = new Date(Date.UTC(2026, 4, 5, 15));
    const s = await createStudy({ title: "Refund study" });
    const [engagementId] = await projectWithSessions(s, 1, may);
    const earning = await db().earning.findUniqueOrThrow({ where: { engagementId } });
    await openDispute(s.client, earning.id, "The expert never joined", new Date(may.getTime() + HOUR));
    const admin = actorFor(await createAdmin(), ["admin"]);
    await resolveDispute(admin, earning.id, { for: "client", note: "Refunded" }, new Date(Date.UTC(2026, 5, 1, 12)));
    const billing = await getClientBilling(s.client);
    expect(billing.owedCents).toBe(0);
    expect(billing.projects[0]).toMatchObject({ sessions: 1, amountCents: 0, refundedCents: INCENTIVE });
    expect(billing.statements.map((x) => [x.month, x.bookedCents, x.refundedCents, x.totalCents])).toEqual([
      ["2026-06", 0, INCENTIVE, -INCENTIVE],
      ["2026-05", INCENTIVE, 0, INCENTIVE],
    ]);
    expect(await statementCsv(s.client, "2026-06")).toContain("2026-06-01,Refund study,Test User,refund,-150.00");
    // Nothing is owed any more, so the May statement cannot be marked paid.
    await expect(markStatementPaid(admin, s.project.organizationId, "2026-05", "wire 1")).rejects.toMatchObject({ code: "CONFLICT" });
    await expectBooksAgree();
  });
});

describe("receivables and marking paid", () => {
  it("admin sees the receivable and marks a month paid: one statement_paid posting, a second mark is a no-op", async () => {
    const july = new Date(Date.UTC(2026, 6, 14, 15));
    const august = new Date(Date.UTC(2026, 7, 3, 15));
    const s = await createStudy({ title: "Paid study" });
    await projectWithSessions(s, 2, july);
    await projectWithSessions(s, 1, august);
    const admin = actorFor(await createAdmin(), ["admin"]);

    const before = (await listReceivables(admin)).find((r) => r.organizationId === s.project.organizationId);
    expect(before).toMatchObject({
      owedCents: 3 * INCENTIVE,
      organization: "Research Co",
      unpaid: [
        { month: "2026-08", totalCents: INCENTIVE, settled: false },
        { month: "2026-07", totalCents: 2 * INCENTIVE, settled: false },
      ],
    });

    // July's sessions are still in quality review: a refund could still come, so not yet.
    await expect(markStatementPaid(admin, s.project.organizationId, "2026-07", "ACH 7781")).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("quality review"),
    });
    await releaseDueEarnings(new Date(Date.UTC(2026, 8, 1)));
    // A double click: both calls at once, one posting.
    const [first, second] = await Promise.all([
      markStatementPaid(admin, s.project.organizationId, "2026-07", "ACH 7781"),
      markStatementPaid(admin, s.project.organizationId, "2026-07", "ACH 7781"),
    ]);
    expect([first.changed, second.changed].sort()).toEqual([false, true]);
    expect(await markStatementPaid(admin, s.project.organizationId, "2026-07", "again")).toEqual({
      changed: false,
      amountCents: 2 * INCENTIVE,
    });
    const postings = await db().ledgerTransaction.findMany({ where: { idempotencyKey: `statement:${s.project.organizationId}:2026-07` } });
    expect(postings).toHaveLength(1);
    expect(postings[0].kind).toBe("statement_paid");
    const balances = await organizationBalancesOf(s.project.organizationId);
    expect(balances).toMatchObject({ client_receivable: INCENTIVE, client_paid: 2 * INCENTIVE });
    expect(await db().clientStatementPayment.findMany({ where: { organizationId: s.project.organizationId } })).toMatchObject([
      { amountCents: 2 * INCENTIVE, reference: "ACH 7781", markedById: admin.userId },
    ]);

    const billing = await getClientBilling(s.client);
    expect(billing.owedCents).toBe(INCENTIVE);
    expect(billing.statements.find((x) => x.month === "2026-07")?.paid).toMatchObject({
      amountCents: 2 * INCENTIVE,
      reference: "ACH 7781",
    });
    expect((await listReceivables(admin)).find((r) => r.organizationId === s.project.organizationId)?.unpaid).toEqual([
      { month: "2026-08", totalCents: INCENTIVE, settled: true, closed: true },
    ]);

    await markStatementPaid(admin, s.project.organizationId, "2026-08", "ACH 7790");
    expect(await organizationBalancesOf(s.project.organizationId)).toMatchObject({ client_receivable: 0, client_paid: 3 * INCENTIVE });
    expect((await listReceivables(admin)).some((r) => r.organizationId === s.project.organizationId)).toBe(false);
    await expectBooksAgree();
  });

  it("only admins see receivables and mark statements; an unknown client or month is refused", async () => {
    const s = await createStudy();
    const admin = actorFor(await createAdmin(), ["admin"]);
    await expect(listReceivables(s.client)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(markStatementPaid(s.client, s.project.organizationId, "2026-07", "x1")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(markStatementPaid(null, s.project.organizationId, "2026-07", "x1")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(markStatementPaid(admin, "7d1c2a4e-0000-4000-8000-00000000dead", "2026-07", "x1")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(markStatementPaid(admin, s.project.organizationId, "July", "x1")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(markStatementPaid(admin, s.project.organizationId, "2026-07", "x1")).rejects.toMatchObject({ code: "CONFLICT" });
    expect(monthOf(new Date(Date.UTC(2026, 0, 31, 23, 59)))).toBe("2026-01");
  });

  it("a month still in progress (UTC) is not offered and cannot be marked paid; once over, it is paid with every session it booked", async () => {
    const s = await createStudy({ title: "Month-end study" });
    const admin = actorFor(await createAdmin(), ["admin"]);
    await projectWithSessions(s, 1, new Date(Date.UTC(2026, 8, 2, 15)));
    // Mid-September: the first session's review window has closed, the month has not.
    const midMonth = new Date(Date.UTC(2026, 8, 15, 12));
    await releaseDueEarnings(midMonth);
    const open = (await listReceivables(admin, midMonth)).find((r) => r.organizationId === s.project.organizationId);
    expect(open?.unpaid).toEqual([{ month: "2026-09", totalCents: INCENTIVE, settled: true, closed: false }]);
    expect((await getClientBilling(s.client, midMonth)).statements[0]).toMatchObject({ month: "2026-09", closed: false });
    await expect(markStatementPaid(admin, s.project.organizationId, "2026-09", "ACH 9001", midMonth)).rejects.toMatchObject({
      code: "CONFLICT",
      message: statementOpenMessage("2026-09"),
    });
    expect(await db().clientStatementPayment.count({ where: { organizationId: s.project.organizationId } })).toBe(0);
    // The last second of September (UTC) is still September.
    await expect(
      markStatementPaid(admin, s.project.organizationId, "2026-09", "ACH 9001", new Date(Date.UTC(2026, 9, 1) - 1)),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    // A later session of the same month joins the statement, and the closed month is paid whole.
    await projectWithSessions(s, 1, new Date(Date.UTC(2026, 8, 22, 15)));
    const october = new Date(Date.UTC(2026, 9, 1));
    await releaseDueEarnings(new Date(Date.UTC(2026, 9, 2)));
    expect((await listReceivables(admin, october)).find((r) => r.organizationId === s.project.organizationId)?.unpaid).toEqual([
      { month: "2026-09", totalCents: 2 * INCENTIVE, settled: true, closed: true },
    ]);
    expect(await markStatementPaid(admin, s.project.organizationId, "2026-09", "ACH 9001", new Date(Date.UTC(2026, 9, 2)))).toEqual({
      changed: true,
      amountCents: 2 * INCENTIVE,
    });
    expect(await organizationBalancesOf(s.project.organizationId)).toMatchObject({ client_receivable: 0, client_paid: 2 * INCENTIVE });
    await expectBooksAgree();
  });
});
