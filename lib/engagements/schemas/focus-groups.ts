import { z } from "@/lib/platform/validation/zod";
import { meetingUrlField as meetingUrl } from "@/lib/engagements/schemas/engagements";

// What a focus group's forms and actions accept: a session the client adds, its meeting link,
// the backup fee, an expert's choice of place, and the attendance of every seat.

const id = (what: string) => z.uuid(`${what} is not valid`);
/** An instant from the browser (ISO 8601 with an offset or Z): the client's local time, converted where they typed it. */
const instant = z.iso.datetime({ offset: true, error: "Choose a date and time" }).transform((v) => new Date(v));

/** How many experts meet in one session, and how many more are kept free in case someone does not come. */
export const seatsField = z.coerce
  .number({ error: "Enter the number of seats" })
  .int("Seats are a whole number")
  .min(2, "A focus group needs at least 2 seats")
  .max(50, "At most 50 seats");
export const backupSeatsField = z.coerce
  .number({ error: "Enter the number of backup seats" })
  .int("Backup seats are a whole number")
  .min(0, "Backup seats cannot be negative")
  .max(10, "At most 10 backup seats");

export const studySessionSchema = z.object({
  projectId: id("Project"),
  startsAt: instant,
  seats: seatsField,
  backupSeats: backupSeatsField,
  meetingUrl: meetingUrl.optional().nullable(),
});
export type StudySessionInput = Omit<z.infer<typeof studySessionSchema>, "projectId">;

export const studySessionIdSchema = z.object({ studySessionId: id("Session") });
export const studySessionLinkSchema = z.object({ studySessionId: id("Session"), meetingUrl });
export const takeSeatSchema = z.object({
  engagementId: id("Engagement"),
  studySessionId: id("Session"),
  kind: z.enum(["seat", "backup"], { error: "Choose a seat or a backup seat" }),
});
export const joinWaitlistSchema = z.object({ engagementId: id("Engagement"), studySessionId: id("Session") });

export const ATTENDANCE_OUTCOMES = ["attended", "no_show", "not_needed"] as const;
export const attendanceMarkSchema = z.object({
  engagementId: id("Engagement"),
  outcome: z.enum(ATTENDANCE_OUTCOMES, { error: "Choose attended or no-show" }),
});
export type AttendanceMark = z.infer<typeof attendanceMarkSchema>;
export const attendanceSchema = z.object({
  studySessionId: id("Session"),
  marks: z.array(attendanceMarkSchema).min(1, "Mark every seat: attended or no-show.").max(60, "Too many seats"),
});
/** The client corrects one place's mark while the correction window is open. */
export const correctAttendanceSchema = z.object({
  engagementId: id("Engagement"),
  outcome: z.enum(ATTENDANCE_OUTCOMES, { error: "Choose attended, no-show or not needed" }),
});
