import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";

// A survey's secrets: the opaque id that stands for an expert in the client's tool, and the
// codes of its end addresses. Made and compared on the server only.

/** 128 random bits, URL-safe: stands for the expert in the client's tool and says nothing about them. */
export const newParticipantId = () => randomBytes(16).toString("base64url");

/** A code people can read and type: 10 characters without look-alikes (no 0/O, 1/I/L). */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function newSurveyCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/** Codes are compared without regard to case, spaces or dashes a person may type, in constant time. */
export const normaliseCode = (code: string) => code.replace(/[\s-]+/g, "").toUpperCase();
export function sameCode(given: string, expected: string | null | undefined): boolean {
  if (!expected) return false;
  const a = Buffer.from(normaliseCode(given));
  const b = Buffer.from(normaliseCode(expected));
  return a.length === b.length && timingSafeEqual(a, b);
}
