import "server-only";
import type { ReactNode } from "react";
import Link from "next/link";
import { ShieldCheck } from "@/components/ui/icons";
import type { Actor } from "@/lib/accounts/actor";
import type { DashboardHeader } from "@/lib/experts/dashboard/overview";
import { listOpportunityBoard } from "@/lib/engagements/views";
import { openBoardFiltersSchema } from "@/lib/engagements/open-board";
import { pageRequestOf } from "@/lib/platform/keyset";
import { getWallet, listPayouts, RECENT_PAYOUTS_LIMIT } from "@/lib/money/wallet";
import { getImpact } from "@/lib/experts/dashboard/impact";
import { getEngagementsByMonth } from "@/lib/engagements/by-month";
import { getCurrentPulse } from "@/lib/experts/dashboard/pulse";
import { getFeedbackTarget } from "@/lib/experts/dashboard/feedback";
import { listSlots } from "@/lib/engagements/availability";
import { getExpertAttention } from "@/lib/engagements/attention";
import { getExpertiseRatings } from "@/lib/experts/dashboard/expertise";
import { listTrendingTopics } from "@/lib/experts/dashboard/trending-topics";
import { getSettings } from "@/lib/experts/dashboard/settings";
import { getSchoolCalendar } from "@/lib/engagements/school-calendar";
import { getOwnWorkEmail } from "@/lib/experts/work-email";
import { clientCardsForExpert, listCompletedSessions } from "@/lib/experts/ratings";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { DashboardTab } from "@/components/dashboard/dashboard-tab-names";
import { LoadErrorToast } from "@/components/dashboard/load-error-toast";
import { OpportunitiesCard } from "@/components/dashboard/opportunities-card";
import { NeedsYouPanel } from "@/components/dashboard/needs-you-panel";
import { WalletCard } from "@/components/dashboard/wallet-card";
import { ImpactPanel } from "@/components/dashboard/impact-panel";
import { PulseCard } from "@/components/dashboard/pulse-card";
import { FeedbackCard } from "@/components/dashboard/feedback-card";
import { AvailabilityCalendar } from "@/components/dashboard/availability-calendar";
import { ExpertiseCard } from "@/components/dashboard/expertise-card";
import { SettingsCard } from "@/components/dashboard/settings-card";
import { IncentiveDefaultCard } from "@/components/engagements/incentive-default-card";
import { incentiveDefaultOf } from "@/lib/money/incentive-choices";
import { RemindersLinkCard } from "@/components/settings/reminders-link-card";
import { MonthlyGoalCard } from "@/components/dashboard/monthly-goal-card";
import { SchoolCalendarCard } from "@/components/dashboard/school-calendar-card";
import { WorkEmailCard } from "@/components/dashboard/work-email-card";
import { ConflictDeclarationsForm } from "@/components/onboarding/conflict-declarations-form";
import { CompletedSessionsCard } from "@/components/dashboard/completed-sessions-card";
import { formatDateIn } from "@/lib/platform/format";
import { settle as settleAs } from "@/lib/platform/settle";
import { ownDistrictPolicy } from "@/lib/districts/research-policies";
import { officerDistricts } from "@/lib/districts/officers";
import { OwnDistrictPolicyCard } from "@/components/districts/own-district-policy-card";

// One dashboard tab's panel, with only that tab's reads. The page renders the open tab; the
// others arrive through loadDashboardPanelAction when first opened. Rendering all six on every
// request was most of the dashboard's cost (docs/decisions/0021-signed-in-page-speed.md).

type SearchParams = Record<string, string | string[] | undefined>;

/** A widget's data, or a marker that reading it failed (the widget then shows an error toast, e.g. "Failed to load wallet data"). */
export const settle = <T,>(p: Promise<T>) => settleAs(p, "dashboard");

function WidgetError({ what }: { what: string }) {
  return (
    <Card>
      <CardContent className="pt-6 text-sm text-destructive">Failed to load {what}. Please reload the page.</CardContent>
    </Card>
  );
}

async function overviewPanel(actor: Actor, header: DashboardHeader) {
  const [attention, slots, district, offices] = await Promise.all([
    settle(getExpertAttention(actor)),
    settle(listSlots(actor)),
    settle(ownDistrictPolicy(actor)),
    settle(officerDistricts(actor)),
  ]);
  // What waits on the expert leads; the privacy card and the calendar follow.
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {attention.ok ? (
        <NeedsYouPanel attention={attention.data} timeZone={header.timeZone} />
      ) : (
        <div className="lg:col-span-2">
          <WidgetError what="what needs you" />
        </div>
      )}
      <Card className="lg:self-start">
        <CardHeader className="flex flex-row items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          <CardTitle as="h2">Your Data &amp; Privacy</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          <p>
            Privacy policy version: <strong>{header.privacyPolicyVersion}</strong>
          </p>
          <p>
            Privacy consent accepted:{" "}
            <strong>{header.privacyConsentAt ? formatDateIn(header.privacyConsentAt, header.timeZone) : "Not recorded"}</strong>
          </p>
          <Link href="/privacy-data" className="text-primary underline underline-offset-4">
            Read the privacy policy and manage your data
          </Link>
        </CardContent>
      </Card>
      {district.ok && district.data ? (
        <OwnDistrictPolicyCard view={district.data} officer={offices.ok && offices.data.includes(district.data.leaid)} />
      ) : null}
      {slots.ok ? <AvailabilityCalendar initial={slots.data} /> : <WidgetError what="your availability" />}
    </div>
  );
}

