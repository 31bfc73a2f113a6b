"use client";

import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatClockTime } from "@/lib/platform/format";
import type { CalendarSlotView } from "@/lib/engagements/view-types";

/** A slot's remove button, confirmed first; a booked slot's question says a session was booked in it. */
export function RemoveSlotButton({ slot, removing, onRemove }: { slot: CalendarSlotView; removing: boolean; onRemove: () => unknown }) {
  const span = `${formatClockTime(slot.startTime)} to ${formatClockTime(slot.endTime)}`;
  return (
    <ConfirmDialog
      trigger={
        <Button size="icon" variant="ghost" disabled={removing} aria-label={`Remove ${span}`}>
          {removing ? <Spinner label="Removing…" /> : <Trash2 aria-hidden="true" />}
        </Button>
      }
      title={`Remove ${span}?`}
      description={
        slot.isAvailable
          ? `Clients will no longer be able to pick ${span} on ${slot.date}.`
          : `This slot is booked. Removing it takes ${span} on ${slot.date} off your calendar; it does not cancel the session, which you can cancel from Opportunities.`
      }
      confirmLabel="Remove slot"
      cancelLabel="Keep slot"
      destructive
      onConfirm={onRemove}
    />
  );
}
