import "server-only";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { dayStart, isoDay, requireExpertOf, todayIn } from "@/lib/experts/dashboard/expert";
import { parseOrThrow } from "@/lib/platform/validation/parse";
import {
  MAX_UPCOMING_BLACKOUTS,
  addBlackoutSchemaFor,
  invitesPauseSchemaFor,
  removeBlackoutSchema,
  schoolHoursSchema,
  type AddBlackoutInput,
  type SchoolHoursInput,
} from "@/lib/engagements/schemas/school-calendar";

// Settings › School calendar. Every function scopes by the acting expert's own row
// (requireExpertOf); the ids in a request only ever narrow that scope.

export type BlackoutView = { id: string; startsOn: string; endsOn: string; label: string };
export type SchoolCalendarView = {
  /** The expert's profile zone: hours and days are read in it. */
  timeZone: string;
  /** The expert's calendar day now ("YYYY-MM-DD"), so forms refuse past days the way the server does. */
  today: string;
  start: string;
  end: string;
  days: number[];
  /** Blackouts not yet over, soonest first. */
  blackouts: BlackoutView[];
  /** "YYYY-MM-DD" (inclusive), or null when invites are not paused or the pause is over. */
  invitesPausedUntil: string | null;
};

const blackoutView = (b: { id: string; startsOn: Date; endsOn: Date; label: string }): BlackoutView => ({
  id: b.id,
  startsOn: isoDay(b.startsOn),
  endsOn: isoDay(b.endsOn),
  label: b.label,
});

/** Blackouts whose last day is `today` or later (a past one no longer affects anything). */
const upcoming = (expertId: string, today: string) => ({ expertId, endsOn: { gte: dayStart(today) } });

async function readCalendar(expertId: string, timeZone: string, now: Date): Promise<SchoolCalendarView> {
  const today = todayIn(timeZone, now);
  const [row, blackouts] = await Promise.all([
    db().expert.findUniqueOrThrow({
      where: { id: expertId },
      select: { schoolHoursStart: true, schoolHoursEnd: true, schoolDays: true, invitesPausedUntil: true },
    }),
    db().schoolBlackout.findMany({
      where: upcoming(expertId, today),
      orderBy: [{ startsOn: "asc" }, { endsOn: "asc" }, { id: "asc" }],
      take: MAX_UPCOMING_BLACKOUTS,
      select: { id: true, startsOn: true, endsOn: true, label: true },
    }),
  ]);
  const paused = row.invitesPausedUntil ? isoDay(row.invitesPausedUntil) : null;
  return {
    timeZone,
    today,
    start: row.schoolHoursStart,
    end: row.schoolHoursEnd,
    days: [...row.schoolDays].sort((a, b) => a - b),
    blackouts: blackouts.map(blackoutView),
    invitesPausedUntil: paused && paused >= today ? paused : null,
  };
}

export async function getSchoolCalendar(actor: Actor | null, now: Date = new Date()): Promise<SchoolCalendarView> {
  const expert = await requireExpertOf(actor);
  return readCalendar(expert.id, expert.timeZone, now);
}

/** School hours and days, in the expert's profile zone. */
export async function saveSchoolHours(actor: Actor | null, input: SchoolHoursInput, now: Date = new Date()): Promise<SchoolCalendarView> {
  const expert = await requireExpertOf(actor);
  const { start, end, days } = parseOrThrow(schoolHoursSchema, input);
  await db().expert.update({ where: { id: expert.id }, data: { schoolHoursStart: start, schoolHoursEnd: end, schoolDays: days } });
  return readCalendar(expert.id, expert.timeZone, now);
}

export async function addBlackout(actor: Actor | null, input: AddBlackoutInput, now: Date = new Date()): Promise<BlackoutView> {
  const expert = await requireExpertOf(actor);
  const today = todayIn(expert.timeZone, now);
  const { label, startsOn, endsOn } = parseOrThrow(addBlackoutSchemaFor(today), input);
  // The count and the insert are not one atomic step: two simultaneous adds at the limit can
  // both pass. The limit only keeps the list readable, so one extra row is harmless.
  const count = await db().schoolBlackout.count({ where: upcoming(expert.id, today) });
  if (count >= MAX_UPCOMING_BLACKOUTS) {
    throw new AppError("CONFLICT", `You already have ${MAX_UPCOMING_BLACKOUTS} upcoming blackouts. Remove one before adding another.`);
  }
  const row = await db().schoolBlackout.create({
    data: { expertId: expert.id, label, startsOn: dayStart(startsOn), endsOn: dayStart(endsOn) },
    select: { id: true, startsOn: true, endsOn: true, label: true },
  });
  return blackoutView(row);
}

/** Removes one of the expert's own blackouts; anyone else's (or a missing one) is "not found". */
export async function removeBlackout(actor: Actor | null, blackoutId: string): Promise<void> {
  const expert = await requireExpertOf(actor);
  const { blackoutId: id } = parseOrThrow(removeBlackoutSchema, { blackoutId });
  const { count } = await db().schoolBlackout.deleteMany({ where: { id, expertId: expert.id } });
  if (count === 0) throw new AppError("NOT_FOUND", "Blackout not found.");
}

/** No new invites through `until` (inclusive, the expert's calendar day); null lifts the pause. */
export async function setInvitesPausedUntil(
  actor: Actor | null,
  until: string | null,
  now: Date = new Date(),
): Promise<{ invitesPausedUntil: string | null }> {
  const expert = await requireExpertOf(actor);
  const parsed = parseOrThrow(invitesPauseSchemaFor(todayIn(expert.timeZone, now)), { until });
  await db().expert.update({ where: { id: expert.id }, data: { invitesPausedUntil: parsed.until ? dayStart(parsed.until) : null } });
  return { invitesPausedUntil: parsed.until };
}
