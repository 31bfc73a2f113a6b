// When a session's reminders go out: 24 hours and 1 hour before it starts. Pure, so the clock
// can be injected in tests. A reminder whose instant has already passed is not sent.

export const REMINDERS = [
  { which: "24h", beforeMs: 24 * 3_600_000 },
  { which: "1h", beforeMs: 3_600_000 },
] as const;
export type ReminderWhich = (typeof REMINDERS)[number]["which"];

export function reminderInstants(startsAt: Date, now: Date): { which: ReminderWhich; at: Date }[] {
  return REMINDERS.map((r) => ({ which: r.which, at: new Date(startsAt.getTime() - r.beforeMs) })).filter((r) => r.at > now);
}
