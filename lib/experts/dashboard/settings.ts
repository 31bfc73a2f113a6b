import "server-only";
import { db } from "@/lib/platform/db";
import { revalidateExpertPages } from "@/lib/platform/cache";
import type { MonthlyGoalInput, SettingsInput } from "@/lib/experts/schemas/dashboard";
import { requireExpertOf } from "@/lib/experts/dashboard/expert";
import type { Actor } from "@/lib/accounts/actor";

/** The saved toggles, and the monthly goal the expert sets on the same tab (saved on its own). */
export type SettingsView = SettingsInput & { monthlyGoal: number };

const NOTIFICATION_DEFAULTS = { emailOpportunities: true, emailReminders: true, emailFeedback: false, pushNotifications: true };

export async function getSettings(actor: Actor): Promise<SettingsView> {
  const expert = await requireExpertOf(actor);
  const [row, prefs] = await Promise.all([
    db().expert.findUniqueOrThrow({
      where: { id: expert.id },
      select: {
        showContactInfo: true,
        showExperience: true,
        showOrganization: true,
        showRates: true,
        isPublicProfile: true,
        monthlyGoal: true,
      },
    }),
    db().notificationPreference.findUnique({
      where: { userId: actor.userId },
      select: { emailOpportunities: true, emailReminders: true, emailFeedback: true, pushNotifications: true },
    }),
  ]);
  const { monthlyGoal, ...privacy } = row;
  return { privacy, notifications: prefs ?? NOTIFICATION_DEFAULTS, monthlyGoal };
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
  await revalidateExpertPages(expert.id);
  return getSettings(actor);
}

/** The signed-in expert's own monthly goal (the impact panel's "of N"); only their row is written. */
export async function setMonthlyGoal(actor: Actor, input: MonthlyGoalInput): Promise<{ monthlyGoal: number }> {
  const expert = await requireExpertOf(actor);
  return db().expert.update({ where: { id: expert.id }, data: { monthlyGoal: input.monthlyGoal }, select: { monthlyGoal: true } });
}