async function opportunitiesPanel(actor: Actor, header: DashboardHeader, params: SearchParams) {
  const filters = openBoardFiltersSchema.parse(params);
  const [board, completed, clientCards] = await Promise.all([
    settle(listOpportunityBoard(actor, new Date(), { filters, page: pageRequestOf(params) })),
    settle(listCompletedSessions(actor)),
    settle(clientCardsForExpert(actor)),
  ]);
  if (!board.ok) {
    return (
      <>
        <LoadErrorToast title="Error" description="Failed to load opportunities" />
        <WidgetError what="opportunities" />
      </>
    );
  }
  return (
    <div className="space-y-6">
      <OpportunitiesCard
        board={board.data}
        filters={filters}
        timeZone={header.timeZone}
        clientCards={clientCards.ok ? clientCards.data : {}}
      />
      {completed.ok ? (
        <CompletedSessionsCard items={completed.data} timeZone={header.timeZone} />
      ) : (
        <WidgetError what="your completed sessions" />
      )}
    </div>
  );
}

async function walletPanel(actor: Actor, header: DashboardHeader) {
  const [wallet, payouts] = await Promise.all([settle(getWallet(actor)), settle(listPayouts(actor, { limit: RECENT_PAYOUTS_LIMIT }))]);
  if (wallet.ok && payouts.ok)
    return <WalletCard wallet={wallet.data} payouts={payouts.data} paymentMethod={header.paymentMethod} timeZone={header.timeZone} />;
  return (
    <>
      <LoadErrorToast title="Error" description="Failed to load wallet data" />
      <WidgetError what="your wallet" />
    </>
  );
}

async function impactPanel(actor: Actor, header: DashboardHeader) {
  const [impact, months] = await Promise.all([settle(getImpact(actor)), settle(getEngagementsByMonth(actor))]);
  return impact.ok ? (
    <ImpactPanel impact={impact.data} months={months.ok ? months.data : null} timeZone={header.timeZone} />
  ) : (
    <WidgetError what="your impact" />
  );
}

async function pulsePanel(actor: Actor) {
  const [pulse, feedback] = await Promise.all([settle(getCurrentPulse(actor)), settle(getFeedbackTarget(actor))]);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {pulse.ok ? <PulseCard pulse={pulse.data} /> : <WidgetError what="this week's survey" />}
      {feedback.ok ? <FeedbackCard feedback={feedback.data} /> : <WidgetError what="feedback" />}
    </div>
  );
}

async function settingsPanel(actor: Actor, header: DashboardHeader) {
  const [ratings, trending, settings, schoolCalendar, workEmail, pay] = await Promise.all([
    settle(getExpertiseRatings(actor)),
    settle(listTrendingTopics(actor)),
    settle(getSettings(actor)),
    settle(getSchoolCalendar(actor)),
    settle(getOwnWorkEmail(actor)),
    settle(incentiveDefaultOf(actor)),
  ]);
  return (
    <div className="space-y-6">
      {ratings.ok && trending.ok ? (
        <ExpertiseCard initial={ratings.data} trending={trending.data} />
      ) : (
        <WidgetError what="your expertise ratings" />
      )}
      {settings.ok ? <SettingsCard initial={settings.data} /> : <WidgetError what="your settings" />}
      {settings.ok ? <MonthlyGoalCard initial={settings.data.monthlyGoal} /> : null}
      {pay.ok ? (
        <IncentiveDefaultCard
          choice={pay.data.choice}
          districtName={pay.data.district?.name ?? null}
          setByGiftLimit={pay.data.setByGiftLimit}
        />
      ) : (
        <WidgetError what="your pay choice" />
      )}
      <RemindersLinkCard />
      {schoolCalendar.ok ? <SchoolCalendarCard initial={schoolCalendar.data} /> : <WidgetError what="your school calendar" />}
      <ConflictDeclarationsForm />
      {workEmail.ok ? (
        <WorkEmailCard
          timeZone={header.timeZone}
          initial={{
            workEmail: workEmail.data.workEmail,
            verifiedAt: workEmail.data.verifiedAt?.toISOString() ?? null,
            state: workEmail.data.state,
            badgeLabel: workEmail.data.badge?.label ?? null,
            pendingEmail: workEmail.data.pendingEmail,
            domainReview: workEmail.data.domainReview,
          }}
        />
      ) : (
        <WidgetError what="your school e-mail" />
      )}
    </div>
  );
}

/**
 * The panel of `tab` for the expert `actor` (every service below checks the permission and scopes
 * by the actor), with its data already read: the page hands finished markup to the tabs, so the
 * panel streams with the page rather than as a boundary of its own.
 */
export async function renderDashboardPanel(
  tab: DashboardTab,
  actor: Actor,
  header: DashboardHeader,
  params: SearchParams = {},
): Promise<ReactNode> {
  switch (tab) {
    case "Overview":
      return overviewPanel(actor, header);
    case "Opportunities":
      return opportunitiesPanel(actor, header, params);
    case "Wallet":
      return walletPanel(actor, header);
    case "Impact":
      return impactPanel(actor, header);
    case "Pulse":
      return pulsePanel(actor);
    case "Settings":
      return settingsPanel(actor, header);
  }
}
