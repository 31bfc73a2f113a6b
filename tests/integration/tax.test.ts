import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { actorFor, bearerTokenFor, createAdmin, createClient, createExpert } from "@/tests/factories";
import { cashOut, getWallet, postOpeningBalance } from "@/lib/money/wallet";
import { export1099Csv, getTaxFormSummary, saveTaxForm } from "@/lib/money/tax-forms";
import { W9_REQUIRED_MESSAGE } from "@/lib/money/tax";
import { ledgerDrift } from "@/lib/money/ledger";
import { decryptPaymentValue, taxFormTinBinding } from "@/lib/money/payment-data/payment-data";
import { taxFormSchema } from "@/lib/money/schemas/tax";
import { POST as post1099 } from "@/app/api/admin/tax/1099/route";

const asExpert = (user: { id: string; email: string }) => actorFor(user, ["expert"]);

const W9 = taxFormSchema.parse({
  legalName: "Dana Q. Rivera",
  classification: "individual",
  addressLine1: "12 Elm Street",
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  tinType: "SSN",
  tin: "123-45-6789",
});

async function fund(userId: string, availableCents: number, key: string) {
  await db().$transaction((tx) => postOpeningBalance(tx, userId, { availableCents }, key));
}

/** What a refused cash out must leave untouched. */
async function snapshot(user: { id: string; email: string }) {
  return { wallet: await getWallet(asExpert(user)), payouts: await db().payout.count({ where: { userId: user.id } }) };
}

describe("the W-9 gate of cash out", () => {
  for (const { year, threshold } of [
    { year: 2025, threshold: 60_000 },
    { year: 2026, threshold: 200_000 },
  ]) {
    const now = new Date(Date.UTC(year, 5, 15, 12));

    it(`${year}: below $${threshold / 100} no W-9 is needed`, async () => {
      const { user } = await createExpert();
      await fund(user.id, threshold - 1, `t:${user.id}:1`);
      const payout = await cashOut(asExpert(user), now);
      expect(payout.amountCents).toBe(threshold - 1);
    });

    it(`${year}: a cash out reaching $${threshold / 100} without a W-9 is refused and changes nothing; with one it goes through`, async () => {
      const { user } = await createExpert();
      // Earlier payouts of the year count (a failed one does not, nor one of another year).
      await db().payout.createMany({
        data: [
          {
            userId: user.id,
            amountCents: threshold - 10_000,
            status: "paid",
            paidAt: new Date(Date.UTC(year, 1, 1)),
            createdAt: new Date(Date.UTC(year, 0, 20)),
          },
          { userId: user.id, amountCents: 50_000, status: "failed", createdAt: new Date(Date.UTC(year, 2, 1)) },
          {
            userId: user.id,
            amountCents: 50_000,
            status: "paid",
            paidAt: new Date(Date.UTC(year - 1, 11, 30)),
            createdAt: new Date(Date.UTC(year - 1, 11, 20)),
          },
        ],
      });
      await fund(user.id, 9_999, `t:${user.id}:1`);
      // $99.99 more stays below the threshold…
      await cashOut(asExpert(user), now);

      await fund(user.id, 1, `t:${user.id}:2`);
      // …and one more cent reaches it.
      const before = await snapshot(user);
      await expect(cashOut(asExpert(user), now)).rejects.toMatchObject({ code: "CONFLICT", message: W9_REQUIRED_MESSAGE });
      expect(await snapshot(user)).toEqual(before);
      expect(await ledgerDrift()).toEqual([]);

      await saveTaxForm(asExpert(user), W9, now);
      const payout = await cashOut(asExpert(user), now);
      expect(payout).toMatchObject({ amountCents: 1, status: "pending" });
      expect((await getWallet(asExpert(user))).availableCents).toBe(0);
    });
  }

  it("the year is the UTC year of the cash out: last year's payouts do not count on 1 January", async () => {
    const { user } = await createExpert();
    await db().payout.create({
      data: {
        userId: user.id,
        amountCents: 150_000,
        status: "paid",
        paidAt: new Date("2025-12-31T23:00:00Z"),
        createdAt: new Date("2025-12-20T00:00:00Z"),
      },
    });
    await fund(user.id, 100_000, `t:${user.id}:1`);
    await expect(cashOut(asExpert(user), new Date("2026-01-01T00:30:00Z"))).resolves.toMatchObject({ amountCents: 100_000 });
  });
});

