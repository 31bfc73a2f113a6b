import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as zxcvbnCommon from "@zxcvbn-ts/language-common";
import * as zxcvbnEn from "@zxcvbn-ts/language-en";
import { PASSWORD_MIN_LENGTH } from "@/lib/accounts/constants";
import { MESSAGES } from "@/lib/accounts/schemas/auth-rules";
import { AppError } from "@/lib/platform/errors";

// The one set of password rules for registration, password reset and password change, on the
// server only (zxcvbn and the list stay out of the browser bundle). None of them trims.

/** zxcvbn's 0-4 guessability score; 3 = "safely unguessable" against an online attack with throttling. */
export const PASSWORD_MIN_SCORE = 3;
export const PASSWORD_MAX_LENGTH = 200;
/** zxcvbn's matching grows with length; characters past this add nothing to the estimate. */
const SCORED_LENGTH = 100;

export const PASSWORD_MESSAGES = {
  tooLong: "Password is too long",
  spaces: "Password cannot start or end with a space.",
  common: "This password is on a list of common or breached passwords. Please choose another.",
  weak: "This password is too easy to guess.",
} as const;

// Read from the repository at run time; next.config.mjs traces the file into the standalone build.
const LIST_FILE = path.join(process.cwd(), "lib/accounts/common-passwords.txt.gz");
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(gunzipSync(readFileSync(LIST_FILE)).toString("utf8").split("\n").filter(Boolean));
  return common;
}

let factory: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  return factory;
}

/** True when the password is on the repository's list (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * What is wrong with a new password, in words for the person, or null when it is fine.
 * `userInputs` are the person's own details (e-mail, names, organization): a password built
 * from them scores lower.
 */
export function passwordProblem(password: string, userInputs: readonly (string | null | undefined)[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (password !== password.trim()) return PASSWORD_MESSAGES.spaces;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  const inputs = userInputs
    .flatMap((v) => (v ? [v, ...v.split(/[@.\s_+-]+/)] : []))
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v.length >= 3);
  const result = zxcvbn().check(password.slice(0, SCORED_LENGTH), [...new Set([...inputs, "k12", "k12experts", "experts"])]);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const hints = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).slice(0, 2);
  return [PASSWORD_MESSAGES.weak, ...hints, hints.length ? "" : "Try a longer password, e.g. three or four unrelated words."]
    .filter(Boolean)
    .join(" ");
}

/** The rules as a form error on `field`: registration, reset and change all refuse the same way. */
export function assertPasswordAcceptable(password: string, userInputs: readonly (string | null | undefined)[], field = "password") {
  const problem = passwordProblem(password, userInputs);
  if (problem) throw new AppError("BAD_REQUEST", problem, { [field]: [problem] });
}
