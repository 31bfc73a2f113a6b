import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { requirePermission } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/auth/session";

/**
 * The expert row of the acting user (the impersonated one while an admin impersonates), after
 * the one permission check every dashboard service makes. Every dashboard query is scoped by
 * the id this returns, never by an id from the request.
 */
export async function requireExpertOf(actor: Actor | null) {
  requirePermission(actor, "update:expert:own");
  const expert = await db().expert.findUnique({ where: { userId: actor.userId }, select: { id: true, userId: true, timeZone: true } });
  if (!expert) throw new AppError("NOT_FOUND", "Expert profile not found.");
  return expert;
}

/** "YYYY-MM-DD" of `now` as seen in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A wall-clock date and time in `timeZone` as the UTC instant it denotes. */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (t: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" })
        .formatToParts(new Date(t))
        .map((p) => [p.type, p.value]),
    );
    const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
    return asUtc - Math.floor(t / 60_000) * 60_000;
  };
  // Two passes settle the offset across a daylight-saving change.
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** A DATE column value (UTC midnight) as "YYYY-MM-DD". */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** "YYYY-MM-DD" → that day's UTC midnight, as a DATE column holds it (the inverse of isoDay). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
