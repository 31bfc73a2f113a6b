import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { actorFor, bearerTokenFor, createAdmin, createClient, createExpert, createUser } from "@/tests/factories";
import { cashOut, getWallet, listPayouts, postOpeningBalance } from "@/lib/money/wallet";
import { balancesOf, ledgerDrift } from "@/lib/money/ledger";
import { exportPayoutBatch, listPayoutQueue, markPayoutFailed, markPayoutPaid, sendPayoutViaProvider } from "@/lib/money/payouts";
import { encryptPaymentValue, expertPaymentBinding } from "@/lib/money/payment-data/payment-data";
import type { PayoutProvider } from "@/lib/money/providers/provider";
import { POST as exportRoute } from "@/app/api/admin/payouts/export/route";
import { PAYOUT_DUE_BUSINESS_DAYS } from "@/lib/money/policy";
import { queuedMailsTo } from "@/tests/helpers/mail";
import { stepSubmissionSchema, type StepSubmission } from "@/lib/experts/profile/table";
import { saveProfileStep } from "@/lib/experts/expert-profile";
import { saveTaxForm } from "@/lib/money/tax-forms";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import { PAYMENT_METHOD_DAYS } from "@/lib/vocabulary/payments";

const asExpert = (user: { id: string; email: string }) => actorFor(user, ["expert"]);
const asAdmin = (user: { id: string; email: string }) => actorFor(user, ["admin"]);

/** The mails queued for `to` (the send-mail jobs, written in the settlement's transaction). */
const mailsTo = queuedMailsTo;

/** An expert with bank details and `cents` Available, who then cashes it all out. */
async function expertWithPayout(cents = 12_345, overrides: Parameters<typeof createExpert>[0] = {}) {
  const created = await createExpert({
    preferredPaymentMethod: "bank_transfer",
    bankName: "First Test Bank",
    accountHolder: "Pat Payee",
    routingNumberLast4: "0021",
    accountNumberLast4: "6789",
    ...overrides,
  });
  const { user } = created;
  // Sealed for this expert's own row and fields, as the payments step seals them.
  const expert = await db().expert.update({
    where: { id: created.expert.id },
    data: {
      routingNumberEnc:
        "routingNumberEnc" in overrides
          ? overrides.routingNumberEnc
          : encryptPaymentValue("021000021", expertPaymentBinding(user.id, "routing_number")),
      accountNumberEnc:
        "accountNumberEnc" in overrides
          ? overrides.accountNumberEnc
          : encryptPaymentValue("000123456789", expertPaymentBinding(user.id, "account_number")),
    },
  });
  await db().$transaction((tx) => postOpeningBalance(tx, user.id, { availableCents: cents }));
  const payout = await cashOut(asExpert(user));
  return { user, expert, payout };
}

async function expectBooksBalanced() {
  expect(await ledgerDrift()).toEqual([]);
}

