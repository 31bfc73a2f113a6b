import { z } from "./zod";
import { EXPERT_ROLE_TITLES, ROLE_TITLE_LABELS } from "@/lib/vocabulary/roles";
import { valuesOf } from "@/lib/vocabulary/options";
import { US_STATES } from "@/lib/vocabulary/places";
import { AVAILABILITY_SLOTS, DEFAULT_TIME_ZONE, TIME_ZONES, WEEK_DAYS, type WeekDay } from "@/lib/vocabulary/time";
import { CHOOSABLE_AVAILABILITY } from "@/lib/vocabulary/availability";
import { DISTRICT_SIZES, DISTRICT_TYPES, URBANICITY } from "@/lib/vocabulary/districts";
import { IMPROVEMENT_AREAS, INTERVIEW_PREFERENCES, PULSE_AREAS, RESEARCH_TYPES, type PulseArea } from "@/lib/vocabulary/research";
import { PAYMENT_METHODS } from "@/lib/vocabulary/payments";
import type { ProfileStep } from "@/lib/constants";

// The six onboarding steps (000 §2, §5, §9). Each schema is shared by the wizard's form and
// the expert-profile service; field names are the API body names of 000 §7.

/** Older rows (and the seed) hold the label ("Principal"); the form and schema use the value. */
export function roleTitleValue(stored: string | null | undefined): string {
  if (!stored) return "";
  const s = stored.trim().toLowerCase();
  const hit = EXPERT_ROLE_TITLES.find((v) => v === s || ROLE_TITLE_LABELS[v].toLowerCase() === s);
  return hit ?? stored;
}

export const MAX_HOURS_MIN = 1;
export const MAX_HOURS_MAX = 20;
export const MAX_HOURS_DEFAULT = 5;

export const VISIBILITY_DEFAULTS = {
  isPublicProfile: true,
  showOrganization: true,
  showExperience: true,
  showRates: true,
  showContactInfo: false,
} as const;

export const PULSE_DEFAULT = 5;
export const MAX_IMPROVEMENT_AREAS = 3;
export const ONBOARDING_MESSAGES = {
  linkedinUrl: "Please enter a valid LinkedIn profile URL (e.g., https://linkedin.com/in/yourname)",
  saveFailed: "Unable to save your changes. Please try again.",
  focusAreasMin: "Add at least 2 focus areas",
  routingNumber: "Routing number must be 9 digits with a valid checksum",
  rateOrder: "Minimum rate must not exceed the maximum rate",
  w9: "W-9 consent is required",
} as const;

/** The ABA routing-number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

// ───────────────────────────── field rules ─────────────────────────────

const requiredText = (label: string, max = 200) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} is too long`).nullish().transform((v) => (v ? v : null));
const choice = <T extends readonly { value: string }[]>(options: T, label: string) =>
  z.enum(options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]], { error: `Please choose a valid ${label}` });

/** Trimmed, non-empty, unique (case-insensitive) text tags. */
const tagList = (label: string, maxItems: number) =>
  z
    .array(z.string({ error: `${label} must be text` }).trim().min(1, `${label} cannot be empty`).max(60, `Each ${label.toLowerCase()} entry is at most 60 characters`), {
      error: `${label} must be a list`,
    })
    .max(maxItems, `At most ${maxItems} ${label.toLowerCase()}`)
    .refine((list) => new Set(list.map((t) => t.toLowerCase())).size === list.length, `${label} must be unique`);

const uniqueChoices = <T extends readonly { value: string }[]>(options: T, label: string) =>
  z.array(choice(options, label), { error: `${label} must be a list` }).refine((l) => new Set(l).size === l.length, `${label} must be unique`);

const email = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(254).pipe(z.email(`Please enter a valid ${label.toLowerCase()}`));

// ───────────────────────────── step schemas ─────────────────────────────

export const basicsSchema = z.object({
  roleTitle: z.enum(EXPERT_ROLE_TITLES, { error: "Role/title is required" }),
  organizationName: requiredText("Organization"),
  state: z.enum(valuesOf(US_STATES), { error: "State is required" }),
  availabilityStatus: choice(CHOOSABLE_AVAILABILITY, "availability status").default("available"),
  timeZone: z.enum(valuesOf(TIME_ZONES), { error: "Time zone is required" }).default(DEFAULT_TIME_ZONE),
});
export type BasicsInput = z.infer<typeof basicsSchema>;

export const LINKEDIN_URL_PATTERN = /^https?:\/\/(www\.)?linkedin\.com\/in\/[A-Za-z0-9_-]+\/?$/;
export const linkedinSchema = z.object({
  linkedinUrl: z.string({ error: ONBOARDING_MESSAGES.linkedinUrl }).trim().regex(LINKEDIN_URL_PATTERN, ONBOARDING_MESSAGES.linkedinUrl),
  linkedinHeadline: optionalText("Headline", 300),
});
export type LinkedinInput = z.infer<typeof linkedinSchema>;

const focusAreaList = tagList("Focus areas", 30);
const researchTypeList = uniqueChoices(RESEARCH_TYPES, "research type");
const interviewPreferenceList = uniqueChoices(INTERVIEW_PREFERENCES, "interview preference");