describe("the W-9", () => {
  it("stores the TIN encrypted with only its last 4 in clear, and never returns it", async () => {
    const { user } = await createExpert();
    const summary = await saveTaxForm(asExpert(user), W9);
    expect(summary).toMatchObject({ legalName: "Dana Q. Rivera", classification: "individual", tinType: "SSN", tinLast4: "6789" });
    expect(JSON.stringify(summary)).not.toContain("123456789");
    expect(JSON.stringify(await getTaxFormSummary(asExpert(user)))).not.toContain("123456789");

    const row = await db().taxForm.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.tinLast4).toBe("6789");
    expect(row.tinCiphertext).not.toContain("123456789");
    expect(row.tinCiphertext).toMatch(/^v2\./);
    expect(decryptPaymentValue(row.tinCiphertext, taxFormTinBinding(user.id))).toBe("123456789");
    const raw = await db().$queryRaw<
      { dump: string }[]
    >`SELECT row_to_json(t)::text AS dump FROM tax_forms t WHERE user_id = ${user.id}::uuid`;
    expect(raw[0].dump).not.toContain("123456789");

    // Saving again replaces it (one W-9 per person).
    await saveTaxForm(asExpert(user), { ...W9, tinType: "EIN", tin: "987654321" });
    expect(await db().taxForm.count({ where: { userId: user.id } })).toBe(1);
    expect((await getTaxFormSummary(asExpert(user)))?.tinLast4).toBe("4321");
  });

  it("is refused to clients, while impersonating and without a recent password; bad input is refused by the schema", async () => {
    const client = await createClient();
    await expect(saveTaxForm(actorFor(client, ["client"]), W9)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getTaxFormSummary(actorFor(client, ["client"]))).rejects.toMatchObject({ code: "FORBIDDEN" });
    const { user } = await createExpert();
    const admin = await createAdmin();
    await expect(saveTaxForm(asExpert(user), W9, new Date(Date.now() + 3_600_000))).rejects.toMatchObject({ code: "REAUTH_REQUIRED" });
    await expect(saveTaxForm(actorFor(user, ["expert"], { impersonating: true, realUserId: admin.id }), W9)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await db().taxForm.count({ where: { userId: user.id } })).toBe(0);

    const bad = taxFormSchema.safeParse({ ...W9, tin: "12345678", zipCode: "ABCDE", state: "ZZ", classification: "corporate" });
    expect(bad.success).toBe(false);
    expect(Object.keys(bad.error!.flatten().fieldErrors).sort()).toEqual(["classification", "state", "tin", "zipCode"]);
  });
});

