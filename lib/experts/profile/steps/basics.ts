import { z } from "@/lib/platform/validation/zod";
import { defineStep } from "@/lib/experts/profile/step";
import { choice, optionalText, requiredText } from "@/lib/experts/profile/rules";
import { storedRoleTitle } from "@/lib/vocabulary/roles";
import { valuesOf } from "@/lib/vocabulary/options";
import { US_STATES } from "@/lib/vocabulary/places";
import { DEFAULT_TIME_ZONE, TIME_ZONES } from "@/lib/vocabulary/time";
import { CHOOSABLE_AVAILABILITY } from "@/lib/vocabulary/availability";

/**
 * Step 1: role, organization, state, availability and time zone; plus the department and the
 * "About" text the public profile shows.
 */
export const basics = defineStep({
  title: "Basic Information",
  schema: z.object({
    // The role value ("assistant-principal", as the API sends it) or the stored label; kept as the label.
    roleTitle: z
      .string({ error: "Role/title is required" })
      .transform((v, ctx) => storedRoleTitle(v) ?? (ctx.addIssue({ code: "custom", message: "Role/title is required" }), z.NEVER)),
    organizationName: requiredText("Organization"),
    state: z.enum(valuesOf(US_STATES), { error: "State is required" }),
    availabilityStatus: choice(CHOOSABLE_AVAILABILITY, "availability status").default("available"),
    timeZone: z.enum(valuesOf(TIME_ZONES), { error: "Time zone is required" }).default(DEFAULT_TIME_ZONE),
    department: optionalText("Department", 200),
    bio: optionalText("About", 2000),
  }),
  defaults: {
    roleTitle: null,
    organizationName: null,
    state: null,
    availabilityStatus: "available",
    timeZone: DEFAULT_TIME_ZONE,
    department: null,
    bio: null,
  },
  fromRow: (row) => ({
    roleTitle: row.roleTitle,
    organizationName: row.organizationName,
    state: US_STATES.find((s) => s.value === row.state)?.value ?? null,
    // "busy" is never chosen in onboarding; the form shows its nearest choice.
    availabilityStatus: row.availabilityStatus === "busy" ? "limited" : row.availabilityStatus,
    timeZone: TIME_ZONES.find((t) => t.value === row.timeZone)?.value ?? DEFAULT_TIME_ZONE,
    department: row.department,
    bio: row.bio,
  }),
  toColumns: (v) => ({ ...v }),
});
