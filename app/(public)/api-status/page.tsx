import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { RecentActivity, StatusCards, statusCards, when } from "@/components/public/system-status-cards";
import { getSystemStatus } from "@/lib/site/system-status";
import { getActor } from "@/lib/accounts/session";
import { can } from "@/lib/accounts/permissions";

export const metadata: Metadata = {
  title: "System Status",
  description:
    "Live status of K12 Experts: API, database round-trip time, sign-in, expert matching, payment processing and e-mail notifications.",
  alternates: { canonical: "/api-status" },
};

// Measured on every request; a cached status page would be a fake one.
export const dynamic = "force-dynamic";

export default async function ApiStatusPage() {
  const [s, actor] = await Promise.all([getSystemStatus(), getActor().catch(() => null)]);
  const now = s.checkedAt;
  // Activity figures (sign-ins, payout timing, queued mail) are for admins; everyone else
  // sees whether each part is up, which is all a status page owes the public.
  const detailed = can(actor, "manage:user:any");
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">System Status</h1>
      <div
        role="status"
        data-testid="overall-status"
        className={`mt-6 rounded-lg border p-5 ${s.operational ? "border-success/40 bg-success/10" : "border-warning/40 bg-warning/10"}`}
      >
        <p className="text-lg font-semibold">{s.operational ? "All systems operational" : "Some systems are degraded"}</p>
        <p className="text-sm text-muted-foreground">
          Checked at <time dateTime={now.toISOString()}>{when(now)}</time>. Reload the page to check again.
        </p>
      </div>
      <StatusCards cards={statusCards(s, detailed)} />
      {detailed && <RecentActivity s={s} />}
      <div className="mt-10 flex flex-wrap gap-3">
        <Button asChild>
          <Link href="/contact">Report an Issue</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/help-center">Support Center</Link>
        </Button>
      </div>
    </div>
  );
}
