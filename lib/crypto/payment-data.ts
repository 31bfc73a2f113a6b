import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

// Payment secrets (routing and account numbers) are stored as AES-256-GCM ciphertext:
// "v1.<iv>.<tag>.<data>" in base64url. The key is PAYMENT_DATA_KEY (64 hex characters), so a
// database dump alone never reveals a bank account. Only the last 4 digits are ever shown back.
// (The ABA checksum lives in lib/validation/onboarding.ts, shared with the form in the browser.)

const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(env().PAYMENT_DATA_KEY, "hex");
}

export function encryptPaymentValue(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString("base64url"), tag.toString("base64url"), data.toString("base64url")].join(".");
}

/** Throws when the value was tampered with or sealed under another key. */
export function decryptPaymentValue(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Unrecognised payment ciphertext");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

export const lastFour = (digits: string) => digits.slice(-4);
