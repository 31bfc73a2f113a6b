import "server-only";
import { db } from "@/lib/db";
import { revalidateExpertPages } from "@/lib/cache";
import type { SettingsInput } from "@/lib/validation/dashboard";
import { requireExpertOf } from "@/lib/services/dashboard/expert";
import type { Actor } from "@/lib/auth/session";

export type SettingsView = SettingsInput;

const NOTIFICATION_DEFAULTS = { emailOpportunities: true, emailReminders: true, emailFeedback: false, pushNotifications: true };

export async function getSettings(actor: Actor): Promise<SettingsView> {
  const expert = await requireExpertOf(actor);
  const [privacy, prefs] = await Promise.all([
    db().expert.findUniqueOrThrow({
      where: { id: expert.id },
      select: { showContactInfo: true, showExperience: true, showOrganization: true, showRates: true, isPublicProfile: true },
    }),
    db().notificationPreference.findUnique({
      where: { userId: actor.userId },
      select: { emailOpportunities: true, emailReminders: true, emailFeedback: true, pushNotifications: true },
    }),
  ]);
  return { privacy, notifications: prefs ?? NOTIFICATION_DEFAULTS };
}

/** Privacy flags and notification preferences together; the public pages are refreshed at once. */
export async function saveSettings(actor: Actor, input: SettingsInput): Promise<SettingsView> {
  const expert = await requireExpertOf(actor);
  await db().$transaction([
    db().expert.update({ where: { id: expert.id }, data: input.privacy }),
    db().notificationPreference.upsert({
      where: { userId: actor.userId },
      create: { userId: actor.userId, ...input.notifications },
      update: input.notifications,
    }),
  ]);
  revalidateExpertPages(expert.id);
  return getSettings(actor);
}
