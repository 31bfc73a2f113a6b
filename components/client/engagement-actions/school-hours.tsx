"use client";

import { useCallback, useEffect, useState } from "react";
import { AlertTriangle } from "lucide-react";
import { schoolHoursCheckAction } from "@/lib/engagements/actions/engagements";
import { fromWallClock } from "@/lib/platform/zoned-time";

// The times a client types, read in their zone and checked against the expert's school hours.

export const DURING_SCHOOL = "During school hours for this expert";

/**
 * The school-hours warning for times the client is about to send: each complete time is checked
 * once (shortly after it is typed); `flags[iso]` is undefined until its answer arrives.
 */
export function useSchoolHours(engagementId: string, isos: string[]) {
  const [flags, setFlags] = useState<Record<string, boolean>>({});
  const check = useCallback(
    async (times: string[]): Promise<Record<string, boolean> | null> => {
      if (times.length === 0) return {};
      const result = await schoolHoursCheckAction({ engagementId, times });
      if (!result.ok) return null;
      const found = Object.fromEntries(times.map((t, i) => [t, result.data[i] ?? false]));
      setFlags((f) => ({ ...f, ...found }));
      return found;
    },
    [engagementId],
  );
  const key = isos.join("|");
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => void check(key.split("|")), 300);
    return () => clearTimeout(timer);
  }, [key, check]);
  return { flags, check };
}

/** Each datetime-local value as the UTC instant it names in `zone`, or an error for that input. */
export function readTimes(values: string[], zone: string, now: number) {
  const errors: (string | null)[] = [];
  const isos: (string | null)[] = [];
  for (const v of values) {
    const at = v ? fromWallClock(v, zone) : null;
    if (!at) errors.push("Choose a date and time");
    else if (at.getTime() <= now) errors.push("Choose a time in the future");
    else errors.push(null);
    isos.push(at && at.getTime() > now ? at.toISOString() : null);
  }
  return { errors, isos };
}

export function SchoolHoursFlag({ during }: { during: boolean | undefined }) {
  if (!during) return null;
  return (
    <p className="flex items-center gap-1 text-sm font-medium text-warning" data-testid="school-hours-warning">
      <AlertTriangle className="size-4 shrink-0" aria-hidden="true" /> {DURING_SCHOOL}
    </p>
  );
}
