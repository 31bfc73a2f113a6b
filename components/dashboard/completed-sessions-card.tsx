import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EngagementRatings } from "@/components/ratings/rating-scores";
import { RateDialog } from "@/components/ratings/rate-dialog";
import { LinkedItem } from "@/components/dashboard/opportunities/linked-item";
import { formatDateTime } from "@/lib/platform/format";
import { CLIENT_DIMENSIONS, EXPERT_DIMENSIONS } from "@/lib/experts/schemas/ratings";

type Scores = Record<string, unknown>;
export type CompletedSessionView = {
  engagementId: string;
  projectTitle: string;
  organization: string;
  completedAt: Date | null;
  ratings: { mine: Scores | null; theirs: Scores | null; theirsHidden: boolean; revealsAt: Date | null };
};

/** The expert's completed sessions, each with "Rate the client" and the client's rating once visible. */
export function CompletedSessionsCard({ items, timeZone }: { items: CompletedSessionView[]; timeZone: string }) {
  return (
    <Card data-testid="completed-sessions">
      <CardHeader>
        <CardTitle as="h2">Completed sessions</CardTitle>
        <CardDescription>
          Rate each client on clarity, respect of time and payment speed. Ratings show to the other side once both have rated, or after 14
          days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No completed sessions yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Completed sessions">
            {items.map((s) => {
              const client = s.organization || "the client";
              return (
                <LinkedItem
                  key={s.engagementId}
                  engagementId={s.engagementId}
                  className="grid gap-2 rounded-md border border-border p-4 text-sm"
                  testId="completed-session"
                >
                  <div>
                    <p className="font-semibold">{s.projectTitle}</p>
                    <p className="text-muted-foreground">
                      {s.organization}
                      {s.completedAt ? ` · completed ${formatDateTime(s.completedAt, timeZone)}` : ""}
                    </p>
                  </div>
                  <EngagementRatings
                    {...s.ratings}
                    timeZone={timeZone}
                    mineDims={CLIENT_DIMENSIONS}
                    theirDims={EXPERT_DIMENSIONS}
                    otherName={client}
                    rateButton={<RateDialog engagementId={s.engagementId} otherName={client} rater="expert" />}
                  />
                </LinkedItem>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
