import { Info } from "@/components/ui/icons";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { OpportunityList } from "@/components/dashboard/opportunities/opportunity-list";
import { OpportunityListTabs } from "@/components/dashboard/opportunities/opportunity-list-tabs";
import { OPPORTUNITY_LISTS, projectKey, type OpportunityListName } from "@/components/dashboard/dashboard-tab-names";
import type { ClientCardView } from "@/components/dashboard/opportunities/client-card";
import { OpenListPages, OpenListSearch } from "@/components/dashboard/opportunities/open-list-controls";
import type { OpportunityBoard } from "@/lib/engagements/view-types";

const EMPTY = {
  open: "No open opportunities available at the moment.",
  invited: "No invitations at the moment.",
  scheduled: "No scheduled activities.",
} as const;

const LABEL = { open: "Open opportunities", invited: "Invitations", scheduled: "Scheduled activities" } as const;

/**
 * The dashboard's Opportunities card: Open / Invited / Scheduled. Rendered on the server; the
 * list tabs (which follow the address) and the buttons that act (Apply, Accept, Decline, Pick
 * Time, Reschedule, Cancel) are client islands. `timeZone` is the expert's own: every time is
 * shown in it, named.
 */
export function OpportunitiesCard({
  board,
  filters = {},
  timeZone,
  clientCards,
}: {
  board: OpportunityBoard;
  /** The Open list's search, from the address. */
  filters?: { q?: string; format?: string };
  timeZone: string;
  clientCards?: Record<string, ClientCardView>;
}) {
  const where: Record<string, OpportunityListName> = {};
  for (const l of OPPORTUNITY_LISTS) {
    for (const item of board[l]) {
      if (item.engagementId) where[item.engagementId] = l;
      if (item.projectId) where[projectKey(item.projectId)] = l;
    }
  }
  // A search that finds nothing says so, rather than that nothing is open.
  const searched = filters.q || filters.format ? `No open studies match ${filters.q ? `“${filters.q}”` : "your search"}.` : null;
  const list = (l: OpportunityListName) => (
    <OpportunityList
      items={board[l]}
      empty={l === "open" && searched ? searched : EMPTY[l]}
      label={LABEL[l]}
      timeZone={timeZone}
      clientCards={clientCards}
    />
  );
  return (
    <Card data-testid="opportunities-card">
      <CardHeader>
        <CardTitle as="h2">Opportunities</CardTitle>
        <CardDescription>Research engagements that match your expertise.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Alert role="status">
          <Info aria-hidden="true" />
          <AlertDescription>Declining invites doesn&apos;t affect your standing. You control availability.</AlertDescription>
        </Alert>
        <OpportunityListTabs
          labels={{
            open: `Open (${board.openPage?.total ?? board.open.length})`,
            invited: `Invited (${board.invited.length})`,
            scheduled: `Scheduled (${board.scheduled.length})`,
          }}
          where={where}
          lists={{
            open: (
              <>
                {board.notice ? (
                  <Alert variant="warning" role="status" data-testid="opportunities-notice">
                    <Info aria-hidden="true" />
                    <AlertDescription>{board.notice}</AlertDescription>
                  </Alert>
                ) : null}
                {board.openPage ? <OpenListSearch filters={filters} /> : null}
                {filters.q || filters.format ? (
                  <p className="text-sm text-muted-foreground" data-testid="open-filter-count">
                    {board.openPage?.total ?? 0} matching {filters.q ? `“${filters.q}”` : "studies"}
                  </p>
                ) : null}
                {list("open")}
                {board.openPage ? <OpenListPages filters={filters} page={board.openPage} /> : null}
              </>
            ),
            invited: list("invited"),
            scheduled: list("scheduled"),
          }}
        />
      </CardContent>
    </Card>
  );
}
