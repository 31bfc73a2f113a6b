import type { Metadata } from "next";
import Link from "next/link";
import { AlertCircle, CalendarClock, DollarSign, Hourglass, ShieldCheck } from "lucide-react";
import { requirePageRole } from "@/lib/auth/session";
import { getDashboardHeader } from "@/lib/services/dashboard/overview";
import { listOpportunityBoard } from "@/lib/services/engagement-views";
import { getWallet, listPayouts, nextPayoutDate, RECENT_PAYOUTS_LIMIT } from "@/lib/services/dashboard/wallet";
import { getImpact } from "@/lib/services/dashboard/impact";
import { getEngagementsByMonth } from "@/lib/services/dashboard/engagements-by-month";
import { getCurrentPulse } from "@/lib/services/dashboard/pulse";
import { getFeedbackTarget } from "@/lib/services/dashboard/feedback";
import { listSlots } from "@/lib/services/dashboard/availability";
import { getExpertiseRatings } from "@/lib/services/dashboard/expertise";
import { listTrendingTopics } from "@/lib/services/dashboard/trending-topics";
import { getSettings } from "@/lib/services/dashboard/settings";
import { getSchoolCalendar } from "@/lib/services/dashboard/school-calendar";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DashboardTabs } from "@/components/dashboard/dashboard-tabs";
import { tabFromQuery } from "@/components/dashboard/dashboard-tab-names";
import { LoadErrorToast } from "@/components/dashboard/load-error-toast";
import { OpportunitiesCard } from "@/components/dashboard/opportunities-card";
import { WalletCard } from "@/components/dashboard/wallet-card";
import { ImpactPanel } from "@/components/dashboard/impact-panel";
import { PulseCard } from "@/components/dashboard/pulse-card";
import { FeedbackCard } from "@/components/dashboard/feedback-card";
import { AvailabilityCalendar } from "@/components/dashboard/availability-calendar";
import { ExpertiseCard } from "@/components/dashboard/expertise-card";
import { SettingsCard } from "@/components/dashboard/settings-card";
import { MonthlyGoalCard } from "@/components/dashboard/monthly-goal-card";
import { SchoolCalendarCard } from "@/components/dashboard/school-calendar-card";
import { WorkEmailCard } from "@/components/dashboard/work-email-card";
import { ConflictDeclarationsForm } from "@/components/dashboard/conflict-declarations-form";
import { getOwnWorkEmail } from "@/lib/services/work-email";
import { CompletedSessionsCard } from "@/components/dashboard/completed-sessions-card";
import { clientCardsForExpert, listCompletedSessions } from "@/lib/services/ratings";
import { formatDateIn, formatDay, formatMoney } from "@/lib/format";

export const metadata: Metadata = { title: "Expert Dashboard", description: "Your K12 Experts dashboard.", robots: { index: false } };

/** A widget's data, or a marker that reading it failed (the widget then shows the spec's error toast). */
async function settle<T>(p: Promise<T>): Promise<{ ok: true; data: T } | { ok: false }> {
  try {
    return { ok: true, data: await p };
  } catch (e) {
    console.error("[dashboard]", e);
    return { ok: false };
  }
}


