import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SchoolCalendar } from "@/lib/engagements/school-hours";
import { WEEKS_AHEAD, type BusyStretch, type WeeklyFacts, type WeeklyHours } from "@/lib/engagements/weekly-hours";
import { availabilityHoursSchema } from "@/lib/experts/profile/steps/preferences";
import { dayStart, isoDay, todayIn } from "@/lib/experts/dashboard/expert";
import { zonedTimeToUtc } from "@/lib/platform/zoned-time";

// What an expert is free for, read from the database for the pure rules in
// lib/engagements/school-hours.ts and lib/engagements/weekly-hours.ts: the school calendar, the
// weekly hours, and what already holds the expert's time. Pick Time's list and the booking of a
// weekly time both read it here, so they cannot disagree.

type Reader = Tx | ReturnType<typeof db>;

/** The expert columns a school calendar is read from. */
export const schoolCalendarSelect = {
  timeZone: true,
  schoolHoursStart: true,
  schoolHoursEnd: true,
  schoolDays: true,
  schoolBlackouts: { select: { startsOn: true, endsOn: true, label: true } },
} satisfies Prisma.ExpertSelect;

export const toSchoolCalendar = (e: Prisma.ExpertGetPayload<{ select: typeof schoolCalendarSelect }>): SchoolCalendar => ({
  timeZone: e.timeZone,
  start: e.schoolHoursStart,
  end: e.schoolHoursEnd,
  days: e.schoolDays,
  blackouts: e.schoolBlackouts.map((b) => ({ startsOn: isoDay(b.startsOn), endsOn: isoDay(b.endsOn), label: b.label })),
});

/** The expert's school calendar as the pure helpers take it. */
export async function schoolCalendarOf(expertId: string, reader: Reader = db()): Promise<SchoolCalendar> {
  return toSchoolCalendar(await reader.expert.findUniqueOrThrow({ where: { id: expertId }, select: schoolCalendarSelect }));
}

/**
 * The stored grid in the shape the rules take. It is only written through the same schema, so a
 * row that does not parse (hand-edited data) offers nothing rather than failing Pick Time.
 */
export function weeklyHoursOf(stored: unknown): WeeklyHours {
  const parsed = availabilityHoursSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}

export type ExpertAvailability = {
  hours: WeeklyHours;
  calendar: SchoolCalendar;
  /** Scheduled sessions still ahead, and new times proposed for them (held until answered). */
  sessions: BusyStretch[];
  /** Every one-off slot in the weekly window, free or booked. */
  slots: BusyStretch[];
  now: Date;
};

/**
 * Everything that decides when the expert is free, as of `now`. `exceptEngagementId` leaves out
 * one engagement's own session, so moving a session is not blocked by the time it moves from.
 */
export async function expertAvailabilityOf(
  expertId: string,
  now: Date,
  opts: { reader?: Reader; exceptEngagementId?: string } = {},
): Promise<ExpertAvailability> {
  const reader = opts.reader ?? db();
  const row = await reader.expert.findUniqueOrThrow({
    where: { id: expertId },
    select: { availabilityHours: true, ...schoolCalendarSelect },
  });
  const calendar = toSchoolCalendar(row);
  const today = todayIn(calendar.timeZone, now);
  // A slot's own zone may differ from the profile zone by up to a day either way.
  const from = new Date(dayStart(today).getTime() - 86_400_000);
  const to = new Date(dayStart(today).getTime() + (WEEKS_AHEAD * 7 + 1) * 86_400_000);
  const engagement = opts.exceptEngagementId ? { expertId, id: { not: opts.exceptEngagementId } } : { expertId };
  // One after the other: inside a booking's transaction both run on its one connection.
  const sessionRows = await reader.engagementSession.findMany({
    where: { status: "scheduled", engagement, OR: [{ endsAt: { gt: now } }, { proposedStartsAt: { gt: now } }] },
    select: { startsAt: true, endsAt: true, proposedStartsAt: true },
  });
  const slotRows = await reader.availabilitySlot.findMany({
    where: { expertId, date: { gte: from, lte: to } },
    select: { date: true, startTime: true, endTime: true, timezone: true },
  });
  const sessions: BusyStretch[] = [];
  for (const s of sessionRows) {
    sessions.push({ start: s.startsAt, end: s.endsAt });
    // A proposed new time runs as long as the session it would move.
    if (s.proposedStartsAt)
      sessions.push({
        start: s.proposedStartsAt,
        end: new Date(s.proposedStartsAt.getTime() + (s.endsAt.getTime() - s.startsAt.getTime())),
      });
  }
  const slots = slotRows.map((s) => ({
    start: zonedTimeToUtc(isoDay(s.date), s.startTime, s.timezone),
    end: zonedTimeToUtc(isoDay(s.date), s.endTime, s.timezone),
  }));
  return { hours: weeklyHoursOf(row.availabilityHours), calendar, sessions, slots, now };
}

/**
 * The facts the weekly-hours rule takes: sessions and one-off slots are both busy, so a weekly
 * time never doubles a one-off slot (that slot is offered, or booked, on its own).
 */
export const weeklyFacts = (a: ExpertAvailability): WeeklyFacts => ({
  hours: a.hours,
  calendar: a.calendar,
  busy: [...a.sessions, ...a.slots],
  now: a.now,
});
