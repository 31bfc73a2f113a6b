import { CalendarPlus } from "lucide-react";
import { SessionMeeting } from "@/components/engagements/session-meeting";

const linkClass = "inline-flex items-center gap-1 text-primary underline underline-offset-4 hover:no-underline";

/**
 * A scheduled session's two links for the expert: the meeting ("Join meeting" from 10 minutes
 * before the start) and
 * the calendar file (GET /api/engagements/{id}/calendar, the same UID on every change).
 * `title` names the session for screen readers where several sessions are listed together.
 */
export function SessionLinks({
  engagementId,
  session,
  title,
}: {
  engagementId: string;
  session: { meetingUrl: string | null; startsAt: Date | string; endsAt: Date | string };
  title?: string;
}) {
  const of = title ? <span className="sr-only"> for {title}</span> : null;
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 pt-1 text-sm">
      <SessionMeeting session={session} label={title} />
      <a href={`/api/engagements/${engagementId}/calendar`} download className={linkClass}>
        <CalendarPlus className="size-3.5" aria-hidden="true" />
        Add to calendar (.ics)
        {of}
      </a>
    </p>
  );
}
