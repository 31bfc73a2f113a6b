import { CalendarPlus, ExternalLink } from "lucide-react";

const linkClass = "inline-flex items-center gap-1 text-primary underline underline-offset-4 hover:no-underline";

/**
 * A scheduled session's two links for the expert: the meeting (once the client has set it) and
 * the calendar file (GET /api/engagements/{id}/calendar, the same UID on every change).
 * `title` names the session for screen readers where several sessions are listed together.
 */
export function SessionLinks({ engagementId, meetingUrl, title }: { engagementId: string; meetingUrl: string | null; title?: string }) {
  const of = title ? <span className="sr-only"> for {title}</span> : null;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm">
      {meetingUrl ? (
        <a href={meetingUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Join meeting
          {of}
          <ExternalLink className="size-3.5" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
      <a href={`/api/engagements/${engagementId}/calendar`} download className={linkClass}>
        <CalendarPlus className="size-3.5" aria-hidden="true" />
        Add to calendar (.ics)
        {of}
      </a>
    </p>
  );
}
