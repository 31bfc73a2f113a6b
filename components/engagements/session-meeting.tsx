import { Phone } from "lucide-react";
import { JoinMeeting } from "@/components/engagements/join-meeting";

const linkClass = "inline-flex items-center gap-1 text-primary underline underline-offset-4 hover:no-underline";

type MeetingSession = {
  meetingUrl: string | null;
  startsAt: Date | string;
  endsAt: Date | string;
  /** The host's own address; the services give it to the client side only. */
  hostUrl?: string | null;
  dialIn?: string | null;
};

/**
 * A session's meeting as a server component renders it: "Join meeting" in its window, with the
 * server's clock for the first paint; then, where the provider gave them, the host's start link
 * (the client side's views carry it) and the telephone dial-in.
 */
export function SessionMeeting({ session, label }: { session: MeetingSession; label?: string }) {
  if (!session.meetingUrl) return null;
  const now = new Date();
  const ended = new Date(session.endsAt).getTime() <= now.getTime();
  const of = label ? <span className="sr-only"> for {label}</span> : null;
  return (
    <>
      <JoinMeeting
        meetingUrl={session.meetingUrl}
        startsAt={new Date(session.startsAt).toISOString()}
        endsAt={new Date(session.endsAt).toISOString()}
        now={now.toISOString()}
        label={label}
      />
      {!ended && session.hostUrl ? (
        <a href={session.hostUrl} target="_blank" rel="noopener noreferrer" className={linkClass} data-testid="meeting-host-link">
          Start as host
          {of}
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
      {!ended && session.dialIn ? (
        <span className="inline-flex items-center gap-1 text-muted-foreground" data-testid="meeting-dial-in">
          <Phone className="size-3.5" aria-hidden="true" />
          <span>
            Join by phone{of}: <span className="text-foreground">{session.dialIn}</span>
          </span>
        </span>
      ) : null}
    </>
  );
}
