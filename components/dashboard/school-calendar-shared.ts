import { formatDay } from "@/lib/platform/format";

// What the school calendar card's sections share: the expert's calendar as the page reads it,
// and how a field names its error.

export type Blackout = { id: string; startsOn: string; endsOn: string; label: string };
export type SchoolCalendarCardProps = {
  initial: {
    timeZone: string;
    today: string;
    start: string;
    end: string;
    days: number[];
    blackouts: Blackout[];
    invitesPausedUntil: string | null;
  };
};
export type Errors = Record<string, string[]>;
export type SectionProps = SchoolCalendarCardProps & { id: (name: string) => string };

export function describedBy(errors: Errors, fieldId: string, key: string) {
  return errors[key] ? `${fieldId}-error` : undefined;
}

/** "Mar 3, 2027" or "Mar 3, 2027 – Mar 7, 2027". */
export const range = (b: { startsOn: string; endsOn: string }) =>
  b.startsOn === b.endsOn ? formatDay(b.startsOn) : `${formatDay(b.startsOn)} – ${formatDay(b.endsOn)}`;
