import { z } from "../../platform/validation/zod";
import { DEFAULT_TIME_ZONE, SLOT_TIMES } from "@/lib/vocabulary/time";
import { availabilityHoursSchema } from "@/lib/experts/profile/steps/preferences";

// Shared by the dashboard's forms and its server actions.

/** The six default topics and their starting ratings. */
export const DEFAULT_EXPERTISE = [
  { topic: "Curriculum Development", rating: 4 },
  { topic: "Educational Technology", rating: 5 },
  { topic: "Student Assessment", rating: 3 },
  { topic: "Teacher Training", rating: 4 },
  { topic: "Special Education", rating: 2 },
  { topic: "School Operations", rating: 3 },
] as const;
export const EXPERTISE_TOPICS: string[] = DEFAULT_EXPERTISE.map((t) => t.topic);

const uuid = z.uuid({ message: "Invalid id." });
const rating = z
  .int({ message: "Choose a rating from 1 to 5." })
  .min(1, "Choose a rating from 1 to 5.")
  .max(5, "Choose a rating from 1 to 5.");

export const cashOutSchema = z.object({});

export const pulseAnswerSchema = z
  .object({
    surveyId: uuid,
    rating: rating.optional(),
    text: z.string().trim().max(2000, "Keep your answer under 2,000 characters.").optional(),
  })
  .transform((v) => ({ ...v, text: v.text ? v.text : undefined }))
  .refine((v) => v.rating !== undefined || v.text !== undefined, {
    message: "Please choose a rating or write an answer.",
    path: ["rating"],
  });
/** What the service accepts (the parsed shape, with optional fields left out). */
export type PulseAnswerInput = { surveyId: string; rating?: number; text?: string };

const optionalText = z
  .string()
  .trim()
  .max(2000, "Keep this under 2,000 characters.")
  .optional()
  .transform((v) => (v ? v : undefined));

export const feedbackSchema = z.object({
  opportunityId: uuid,
  rating: z.int({ message: "Please give an overall rating." }).min(1, "Please give an overall rating.").max(5, "Ratings are 1 to 5."),
  experienceRating: rating.optional(),
  communicationRating: rating.optional(),
  feedbackText: optionalText,
  suggestions: optionalText,
  wouldRecommend: z.boolean().optional(),
});
export type FeedbackInput = {
  opportunityId: string;
  rating: number;
  experienceRating?: number;
  communicationRating?: number;
  feedbackText?: string;
  suggestions?: string;
  wouldRecommend?: boolean;
};

const isValidTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** The longest "Repeat weekly" run of one-off slots added at once. */
export const MAX_REPEAT_WEEKS = 12;

const slotDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a day.")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Choose a valid day.");

export const addSlotSchema = z
  .object({
    date: slotDay,
    startTime: z.string({ message: "Choose a start time." }).refine((t) => SLOT_TIMES.includes(t), "Choose a start time."),
    endTime: z.string({ message: "Choose an end time." }).refine((t) => SLOT_TIMES.includes(t), "Choose an end time."),
    timezone: z.string().trim().min(1).max(64).refine(isValidTimeZone, "Unknown time zone.").default(DEFAULT_TIME_ZONE),
    /** "Repeat weekly": the same times on the same weekday for this many weeks, the chosen day first. */
    repeatWeeks: z
      .int({ message: `Choose 1 to ${MAX_REPEAT_WEEKS} weeks.` })
      .min(1, `Choose 1 to ${MAX_REPEAT_WEEKS} weeks.`)
      .max(MAX_REPEAT_WEEKS, `Choose 1 to ${MAX_REPEAT_WEEKS} weeks.`)
      .optional(),
  })
  .refine((v) => v.endTime > v.startTime, { message: "End time must be after the start time.", path: ["endTime"] });
export type AddSlotInput = z.infer<typeof addSlotSchema>;

export const removeSlotSchema = z.object({ slotId: uuid });

/** The weekly hours edited in the Availability Calendar: the onboarding grid's own rule. */
export const weeklyHoursSchema = z.object({ availabilityHours: availabilityHoursSchema });
export type WeeklyHoursInput = z.input<typeof weeklyHoursSchema>;

/** The calendar loads the slots of the month it shows ("YYYY-MM"). */
export const monthSlotsSchema = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month.") });

export const expertiseRatingsSchema = z.object({
  ratings: z
    .array(z.object({ topic: z.string().refine((t) => EXPERTISE_TOPICS.includes(t), "Unknown topic."), rating }))
    .min(1, "Nothing to save.")
    .max(EXPERTISE_TOPICS.length)
    .refine((list) => new Set(list.map((r) => r.topic)).size === list.length, "Each topic once."),
});
export type ExpertiseRatingsInput = z.infer<typeof expertiseRatingsSchema>;

export const settingsSchema = z.object({
  privacy: z.object({
    showContactInfo: z.boolean(),
    showExperience: z.boolean(),
    showOrganization: z.boolean(),
    showRates: z.boolean(),
    isPublicProfile: z.boolean(),
  }),
  notifications: z.object({
    emailOpportunities: z.boolean(),
    emailReminders: z.boolean(),
    emailFeedback: z.boolean(),
    pushNotifications: z.boolean(),
  }),
});
export type SettingsInput = z.infer<typeof settingsSchema>;

/** The impact panel's monthly goal, the expert's own number of engagements (experts.monthly_goal, a DB CHECK of 1–50, default 8). */
export const MONTHLY_GOAL_RANGE = { min: 1, max: 50 } as const;
export const MONTHLY_GOAL_MESSAGE = `Enter a whole number of engagements from ${MONTHLY_GOAL_RANGE.min} to ${MONTHLY_GOAL_RANGE.max}.`;
export const monthlyGoalSchema = z.object({
  // Coerced: the form posts the number field's text.
  monthlyGoal: z.coerce
    .number({ message: MONTHLY_GOAL_MESSAGE })
    .int(MONTHLY_GOAL_MESSAGE)
    .min(MONTHLY_GOAL_RANGE.min, MONTHLY_GOAL_MESSAGE)
    .max(MONTHLY_GOAL_RANGE.max, MONTHLY_GOAL_MESSAGE),
});
export type MonthlyGoalInput = z.output<typeof monthlyGoalSchema>;
