import "server-only";
import { cookies } from "next/headers";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { DEFAULT_TIME_ZONE } from "@/lib/vocabulary/time";
import { timeZoneSchema } from "@/lib/accounts/schemas/time-zone";
import { ZONE_COOKIE } from "@/lib/platform/zoned-time";

// Whose zone a page shows times in (docs/decisions/0024-viewer-time-zones.md): an expert's is
// their profile's (Expert.timeZone), a client's is their setting (lib/accounts/client-settings),
// an admin's is the one their browser reports in the `tz` cookie. Never the server's own zone.

/** The zone the browser reported, checked like any input, or null before it has reported one. */
export async function browserZone(): Promise<string | null> {
  const raw = (await cookies()).get(ZONE_COOKIE)?.value;
  if (!raw) return null;
  const parsed = timeZoneSchema.safeParse(decodeURIComponent(raw));
  return parsed.success ? parsed.data : null;
}

/** An admin's zone (and anyone's without one of their own): the browser's, or the platform default until it reports. */
export async function adminZone(): Promise<string> {
  return (await browserZone()) ?? DEFAULT_TIME_ZONE;
}

/**
 * The zone of a page any signed-in person may open (settings): an admin's browser zone, an
 * expert's profile zone, a client's setting, else the browser's report, else the default.
 */
export async function viewerZone(actor: Actor): Promise<string> {
  if (actor.primaryRole !== "admin") {
    const [expert, client] = await Promise.all([
      actor.roles.includes("expert") ? db().expert.findUnique({ where: { userId: actor.userId }, select: { timeZone: true } }) : null,
      actor.roles.includes("client")
        ? db().clientProfile.findUnique({ where: { userId: actor.userId }, select: { timeZone: true } })
        : null,
    ]);
    const own = expert?.timeZone ?? client?.timeZone;
    if (own) return own;
  }
  return adminZone();
}
