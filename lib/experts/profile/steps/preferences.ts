import { z } from "@/lib/platform/validation/zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { defineStep } from "@/lib/experts/profile/step";
import { choice, uniqueChoices } from "@/lib/experts/profile/rules";
import { CHOOSABLE_AVAILABILITY } from "@/lib/vocabulary/availability";
import { INTERVIEW_PREFERENCES, RESEARCH_TYPES } from "@/lib/vocabulary/research";
import { AVAILABILITY_SLOTS, WEEK_DAYS, type WeekDay } from "@/lib/vocabulary/time";

export const MAX_HOURS = { min: 1, max: 20, default: 5 } as const;

/** Visibility defaults: public, organization, experience and rates shown; contact info hidden. */
const VISIBILITY_DEFAULTS = {
  isPublicProfile: true,
  showOrganization: true,
  showExperience: true,
  showRates: true,
  showContactInfo: false,
} as const;

const researchTypes = uniqueChoices(RESEARCH_TYPES, "research type");
const interviewPreferences = uniqueChoices(INTERVIEW_PREFERENCES, "interview preference");
const slot = z.enum(AVAILABILITY_SLOTS as [string, ...string[]], { error: "Availability slots are hourly from 08:00 to 19:00" });

/** { monday: ["08:00", …] }: known days and hourly slots, each day sorted and unique, empty days left out. */
export const availabilityHoursSchema = z
  .partialRecord(z.enum(WEEK_DAYS, { error: "Availability days are monday to sunday" }), z.array(slot))
  .transform(
    (hours) =>
      Object.fromEntries(
        WEEK_DAYS.map((d) => [d, [...new Set(hours[d] ?? [])].sort()]).filter(([, slots]) => (slots as string[]).length > 0),
      ) as Partial<Record<WeekDay, string[]>>,
  );

const hoursPerWeek = `Maximum hours per week must be between ${MAX_HOURS.min} and ${MAX_HOURS.max}`;

/** Step 4: research types, interview preferences, availability and visibility. */
export const preferences = defineStep({
  title: "Research Preferences",
  schema: z.object({
    researchTypes: researchTypes.min(1, "Choose at least one research type"),
    interviewPreferences: interviewPreferences.min(1, "Choose at least one interview preference"),
    availabilityStatus: choice(CHOOSABLE_AVAILABILITY, "availability status"),
    availabilityHours: availabilityHoursSchema.default({}),
    maxHoursPerWeek: z.coerce
      .number({ error: "Maximum hours per week is required" })
      .int("Maximum hours per week must be a whole number")
      .min(MAX_HOURS.min, hoursPerWeek)
      .max(MAX_HOURS.max, hoursPerWeek)
      .default(MAX_HOURS.default),
    isPublicProfile: z.boolean().default(VISIBILITY_DEFAULTS.isPublicProfile),
    showOrganization: z.boolean().default(VISIBILITY_DEFAULTS.showOrganization),
    showExperience: z.boolean().default(VISIBILITY_DEFAULTS.showExperience),
    showRates: z.boolean().default(VISIBILITY_DEFAULTS.showRates),
    showContactInfo: z.boolean().default(VISIBILITY_DEFAULTS.showContactInfo),
  }),
  draft: { researchTypes, interviewPreferences },
  defaults: {
    researchTypes: [],
    interviewPreferences: [],
    availabilityStatus: "available",
    availabilityHours: {},
    maxHoursPerWeek: MAX_HOURS.default,
    ...VISIBILITY_DEFAULTS,
  },
  fromRow: (row) => ({
    researchTypes: row.researchTypes,
    interviewPreferences: row.interviewPreferences,
    availabilityStatus: row.availabilityStatus === "busy" ? "limited" : row.availabilityStatus,
    // Written only through availabilityHoursSchema, so the stored JSON has its shape.
    availabilityHours: (row.availabilityHours ?? {}) as Partial<Record<WeekDay, string[]>>,
    maxHoursPerWeek: row.maxHoursPerWeek,
    isPublicProfile: row.isPublicProfile,
    showOrganization: row.showOrganization,
    showExperience: row.showExperience,
    showRates: row.showRates,
    showContactInfo: row.showContactInfo,
  }),
  toColumns: ({ availabilityHours, ...v }) => ({
    ...v,
    ...(availabilityHours !== undefined ? { availabilityHours: availabilityHours as Prisma.InputJsonValue } : {}),
  }),
});
