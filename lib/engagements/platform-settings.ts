import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { parseOrThrow } from "@/lib/platform/validation/parse";
import { openInviteCapSchema } from "@/lib/engagements/schemas/platform-settings";

// Platform-wide numbers (platform_settings, one integer per key) that an admin may change.

export const OPEN_INVITE_CAP_KEY = "open_invite_cap";
/** Open invites (state "invited") one expert may hold at once, until an admin sets another number. */
export const DEFAULT_OPEN_INVITE_CAP = 5;

/** How many open invites an expert may hold at once. No actor: every invite checks it. */
export async function getOpenInviteCap(): Promise<number> {
  const row = await db().platformSetting.findUnique({ where: { key: OPEN_INVITE_CAP_KEY }, select: { value: true } });
  return row?.value ?? DEFAULT_OPEN_INVITE_CAP;
}

export type OpenInviteCapSetting = { cap: number; updatedAt: Date | null; updatedBy: { id: string; email: string } | null };

/** The cap with who changed it last and when (null until an admin first sets it). */
export async function getOpenInviteCapSetting(actor: Actor | null): Promise<OpenInviteCapSetting> {
  requirePermission(actor, "manage:platform:any");
  const row = await db().platformSetting.findUnique({ where: { key: OPEN_INVITE_CAP_KEY } });
  if (!row) return { cap: DEFAULT_OPEN_INVITE_CAP, updatedAt: null, updatedBy: null };
  const by = row.updatedBy ? await db().user.findUnique({ where: { id: row.updatedBy }, select: { id: true, email: true } }) : null;
  return { cap: row.value, updatedAt: row.updatedAt, updatedBy: by };
}

/**
 * Admins only, 1 to 50. Invites already sent stay open when the cap is lowered; the cap only
 * decides whether a new one may be sent.
 */
export async function setOpenInviteCap(actor: Actor | null, n: number): Promise<OpenInviteCapSetting> {
  requirePermission(actor, "manage:platform:any");
  const { cap } = parseOrThrow(openInviteCapSchema, { cap: n });
  // The person who signed in (admins are never impersonated, so it is also the actor).
  const updatedBy = actor.realUserId;
  const row = await db().platformSetting.upsert({
    where: { key: OPEN_INVITE_CAP_KEY },
    create: { key: OPEN_INVITE_CAP_KEY, value: cap, updatedBy },
    update: { value: cap, updatedBy },
  });
  return { cap: row.value, updatedAt: row.updatedAt, updatedBy: { id: actor.realUserId, email: actor.realEmail } };
}
