import { z } from "@/lib/platform/validation/zod";
import { normalizeDomain } from "@/lib/experts/work-email-rules";

// The work (school or district) e-mail forms and the admin's district list.

export const workEmailRequestSchema = z.object({
  workEmail: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "Enter a valid e-mail address." }).max(254, "Enter a valid e-mail address.")),
});
export type WorkEmailRequestInput = z.input<typeof workEmailRequestSchema>;

export const districtDomainSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .transform(normalizeDomain)
    .pipe(z.string().regex(/^(?=.{3,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, "Enter a domain like springfieldpublicschools.org.")),
  districtName: z.string().trim().min(2, "Enter the district's name.").max(200, "Keep the name under 200 characters."),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Enter the two-letter state."),
  /** The district in the directory it names, when the admin picks one. */
  leaid: z
    .string()
    .trim()
    .regex(/^\d{7}$/, "Enter the district's 7-digit NCES LEAID.")
    .optional(),
  /** The review page the form sits on, so the page can refresh (not stored). */
  expertId: z.uuid().optional(),
});
export type DistrictDomainInput = z.input<typeof districtDomainSchema>;

export const workEmailBadgesSchema = z.object({ expertIds: z.array(z.uuid()).min(1).max(100) });
