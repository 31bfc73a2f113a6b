import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { DEFAULT_TIME_ZONE } from "@/lib/vocabulary/time";
import { parseOrThrow } from "@/lib/platform/validation/parse";
import { timeZoneSchema } from "@/lib/accounts/schemas/time-zone";

// The client's own settings (client dashboard › time zone). Clients and admins acting as clients;
// always the actor's own profile row (the impersonated client's while an admin views as one).

/** The zone every time is shown to this client in, or null while it has not been set. */
export async function getClientTimeZone(actor: Actor | null): Promise<string | null> {
  requirePermission(actor, "search:expert:any");
  const profile = await db().clientProfile.findUnique({ where: { userId: actor.userId }, select: { timeZone: true } });
  return profile?.timeZone ?? null;
}

/** Stores the zone (an IANA name, saved by its canonical spelling) and returns what was stored. */
export async function setClientTimeZone(actor: Actor | null, zone: string): Promise<{ timeZone: string }> {
  requirePermission(actor, "search:expert:any");
  const timeZone = parseOrThrow(timeZoneSchema, zone);
  // Every client has a profile from sign-up; an admin working in the client area has none, so
  // one is made for the zone, with the organization the admin's projects already show.
  await db().clientProfile.upsert({
    where: { userId: actor.userId },
    update: { timeZone },
    create: { userId: actor.userId, organization: "K12 Experts", roleTitle: "", timeZone },
  });
  return { timeZone };
}

/** The zone a client's times are shown in: their own, or the platform default until they have one. */
export const clientZoneFrom = (profile: { timeZone: string | null } | null | undefined) => profile?.timeZone ?? DEFAULT_TIME_ZONE;

/** For other services (e-mails, calendars, the engagement views): the client's zone, or the platform default. */
export async function clientZoneOf(userId: string): Promise<string> {
  return clientZoneFrom(await db().clientProfile.findUnique({ where: { userId }, select: { timeZone: true } }));
}
