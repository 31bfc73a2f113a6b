import type { Actor } from "@/lib/accounts/actor";

/** Text-message reminders (added with the SMS opt-in). */
export async function SmsSettingsSection(_props: { actor: Actor; zone: string }) {
  return null;
}
