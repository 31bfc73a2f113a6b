import { EngagementHistory } from "@/components/engagements/engagement-history";
import { OpportunityDetails } from "@/components/dashboard/opportunities/opportunity-details";
import { OpportunityActions } from "@/components/dashboard/opportunities/opportunity-actions";
import type { OpportunityItem } from "@/lib/views";

/** One tab's cards, or the spec's empty text. */
export function OpportunityList({ items, empty, label, timeZone }: { items: OpportunityItem[]; empty: string; label: string; timeZone: string }) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="space-y-3" aria-label={label}>
      {items.map((item) => (
        <li key={item.engagementId ?? item.id} className="space-y-3 rounded-md border border-border p-4" data-testid="opportunity">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <OpportunityDetails item={item} timeZone={timeZone} />
            <div className="shrink-0">
              <OpportunityActions item={item} timeZone={timeZone} />
            </div>
          </div>
          {item.engagementId ? <EngagementHistory events={item.history} timeZone={timeZone} /> : null}
        </li>
      ))}
    </ul>
  );
}
