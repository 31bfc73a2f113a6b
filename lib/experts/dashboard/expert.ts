import "server-only";
import { AppError } from "@/lib/platform/errors";
import { requirePermission } from "@/lib/accounts/permissions";
import type { Actor } from "@/lib/accounts/actor";
import { dayIn } from "@/lib/platform/zoned-time";
import { ownExpertRow } from "@/lib/accounts/expert-row";

/**
 * The expert row of the acting user (the impersonated one while an admin impersonates), after
 * the one permission check every dashboard service makes. Every dashboard query is scoped by
 * the id this returns, never by an id from the request.
 */
export async function requireExpertOf(actor: Actor | null) {
  requirePermission(actor, "update:expert:own");
  const expert = await ownExpertRow(actor.userId);
  if (!expert) throw new AppError("NOT_FOUND", "Expert profile not found.");
  return expert;
}

/** "YYYY-MM-DD" of `now` as seen in `timeZone`. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => dayIn(now, timeZone);

/** A DATE column value (UTC midnight) as "YYYY-MM-DD". */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** "YYYY-MM-DD" → that day's UTC midnight, as a DATE column holds it (the inverse of isoDay). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
