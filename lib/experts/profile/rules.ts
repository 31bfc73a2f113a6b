import { z } from "@/lib/platform/validation/zod";

// The field rules the six step entries are built from, and the onboarding messages.

export const ONBOARDING_MESSAGES = {
  linkedinUrl: "Please enter a valid LinkedIn profile URL (e.g., https://linkedin.com/in/yourname)",
  saveFailed: "Unable to save your changes. Please try again.",
  focusAreasMin: "Add at least 2 focus areas",
  routingNumber: "Routing number must be 9 digits with a valid checksum",
  rateOrder: "Minimum rate must not exceed the maximum rate",
  w9: "W-9 consent is required",
} as const;

export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** Optional text: trimmed, and empty means "none" (null). */
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .nullish()
    .transform((v) => (v ? v : null));

/** One of a vocabulary's values. */
export const choice = <T extends readonly { value: string }[]>(options: T, label: string) =>
  z.enum(options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]], { error: `Please choose a valid ${label}` });

/** Trimmed, non-empty, unique (case-insensitive) text tags. */
export const tagList = (label: string, maxItems: number) =>
  z
    .array(
      z
        .string({ error: `${label} must be text` })
        .trim()
        .min(1, `${label} cannot be empty`)
        .max(60, `Each ${label.toLowerCase()} entry is at most 60 characters`),
      {
        error: `${label} must be a list`,
      },
    )
    .max(maxItems, `At most ${maxItems} ${label.toLowerCase()}`)
    .refine((list) => new Set(list.map((t) => t.toLowerCase())).size === list.length, `${label} must be unique`);

export const uniqueChoices = <T extends readonly { value: string }[]>(options: T, label: string) =>
  z
    .array(choice(options, label), { error: `${label} must be a list` })
    .refine((l) => new Set(l).size === l.length, `${label} must be unique`);

export const email = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(254)
    .pipe(z.email(`Please enter a valid ${label.toLowerCase()}`));

/** The ABA routing-number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}
