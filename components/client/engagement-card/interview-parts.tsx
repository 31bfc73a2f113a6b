import { CalendarArrowDown } from "lucide-react";
import { SessionMeeting } from "@/components/engagements/session-meeting";
import { SessionTimeStatus } from "@/components/engagements/session-time";
import { formatDateTime, humanize } from "@/lib/platform/format";
import type { PipelineEngagement } from "@/lib/engagements/views";

// The parts of a pipeline card about a one-to-one session: the times offered, the session agreed
// and whether it took place.

/** The times the client proposed, while the expert picks one. */
export function ProposedTimes({ proposals, zone }: { proposals: PipelineEngagement["proposals"]; zone: string }) {
  return (
    <div>
      <p className="text-xs font-medium text-muted-foreground">Proposed times (the expert picks one)</p>
      <ul className="grid gap-1">
        {proposals.map((p) => (
          <li key={p.id}>
            <time dateTime={new Date(p.startsAt).toISOString()}>{formatDateTime(p.startsAt, zone, { weekday: true })}</time>
            {p.duringSchool && <span className="block text-xs font-medium text-warning">During school hours for this expert</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The session's time, its meeting link and calendar file, then whether it took place. */
export function SessionDetails({
  e,
  zone,
  run,
}: {
  e: PipelineEngagement & { session: NonNullable<PipelineEngagement["session"]> };
  zone: string;
  run: boolean;
}) {
  const session = e.session.status !== "cancelled" ? e.session : null;
  return (
    <>
      <div className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground">
          Session{e.session.status !== "scheduled" ? ` (${humanize(e.session.status)})` : ""}
        </p>
        <p className="font-medium">
          <time dateTime={new Date(e.session.startsAt).toISOString()}>{formatDateTime(e.session.startsAt, zone, { weekday: true })}</time>
        </p>
        {session?.meetingUrl && <SessionMeeting session={session} />}
        {e.state === "scheduled" && (
          <a
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
            href={`/api/engagements/${e.id}/calendar`}
            download
          >
            <CalendarArrowDown aria-hidden="true" className="size-4" /> Add to calendar (.ics)
          </a>
        )}
      </div>
      {e.state === "scheduled" && session && (
        <SessionTimeStatus
          engagementId={e.id}
          viewer="client"
          otherName={e.expert.name}
          session={session}
          timeZone={zone}
          readOnly={!run}
        />
      )}
    </>
  );
}
