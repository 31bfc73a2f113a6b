import { formatDateTime } from "@/lib/platform/format";
import type { PipelineEngagement } from "@/lib/engagements/views";

/** A focus group's seat, backup seat or waitlist place, and how long a freed seat is held. */
export function FocusGroupPlace({ place, zone }: { place: NonNullable<PipelineEngagement["place"]>; zone: string }) {
  return (
    <p data-testid="focus-group-place">
      {place.label} · <time dateTime={place.startsAt.toISOString()}>{formatDateTime(place.startsAt, zone, { weekday: true })}</time>
      {place.offeredUntil && <> · a freed seat is held for them until {formatDateTime(place.offeredUntil, zone, { weekday: true })}</>}
    </p>
  );
}