describe("the 1099-NEC export", () => {
  const YEAR = 2024; // no other test in this file pays anything in 2024
  const paid = (userId: string, cents: number, day: string, extra: Record<string, unknown> = {}) =>
    db().payout.create({
      data: {
        userId,
        amountCents: cents,
        status: "paid",
        paidAt: new Date(`${day}T12:00:00Z`),
        createdAt: new Date(`${day}T00:00:00Z`),
        ...extra,
      },
    });

  const call = async (token: string, body: unknown = { year: YEAR }) =>
    post1099(
      new NextRequest("http://localhost/api/admin/tax/1099", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({}) },
    );

  it("lists exactly the payees at or above the year's threshold, with the TIN decrypted into the file, and records the export", async () => {
    const above = await createExpert();
    const exactly = await createExpert();
    const below = await createExpert();
    const noW9 = await createExpert();
    await saveTaxForm(asExpert(above.user), { ...W9, legalName: "Above, Alex", businessName: "=cmd()" });
    await saveTaxForm(asExpert(exactly.user), { ...W9, legalName: "Exactly Ellis", tin: "111223333" });
    await saveTaxForm(asExpert(below.user), { ...W9, legalName: "Below Blair", tin: "999887777" });
    await paid(above.user.id, 40_000, "2024-03-01");
    await paid(above.user.id, 30_000, "2024-11-01");
    await paid(above.user.id, 90_000, "2025-01-02"); // next year
    await db().payout.create({
      data: { userId: above.user.id, amountCents: 90_000, status: "pending", createdAt: new Date("2024-12-01T00:00:00Z") },
    }); // not paid
    await paid(exactly.user.id, 60_000, "2024-06-01", { status: "completed", paidAt: null, actualPayoutDate: new Date("2024-06-03") });
    await paid(below.user.id, 59_999, "2024-06-01");
    await paid(noW9.user.id, 80_000, "2024-07-01");

    const admin = await createAdmin();
    const before = await db().payoutExport.count();
    const res = await call(await bearerTokenFor(admin));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="1099-nec-${YEAR}.csv"`);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^Year,Payee user id,Email,Legal name,/);
    const byUser = new Map(lines.slice(1).map((l) => [l.split(",")[1], l]));
    expect([...byUser.keys()].sort()).toEqual([above.user.id, exactly.user.id, noW9.user.id].sort());
    expect(byUser.get(above.user.id)).toContain(
      '"Above, Alex",\'=cmd(),individual,SSN,123456789,12 Elm Street,,Springfield,IL,62701,700.00,2,',
    );
    expect(byUser.get(exactly.user.id)).toContain("Exactly Ellis,,individual,SSN,111223333,");
    expect(byUser.get(exactly.user.id)).toContain(",600.00,1,");
    // Paid before the gate existed: listed so the W-9 can be chased, with empty W-9 fields.
    expect(byUser.get(noW9.user.id)).toContain(`${noW9.user.email},,,,,,,,,,,800.00,1,`);

    expect(await db().payoutExport.count()).toBe(before + 1);
    const audit = await db().payoutExport.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    expect(audit.adminUserId).toBe(admin.id);
    expect(audit.payoutIds).toHaveLength(4);
  });

  it("refuses experts, clients and the signed-out, and a bad year; writes no audit row", async () => {
    const { user } = await createExpert();
    const client = await createClient();
    const before = await db().payoutExport.count();
    expect((await call(await bearerTokenFor(user))).status).toBe(403);
    expect((await call(await bearerTokenFor(client))).status).toBe(403);
    expect((await call("not-a-token")).status).toBe(401);
    await expect(export1099Csv(asExpert(user), YEAR, { ip: null })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const admin = await createAdmin();
    for (const body of [{}, { year: "abc" }, { year: 1999 }, { year: 2026.5 }, { year: YEAR, extra: 1 }])
      expect((await call(await bearerTokenFor(admin), body)).status).toBe(400);
    expect(await db().payoutExport.count()).toBe(before);
  });

  it("needs the admin's password entered in the last REAUTH_MINUTES: a stale session is refused and nothing is recorded", async () => {
    const admin = await createAdmin();
    const token = await bearerTokenFor(admin);
    await db().authSession.updateMany({ where: { userId: admin.id }, data: { authenticatedAt: new Date(Date.now() - 11 * 60_000) } });
    const before = await db().payoutExport.count();
    const res = await call(token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, code: "REAUTH_REQUIRED" });
    await expect(
      export1099Csv(actorFor(admin, ["admin"], { authenticatedAt: new Date(Date.now() - 11 * 60_000) }), YEAR, { ip: null }),
    ).rejects.toMatchObject({ code: "REAUTH_REQUIRED" });
    expect(await db().payoutExport.count()).toBe(before);
  });
});
