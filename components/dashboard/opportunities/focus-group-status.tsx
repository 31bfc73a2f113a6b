import { formatDateTime, formatMoney } from "@/lib/platform/format";
import type { OpportunityItem } from "@/lib/engagements/view-types";

/**
 * Where a focus group stands for the expert, in words: "Seat 3 of 6, Thu 4:00 PM CST", "On the
 * waitlist (2nd)", a seat held for them until when, or the sessions to choose from with the
 * seats each has left. A server component: no JavaScript.
 */
export function FocusGroupStatus({ item, timeZone }: { item: OpportunityItem; timeZone: string }) {
  const f = item.focusGroup;
  if (!f) return null;
  const when = (d: Date) => formatDateTime(d, timeZone, { weekday: true });
  const place = f.place;
  const choosing = !place && (item.state === "accepted" || item.state === null || item.state === "invited" || item.state === "applied");
  const step = place
    ? place.kind === "waitlist"
      ? place.offeredUntil
        ? `A seat is free for you in the session of ${when(place.startsAt)}: it is held for you until ${when(place.offeredUntil)}.`
        : `${place.label}, ${when(place.startsAt)}`
      : `${place.label}, ${when(place.startsAt)}`
    : item.state === "accepted"
      ? f.sessions.length
        ? "Choose a seat in one of the sessions."
        : "The client has not set the session times yet. You will see them here."
      : null;
  return (
    <div className="grid gap-1 text-sm" data-testid="focus-group-status">
      {step ? (
        <p className="font-medium" data-testid="next-step">
          {step}
        </p>
      ) : null}
      {place?.kind === "backup" && item.state === "scheduled" ? (
        <p className="text-muted-foreground">
          Keep the time free and join if you are asked to. If you are not needed, you are paid the backup fee of{" "}
          {formatMoney(f.backupFeeCents)}.
        </p>
      ) : null}
      {choosing && f.sessions.length > 0 ? (
        <ul className="text-muted-foreground" aria-label="Sessions">
          {f.sessions.map((s) => (
            <li key={s.id} data-testid="session-choice">
              {when(s.startsAt)} · {s.seatsLeft > 0 ? `${s.seatsLeft} of ${s.seats} seats left` : `full, ${s.waiting} on the waitlist`}
              {s.backupSeats > 0 && ` · ${s.backupLeft} backup ${s.backupLeft === 1 ? "seat" : "seats"} left`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
