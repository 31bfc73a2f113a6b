import "server-only";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { MAX_REPEAT_WEEKS, weeklyHoursSchema, type AddSlotInput, type WeeklyHoursInput } from "@/lib/experts/schemas/dashboard";
import { formatDay } from "@/lib/platform/format";
import { parseOrThrow } from "@/lib/platform/validation/parse";
import { weeklyHoursOf } from "@/lib/engagements/expert-availability";
import type { WeeklyHours } from "@/lib/engagements/weekly-hours";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CalendarMonthView, CalendarSlotView } from "@/lib/engagements/view-types";
import { dayStart, isoDay, requireExpertOf, todayIn } from "@/lib/experts/dashboard/expert";
import type { Actor } from "@/lib/accounts/actor";

const toView = (s: {
  id: string;
  date: Date;
  startTime: string;
  endTime: string;
  timezone: string;
  isAvailable: boolean;
}): CalendarSlotView => ({
  id: s.id,
  date: isoDay(s.date),
  startTime: s.startTime,
  endTime: s.endTime,
  timezone: s.timezone,
  isAvailable: s.isAvailable,
});

/**
 * One month of the expert's calendar: its slots by day and start time, with the expert's zone and
 * today in it (the calendar marks days and refuses past ones by that day, not the browser's).
 * `month` ("YYYY-MM") defaults to the current month in the expert's zone. A month holds at most
 * 31 days of non-overlapping 30-minute steps, so it is always read whole.
 */
export async function listSlots(actor: Actor, month?: string, now: Date = new Date()): Promise<CalendarMonthView> {
  const expert = await requireExpertOf(actor);
  const today = todayIn(expert.timeZone, now);
  const shown = month ?? today.slice(0, 7);
  const from = dayStart(`${shown}-01`);
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const rows = await db().availabilitySlot.findMany({
    where: { expertId: expert.id, date: { gte: from, lt: to } },
    orderBy: [{ date: "asc" }, { startTime: "asc" }],
  });
  return { month: shown, today, timeZone: expert.timeZone, slots: rows.map(toView), weeklyHours: weeklyHoursOf(expert.availabilityHours) };
}

/**
 * Adds a slot: the day is not in the past (in the slot's own time zone), end after start, and
 * no overlap with the expert's other slots that day. With `repeatWeeks` the same times are added
 * on the same weekday of each following week too, all or none. A transaction-scoped advisory lock
 * on each (expert, day), taken in day order, keeps two concurrent adds from both passing the
 * overlap check.
 */
export async function addSlots(actor: Actor, input: AddSlotInput, now: Date = new Date()): Promise<CalendarSlotView[]> {
  const expert = await requireExpertOf(actor);
  if (input.date < todayIn(input.timezone, now))
    throw new AppError("BAD_REQUEST", "Choose today or a later day.", { date: ["Choose today or a later day."] });
  if (input.endTime <= input.startTime)
    throw new AppError("BAD_REQUEST", "End time must be after the start time.", { endTime: ["End time must be after the start time."] });
  const weeks = input.repeatWeeks ?? 1;
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > MAX_REPEAT_WEEKS)
    throw new AppError("BAD_REQUEST", `Choose 1 to ${MAX_REPEAT_WEEKS} weeks.`, {
      repeatWeeks: [`Choose 1 to ${MAX_REPEAT_WEEKS} weeks.`],
    });
  const first = dayStart(input.date);
  const days = Array.from({ length: weeks }, (_, i) => new Date(first.getTime() + i * 7 * 86_400_000));
  return db().$transaction(async (tx) => {
    const added: CalendarSlotView[] = [];
    for (const date of days) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`slot:${expert.id}:${isoDay(date)}`}))`;
      const clash = await tx.availabilitySlot.findFirst({
        where: { expertId: expert.id, date, startTime: { lt: input.endTime }, endTime: { gt: input.startTime } },
        select: { startTime: true, endTime: true },
      });
      if (clash) {
        const msg = `This overlaps your ${clash.startTime}-${clash.endTime} slot on ${weeks === 1 ? "that day" : formatDay(date)}.`;
        throw new AppError("CONFLICT", msg, { startTime: [msg] });
      }
      const row = await tx.availabilitySlot.create({
        data: {
          expertId: expert.id,
          date,
          startTime: input.startTime,
          endTime: input.endTime,
          timezone: input.timezone,
          isAvailable: true,
        },
      });
      added.push(toView(row));
    }
    return added;
  });
}

/** Adds one slot on one day (addSlots without repeating). */
export async function addSlot(actor: Actor, input: AddSlotInput, now: Date = new Date()): Promise<CalendarSlotView> {
  const [slot] = await addSlots(actor, { ...input, repeatWeeks: 1 }, now);
  return slot;
}

/** Removes one of the expert's own slots; another expert's slot is "not found". */
export async function removeSlot(actor: Actor, slotId: string) {
  const expert = await requireExpertOf(actor);
  const { count } = await db().availabilitySlot.deleteMany({ where: { id: slotId, expertId: expert.id } });
  if (count !== 1) throw new AppError("NOT_FOUND", "That time slot was not found.");
}

/**
 * Saves the expert's weekly hours (the onboarding grid, edited again from the calendar) on their
 * own row: no id is taken, so nobody can edit another expert's hours. Pick Time reads them on
 * its next opening; sessions already booked keep their times.
 */
export async function saveWeeklyHours(actor: Actor | null, input: WeeklyHoursInput): Promise<WeeklyHours> {
  const expert = await requireExpertOf(actor);
  const { availabilityHours } = parseOrThrow(weeklyHoursSchema, input);
  await db().expert.update({ where: { id: expert.id }, data: { availabilityHours: availabilityHours as Prisma.InputJsonValue } });
  return availabilityHours;
}