describe("payout queue", () => {
  it("lists open payouts oldest first with masked details only; refuses non-admins", async () => {
    const admin = await createAdmin();
    const a = await expertWithPayout(5_000);
    const b = await expertWithPayout(7_000, { preferredPaymentMethod: "paypal", paypalEmail: "pat.payee@example.org" });
    const queue = (await listPayoutQueue(asAdmin(admin))).rows;
    const mine = queue.filter((p) => [a.payout.id, b.payout.id].includes(p.id));
    expect(mine.map((p) => p.id)).toEqual([a.payout.id, b.payout.id]);
    expect(mine[0]).toMatchObject({
      amountCents: 5_000,
      status: "pending",
      paymentMethod: "bank_transfer",
      details: "First Test Bank •••• 6789",
    });
    expect(mine[1].details).toBe("p•••@example.org");
    const text = JSON.stringify(queue);
    for (const secret of ["000123456789", "021000021", "pat.payee@"]) expect(text).not.toContain(secret);

    const client = await createClient();
    await expect(listPayoutQueue(asExpert(a.user))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listPayoutQueue(actorFor(client, ["client"]))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listPayoutQueue(null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("mark paid", () => {
  it("moves the money from in transit to paid out once, records the reference and e-mails the expert", async () => {
    const admin = await createAdmin();
    const { user, payout } = await expertWithPayout(12_345);
    expect(await balancesOf(user.id)).toMatchObject({ expert_available: 0, payout_in_transit: 12_345, paid_out: 0 });

    const now = new Date("2026-11-20T15:00:00Z");
    const [first, second] = await Promise.all([
      markPayoutPaid(asAdmin(admin), payout.id, "ACH-TRACE-001", now),
      markPayoutPaid(asAdmin(admin), payout.id, "ACH-TRACE-001", now),
    ]);
    expect([first.changed, second.changed].sort()).toEqual([false, true]);
    expect(await markPayoutPaid(asAdmin(admin), payout.id, "ACH-TRACE-002")).toEqual({ changed: false, status: "paid" });

    expect(await balancesOf(user.id)).toMatchObject({ expert_available: 0, payout_in_transit: 0, paid_out: 12_345 });
    const row = await db().payout.findUniqueOrThrow({ where: { id: payout.id } });
    expect(row).toMatchObject({ status: "paid", reference: "ACH-TRACE-001", settledById: admin.id, paidAt: now });
    expect(row.actualPayoutDate?.toISOString()).toBe("2026-11-20T00:00:00.000Z");
    expect(await db().ledgerTransaction.count({ where: { payoutId: payout.id, kind: "payout_paid" } })).toBe(1);
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual(["Your $123.45 payout was sent"]);
    expect(await db().notification.count({ where: { userId: user.id, kind: "payout_paid" } })).toBe(1);
    // The expert's history says Paid; the wallet's Total Earned is unchanged.
    expect((await listPayouts(asExpert(user), { filter: "paid" })).map((p) => p.id)).toEqual([payout.id]);
    expect((await getWallet(asExpert(user))).totalEarnedCents).toBe(12_345);
    // Gone from the queue, and a paid payout cannot fail afterwards.
    expect((await listPayoutQueue(asAdmin(admin))).rows.some((p) => p.id === payout.id)).toBe(false);
    await expect(markPayoutFailed(asAdmin(admin), payout.id, "Bank returned it")).rejects.toMatchObject({ code: "CONFLICT" });
    await expectBooksBalanced();
  });

  it("is refused to experts, clients, an admin viewing as an expert, and for an unknown payout", async () => {
    const admin = await createAdmin();
    const { user, payout } = await expertWithPayout();
    const client = await createClient();
    const viewingAs = actorFor(user, ["expert"], { realUserId: admin.id, realEmail: admin.email, impersonating: true });
    for (const actor of [asExpert(user), actorFor(client, ["client"]), viewingAs]) {
      await expect(markPayoutPaid(actor, payout.id, "X")).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(markPayoutFailed(actor, payout.id, "Nope nope")).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(exportPayoutBatch(actor, [payout.id], { ip: null })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(markPayoutPaid(asAdmin(admin), "00000000-0000-4000-8000-000000000001", "X")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db().payout.findUniqueOrThrow({ where: { id: payout.id } })).status).toBe("pending");
    expect(await balancesOf(user.id)).toMatchObject({ payout_in_transit: 12_345, paid_out: 0 });
    await expectBooksBalanced();
  });
});

describe("mark failed", () => {
  it("returns the money to Available, e-mails the reason, and a second click changes nothing", async () => {
    const admin = await createAdmin();
    const { user, payout } = await expertWithPayout(8_000);
    const reason = "The bank returned the transfer: account closed.";
    expect(await markPayoutFailed(asAdmin(admin), payout.id, reason)).toEqual({ changed: true, status: "failed" });
    expect(await markPayoutFailed(asAdmin(admin), payout.id, reason)).toEqual({ changed: false, status: "failed" });
    await expect(markPayoutPaid(asAdmin(admin), payout.id, "late")).rejects.toMatchObject({ code: "CONFLICT" });

    expect(await balancesOf(user.id)).toMatchObject({ expert_available: 8_000, payout_in_transit: 0, paid_out: 0 });
    expect(await db().ledgerTransaction.count({ where: { payoutId: payout.id, kind: "payout_failed" } })).toBe(1);
    const [history] = await listPayouts(asExpert(user));
    expect(history).toMatchObject({ id: payout.id, status: "failed", failureReason: reason });
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(["Your $80.00 payout could not be sent"]);
    expect(mails[0].text).toContain(reason);
    // The money can be cashed out again.
    const again = await cashOut(asExpert(user));
    expect(again.amountCents).toBe(8_000);
    await expectBooksBalanced();
  });
});

describe("export batch", () => {
  it("writes the full details only into the CSV, records who exported what, and marks the rows processing", async () => {
    const admin = await createAdmin();
    const a = await expertWithPayout(10_050);
    const b = await expertWithPayout(2_500, { preferredPaymentMethod: "paypal", paypalEmail: "pay.me@example.org" });
    const batch = await exportPayoutBatch(asAdmin(admin), [a.payout.id, b.payout.id, a.payout.id], { ip: "203.0.113.9" });
    expect(batch.count).toBe(2);
    const lines = batch.csv.trimEnd().split("\r\n");
    expect(lines[0]).toContain("routing_number,account_number,paypal_email");
    expect(lines).toHaveLength(3);
    expect(lines[1].startsWith(`${a.payout.id},`)).toBe(true);
    expect(lines[1]).toContain(",100.50,");
    expect(lines[1]).toContain(",021000021,000123456789,");
    expect(lines[2]).toContain(",pay.me@example.org,");

    const audit = await db().payoutExport.findMany({ where: { adminUserId: admin.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ id: batch.exportId, ip: "203.0.113.9" });
    expect([...audit[0].payoutIds].sort()).toEqual([a.payout.id, b.payout.id].sort());
    const statuses = await db().payout.findMany({ where: { id: { in: [a.payout.id, b.payout.id] } }, select: { status: true } });
    expect(statuses.map((s) => s.status)).toEqual(["processing", "processing"]);
    // Processing payouts stay in the queue, still masked, and can be settled.
    const queue = (await listPayoutQueue(asAdmin(admin))).rows;
    expect(JSON.stringify(queue)).not.toContain("000123456789");
    expect(await markPayoutPaid(asAdmin(admin), a.payout.id, "BATCH-1")).toMatchObject({ changed: true });
    // A settled payout cannot be exported again; nothing is recorded for the refused export.
    await expect(exportPayoutBatch(asAdmin(admin), [a.payout.id], { ip: null })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(exportPayoutBatch(asAdmin(admin), ["00000000-0000-4000-8000-000000000002"], { ip: null })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await db().payoutExport.count({ where: { adminUserId: admin.id } })).toBe(1);
    await expectBooksBalanced();
  });

  it("keeps a spreadsheet formula typed into a profile as text", async () => {
    const admin = await createAdmin();
    const { payout } = await expertWithPayout(1_000, { accountHolder: '=HYPERLINK("http://evil.example")' });
    const { csv } = await exportPayoutBatch(asAdmin(admin), [payout.id], { ip: null });
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it("route handler: CSV attachment for the admin, 400 bad input, 401 bad token, 403 others", async () => {
    const admin = await createAdmin();
    const { user, payout } = await expertWithPayout(4_200);
    const call = async (token: string, body: unknown) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      headers.authorization = `Bearer ${token}`;
      return exportRoute(
        new NextRequest("http://localhost/api/admin/payouts/export", { method: "POST", headers, body: JSON.stringify(body) }),
        { params: Promise.resolve({}) },
      );
    };
    const adminToken = await bearerTokenFor(admin);
    expect((await call("garbage", { payoutIds: [payout.id] })).status).toBe(401);
    expect((await call(await bearerTokenFor(user), { payoutIds: [payout.id] })).status).toBe(403);
    for (const bad of [{}, { payoutIds: [] }, { payoutIds: ["nope"] }, { payoutIds: [payout.id], extra: 1 }]) {
      const res = await call(adminToken, bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false });
    }
    const res = await call(adminToken, { payoutIds: [payout.id] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="payouts-\d{8}-\d{4}\.csv"$/);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.text()).toContain(",000123456789,");
    expect(await db().payoutExport.count({ where: { adminUserId: admin.id } })).toBe(1);
  });
});

describe("provider send", () => {
  const provider = (result: Awaited<ReturnType<PayoutProvider["send"]>>): PayoutProvider & { calls: number } => {
    const p = {
      name: "tremendous",
      calls: 0,
      async send() {
        p.calls++;
        return result;
      },
    };
    return p;
  };

  it("paid settles like the admin would; failed returns the money; unknown stays processing and may be sent again", async () => {
    const admin = await createAdmin();
    const paid = await expertWithPayout(3_000);
    expect(await sendPayoutViaProvider(asAdmin(admin), paid.payout.id, provider({ status: "paid", reference: "ORDER-1" }))).toMatchObject({
      status: "paid",
      reference: "ORDER-1",
    });
    expect(await db().payout.findUniqueOrThrow({ where: { id: paid.payout.id } })).toMatchObject({
      status: "paid",
      provider: "tremendous",
      reference: "ORDER-1",
    });
    await expect(
      sendPayoutViaProvider(asAdmin(admin), paid.payout.id, provider({ status: "paid", reference: "ORDER-1" })),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    const failed = await expertWithPayout(2_000);
    const refusal = "Tremendous refused the payout (HTTP 422): Recipient email is invalid";
    expect(await sendPayoutViaProvider(asAdmin(admin), failed.payout.id, provider({ status: "failed", error: refusal }))).toMatchObject({
      status: "failed",
    });
    expect(await balancesOf(failed.user.id)).toMatchObject({ expert_available: 2_000, payout_in_transit: 0 });

    const unknown = await expertWithPayout(1_500);
    const flaky = provider({ status: "processing", error: "Tremendous answered HTTP 503 after 4 tries." });
    expect(await sendPayoutViaProvider(asAdmin(admin), unknown.payout.id, flaky)).toMatchObject({ status: "processing" });
    expect(await balancesOf(unknown.user.id)).toMatchObject({ payout_in_transit: 1_500 });
    await sendPayoutViaProvider(asAdmin(admin), unknown.payout.id, flaky);
    expect(flaky.calls).toBe(2);
    // A payout in an exported batch is being paid by hand: not sent.
    const exported = await expertWithPayout(900);
    await exportPayoutBatch(asAdmin(admin), [exported.payout.id], { ip: null });
    await expect(sendPayoutViaProvider(asAdmin(admin), exported.payout.id, flaky)).rejects.toMatchObject({ code: "CONFLICT" });
    await expectBooksBalanced();
  });
});

describe("a payout leaves once", () => {
  it("a second export of the same payout is refused and records nothing; the queue no longer offers it for a batch", async () => {
    const admin = await createAdmin();
    const { payout } = await expertWithPayout(6_000);
    const first = await exportPayoutBatch(asAdmin(admin), [payout.id], { ip: null });
    expect(first.csv).toContain(",000123456789,");
    const exportedAt = (await db().payout.findUniqueOrThrow({ where: { id: payout.id } })).exportedAt;
    expect(exportedAt).toBeInstanceOf(Date);

    await expect(exportPayoutBatch(asAdmin(admin), [payout.id], { ip: null })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("re-export it with a reason"),
    });
    // Mixed with a fresh payout, the whole batch is refused: nothing leaves twice by riding along.
    const fresh = await expertWithPayout(1_000);
    await expect(exportPayoutBatch(asAdmin(admin), [fresh.payout.id, payout.id], { ip: null })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db().payoutExport.count({ where: { adminUserId: admin.id } })).toBe(1);
    expect((await db().payout.findUniqueOrThrow({ where: { id: fresh.payout.id } })).status).toBe("pending");

    const queue = (await listPayoutQueue(asAdmin(admin))).rows;
    expect(queue.find((p) => p.id === payout.id)).toMatchObject({ status: "processing", exportable: false, exportedAt });
    expect(queue.find((p) => p.id === fresh.payout.id)).toMatchObject({ exportable: true, history: [] });
  });

  it("a re-export needs a reason, holds only exported payouts, is audited, flagged in the file and shown on the payout's history", async () => {
    const admin = await createUser({ roles: ["admin"], firstName: "Rita" });
    const { payout } = await expertWithPayout(7_700);
    await exportPayoutBatch(asAdmin(admin), [payout.id], { ip: "203.0.113.1" });
    const fresh = await expertWithPayout(500);
    await expect(
      exportPayoutBatch(asAdmin(admin), [payout.id, fresh.payout.id], { ip: null, reexportReason: "The bank rejected the file" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    const reason = "The bank rejected the first file: wrong format.";
    const again = await exportPayoutBatch(asAdmin(admin), [payout.id], { ip: "203.0.113.2", reexportReason: reason });
    const [header, line] = again.csv.trimEnd().split("\r\n");
    expect(header.endsWith(",due_date,export,reexport_reason")).toBe(true);
    expect(line.endsWith(`,RE-EXPORT,${reason}`)).toBe(true);
    expect(again.filename).toMatch(/-reexport\.csv$/);

    const audit = await db().payoutExport.findMany({ where: { adminUserId: admin.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.reexportReason)).toEqual([null, reason]);
    const [item] = (await listPayoutQueue(asAdmin(admin))).rows.filter((p) => p.id === payout.id);
    expect(item.history).toEqual([
      expect.objectContaining({ adminName: "Rita User", reexportReason: null }),
      expect.objectContaining({ adminName: "Rita User", reexportReason: reason, exportId: again.exportId }),
    ]);
    // The route takes the reason too, and refuses a reason too short to say anything.
    const token = await bearerTokenFor(admin);
    const res = await exportRoute(
      new NextRequest("http://localhost/api/admin/payouts/export", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ payoutIds: [payout.id], reexportReason: "x" }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(400);
    expect(await db().payoutExport.count({ where: { adminUserId: admin.id } })).toBe(2);
  });

  it("an export needs the password entered in the last REAUTH_MINUTES: a stale session gets REAUTH_REQUIRED and nothing changes", async () => {
    const admin = await createAdmin();
    const { payout } = await expertWithPayout(2_000);
    const stale = new Date(Date.now() - 11 * 60_000);
    await expect(
      exportPayoutBatch(actorFor(admin, ["admin"], { authenticatedAt: stale }), [payout.id], { ip: null }),
    ).rejects.toMatchObject({ code: "REAUTH_REQUIRED" });

    const token = await bearerTokenFor(admin);
    await db().authSession.updateMany({ where: { userId: admin.id }, data: { authenticatedAt: stale } });
    const res = await exportRoute(
      new NextRequest("http://localhost/api/admin/payouts/export", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ payoutIds: [payout.id] }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "REAUTH_REQUIRED" });
    expect(await db().payout.findUniqueOrThrow({ where: { id: payout.id } })).toMatchObject({ status: "pending", exportedAt: null });
    expect(await db().payoutExport.count({ where: { adminUserId: admin.id } })).toBe(0);
  });
});

describe("mark failed on a payout sent through a provider", () => {
  /** A provider that accepted the order and answers `status` when asked about it. */
  const tremendous = (status: Awaited<ReturnType<NonNullable<PayoutProvider["orderStatus"]>>>): PayoutProvider => ({
    name: "tremendous",
    async send() {
      return { status: "processing", reference: "ORDER-9" };
    },
    async orderStatus() {
      return status;
    },
  });

  it("is refused while the provider says the order is in transit (or cannot be asked); allowed once it failed or was cancelled", async () => {
    const admin = await createAdmin();
    const { user, payout } = await expertWithPayout(4_400);
    const inTransit = tremendous({ status: "processing", reference: "ORDER-9" });
    expect(await sendPayoutViaProvider(asAdmin(admin), payout.id, inTransit)).toMatchObject({ status: "processing" });

    await expect(markPayoutFailed(asAdmin(admin), payout.id, "Expert says nothing came", new Date(), inTransit)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("until then the money stays in transit"),
    });
    await expect(markPayoutFailed(asAdmin(admin), payout.id, "Expert says nothing came")).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("money stays in transit"),
    });
    await expect(
      markPayoutFailed(
        asAdmin(admin),
        payout.id,
        "Expert says nothing came",
        new Date(),
        tremendous({ status: "paid", reference: "ORDER-9" }),
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await balancesOf(user.id)).toMatchObject({ expert_available: 0, payout_in_transit: 4_400 });
    expect((await db().payout.findUniqueOrThrow({ where: { id: payout.id } })).status).toBe("processing");

    const canceled = tremendous({ status: "failed", reference: "ORDER-9", error: "Tremendous canceled the order ORDER-9." });
    expect(await markPayoutFailed(asAdmin(admin), payout.id, "Tremendous canceled the order", new Date(), canceled)).toEqual({
      changed: true,
      status: "failed",
    });
    expect(await balancesOf(user.id)).toMatchObject({ expert_available: 4_400, payout_in_transit: 0 });
    await expectBooksBalanced();
  });
});

describe("the payout clock", () => {
  it("each payout is due PAYOUT_DUE_BUSINESS_DAYS business days after the request; the queue puts the soonest due first and flags the overdue", async () => {
    const admin = await createAdmin();
    // Requested Friday 2026-11-06: seven business days later is Tuesday 2026-11-17.
    const late = await createExpert();
    await db().$transaction((tx) => postOpeningBalance(tx, late.user.id, { availableCents: 1_000 }));
    const old = await cashOut(asExpert(late.user), new Date("2026-11-06T15:00:00Z"));
    const recent = await expertWithPayout(2_000);
    const stored = await db().payout.findUniqueOrThrow({ where: { id: old.id } });
    expect(stored.dueDate?.toISOString().slice(0, 10)).toBe("2026-11-17");
    expect(PAYOUT_DUE_BUSINESS_DAYS).toBe(7);

    const now = new Date("2026-11-18T09:00:00Z");
    const queue = (await listPayoutQueue(asAdmin(admin), now)).rows.filter((p) => [old.id, recent.payout.id].includes(p.id));
    expect(queue.map((p) => [p.id, p.overdue])).toEqual([
      [old.id, true],
      [recent.payout.id, false],
    ]);
    // Due today is not yet overdue.
    expect((await listPayoutQueue(asAdmin(admin), new Date("2026-11-17T23:00:00Z"))).rows.find((p) => p.id === old.id)?.overdue).toBe(
      false,
    );
  });
});

describe("check payouts", () => {
  const paymentsStep = (paymentDetails: object) =>
    stepSubmissionSchema.safeParse({
      step: "payments",
      values: { preferredPaymentMethod: "check", paymentDetails, hourlyRateMin: 50, hourlyRateMax: 100, w9Consent: true },
    });

  it("need a valid US mailing address (or the W-9's, with consent); the check goes into the export with its address and its 7-10 business days", async () => {
    expect(PAYMENT_METHOD_DAYS.check).toEqual([7, 10]);
    const { user } = await createExpert({ preferredPaymentMethod: "paypal", paypalEmail: "before@example.org" });
    const actor = asExpert(user);

    // No address, or a bad one, is refused beside its fields.
    const empty = paymentsStep({});
    expect(empty.success).toBe(false);
    expect(fieldErrorsOf(empty.error!)).toMatchObject({
      "values.paymentDetails.checkAddressLine1": [expect.any(String)],
      "values.paymentDetails.checkZipCode": [expect.any(String)],
    });
    const badZip = paymentsStep({ checkAddressLine1: "12 Elm Street", checkCity: "Springfield", checkState: "IL", checkZipCode: "6270" });
    expect(fieldErrorsOf(badZip.error!)).toEqual({ "values.paymentDetails.checkZipCode": ["Enter a 5-digit ZIP code (or ZIP+4)"] });
    expect(
      paymentsStep({ checkAddressLine1: "12 Elm Street", checkCity: "Springfield", checkState: "ZZ", checkZipCode: "62701" }).success,
    ).toBe(false);

    // The W-9's address needs a W-9 on file.
    const consent = paymentsStep({ useW9Address: true });
    expect(consent.success).toBe(true);
    await expect(saveProfileStep(actor, consent.data as StepSubmission)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: { "paymentDetails.useW9Address": [expect.any(String)] },
    });
    await saveTaxForm(actor, {
      legalName: "Pat Payee",
      businessName: null,
      classification: "individual",
      addressLine1: "9 W-9 Road",
      addressLine2: null,
      city: "Dayton",
      state: "OH",
      zipCode: "45402",
      tinType: "SSN",
      tin: "123456789",
    });
    await saveProfileStep(actor, consent.data as StepSubmission);
    expect(await db().expert.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({
      preferredPaymentMethod: "check",
      checkAddressLine1: "9 W-9 Road",
      checkCity: "Dayton",
      checkState: "OH",
      checkZipCode: "45402",
    });

    // A typed address replaces it.
    const typed = paymentsStep({
      checkAddressLine1: "12 Elm Street",
      checkAddressLine2: "Apt 4",
      checkCity: "Springfield",
      checkState: "IL",
      checkZipCode: "62701-1234",
    });
    expect(typed.success).toBe(true);
    await saveProfileStep(actor, typed.data as StepSubmission);

    const admin = await createAdmin();
    await db().$transaction((tx) => postOpeningBalance(tx, user.id, { availableCents: 3_000 }));
    const payout = await cashOut(actor);
    expect(payout.paymentMethod).toBe("check");
    const item = (await listPayoutQueue(asAdmin(admin))).rows.find((p) => p.id === payout.id);
    expect(item?.details).toBe("Check to Springfield, IL 62701-1234");
    const { csv } = await exportPayoutBatch(asAdmin(admin), [payout.id], { ip: null });
    const line = csv.trimEnd().split("\r\n")[1];
    expect(line).toContain(",30.00,Check,");
    expect(line).toContain('"12 Elm Street, Apt 4, Springfield, IL 62701-1234"');
  });
});
