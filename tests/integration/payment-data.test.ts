import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { decryptPaymentValue, encryptPaymentValue, expertPaymentBinding, taxFormTinBinding } from "@/lib/money/payment-data/payment-data";
import { upgradeLegacyPaymentData } from "@/lib/money/payment-data/payment-data-upgrade";
import { createExpert } from "../factories";

/** A value in the format stored before ciphertexts were bound to their row and field (no associated data). */
function legacySeal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(env().PAYMENT_DATA_KEY, "hex"), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

const A = expertPaymentBinding("11111111-1111-4111-8111-111111111111", "account_number");

describe("payment data at rest (AES-256-GCM)", () => {
  it("opens under its own binding; a random IV each time; tampering is detected", () => {
    const sealed = encryptPaymentValue("000123456789", A);
    expect(sealed).toMatch(/^v2\./);
    expect(decryptPaymentValue(sealed, A)).toBe("000123456789");
    expect(encryptPaymentValue("000123456789", A)).not.toBe(sealed);
    const parts = sealed.split(".");
    parts[3] = Buffer.from("999999999").toString("base64url");
    expect(() => decryptPaymentValue(parts.join("."), A)).toThrow();
  });

  it("a ciphertext copied to another row or another field does not decrypt", () => {
    const sealed = encryptPaymentValue("000123456789", A);
    expect(() => decryptPaymentValue(sealed, expertPaymentBinding("22222222-2222-4222-8222-222222222222", "account_number"))).toThrow();
    expect(() => decryptPaymentValue(sealed, expertPaymentBinding("11111111-1111-4111-8111-111111111111", "routing_number"))).toThrow();
    expect(() => decryptPaymentValue(sealed, taxFormTinBinding("11111111-1111-4111-8111-111111111111"))).toThrow();
  });

  it("refuses a truncated tag", () => {
    const [version, iv, tag, data] = encryptPaymentValue("000123456789", A).split(".");
    const short = Buffer.from(tag, "base64url").subarray(0, 12).toString("base64url");
    expect(() => decryptPaymentValue([version, iv, short, data].join("."), A)).toThrow(/tag/);
    const four = Buffer.from(tag, "base64url").subarray(0, 4).toString("base64url");
    expect(() => decryptPaymentValue([version, iv, four, data].join("."), A)).toThrow(/tag/);
  });

  it("refuses an unbound (legacy) value: only the boot upgrade reads it", () => {
    expect(() => decryptPaymentValue(legacySeal("000123456789"), A)).toThrow(/Unrecognised/);
  });
});

describe("the boot upgrade of legacy ciphertexts", () => {
  it("re-seals old bank numbers and TINs bound to their row and field, once, and leaves current ones alone", async () => {
    const { user, expert } = await createExpert({
      routingNumberEnc: legacySeal("021000021"),
      accountNumberEnc: legacySeal("000123456789"),
    });
    await db().taxForm.create({
      data: {
        userId: user.id,
        legalName: "Dana Rivera",
        classification: "individual",
        addressLine1: "1 Main St",
        city: "Austin",
        state: "TX",
        zipCode: "78701",
        tinType: "SSN",
        tinCiphertext: legacySeal("123456789"),
        tinLast4: "6789",
        signedAt: new Date(),
      },
    });
    const current = await createExpert({});
    const currentSealed = encryptPaymentValue("011000015", expertPaymentBinding(current.user.id, "routing_number"));
    await db().expert.update({ where: { id: current.expert.id }, data: { routingNumberEnc: currentSealed } });
    const unreadable = await createExpert({ accountNumberEnc: "v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA" });

    const first = await upgradeLegacyPaymentData();
    expect(first.experts).toBeGreaterThanOrEqual(1);
    expect(first.taxForms).toBeGreaterThanOrEqual(1);
    expect(first.failed).toBeGreaterThanOrEqual(1);

    const row = await db().expert.findUniqueOrThrow({ where: { id: expert.id } });
    expect(row.routingNumberEnc).toMatch(/^v2\./);
    expect(decryptPaymentValue(row.routingNumberEnc!, expertPaymentBinding(user.id, "routing_number"))).toBe("021000021");
    expect(decryptPaymentValue(row.accountNumberEnc!, expertPaymentBinding(user.id, "account_number"))).toBe("000123456789");
    const form = await db().taxForm.findUniqueOrThrow({ where: { userId: user.id } });
    expect(decryptPaymentValue(form.tinCiphertext, taxFormTinBinding(user.id))).toBe("123456789");
    // Re-sealed for its own row: moved to another expert's row it does not open there.
    expect(() => decryptPaymentValue(row.accountNumberEnc!, expertPaymentBinding(current.user.id, "account_number"))).toThrow();

    expect((await db().expert.findUniqueOrThrow({ where: { id: current.expert.id } })).routingNumberEnc).toBe(currentSealed);
    expect((await db().expert.findUniqueOrThrow({ where: { id: unreadable.expert.id } })).accountNumberEnc).toMatch(/^v1\./);

    const second = await upgradeLegacyPaymentData();
    expect(second).toMatchObject({ experts: 0, taxForms: 0 });
    expect((await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).routingNumberEnc).toBe(row.routingNumberEnc);
  });
});
