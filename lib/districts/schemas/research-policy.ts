import { z } from "@/lib/platform/validation/zod";

// A district's research policy as the admin's or the officer's form sends it. One schema for the
// form, the action and the service.

export const POLICY_DOCUMENTS = ["application", "irb_letter", "instruments", "consent_letter", "principal_support"] as const;
export type PolicyDocument = (typeof POLICY_DOCUMENTS)[number];

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be ${max} characters or fewer.` })
    .transform((s) => (s === "" ? null : s))
    .nullish()
    .transform((s) => s ?? null);

export const researchPolicySchema = z
  .object({
    approvalRequired: z.enum(["yes", "no", "unknown"], { error: "Choose whether the district requires approval." }),
    scope: z.enum(["all_staff_research", "school_hours_or_devices"], { error: "Choose which studies need approval." }).nullish(),
    officeName: optionalText(200, "The office's name"),
    officeEmail: z
      .union([z.literal(""), z.email({ error: "Enter the office's e-mail address, like research@district.org." }).max(254)])
      .nullish()
      .transform((s) => (s ? s.toLowerCase() : null)),
    officePhone: optionalText(40, "The phone number"),
    officeUrl: z
      .union([z.literal(""), z.url({ protocol: /^https?$/, error: "Enter the web page's address, starting with https://." }).max(500)])
      .nullish()
      .transform((s) => s || null),
    typicalReviewDays: z
      .number({ error: "Enter the typical review time in days." })
      .int({ error: "Enter whole days." })
      .min(1, { error: "The review time is at least 1 day." })
      .max(365, { error: "The review time is at most 365 days." })
      .nullish()
      .transform((n) => n ?? null),
    documents: z
      .array(z.enum(POLICY_DOCUMENTS, { error: "Choose documents from the list." }))
      .max(5)
      .default([]),
    giftLimitCents: z
      .number({ error: "Enter the gift limit in dollars." })
      .int({ error: "Enter the gift limit in whole cents." })
      .min(0, { error: "The gift limit cannot be negative." })
      .max(10_000_00, { error: "The gift limit is at most $10,000." })
      .nullish()
      .transform((n) => n ?? null),
    source: z
      .string()
      .trim()
      .min(3, { error: "Say where the policy was read (a web page, a letter)." })
      .max(300, { error: "The source must be 300 characters or fewer." }),
    sourceDate: z.iso.date({ error: "Enter the date the policy was read." }),
  })
  .transform((p) => ({
    ...p,
    scope: p.approvalRequired === "yes" ? (p.scope ?? "all_staff_research") : null,
    documents: [...new Set(p.documents)],
  }));

/**
 * The gift limit as typed on the form, in dollars ("250", "250.50", "$1,000"), to cents; blank
 * means no limit. The bounds are the policy schema's, checked on the cents.
 */
export const giftLimitDollarsSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/^\$/, "").replace(/,/g, ""))
  .refine((s) => s === "" || /^\d{1,7}(\.\d{1,2})?$/.test(s), { error: "Enter the gift limit in dollars, like 250 or 250.50." })
  .transform((s) => (s === "" ? null : Math.round(Number(s) * 100)));

export type ResearchPolicyInput = z.input<typeof researchPolicySchema>;
export type ResearchPolicyValues = z.output<typeof researchPolicySchema>;

export const leaidSchema = z.string().regex(/^\d{7}$/, { error: "District not found." });
