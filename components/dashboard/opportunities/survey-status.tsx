import { formatDateTime, formatMoney } from "@/lib/platform/format";
import type { OpportunityItem } from "@/lib/engagements/view-types";

/**
 * Where a survey stands for the expert, in words: the places left and what each end pays before
 * they start, then "Start survey", "Started …", or "Submitted, in review until …". A server
 * component: no JavaScript.
 */
export function SurveyStatus({ item, timeZone }: { item: OpportunityItem; timeZone: string }) {
  const s = item.survey;
  if (!s) return null;
  const when = (d: Date) => formatDateTime(d, timeZone, { weekday: true });
  const step =
    item.state === "submitted"
      ? s.reviewUntil
        ? `Submitted, in review until ${when(s.reviewUntil)}`
        : "Submitted, in review"
      : item.state === "accepted"
        ? s.startedAt
          ? `Started ${when(s.startedAt)}. Finish the survey: its last page brings you back here, or enter its code.`
          : "Start survey: it takes about " + item.estimatedDurationMinutes + " minutes, on your own time."
        : null;
  return (
    <div className="grid gap-1 text-sm" data-testid="survey-status">
      {step ? (
        <p className="font-medium" data-testid="next-step">
          {step}
        </p>
      ) : null}
      {item.state !== "submitted" ? (
        <p className="text-muted-foreground">
          <span data-testid="places-left">
            {s.placesLeft} of {s.target} {s.target === 1 ? "place" : "places"} left
          </span>
          {s.medianMinutes !== null ? ` · median ${s.medianMinutes} min to complete` : null}
          {` · if the survey screens you out: ${formatMoney(s.screenOutCents)}; if it is full when you arrive: ${formatMoney(s.overQuotaCents)}`}
        </p>
      ) : null}
    </div>
  );
}
