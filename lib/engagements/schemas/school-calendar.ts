import { z } from "../../platform/validation/zod";

// The expert's school calendar (Settings › School calendar): shared by the card, its server
// actions and the services. Times and days are the expert's own, in their profile zone; the
// defaults (07:30–15:30, Monday to Friday) are the expert row's column defaults.

export const BLACKOUT_LABEL_MAX = 80;
/** Blackouts still to come that one expert may keep (past ones no longer count). */
export const MAX_UPCOMING_BLACKOUTS = 50;
/** A blackout may cover at most this many days (a school year's long break fits). */
export const MAX_BLACKOUT_DAYS = 366;
/** Invites may be paused at most this many days ahead. */
export const MAX_PAUSE_DAYS = 366;

const DAY_MS = 86_400_000;
const clock = (what: string) =>
  z
    .string({ error: `Enter the ${what} time.` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Enter the ${what} time as HH:MM (24-hour), e.g. 07:30.`);

/** "YYYY-MM-DD" naming a real calendar day (2026-02-30 is refused, not rolled over). */
export const calendarDaySchema = (what: string) =>
  z
    .string({ error: `Choose the ${what}.` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Choose the ${what}.`)
    .refine((d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
    }, `Choose a valid ${what}.`);

/** Whole days from `from` to `to` ("YYYY-MM-DD"). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export const schoolHoursSchema = z
  .object({
    start: clock("start"),
    end: clock("end"),
    days: z
      .array(
        z
          .int({ error: "School days are 0 (Sunday) to 6 (Saturday)." })
          .min(0, "School days are 0 (Sunday) to 6 (Saturday).")
          .max(6, "School days are 0 (Sunday) to 6 (Saturday)."),
        {
          error: "Choose your school days.",
        },
      )
      .max(7, "Each school day once.")
      // Stored once each, in order, whatever order the boxes were ticked in.
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  })
  // "HH:MM" strings compare as times.
  .refine((v) => v.end > v.start, { message: "School hours must end after they start.", path: ["end"] });
export type SchoolHoursInput = z.infer<typeof schoolHoursSchema>;

export const addBlackoutSchema = z
  .object({
    label: z
      .string({ error: "Name the blackout (e.g. Spring testing)." })
      .trim()
      .min(1, "Name the blackout (e.g. Spring testing).")
      .max(BLACKOUT_LABEL_MAX, `Keep the name to ${BLACKOUT_LABEL_MAX} characters or fewer.`),
    startsOn: calendarDaySchema("first day"),
    endsOn: calendarDaySchema("last day"),
  })
  .refine((v) => v.endsOn >= v.startsOn, { message: "The last day cannot be before the first day.", path: ["endsOn"] })
  .refine((v) => v.endsOn < v.startsOn || daysBetween(v.startsOn, v.endsOn) < MAX_BLACKOUT_DAYS, {
    message: `A blackout can cover at most ${MAX_BLACKOUT_DAYS} days.`,
    path: ["endsOn"],
  });
export type AddBlackoutInput = z.infer<typeof addBlackoutSchema>;

export const removeBlackoutSchema = z.object({ blackoutId: z.uuid({ error: "Blackout not found." }) });

/** The shape only: a day or null (null clears the pause). Whether it is past depends on the expert's zone. */
export const invitesPauseSchema = z.object({ until: calendarDaySchema("pause date").nullable() });
export type InvitesPauseInput = z.infer<typeof invitesPauseSchema>;

/** The pause as the expert may set it on `today` (their calendar day, in their zone): not in the past, at most a year ahead. */
export const invitesPauseSchemaFor = (today: string) =>
  invitesPauseSchema
    .refine((v) => v.until === null || v.until >= today, { message: "The pause date cannot be in the past.", path: ["until"] })
    .refine((v) => v.until === null || v.until < today || daysBetween(today, v.until) <= MAX_PAUSE_DAYS, {
      message: `Invites can be paused for at most ${MAX_PAUSE_DAYS} days.`,
      path: ["until"],
    });

/** A blackout as the expert may add it on `today`: it must not be over already. */
export const addBlackoutSchemaFor = (today: string) =>
  addBlackoutSchema.refine((v) => v.endsOn >= today, {
    message: "This blackout is already over: its last day is in the past.",
    path: ["endsOn"],
  });
