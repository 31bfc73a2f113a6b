import { z } from "../../platform/validation/zod";

// The bodies of the experts-* route handlers. The onboarding steps' own rules live in
// the profile table (lib/experts/profile/table.ts).

// ───────────────── API bodies of the experts-* route handlers ─────────────────
const apiText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

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

const apiRequired = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const signupUpsertSchema = z.object({
  userId: z.uuid("userId must be a UUID"),
  firstName: apiRequired("firstName", 100),
  lastName: apiRequired("lastName", 100),
  email: z.string({ error: "email is required" }).trim().toLowerCase().pipe(z.email("email must be a valid e-mail address")),
  orgName: apiRequired("orgName"),
  title: apiRequired("title", 100),
  state: apiText(50).optional(),
  city: apiText(100).optional(),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "zip must be 12345 or 12345-6789")
    .nullish(),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9 ()+.-]{6,20}$/, "phone must be a valid phone number")
    .nullish(),
});

/** Step fields are validated by the step schemas in the service (after merging what is stored). */
export const jsonObjectSchema = z.record(z.string(), z.unknown(), { error: "The body must be a JSON object" });
