import Link from "next/link";
import { SessionMeeting } from "@/components/engagements/session-meeting";
import { formatDateTime } from "@/lib/platform/format";
import type { ClientCalendarEntry } from "@/lib/engagements/views";

const linkClass = "text-primary underline-offset-4 hover:underline";

/**
 * The Overview's next sessions, soonest first, each with "Join meeting" from 10 minutes before
 * its start until its end (the link itself before that), and the Calendar for the rest. Nothing
 * when no session is coming.
 */
export function UpcomingSessions({ sessions, total, zone }: { sessions: ClientCalendarEntry[]; total: number; zone: string }) {
  if (sessions.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-sessions-heading" className="mt-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="upcoming-sessions-heading" className="text-xl font-semibold">
          Sessions coming up
        </h2>
        <Link href="/client/calendar" className={`text-sm ${linkClass}`}>
          {total > sessions.length ? `All ${total} upcoming sessions` : "Open your calendar"}
        </Link>
      </div>
      <ul className="divide-y rounded-lg border" data-testid="upcoming-sessions">
        {sessions.map((s) => {
          const label = `${s.projectTitle} with ${s.expertName}`;
          return (
            <li key={s.session.id} className="grid gap-1 px-4 py-3 text-sm" data-testid="upcoming-session">
              <p>
                <Link className={`font-medium ${linkClass}`} href={`/client/projects/${s.projectId}#engagement-${s.engagementId}`}>
                  {s.projectTitle}
                </Link>
                {" with "}
                {s.expertName}
              </p>
              <p>
                <time dateTime={new Date(s.session.startsAt).toISOString()}>
                  {formatDateTime(s.session.startsAt, zone, { weekday: true })}
                </time>
              </p>
              {s.session.meetingUrl ? (
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                  <SessionMeeting session={s.session} label={label} />
                </div>
              ) : (
                <p className="text-muted-foreground">No meeting link yet.</p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
