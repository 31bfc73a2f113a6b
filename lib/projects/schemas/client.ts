import { z } from "../../platform/validation/zod";
import { timeZoneSchema } from "../../accounts/schemas/time-zone";
import { screenerQuestionsSchema } from "@/lib/engagements/screener";
import { LOCATION_TYPES, PROJECT_TYPES, PROJECT_VISIBILITIES, RESEARCH_TYPES } from "@/lib/vocabulary/studies";
import { surveyUrlProblem } from "@/lib/engagements/survey-links";
import { valuesOf } from "@/lib/vocabulary/options";
import { backupSeatsField, seatsField } from "@/lib/engagements/schemas/focus-groups";

// Client actions: create a project, shortlist, invite (each one stored, not a toast only).

const uuid = (what: string) => z.uuid(`${what} is not valid`);

/** Dollars, whole or with cents, from 0 to `max`. */
const dollars = (what: string, max: number) =>
  z.coerce
    .number({ error: `${what} must be a number` })
    .min(0, `${what} must be 0 or more`)
    .max(max, `${what} must be at most $${max.toLocaleString("en-US")}`)
    .refine(
      (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      `${what} can have at most 2 decimals`,
    );

const projectObject = z.object({
  title: z.string().trim().min(3, "Title must be at least 3 characters").max(120, "Title must be at most 120 characters"),
  description: z
    .string()
    .trim()
    .min(10, "Description must be at least 10 characters")
    .max(2000, "Description must be at most 2000 characters"),
  projectType: z.enum(valuesOf(PROJECT_TYPES), { error: "Choose interview, survey, focus group or other" }),
  researchType: z
    .enum(valuesOf(RESEARCH_TYPES), { error: "Choose a research type" })
    .optional()
    .nullable()
    .or(z.literal("").transform(() => null)),
  /** Dollars, whole or with cents. */
  compensation: dollars("Compensation", 10_000),
  /**
   * The most the project may commit in incentives, in dollars. Empty or null: no limit; left out
   * (an API caller that does not know budgets): the budget stays as it is.
   */
  budget: z.union([z.literal("").transform(() => null), z.null(), dollars("Budget", 1_000_000)]).optional(),
  /** A survey's own address with {{participant_id}}; required for a survey, ignored otherwise. */
  surveyUrl: z.string().trim().max(2000, "Survey link must be at most 2000 characters").optional().nullable(),
  /** What a survey pays at its screen-out and over-quota ends (zero allowed). */
  screenOutPay: dollars("Screen-out pay", 1_000).optional(),
  overQuotaPay: dollars("Over-quota pay", 1_000).optional(),
  /** What a focus group pays a backup seat kept free and not needed (zero allowed). */
  backupFee: dollars("Backup seat fee", 1_000).optional(),
  durationMinutes: z.coerce
    .number({ error: "Duration must be a number" })
    .int("Duration must be whole minutes")
    .min(5, "Duration must be at least 5 minutes")
    .max(480, "Duration must be at most 480 minutes"),
  locationType: z.enum(valuesOf(LOCATION_TYPES), { error: "Choose a location type" }),
  /** yyyy-mm-dd; must not be in the past. */
  deadline: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Deadline must be a date")
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Deadline must be a date")
    .refine((d) => d >= new Date().toISOString().slice(0, 10), "Deadline cannot be in the past"),
  /** Sessions wanted; more may be accepted (over-recruiting). */
  quota: z.coerce
    .number({ error: "Sessions wanted must be a number" })
    .int("Sessions wanted must be a whole number")
    .min(1, "Ask for at least 1 session")
    .max(500, "Sessions wanted must be at most 500")
    .default(1),
  timeZone: timeZoneSchema.default("America/New_York"),
  visibility: z.enum(valuesOf(PROJECT_VISIBILITIES), { error: "Choose open or invite only" }).default("open"),
  /** Omitted or empty: no screener. */
  screener: screenerQuestionsSchema.optional().nullable(),
});

/** A survey needs its link; every other type leaves the survey fields unused. */
const surveyLinkRule = (v: { projectType: string; surveyUrl?: string | null }, ctx: z.RefinementCtx) => {
  if (v.projectType !== "survey") return;
  const problem = v.surveyUrl ? surveyUrlProblem(v.surveyUrl) : "A survey needs its link";
  if (problem) ctx.addIssue({ code: "custom", path: ["surveyUrl"], message: problem });
};

export const createProjectSchema = projectObject.superRefine(surveyLinkRule);
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

/** Every new project carries the client's research attestation (editing does not ask again). */
export const RESEARCH_ATTESTATION_REQUIRED = "Please confirm this is research, not a sales contact";
/**
 * A new focus group may carry its first session: the start as the client's wall-clock time in
 * the project's zone ("2026-12-03T16:00"), its seats and backup seats. More are added later.
 */
const firstSessionFields = {
  firstSessionAt: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Choose a date and time")
    .optional()
    .nullable()
    .or(z.literal("").transform(() => null)),
  firstSessionSeats: seatsField.optional(),
  firstSessionBackupSeats: backupSeatsField.optional(),
};
export const newProjectSchema = projectObject
  .extend({ researchAttested: z.literal(true, { error: RESEARCH_ATTESTATION_REQUIRED }), ...firstSessionFields })
  .superRefine(surveyLinkRule);
export type NewProjectInput = z.infer<typeof newProjectSchema>;

export const updateProjectSchema = projectObject.extend({ projectId: z.uuid("Project is not valid") }).superRefine(surveyLinkRule);
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

export const projectStatusSchema = z.object({
  projectId: z.uuid("Project is not valid"),
  status: z.enum(["open", "paused", "closed"], { error: "Choose open, paused or closed" }),
});

export const shortlistSchema = z.object({ expertId: uuid("Expert") });
export const inviteSchema = z.object({
  expertId: uuid("Expert"),
  projectId: uuid("Project"),
  message: z.string().trim().max(1000, "Message must be at most 1000 characters").optional(),
  /** The client saw "This expert declared a relationship with your organization" and invites anyway. */
  confirmConflict: z.boolean().optional(),
});
export type InviteInput = z.infer<typeof inviteSchema>;

/** A billing member sets or clears a project's budget (dollars; empty: no budget). */
export const projectBudgetSchema = z.object({
  projectId: z.uuid("Project is not valid"),
  budget: z.union([z.literal("").transform(() => null), z.null(), dollars("Budget", 1_000_000)]),
});