function SummaryCard({ title, icon, children }: { title: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between pb-2">
        <CardTitle as="h2" className="text-sm font-medium">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function WidgetError({ what }: { what: string }) {
  return (
    <Card>
      <CardContent className="pt-6 text-sm text-destructive">Failed to load {what}. Please reload the page.</CardContent>
    </Card>
  );
}

export default async function ExpertDashboardPage({ searchParams }: { searchParams: Promise<{ tab?: string | string[] }> }) {
  const { tab } = await searchParams;
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
      <h1 className="text-3xl font-bold">Welcome back, {header.firstName}!</h1>
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

  const workEmailLoad = settle(getOwnWorkEmail(actor));
  const [board, wallet, payouts, payoutDate, impact, impactMonths, pulse, feedback, slots, ratings, trending, settings, schoolCalendar, completed, clientCards] = await Promise.all([
    settle(listOpportunityBoard(actor)),
    settle(getWallet(actor)),
    settle(listPayouts(actor, { limit: RECENT_PAYOUTS_LIMIT })),
    settle(nextPayoutDate(actor)),
    settle(getImpact(actor)),
    settle(getEngagementsByMonth(actor)),
    settle(getCurrentPulse(actor)),
    settle(getFeedbackTarget(actor)),
    settle(listSlots(actor)),
    settle(getExpertiseRatings(actor)),
    settle(listTrendingTopics(actor)),
    settle(getSettings(actor)),
    settle(getSchoolCalendar(actor)),
    settle(listCompletedSessions(actor)),
    settle(clientCardsForExpert(actor)),
  ]);
  const timeZone = header.timeZone;
  const workEmail = await workEmailLoad;

  const privacyCard = (
    <Card>
      <CardHeader className="flex flex-row items-center gap-2">
        <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
        <CardTitle as="h2">Your Data &amp; Privacy</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <p>
          Privacy policy version: <strong>{header.privacyPolicyVersion}</strong>
        </p>
        <p>
          Privacy consent accepted: <strong>{header.privacyConsentAt ? formatDateIn(header.privacyConsentAt, timeZone) : "Not recorded"}</strong>
        </p>
        <Link href="/privacy-data" className="text-primary underline underline-offset-4">
          Read the privacy policy and manage your data
        </Link>
      </CardContent>
    </Card>
  );

  const opportunities = board.ok ? (
    <div className="space-y-6">
      <OpportunitiesCard board={board.data} timeZone={timeZone} clientCards={clientCards.ok ? clientCards.data : {}} />
      {completed.ok ? <CompletedSessionsCard items={completed.data} timeZone={timeZone} /> : <WidgetError what="your completed sessions" />}
    </div>
  ) : (
    <>
      <LoadErrorToast title="Error" description="Failed to load opportunities" />
      <WidgetError what="opportunities" />
    </>
  );

  const walletPanel =
    wallet.ok && payouts.ok ? <WalletCard wallet={wallet.data} payouts={payouts.data} paymentMethod={header.paymentMethod} timeZone={timeZone} /> : (
      <>
        <LoadErrorToast title="Error" description="Failed to load wallet data" />
        <WidgetError what="your wallet" />
      </>
    );

  const pulsePanel = (
    <div className="grid gap-6 lg:grid-cols-2">
      {pulse.ok ? <PulseCard pulse={pulse.data} /> : <WidgetError what="this week's survey" />}
      {feedback.ok ? <FeedbackCard feedback={feedback.data} /> : <WidgetError what="feedback" />}
    </div>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      {banner}
      {greeting}
      <section aria-label="Summary" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryCard title="Profile Status" icon={<ShieldCheck className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <Badge variant={header.verificationStatus === "verified" ? "success" : header.verificationStatus === "rejected" ? "destructive" : "warning"}>
            {header.verificationStatus.toUpperCase()}
          </Badge>
          <p className="mt-2 text-sm text-muted-foreground">{header.completeness}% complete</p>
        </SummaryCard>
        <SummaryCard title="Pending QC" icon={<Hourglass className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <p className="text-2xl font-bold">{wallet.ok ? formatMoney(wallet.data.pendingCents) : "—"}</p>
          <p className="text-sm text-muted-foreground">Under quality review</p>
        </SummaryCard>
        <SummaryCard title="Available" icon={<DollarSign className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <p className="text-2xl font-bold" data-testid="summary-available">{wallet.ok ? formatMoney(wallet.data.availableCents) : "—"}</p>
          <p className="text-sm text-muted-foreground">Ready for payout</p>
        </SummaryCard>
        <SummaryCard title="Next Payout" icon={<CalendarClock className="size-4 text-muted-foreground" aria-hidden="true" />}>
          <p className="text-2xl font-bold">{payoutDate.ok && payoutDate.data ? formatDay(payoutDate.data).replace(/, \d{4}$/, "") : "—"}</p>
          <p className="text-sm text-muted-foreground">Estimated payout date</p>
        </SummaryCard>
      </section>
      <DashboardTabs
        initial={tabFromQuery(tab)}
        panels={{
          Overview: (
            <div className="grid gap-6 lg:grid-cols-2">
              {privacyCard}
              {slots.ok ? <AvailabilityCalendar initial={slots.data} /> : <WidgetError what="your availability" />}
            </div>
          ),
          Opportunities: opportunities,
          Wallet: walletPanel,
          Impact: impact.ok ? <ImpactPanel impact={impact.data} months={impactMonths.ok ? impactMonths.data : null} timeZone={timeZone} /> : <WidgetError what="your impact" />,
          Pulse: pulsePanel,
          Settings: (
            <div className="space-y-6">
              {ratings.ok && trending.ok ? <ExpertiseCard initial={ratings.data} trending={trending.data} /> : <WidgetError what="your expertise ratings" />}
              {settings.ok ? <SettingsCard initial={settings.data} /> : <WidgetError what="your settings" />}
              {settings.ok ? <MonthlyGoalCard initial={settings.data.monthlyGoal} /> : null}
              {schoolCalendar.ok ? <SchoolCalendarCard initial={schoolCalendar.data} /> : <WidgetError what="your school calendar" />}
              <ConflictDeclarationsForm />
              {workEmail.ok ? (
                <WorkEmailCard
                  timeZone={timeZone}
                  initial={{
                    workEmail: workEmail.data.workEmail,
                    verifiedAt: workEmail.data.verifiedAt?.toISOString() ?? null,
                    state: workEmail.data.state,
                    badgeLabel: workEmail.data.badge?.label ?? null,
                    pendingEmail: workEmail.data.pendingEmail,
                  }}
                />
              ) : (
                <WidgetError what="your school e-mail" />
              )}
            </div>
          ),
        }}
      />
    </div>
  );
}
