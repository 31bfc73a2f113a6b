import { Badge } from "@/components/ui/badge";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import { labelOf } from "@/lib/vocabulary/options";
import { hasLocation, LOCATION_TYPES, PROJECT_TYPES } from "@/lib/vocabulary/studies";
import type { OpportunityItem } from "@/lib/engagements/view-types";
import { ConflictNotice } from "@/components/engagements/conflict-notice";
import { SessionLinks } from "@/components/engagements/session-links";
import { EngagementIncentive } from "@/components/engagements/engagement-incentive";
import { DistrictLine } from "@/components/dashboard/opportunities/district-line";

/**
 * What one card says about an opportunity and, once there is an engagement, what the
 * expert needs from it: the client's message, who the client is (once accepted), the proposed
 * times, the session with its link and calendar file. Times are in the expert's zone, named.
 * A server component: no JavaScript.
 */
export function OpportunityDetails({ item, timeZone }: { item: OpportunityItem; timeZone: string }) {
  const when = (d: Date) => <time dateTime={new Date(d).toISOString()}>{formatDateTime(d, timeZone, { weekday: true })}</time>;
  return (
    <div className="min-w-0 space-y-1">
      <h3 className="font-semibold break-words">{item.title}</h3>
      <p className="text-sm text-muted-foreground">{item.clientOrganization}</p>
      <p className="text-sm break-words">{item.description}</p>
      <ConflictNotice note={item.conflictNote} side="expert" />
      <DistrictLine district={item.district} />
      {item.declinePayment ? (
        <p className="text-sm text-muted-foreground" data-testid="payment-declined">
          Declined pay: you take part in this engagement unpaid.
        </p>
      ) : null}
      {item.incentive ? (
        <EngagementIncentive engagementId={item.engagementId} facts={item.incentive} payCents={item.compensationCents} />
      ) : null}
      {item.inviteMessage ? (
        <figure className="mt-2 rounded-md border-l-2 border-primary bg-muted/50 px-3 py-2 text-sm">
          <figcaption className="text-xs font-medium text-muted-foreground">Message from the client</figcaption>
          <blockquote className="break-words">{item.inviteMessage}</blockquote>
        </figure>
      ) : null}
      <dl className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm">
        <div className="flex gap-1">
          <dt className="sr-only">Compensation</dt>
          <dd className="font-semibold">{formatMoney(item.compensationCents)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">Type</dt>
          <dd>
            <Badge variant="outline">{labelOf(PROJECT_TYPES, item.opportunityType)}</Badge>
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Duration:</dt>
          <dd>{item.estimatedDurationMinutes} min</dd>
        </div>
        {hasLocation(item.format) ? (
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Location:</dt>
            <dd>{labelOf(LOCATION_TYPES, item.locationType)}</dd>
          </div>
        ) : null}
        {item.deadline ? (
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Deadline:</dt>
            <dd>{when(item.deadline)}</dd>
          </div>
        ) : null}
        {item.counterpart ? (
          <div className="flex gap-1" data-testid="counterpart">
            <dt className="text-muted-foreground">Client:</dt>
            <dd>
              {item.counterpart.name}, {item.counterpart.organization}
            </dd>
          </div>
        ) : null}
        {item.session ? (
          <div className="flex gap-1" data-testid="session-time">
            <dt className="text-muted-foreground">Session:</dt>
            <dd>{when(item.session.startsAt)}</dd>
          </div>
        ) : null}
      </dl>
      {!item.session && item.proposals.length > 0 ? (
        <div className="pt-1 text-sm">
          <p className="text-muted-foreground" id={`proposals-${item.engagementId}`}>
            The client proposed:
          </p>
          <ul className="list-disc pl-5" aria-labelledby={`proposals-${item.engagementId}`}>
            {item.proposals.map((p) => (
              <li key={p.id}>{when(p.startsAt)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {item.session && item.engagementId ? <SessionLinks engagementId={item.engagementId} session={item.session} /> : null}
    </div>
  );
}
