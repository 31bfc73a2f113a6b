// When "Join meeting" is offered: from 10 minutes before the start until the session's end.
// Pure, so the page and the browser's clock read the same rule.

export const JOIN_OPENS_MINUTES = 10;

export type JoinPhase = "before" | "open" | "over";

export function joinPhase(startsAt: Date | string, endsAt: Date | string, now: Date | number): JoinPhase {
  const t = typeof now === "number" ? now : now.getTime();
  if (t >= new Date(endsAt).getTime()) return "over";
  return t >= new Date(startsAt).getTime() - JOIN_OPENS_MINUTES * 60_000 ? "open" : "before";
}

/** Milliseconds until the phase next changes, or null when it never will. */
export function msToNextPhase(startsAt: Date | string, endsAt: Date | string, now: number): number | null {
  const opens = new Date(startsAt).getTime() - JOIN_OPENS_MINUTES * 60_000;
  const ends = new Date(endsAt).getTime();
  if (now < opens) return opens - now;
  if (now < ends) return ends - now;
  return null;
}
