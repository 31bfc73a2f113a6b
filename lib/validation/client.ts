import { z } from "./zod";

// Client actions: create a project, shortlist, invite (000 §2, DESIGN 'we build the real thing').

export const PROJECT_TYPES = [
  { value: "interview", label: "Interview" },
  { value: "survey", label: "Survey" },
  { value: "other", label: "Other" },
] as const;
export const LOCATION_TYPES = [
  { value: "remote", label: "Remote" },
  { value: "video", label: "Video call" },
  { value: "phone", label: "Phone" },
  { value: "in_person", label: "In person" },
] as const;

const uuid = (what: string) => z.uuid(`${what} is not valid`);

export const createProjectSchema = z.object({
  title: z.string().trim().min(3, "Title must be at least 3 characters").max(120, "Title must be at most 120 characters"),
  description: z.string().trim().min(10, "Description must be at least 10 characters").max(2000, "Description must be at most 2000 characters"),
  projectType: z.enum(["interview", "survey", "other"], { error: "Choose interview, survey or other" }),
  /** Dollars, whole or with cents. */
  compensation: z.coerce
    .number({ error: "Compensation must be a number" })
    .min(0, "Compensation must be 0 or more")
    .max(10_000, "Compensation must be at most $10,000")
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "Compensation can have at most 2 decimals"),
  durationMinutes: z.coerce.number({ error: "Duration must be a number" }).int("Duration must be whole minutes").min(5, "Duration must be at least 5 minutes").max(480, "Duration must be at most 480 minutes"),
  locationType: z.enum(["remote", "video", "phone", "in_person"], { error: "Choose a location type" }),
  /** yyyy-mm-dd; must not be in the past. */
  deadline: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Deadline must be a date")
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Deadline must be a date")
    .refine((d) => d >= new Date().toISOString().slice(0, 10), "Deadline cannot be in the past"),
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

export const shortlistSchema = z.object({ expertId: uuid("Expert") });
export const inviteSchema = z.object({
  expertId: uuid("Expert"),
  projectId: uuid("Project"),
  message: z.string().trim().max(1000, "Message must be at most 1000 characters").optional(),
});
export type InviteInput = z.infer<typeof inviteSchema>;
