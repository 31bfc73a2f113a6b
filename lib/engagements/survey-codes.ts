import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/platform/env";

// A survey's secrets: the opaque id that stands for an expert in the client's tool, each
// participant's own completion code, and the codes of the screen-out and over-quota ends.
// Made and compared on the server only.

/** 128 random bits, URL-safe: stands for the expert in the client's tool and says nothing about them. */
export const newParticipantId = () => randomBytes(16).toString("base64url");

/** A code people can read and type: 10 characters without look-alikes (no 0/O, 1/I/L). */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 10;
const toCode = (bytes: Uint8Array) => Array.from(bytes.subarray(0, CODE_LENGTH), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");

export const newSurveyCode = () => toCode(randomBytes(CODE_LENGTH));

/**
 * The completion code of one participant: an HMAC of their participant id under a key used for
 * nothing else (SURVEY_CODE_SECRET), so it can be shown to them and piped through the client's
 * tool but never made for anyone else. Someone who reads another finisher's end address learns a
 * code that only that finisher's place accepts.
 */
export function completionCodeFor(participantId: string): string {
  const mac = createHmac("sha256", env().SURVEY_CODE_SECRET).update(`survey-completion:${participantId}`).digest();
  return toCode(mac);
}

/** Codes are compared without regard to case, spaces or dashes a person may type, in constant time. */
export const normaliseCode = (code: string) => code.replace(/[\s-]+/g, "").toUpperCase();
export function sameCode(given: string, expected: string | null | undefined): boolean {
  if (!expected) return false;
  const a = Buffer.from(normaliseCode(given));
  const b = Buffer.from(normaliseCode(expected));
  return a.length === b.length && timingSafeEqual(a, b);
}
