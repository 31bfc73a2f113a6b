"use client";

import { useState, useTransition } from "react";
import Link from "next/link";
import { CalendarClock, Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import dynamic from "next/dynamic";
import { useSessionInfo } from "@/components/session/session-info-provider";
import { nextOpenSlotsAction } from "@/lib/projects/actions/projects";
import { formatDay, formatTimeRange } from "@/lib/platform/format";
import { browserTimeZone, dayIn, zonedTimeToUtc } from "@/lib/platform/zoned-time";
import type { SlotView } from "@/lib/experts/views";

// The invite flow (dialog, form, toasts) loads only for signed-in clients, keeping the cached
// public profile's first-load JavaScript small for everyone else.
const InviteDialog = dynamic(() => import("@/components/directory/invite-dialog").then((m) => m.InviteDialog), {
  ssr: false,
  loading: () => (
    <Button className="w-full" disabled>
      <Spinner /> Send Interview Request
    </Button>
  ),
});

/**
 * The Connect card's per-user part: Send Interview Request opens the invite flow for a
 * signed-in client or admin and asks everyone else to sign in; Check Availability lists the
 * expert's next open slots.
 */
export function ProfileConnectActions({ expertId, expertName }: { expertId: string; expertName: string }) {
  const { info } = useSessionInfo();
  const canInvite = Boolean(info?.signedIn && (info.roles.includes("client") || info.roles.includes("admin")) && info.role !== "expert");
  const [slots, setSlots] = useState<SlotView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const here = `/experts/${expertId}`;

  return (
    <div className="space-y-3">
      {canInvite ? (
        <InviteDialog expertId={expertId} expertName={expertName} label="Send Interview Request" size="default" className="w-full" />
      ) : info?.signedIn ? (
        <p className="text-sm text-muted-foreground">Interview requests are sent by research clients.</p>
      ) : (
        <div className="space-y-2">
          <Button asChild className="w-full">
            <Link href={`/client/login?callbackUrl=${encodeURIComponent(here)}`}>
              <Send aria-hidden="true" /> Send Interview Request
            </Link>
          </Button>
          <p className="text-xs text-muted-foreground">Sign in as a client to send an interview request.</p>
        </div>
      )}
      <Button
        variant="outline"
        className="w-full"
        disabled={pending}
        aria-expanded={slots !== null}
        aria-controls="availability-slots"
        onClick={() =>
          startTransition(async () => {
            setError(null);
            const result = await nextOpenSlotsAction({ expertId });
            if (result.ok) setSlots(result.data);
            else setError(result.message);
          })
        }
      >
        {pending ? <Spinner /> : <CalendarClock aria-hidden="true" />} Check Availability
      </Button>
      <div id="availability-slots" aria-live="polite">
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        {slots &&
          (slots.length === 0 ? (
            <p className="text-sm text-muted-foreground">No open time slots at the moment.</p>
          ) : (
            <ul className="space-y-1 text-sm" aria-label="Next open time slots">
              {slots.map((s) => (
                <li key={s.id} className="rounded-md border px-3 py-2">
                  <SlotTime slot={s} />
                </li>
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}

/** A slot in the viewer's own zone (the browser's: the page is public), named; it is only listed after a click, in the browser. */
function SlotTime({ slot }: { slot: SlotView }) {
  const zone = browserTimeZone() ?? slot.timezone;
  const [start, end] = [zonedTimeToUtc(slot.date, slot.startTime, slot.timezone), zonedTimeToUtc(slot.date, slot.endTime, slot.timezone)];
  return (
    <>
      {formatDay(dayIn(start, zone), { weekday: true })} · {formatTimeRange(start, end, zone)}
    </>
  );
}
