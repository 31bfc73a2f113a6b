"use client";

import { useEffect, useState } from "react";
import { ExternalLink, Video } from "lucide-react";
import { joinPhase, JOIN_OPENS_MINUTES, msToNextPhase } from "@/lib/meetings/join-window";

const linkClass = "inline-flex items-center gap-1 text-primary underline underline-offset-4 hover:no-underline";
const buttonClass =
  "inline-flex min-h-9 items-center gap-1.5 rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
/** setTimeout's longest wait; a later change is re-checked after it. */
const MAX_TIMER_MS = 2_147_000_000;

/**
 * A session's meeting: "Join meeting" as a button from 10 minutes before the start until the
 * end; before that, the link itself (to check it works), with when the button appears; nothing
 * once the session has ended. `now` is the server's time of rendering, so the first paint matches
 * the server's; the browser's clock takes over once it runs.
 */
export function JoinMeeting({
  meetingUrl,
  startsAt,
  endsAt,
  now,
  label,
}: {
  meetingUrl: string;
  startsAt: string;
  endsAt: string;
  now: string;
  /** Names the session for screen readers where several are listed. */
  label?: string;
}) {
  const [clock, setClock] = useState(() => new Date(now).getTime());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const t = Date.now();
      setClock(t);
      const next = msToNextPhase(startsAt, endsAt, t);
      if (next !== null) timer = setTimeout(tick, Math.min(next + 250, MAX_TIMER_MS));
    };
    tick();
    return () => clearTimeout(timer);
  }, [startsAt, endsAt]);

  const phase = joinPhase(startsAt, endsAt, clock);
  const of = label ? <span className="sr-only"> for {label}</span> : null;
  const newTab = <span className="sr-only">(opens in a new tab)</span>;
  if (phase === "over") return null;
  if (phase === "open")
    return (
      <a href={meetingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass}>
        <Video className="size-4" aria-hidden="true" />
        Join meeting
        {of}
        {newTab}
      </a>
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1">
      <a href={meetingUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
        Meeting link
        {of}
        <ExternalLink className="size-3.5" aria-hidden="true" />
        {newTab}
      </a>
      <span className="text-muted-foreground">(Join meeting opens {JOIN_OPENS_MINUTES} minutes before the start)</span>
    </span>
  );
}
