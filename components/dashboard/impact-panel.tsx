import { Award, Clock, Star, Target } from "@/components/ui/icons";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { formatDateIn } from "@/lib/platform/format";
import { labelOf } from "@/lib/vocabulary/options";
import { PROJECT_TYPES } from "@/lib/vocabulary/studies";
import type { ImpactView } from "@/lib/experts/views";
import type { ChartData } from "@/lib/platform/charts/chart-data";
import { EngagementsChart } from "@/components/dashboard/engagements-chart";

function Stat({ icon, label, value, caption }: { icon: React.ReactNode; label: string; value: string; caption: string }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between pb-2">
        <CardTitle as="h3" className="text-sm font-medium">
          {label}
        </CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
        <p className="text-sm text-muted-foreground">{caption}</p>
      </CardContent>
    </Card>
  );
}

/**
 * The Impact tab: everything computed from the expert's completed work (no sample numbers).
 * `months` is the per-month chart's data, or null when it failed to load (the rest still shows).
 */
export function ImpactPanel({
  impact,
  months,
  timeZone,
}: {
  impact: ImpactView;
  months: (ChartData & { goal: number }) | null;
  timeZone: string;
}) {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          icon={<Award className="size-4 text-muted-foreground" aria-hidden="true" />}
          label="Projects Completed"
          value={String(impact.projectsCompleted)}
          caption="Completed engagements"
        />
        <Stat
          icon={<Clock className="size-4 text-muted-foreground" aria-hidden="true" />}
          label="Hours Contributed"
          value={impact.hoursContributed.toFixed(1)}
          caption="From completed engagements"
        />
        <Stat
          icon={<Star className="size-4 text-muted-foreground" aria-hidden="true" />}
          label="Satisfaction Rating"
          value={impact.satisfaction === null ? "—" : `${impact.satisfaction.toFixed(1)}/5`}
          caption={
            impact.ratedCount ? `From ${impact.ratedCount} client rating${impact.ratedCount === 1 ? "" : "s"}` : "No client ratings yet"
          }
        />
      </div>
      <Card>
        <CardHeader className="flex flex-row items-center justify-between">
          <CardTitle as="h3">Monthly Goal</CardTitle>
          <Target className="size-4 text-muted-foreground" aria-hidden="true" />
        </CardHeader>
        <CardContent className="space-y-2">
          <p className="text-sm">
            {impact.completedThisMonth} of {impact.monthlyGoal} engagements completed this month
          </p>
          <Progress value={impact.completedThisMonth} max={impact.monthlyGoal} label="Monthly goal progress" />
          <div className="pt-4">
            {months ? (
              <EngagementsChart chart={months} />
            ) : (
              <p className="text-sm text-destructive">Failed to load your engagements per month.</p>
            )}
          </div>
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Topics Influenced</CardTitle>
          </CardHeader>
          <CardContent>
            {impact.topicsInfluenced.length === 0 ? (
              <p className="text-sm text-muted-foreground">Complete an engagement to see the topics your insights shaped.</p>
            ) : (
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {impact.topicsInfluenced.slice(0, 6).map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">Expertise Recognition</CardTitle>
          </CardHeader>
          <CardContent>
            {impact.recognition.length === 0 ? (
              <p className="text-sm text-muted-foreground">No completed engagements yet.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {impact.recognition.map((r) => (
                  <li key={r.type} className="flex justify-between">
                    <span>{labelOf(PROJECT_TYPES, r.type)}</span>
                    <span className="font-medium">
                      {r.count} project{r.count === 1 ? "" : "s"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">Recent Achievement</CardTitle>
          </CardHeader>
          <CardContent>
            {impact.recentAchievement ? (
              <p className="text-sm">
                Completed <strong>{impact.recentAchievement.title}</strong> for {impact.recentAchievement.clientOrganization}
                {impact.recentAchievement.completedAt ? ` on ${formatDateIn(impact.recentAchievement.completedAt, timeZone)}` : ""}.
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">Your first completed engagement will appear here.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
