import { formatDateTime, humanize } from "@/lib/platform/format";
import { STATE_LABELS, type EngagementState } from "@/lib/engagements/states";

export type HistoryEvent = {
  id: string;
  kind: string;
  side: string;
  actorName: string | null;
  fromState: EngagementState | null;
  toState: EngagementState;
  reason: string | null;
  at: Date | string;
};

const WHAT: Record<string, string> = {
  invited: "Invited",
  applied: "Applied",
  screened_out: "Application closed by the screener",
  accepted: "Accepted",
  declined: "Declined",
  proposed: "Proposed times",
  scheduled: "Scheduled",
  rescheduled: "Rescheduled (new time accepted)",
  time_proposed: "Proposed a new time",
  time_kept: "Kept the current time",
  time_confirmed: "Confirmed the time",
  meeting_link: "Meeting link set",
  cancelled: "Cancelled",
  late_cancel: "Cancelled late (under 24 hours)",
  completed: "Marked completed",
  no_show: "Marked no-show",
  client_no_show: "Found that the client did not attend",
  client_no_show_reported: "Reported that the client did not attend",
  no_show_report_upheld: "Report upheld: the client no-show fee is paid",
  no_show_report_dismissed: "Report dismissed: the client's record stands",
  attendance_corrected: "Corrected attendance",
  project_closed: "Closed with the project",
  auto_completed: "Completed by the 7-day rule",
  disputed: "Quality review dispute opened",
  dispute_for_expert: "Dispute resolved for the expert",
  dispute_for_client: "Dispute resolved for the client",
  migrated: "Carried over",
  payment_declined: "Declined payment (public-employee rules)",
  replaced: "Replaced",
  survey_started: "Started the survey",
  submitted: "Submitted the survey",
  survey_screened_out: "Screened out by the survey",
  survey_over_quota: "Arrived when the survey was full",
  approved: "Response approved",
  auto_approved: "Approved when the review window ended",
  rejected: "Response rejected",
  rejected_upheld: "Rejection upheld",
  survey_closed: "Closed with the survey",
};

const who = (e: HistoryEvent) => (e.side === "system" ? "K12 Experts" : (e.actorName ?? humanize(e.side)));

/**
 * The history both sides of an engagement read: who did what, when (in the viewer's zone,
 * named), and why. A server component: it ships no JavaScript.
 */
export function EngagementHistory({ events, timeZone, label = "History" }: { events: HistoryEvent[]; timeZone: string; label?: string }) {
  if (events.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
        {label}
      </summary>
      <ol className="mt-2 space-y-1 border-l border-border pl-3" aria-label={label}>
        {events.map((e) => (
          <li key={e.id}>
            <span className="font-medium">{WHAT[e.kind] ?? STATE_LABELS[e.toState]}</span> by {who(e)} ·{" "}
            <time dateTime={new Date(e.at).toISOString()}>{formatDateTime(e.at, timeZone)}</time>
            {e.reason ? <span className="block text-muted-foreground">“{e.reason}”</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
