import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { adminZone } from "@/lib/accounts/viewer-zone";
import { getActivityTrend, getVerificationTrend } from "@/lib/admin/trends";
import { Card, CardContent } from "@/components/ui/card";
import { ActivityTrendChart, VerificationTrendChart } from "@/components/admin/trend-charts";

export const metadata: Metadata = {
  title: "Trends",
  description: "Experts by verification status, and invites and completed sessions, week by week.",
  robots: { index: false },
};

export default async function AdminTrendsPage() {
  const actor = await requirePageRole(["admin"], "/login", "/admin/trends");
  const zone = await adminZone();
  const [verification, activity] = await Promise.all([getVerificationTrend(actor, zone), getActivityTrend(actor, zone)]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Trends</h1>
        <p className="text-sm text-muted-foreground">The last 12 weeks. Each chart has its numbers as a table below it.</p>
      </div>
      <div className="grid gap-6 *:min-w-0 xl:grid-cols-2">
        <Card>
          <CardContent className="pt-6">
            <VerificationTrendChart chart={verification} timeZone={zone} />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="pt-6">
            <ActivityTrendChart chart={activity} timeZone={zone} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
