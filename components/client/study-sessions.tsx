import Link from "next/link";
import { ClipboardCheck } from "@/components/ui/icons";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import { MAX_STUDY_SESSIONS, type StudySessionView } from "@/lib/engagements/focus-groups";
import { AddSessionForm, RemoveSessionButton, SessionLinkForm } from "@/components/client/study-session-forms";
import { SessionMeeting } from "@/components/engagements/session-meeting";

/**
 * A focus group's sessions on its project page: each one's time, seats taken, backup seats and
 * waitlist, its meeting link, and attendance once it has started. A server component; the
 * forms are small client islands.
 */
export function StudySessions({
  projectId,
  sessions,
  zone,
  projectZone,
  now,
  closed,
  backupFeeCents,
  readOnly = false,
}: {
  projectId: string;
  /** With the meeting's host address and dial-in where the provider gave them. */
  sessions: (StudySessionView & { hostUrl?: string | null; dialIn?: string | null })[];
  /** The client's zone, for reading times; new times are typed in the project's zone. */
  zone: string;
  projectZone: string;
  now: number;
  closed: boolean;
  backupFeeCents: number;
  /** Times, seats and links only: no forms, for a member whose role only reads the project. */
  readOnly?: boolean;
}) {
  return (
    <section aria-labelledby="study-sessions-heading" className="mt-6 grid gap-4 rounded-lg border p-4" data-testid="study-sessions">
      <div className="grid gap-1">
        <h2 id="study-sessions-heading" className="text-lg font-semibold">
          Sessions
        </h2>
        <p className="text-sm text-muted-foreground">
          Everyone seated in a session meets together. Accepted experts take a seat first come, first served, or join the waitlist when it
          is full; a freed seat is offered to the first person waiting. A backup seat kept free and not needed is paid{" "}
          {formatMoney(backupFeeCents)}.
        </p>
      </div>
      {sessions.length === 0 ? (
        <p className="text-sm" data-testid="no-sessions">
          No sessions yet. Add one so accepted experts can take a seat.
        </p>
      ) : (
        <ul className="grid gap-3">
          {sessions.map((s) => {
            const when = formatDateTime(s.startsAt, zone, { weekday: true });
            const started = s.startsAt.getTime() <= now;
            const empty = s.seated + s.backups + s.waiting === 0;
            return (
              <li key={s.id} className="grid gap-3 rounded-md border p-3" data-testid="study-session">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="grid gap-0.5">
                    <p className="font-medium">
                      <time dateTime={s.startsAt.toISOString()}>{when}</time>
                    </p>
                    <p className="text-sm text-muted-foreground" data-testid="study-session-places">
                      {s.seated} of {s.seats} seats taken
                      {s.backupSeats > 0 && ` · ${s.backups} of ${s.backupSeats} backup seats`} · {s.waiting} on the waitlist
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {started && (!readOnly || s.attendanceTakenAt) && (
                      <Link
                        href={`/client/projects/${projectId}/sessions/${s.id}`}
                        className="inline-flex h-9 items-center gap-1 rounded-md border px-3 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <ClipboardCheck aria-hidden="true" className="size-4" />
                        {s.attendanceTakenAt ? "View attendance" : "Take attendance"}
                        <span className="sr-only"> for the session of {when}</span>
                      </Link>
                    )}
                    {!readOnly && !started && empty && <RemoveSessionButton studySessionId={s.id} when={when} />}
                  </div>
                </div>
                {!readOnly && !started && !closed ? (
                  <SessionLinkForm studySessionId={s.id} current={s.meetingUrl} />
                ) : (
                  s.meetingUrl && <p className="text-sm break-all">Meeting link: {s.meetingUrl}</p>
                )}
                {s.meetingUrl && !closed && (
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                    <SessionMeeting session={s} label={`the session of ${when}`} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!readOnly && !closed && sessions.length < MAX_STUDY_SESSIONS && <AddSessionForm projectId={projectId} timeZone={projectZone} />}
    </section>
  );
}
