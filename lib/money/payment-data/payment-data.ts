import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "@/lib/platform/env";

// Payment secrets (routing and account numbers, TINs) are stored as AES-256-GCM ciphertext:
// "v2.<iv>.<tag>.<data>" in base64url. The key is PAYMENT_DATA_KEY (64 hex characters), so a
// database dump alone never reveals a bank account. Only the last 4 digits are ever shown back.
// (The ABA checksum lives in lib/experts/schemas/onboarding.ts, shared with the form in the browser.)
//
// Each ciphertext is bound to the row and the field it is stored in (GCM's associated data):
// someone who can write to the database cannot move an expert's account number into another
// expert's row, or a routing number into the account-number field, and have it read back as
// theirs; the tag no longer matches. "v1" values were sealed without that binding; the boot
// step (lib/money/payment-data/payment-data-upgrade.ts) re-seals them as v2 and decryption refuses them.

const VERSION = "v2";
const LEGACY_VERSION = "v1";
const IV_BYTES = 12;
/** The full GCM tag: a shorter one would make a forged ciphertext far easier to find. */
const TAG_BYTES = 16;

/** Where a sealed value lives: the table, the row's key in it and the column. */
export type PaymentDataBinding = { table: string; rowId: string; field: string };

function key(): Buffer {
  return Buffer.from(env().PAYMENT_DATA_KEY, "hex");
}

const associatedData = ({ table, rowId, field }: PaymentDataBinding) => Buffer.from(`k12-payment-data|${table}|${rowId}|${field}`, "utf8");

export function encryptPaymentValue(plain: string, binding: PaymentDataBinding): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(binding));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(".");
}

function open(sealed: string, expectedVersion: string, aad: Buffer | null): string {
  const [version, iv, tag, data, extra] = sealed.split(".");
  if (version !== expectedVersion || !iv || !tag || data === undefined || extra !== undefined)
    throw new Error("Unrecognised payment ciphertext");
  const ivBytes = Buffer.from(iv, "base64url");
  const tagBytes = Buffer.from(tag, "base64url");
  // Node would accept a truncated tag (down to 4 bytes) and check only that much of it.
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new Error("Payment ciphertext has a malformed IV or tag");
  const decipher = createDecipheriv("aes-256-gcm", key(), ivBytes, { authTagLength: TAG_BYTES });
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** Throws when the value was tampered with, sealed under another key, or sealed for another row or field. */
export function decryptPaymentValue(sealed: string, binding: PaymentDataBinding): string {
  return open(sealed, VERSION, associatedData(binding));
}

/** True for a value sealed before ciphertexts were bound to their row and field. */
export const isLegacyPaymentValue = (sealed: string) => sealed.startsWith(`${LEGACY_VERSION}.`);

/**
 * A legacy value re-sealed with its binding (the boot step's upgrade). Throws when it does not
 * open under the current key. A value already in the current format is returned unchanged.
 */
export function resealLegacyPaymentValue(sealed: string, binding: PaymentDataBinding): string {
  if (!isLegacyPaymentValue(sealed)) return sealed;
  return encryptPaymentValue(open(sealed, LEGACY_VERSION, null), binding);
}

export const lastFour = (digits: string) => digits.slice(-4);

/** The bindings of the secrets stored today, so writers and readers name a field the same way. */
export const expertPaymentBinding = (userId: string, field: "routing_number" | "account_number"): PaymentDataBinding => ({
  table: "experts",
  rowId: userId,
  field,
});
export const taxFormTinBinding = (userId: string): PaymentDataBinding => ({ table: "tax_forms", rowId: userId, field: "tin" });
