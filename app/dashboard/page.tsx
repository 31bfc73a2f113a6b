import type { Metadata } from "next";
import Link from "next/link";
import { AlertCircle, CalendarClock, DollarSign, Hourglass, ShieldCheck } from "@/components/ui/icons";
import { requirePageRole } from "@/lib/accounts/session";
import { getDashboardHeader } from "@/lib/experts/dashboard/overview";
import { getWallet, nextPayoutDate } from "@/lib/money/wallet";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DashboardTabs } from "@/components/dashboard/dashboard-tabs";
import { tabFromQuery } from "@/components/dashboard/dashboard-tab-names";
import { renderDashboardPanel, settle } from "@/app/dashboard/panels";
import { formatDay, formatMoney } from "@/lib/platform/format";

export const metadata: Metadata = { title: "Expert Dashboard", description: "Your K12 Experts dashboard.", robots: { index: false } };

// Two by two and tighter on a phone, so the tabs are on the first screen rather than below four stacked cards.
function SummaryCard({ title, icon, children }: { title: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 p-3 pb-1 sm:p-6 sm:pb-2">
        <CardTitle as="h2" className="text-sm font-medium">
          {title}
        </CardTitle>
        {icon}
      </CardHeader>
      <CardContent className="p-3 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

export default async function ExpertDashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const { tab } = params;
  const actor = await requirePageRole(["expert"], "/expert/login", "/dashboard");
  const header = await getDashboardHeader(actor);

  const banner = header.firstIncompleteStep ? (
    <Alert variant="warning" className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <AlertDescription className="flex items-center gap-2 text-foreground">
        <AlertCircle className="size-4 shrink-0 text-warning" aria-hidden="true" />
        Finish your profile to unlock more invitations (≈ 2 mins)
      </AlertDescription>
      <Button asChild size="sm">
        <Link href={`/onboarding?step=${header.firstIncompleteStep}`}>Complete Profile</Link>
      </Button>
    </Alert>
  ) : null;

  const greeting = (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {header.returning ? "Welcome back" : "Welcome"}, {header.firstName}!
      </h1>
      {header.roleTitle || header.organizationName ? (
        <p className="mt-1 text-muted-foreground">{[header.roleTitle, header.organizationName].filter(Boolean).join(" at ")}</p>
      ) : null}
    </div>
  );

  if (!header.hasExpertProfile) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10">
        {banner}
        {greeting}
        <p className="mt-6 text-muted-foreground">Complete your expert profile to see opportunities, your wallet and your impact.</p>
      </div>
    );
  }

  // The summary cards on every tab; the open tab's panel below reads only its own data.
  const open = tabFromQuery(tab);
  const [wallet, payoutDate, panel] = await Promise.all([
    settle(getWallet(actor)),
    settle(nextPayoutDate(actor)),
    renderDashboardPanel(open, actor, header, params),
  ]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      {banner}
      {greeting}
      <section aria-label="Summary" className="mt-4 grid grid-cols-2 gap-3 sm:mt-6 sm:gap-4 lg:grid-cols-4">
        <SummaryCard title="Profile Status" icon={<ShieldCheck className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <Badge
            variant={
              header.verificationStatus === "verified" ? "success" : header.verificationStatus === "rejected" ? "destructive" : "warning"
            }
          >
            {header.verificationStatus.toUpperCase()}
          </Badge>
          <p className="mt-1 text-sm text-muted-foreground sm:mt-2">{header.completeness}% complete</p>
        </SummaryCard>
        <SummaryCard title="Pending QC" icon={<Hourglass className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <p className="text-xl font-bold sm:text-2xl">{wallet.ok ? formatMoney(wallet.data.pendingCents) : "—"}</p>
          <p className="text-sm text-muted-foreground">Under quality review</p>
        </SummaryCard>
        <SummaryCard title="Available" icon={<DollarSign className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <p className="text-xl font-bold sm:text-2xl" data-testid="summary-available">
            {wallet.ok ? formatMoney(wallet.data.availableCents) : "—"}
          </p>
          <p className="text-sm text-muted-foreground">Ready for payout</p>
        </SummaryCard>
        <SummaryCard title="Next Payout" icon={<CalendarClock className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <p className="text-xl font-bold sm:text-2xl">
            {payoutDate.ok && payoutDate.data ? formatDay(payoutDate.data).replace(/, \d{4}$/, "") : "—"}
          </p>
          <p className="text-sm text-muted-foreground">Estimated payout date</p>
        </SummaryCard>
      </section>
      <DashboardTabs initial={open} panel={panel} />
    </div>
  );
}