export const expertiseSchema = z.object({
  yearsInRole: z.coerce
    .number({ error: "Years of experience is required" })
    .int("Years of experience must be a whole number")
    .min(0, "Years of experience must be between 0 and 50")
    .max(50, "Years of experience must be between 0 and 50"),
  expertiseTags: focusAreaList.refine((l) => l.length >= 2, ONBOARDING_MESSAGES.focusAreasMin),
  tools: tagList("Tools", 30).default([]),
  districtType: choice(DISTRICT_TYPES, "district type").nullish().transform((v) => v ?? null),
  districtSizeBand: choice(DISTRICT_SIZES, "district size").nullish().transform((v) => v ?? null),
  urbanicity: choice(URBANICITY, "urbanicity").nullish().transform((v) => v ?? null),
});
export type ExpertiseInput = z.infer<typeof expertiseSchema>;

const slotSchema = z.enum(AVAILABILITY_SLOTS as [string, ...string[]], { error: "Availability slots are hourly from 08:00 to 19:00" });
export const availabilityHoursSchema = z
  .partialRecord(z.enum(WEEK_DAYS, { error: "Availability days are monday to sunday" }), z.array(slotSchema))
  .transform((hours) =>
    Object.fromEntries(
      WEEK_DAYS.map((d) => [d, [...new Set(hours[d] ?? [])].sort()]).filter(([, slots]) => (slots as string[]).length > 0),
    ) as Partial<Record<WeekDay, string[]>>,
  );

export const preferencesSchema = z.object({
  researchTypes: researchTypeList.min(1, "Choose at least one research type"),
  interviewPreferences: interviewPreferenceList.min(1, "Choose at least one interview preference"),
  availabilityStatus: choice(CHOOSABLE_AVAILABILITY, "availability status"),
  availabilityHours: availabilityHoursSchema.default({}),
  maxHoursPerWeek: z.coerce
    .number({ error: "Maximum hours per week is required" })
    .int("Maximum hours per week must be a whole number")
    .min(MAX_HOURS_MIN, `Maximum hours per week must be between ${MAX_HOURS_MIN} and ${MAX_HOURS_MAX}`)
    .max(MAX_HOURS_MAX, `Maximum hours per week must be between ${MAX_HOURS_MIN} and ${MAX_HOURS_MAX}`)
    .default(MAX_HOURS_DEFAULT),
  isPublicProfile: z.boolean().default(VISIBILITY_DEFAULTS.isPublicProfile),
  showOrganization: z.boolean().default(VISIBILITY_DEFAULTS.showOrganization),
  showExperience: z.boolean().default(VISIBILITY_DEFAULTS.showExperience),
  showRates: z.boolean().default(VISIBILITY_DEFAULTS.showRates),
  showContactInfo: z.boolean().default(VISIBILITY_DEFAULTS.showContactInfo),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

const rate = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(10_000, `${label} must be at most 10000`)
    .refine((n) => Number.isInteger(n) && n % 5 === 0, `${label} must be in steps of 5`);

/**
 * Payment details by method. Routing and account numbers may be left empty when they are
 * already on file (the form only ever sees their last 4 digits); the service checks that.
 */
export const paymentDetailsSchema = z.object({
  bankName: optionalText("Bank name", 120),
  accountHolder: optionalText("Account holder", 120),
  routingNumber: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidAbaRoutingNumber(v), ONBOARDING_MESSAGES.routingNumber),
  accountNumber: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{4,17}$/.test(v), "Account number must be 4 to 17 digits"),
  paypalEmail: z.string().trim().nullish().transform((v) => (v ? v : null)),
  venmoUsername: z.string().trim().nullish().transform((v) => (v ? v : null)),
  zelleEmail: z.string().trim().nullish().transform((v) => (v ? v : null)),
});

export const paymentsSchema = z
  .object({
    preferredPaymentMethod: choice(PAYMENT_METHODS, "payment method"),
    paymentDetails: paymentDetailsSchema.default({
      bankName: null, accountHolder: null, routingNumber: null, accountNumber: null, paypalEmail: null, venmoUsername: null, zelleEmail: null,
    }),
    hourlyRateMin: rate("Minimum hourly rate"),
    hourlyRateMax: rate("Maximum hourly rate"),
    w9Consent: z.literal(true, { error: ONBOARDING_MESSAGES.w9 }),
  })
  .superRefine(
    (v, ctx) => {
      // Runs even when other fields failed, so every problem shows at once; the value may
      // then still be raw input, hence the type checks.
      if (typeof v.hourlyRateMin === "number" && typeof v.hourlyRateMax === "number" && v.hourlyRateMin > v.hourlyRateMax) {
        ctx.addIssue({ code: "custom", path: ["hourlyRateMax"], message: ONBOARDING_MESSAGES.rateOrder });
      }
      const d = (v.paymentDetails ?? {}) as Record<string, unknown>;
      const need = (key: string, message: string, check?: z.ZodType) => {
        const value = typeof d[key] === "string" ? (d[key] as string).trim() : "";
        if (!value) ctx.addIssue({ code: "custom", path: ["paymentDetails", key], message });
        else if (check && !check.safeParse(value).success) {
          ctx.addIssue({ code: "custom", path: ["paymentDetails", key], message: `Please enter a valid ${message.replace(/ is required$/, "").toLowerCase()}` });
        }
      };
      switch (v.preferredPaymentMethod) {
        case "bank_transfer":
          need("bankName", "Bank name is required");
          need("accountHolder", "Account holder is required");
          break;
        case "paypal":
          need("paypalEmail", "PayPal email is required", email("PayPal email"));
          break;
        case "zelle":
          need("zelleEmail", "Zelle email is required", email("Zelle email"));
          break;
        case "venmo":
          need("venmoUsername", "Venmo username is required", z.string().regex(/^@?[A-Za-z0-9_-]{5,30}$/));
          break;
      }
    },
    { when: () => true },
  );
