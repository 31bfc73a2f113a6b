import { EngagementHistory } from "@/components/engagements/engagement-history";
import { OpportunityDetails } from "@/components/dashboard/opportunities/opportunity-details";
import { OpportunityActions } from "@/components/dashboard/opportunities/opportunity-actions";
import { ClientCard, type ClientCardView } from "@/components/dashboard/opportunities/client-card";
import { SessionTimeStatus } from "@/components/engagements/session-time";
import { LinkedItem } from "@/components/dashboard/opportunities/linked-item";
import { SurveyStatus } from "@/components/dashboard/opportunities/survey-status";
import { FocusGroupStatus } from "@/components/dashboard/opportunities/focus-group-status";
import { MessageThreadButton } from "@/components/engagements/message-thread";
import type { OpportunityItem } from "@/lib/engagements/view-types";

/** One tab's cards, or the tab's empty text. */
export function OpportunityList({
  items,
  empty,
  label,
  timeZone,
  clientCards = {},
}: {
  items: OpportunityItem[];
  empty: string;
  label: string;
  timeZone: string;
  clientCards?: Record<string, ClientCardView>;
}) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  // The moment the board is rendered: a session that has started offers no cancel or new time.
  const now = new Date();
  return (
    <ul className="space-y-3" aria-label={label}>
      {items.map((item) => (
        <LinkedItem
          key={item.engagementId ?? item.id}
          engagementId={item.engagementId}
          projectId={item.projectId}
          className="space-y-3 rounded-md border border-border p-4"
        >
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="grid min-w-0 gap-3">
              <OpportunityDetails item={item} timeZone={timeZone} />
              <SurveyStatus item={item} timeZone={timeZone} />
              <FocusGroupStatus item={item} timeZone={timeZone} />
              {item.engagementId && clientCards[item.engagementId] ? <ClientCard card={clientCards[item.engagementId]} /> : null}
            </div>
            <div className="grid shrink-0 justify-items-start gap-2 sm:justify-items-end">
              <OpportunityActions item={item} timeZone={timeZone} now={now} />
              {item.engagementId && item.state !== "applied" ? (
                <MessageThreadButton
                  engagementId={item.engagementId}
                  otherName={item.counterpart?.organization ?? item.clientOrganization}
                  unread={item.unreadMessages}
                  timeZone={timeZone}
                />
              ) : null}
            </div>
          </div>
          {item.engagementId && item.state === "scheduled" && item.session ? (
            <SessionTimeStatus
              engagementId={item.engagementId}
              viewer="expert"
              otherName="the client"
              session={item.session}
              timeZone={timeZone}
            />
          ) : null}
          {item.engagementId ? <EngagementHistory events={item.history} timeZone={timeZone} /> : null}
        </LinkedItem>
      ))}
    </ul>
  );
}
