import type { Metadata } from "next";
import Link from "next/link";
import { HelpCircle, Mail } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CountsOverview, DashboardActions, DashboardHelp } from "@/components/client/dashboard-sections";
import { requirePageRole } from "@/lib/accounts/session";
import { can } from "@/lib/accounts/permissions";
import { getClientAttention, getClientDashboardCounts, getRecentProjects } from "@/lib/projects/client-dashboard";
import { RecentProjects } from "@/components/client/recent-projects";
import { AttentionPanel } from "@/components/client/attention-panel";
import { clientZoneFrom, getClientTimeZone } from "@/lib/accounts/client-settings";
import { TimeZoneSetting } from "@/components/client/time-zone-setting";
import { ORG_ROLE_LABELS } from "@/lib/organizations/schemas/organizations";
import { MoneyOverview } from "@/components/client/money-overview";
import { getFundingSummary, spendByProject } from "@/lib/money/funding";
import { incentiveOutcomesFor } from "@/lib/money/billing";
import { IncentiveOutcomesLine } from "@/components/billing/incentive-outcomes";
import { dashboardSectionsFor, mayOpen } from "@/lib/organizations/member-access";
import { upcomingClientSessions } from "@/lib/engagements/upcoming-sessions";
import { UpcomingSessions } from "@/components/client/upcoming-sessions";

export const metadata: Metadata = {
  title: "Client Dashboard",
  description: "Your K12 Experts client dashboard.",
  robots: { index: false, follow: false },
};

/** The client's home: what needs them, their newest projects, live counts and working actions. */
export default async function ClientDashboardPage() {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/dashboard");
  const show = dashboardSectionsFor(actor);
  // The next sessions (with Join meeting) for the roles that have the Calendar.
  const seesSessions = mayOpen(actor, "/client/calendar");
  const [counts, attention, recent, timeZone, funding, upcoming, outcomes] = await Promise.all([
    getClientDashboardCounts(actor),
    show.toDo || show.money ? getClientAttention(actor) : null,
    show.projects ? getRecentProjects(actor) : [],
    getClientTimeZone(actor),
    show.money ? getFundingSummary(actor) : null,
    seesSessions ? upcomingClientSessions(actor) : null,
    show.money ? incentiveOutcomesFor(actor) : null,
  ]);
  const money = funding && (
    <>
      <MoneyOverview
        fundsCents={funding.fundsCents}
        reservedCents={funding.reservedCents}
        availableCents={funding.availableCents}
        openInvoices={funding.invoices.filter((i) => i.status === "open")}
        spend={spendByProject(funding.spend)}
      />
      {/* The organization's impact: how much of its incentives went to schools. */}
      {outcomes && (outcomes.donatedCents > 0 || outcomes.declinedCents > 0) && <IncentiveOutcomesLine outcomes={outcomes} />}
    </>
  );
  const intro = show.projects
    ? show.create
      ? "Find, shortlist and invite verified K-12 experts."
      : "Follow your organization's projects: who is taking part and how full each one is."
    : "Your organization's balance, invoices and spend.";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <div className="flex items-center gap-3">
            <h1 className="text-3xl font-bold">Client Dashboard</h1>
            {/* The account's role badge, then the organization role the page is shaped by. */}
            <Badge variant="secondary" className="uppercase">
              {actor.primaryRole}
            </Badge>
            {actor.membership ? (
              <Badge variant="outline" data-testid="dashboard-role">
                {ORG_ROLE_LABELS[actor.membership.role]}
              </Badge>
            ) : null}
          </div>
          <p className="mt-1 text-muted-foreground">{intro}</p>
        </div>
        <nav aria-label="Dashboard links" className="flex flex-wrap gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link href="/help-center">
              <HelpCircle aria-hidden="true" /> Help
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link href="/contact">
              <Mail aria-hidden="true" /> Contact
            </Link>
          </Button>
        </nav>
      </header>

      {attention && <AttentionPanel attention={attention} />}
      {upcoming && <UpcomingSessions sessions={upcoming.sessions} total={upcoming.total} zone={clientZoneFrom({ timeZone })} />}
      {!show.projects && money}
      <RecentProjects projects={recent} total={counts.projects} />

      <div className="mt-6">
        {/* An admin viewing as a client must not store the admin's browser zone on the client's profile. */}
        <TimeZoneSetting zone={timeZone} autoDetect={!actor.impersonating} />
      </div>

      <DashboardActions
        create={show.create}
        calendar={mayOpen(actor, "/client/calendar")}
        budgetEditable={can(actor, "manage:billing:org")}
      />

      <CountsOverview counts={counts} mayOpen={(href) => mayOpen(actor, href)} />

      {/* Roles that run or follow the projects lead with them; the money comes after. */}
      {show.projects && money}

      <DashboardHelp create={show.create} projects={show.projects} />
    </div>
  );
}
