import { Info } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { OpportunityList } from "@/components/dashboard/opportunities/opportunity-list";
import type { ClientCardView } from "@/components/dashboard/opportunities/client-card";
import type { OpportunityBoard } from "@/lib/views";

const EMPTY = {
  open: "No open opportunities available at the moment.",
  invited: "No invitations at the moment.",
  scheduled: "No scheduled activities.",
} as const;

const LABEL = { open: "Open opportunities", invited: "Invitations", scheduled: "Scheduled activities" } as const;

/**
 * The dashboard's Opportunities card: Open / Invited / Scheduled. Rendered on the
 * server; only the buttons that act (Apply, Accept, Decline, Pick Time, Reschedule, Cancel) are
 * client islands. `timeZone` is the expert's own: every time is shown in it, named.
 */
export function OpportunitiesCard({ board, timeZone, clientCards }: { board: OpportunityBoard; timeZone: string; clientCards?: Record<string, ClientCardView> }) {
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
        <Tabs defaultValue="open">
          <TabsList aria-label="Opportunity lists">
            <TabsTrigger value="open">Open ({board.open.length})</TabsTrigger>
            <TabsTrigger value="invited">Invited ({board.invited.length})</TabsTrigger>
            <TabsTrigger value="scheduled">Scheduled ({board.scheduled.length})</TabsTrigger>
          </TabsList>
          {(["open", "invited", "scheduled"] as const).map((tab) => (
            <TabsContent key={tab} value={tab} className="mt-3 space-y-3">
              {tab === "open" && board.notice ? (
                <Alert variant="warning" role="status" data-testid="opportunities-notice">
                  <Info aria-hidden="true" />
                  <AlertDescription>{board.notice}</AlertDescription>
                </Alert>
              ) : null}
              <OpportunityList items={board[tab]} empty={EMPTY[tab]} label={LABEL[tab]} timeZone={timeZone} clientCards={clientCards} />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