export type PaymentsInput = z.infer<typeof paymentsSchema>;

const score = (label: string) =>
  z.coerce.number({ error: `${label} is required` }).int(`${label} must be a whole number`).min(1, `${label} must be between 1 and 10`).max(10, `${label} must be between 1 and 10`);
export const pulseScoresSchema = z.object(
  Object.fromEntries(PULSE_AREAS.map((a) => [a.value, score(a.label).default(PULSE_DEFAULT)])) as Record<PulseArea, z.ZodDefault<ReturnType<typeof score>>>,
);
export const pulseSchema = z.object({
  pulseScores: pulseScoresSchema.default(Object.fromEntries(PULSE_AREAS.map((a) => [a.value, PULSE_DEFAULT])) as Record<PulseArea, number>),
  improvementAreas: uniqueChoices(IMPROVEMENT_AREAS, "improvement area")
    .max(MAX_IMPROVEMENT_AREAS, `Choose at most ${MAX_IMPROVEMENT_AREAS} improvement areas`)
    .default([]),
  additionalNotes: optionalText("Additional notes", 2000),
});
export type PulseInput = z.infer<typeof pulseSchema>;

export const STEP_SCHEMAS = {
  basics: basicsSchema,
  linkedin: linkedinSchema,
  expertise: expertiseSchema,
  preferences: preferencesSchema,
  payments: paymentsSchema,
  pulse: pulseSchema,
} satisfies Record<ProfileStep, z.ZodType>;

/**
 * Autosave checks each field on its own. "At least N" and "must be agreed" are rules for
 * completing a step, not for keeping a draft: these fields are checked without them.
 */
export const DRAFT_FIELD_OVERRIDES: Partial<Record<ProfileStep, Record<string, z.ZodType>>> = {
  expertise: { expertiseTags: focusAreaList },
  preferences: { researchTypes: researchTypeList, interviewPreferences: interviewPreferenceList },
  payments: { w9Consent: z.boolean() },
};

/** round(average of the five self-ratings × 10), 10-100. */
export function pulseScoreOf(scores: Record<PulseArea, number>): number {
  const values = PULSE_AREAS.map((a) => scores[a.value]);
  return Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10);
}

export const STEP_TITLES: Record<ProfileStep, string> = {
  basics: "Basic Information",
  linkedin: "LinkedIn Profile",
  expertise: "Expertise",
  preferences: "Research Preferences",
  payments: "Payment Setup",
  pulse: "Pulse Check",
};

// ───────────────── API bodies of the experts-* route handlers ─────────────────
const apiText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

export const profilePatchSchema = z
  .object({
    roleTitle: z.unknown().optional(),
    organizationName: z.unknown().optional(),
    state: z.unknown().optional(),
    availabilityStatus: z.unknown().optional(),
    timeZone: z.unknown().optional(),
    bio: apiText(2000).optional(),
    department: apiText(200).optional(),
    pulse_scores: z.unknown().optional(),
    improvement_areas: z.unknown().optional(),
    additional_notes: z.unknown().optional(),
    profile_steps: z.object({ pulse: z.boolean().optional() }).partial().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).some((k) => k !== "profile_steps"), "Nothing to update");

const apiRequired = (label: string, max = 200) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);

export const signupUpsertSchema = z.object({
  userId: z.uuid("userId must be a UUID"),
  firstName: apiRequired("firstName", 100),
  lastName: apiRequired("lastName", 100),
  email: z.string({ error: "email is required" }).trim().toLowerCase().pipe(z.email("email must be a valid e-mail address")),
  orgName: apiRequired("orgName"),
  title: apiRequired("title", 100),
  state: apiText(50).optional(),
  city: apiText(100).optional(),
  zip: z.string().trim().regex(/^\d{5}(-\d{4})?$/, "zip must be 12345 or 12345-6789").nullish(),
  phone: z.string().trim().regex(/^[0-9 ()+.-]{6,20}$/, "phone must be a valid phone number").nullish(),
});

/** Step fields are validated by the step schemas in the service (after merging what is stored). */
export const jsonObjectSchema = z.record(z.string(), z.unknown(), { error: "The body must be a JSON object" });
