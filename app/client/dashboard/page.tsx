import type { Metadata } from "next";
import Link from "next/link";
import { Bookmark, CalendarDays, Download, FolderKanban, HelpCircle, Mail, Search, Send, Users } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateProjectDialog } from "@/components/client/create-project-dialog";
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
  const [counts, attention, recent, timeZone, funding, upcoming] = await Promise.all([
    getClientDashboardCounts(actor),
    show.toDo || show.money ? getClientAttention(actor) : null,
    show.projects ? getRecentProjects(actor) : [],
    getClientTimeZone(actor),
    show.money ? getFundingSummary(actor) : null,
    seesSessions ? upcomingClientSessions(actor) : null,
  ]);
  const money = funding && (
    <MoneyOverview
      fundsCents={funding.fundsCents}
      reservedCents={funding.reservedCents}
      availableCents={funding.availableCents}
      openInvoices={funding.invoices.filter((i) => i.status === "open")}
      spend={spendByProject(funding.spend)}
    />
  );
  // A card or action is offered only when its page opens for this role (finance: no Projects, Shortlist or Calendar).
  const cards = [
    {
      key: "projects",
      title: "Projects",
      icon: FolderKanban,
      value: counts.projects,
      empty: "No projects yet. Create one to start recruiting experts.",
      href: "/client/projects",
    },
    {
      key: "findExperts",
      title: "Find Experts",
      icon: Users,
      value: counts.findExperts,
      empty: "No verified experts are listed yet.",
      href: "/client/experts",
    },
    {
      key: "shortlists",
      title: "Shortlists",
      icon: Bookmark,
      value: counts.shortlists,
      empty: "Your shortlist is empty. Shortlist experts while you search.",
      href: "/client/shortlist",
    },
    { key: "invites", title: "Invites", icon: Send, value: counts.invites, empty: "No invites sent yet.", href: "/client/projects" },
    {
      key: "schedules",
      title: "Schedules",
      icon: CalendarDays,
      value: counts.schedules,
      empty: "No sessions scheduled.",
      href: "/client/calendar",
    },
    {
      key: "exports",
      title: "Exports",
      icon: Download,
      value: counts.exports,
      empty: "Nothing to export yet: shortlist experts first.",
      href: "/client/shortlist",
    },
  ].filter((c) => mayOpen(actor, c.href));
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

      <section aria-labelledby="actions-heading" className="mt-8">
        <h2 id="actions-heading" className="sr-only">
          Actions
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {show.create ? (
            <ActionCard title="Create Project" description="Describe a study; experts see it as an open opportunity.">
              <CreateProjectDialog budgetEditable={can(actor, "manage:billing:org")} />
            </ActionCard>
          ) : null}
          {mayOpen(actor, "/client/calendar") && (
            <ActionCard title="View Calendar" description="Your scheduled sessions with experts.">
              <Button asChild variant="outline">
                <Link href="/client/calendar">
                  <CalendarDays aria-hidden="true" /> View Calendar
                </Link>
              </Button>
            </ActionCard>
          )}
          <ActionCard title="Search Profiles" description="Search verified experts by role, state, tools and more.">
            <Button asChild variant="outline">
              <Link href="/client/experts">
                <Search aria-hidden="true" /> Search Profiles
              </Link>
            </Button>
          </ActionCard>
        </div>
      </section>

      <section aria-labelledby="counts-heading" className="mt-8">
        <h2 id="counts-heading" className="mb-4 text-xl font-semibold">
          Overview
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((c) => (
            <li key={c.key}>
              <Card className="h-full" data-testid={`count-${c.key}`}>
                <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
                  <CardTitle as="h3" className="text-sm font-medium">
                    <Link href={c.href} className="underline-offset-4 hover:underline">
                      {c.title}
                    </Link>
                  </CardTitle>
                  <c.icon className="size-4 text-muted-foreground" aria-hidden="true" />
                </CardHeader>
                <CardContent>
                  <p className="text-3xl font-bold" data-testid="count-value">
                    {c.value}
                  </p>
                  {c.value === 0 ? (
                    <p className="mt-1 text-sm text-muted-foreground">{c.empty}</p>
                  ) : (
                    <Link href={c.href} className="mt-1 inline-block text-sm text-primary underline-offset-4 hover:underline">
                      View {c.title.toLowerCase()}
                    </Link>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      {/* Roles that run or follow the projects lead with them; the money comes after. */}
      {show.projects && money}

      <section aria-labelledby="help-heading" className="mt-8 rounded-lg border bg-muted/40 p-6">
        <h2 id="help-heading" className="text-lg font-semibold">
          Need help?
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {show.create
            ? "Create a project, search for experts, shortlist the ones you like and invite them."
            : show.projects
              ? "Your role follows the projects; a researcher or owner runs them."
              : "Add funds and pay invoices from Billing; a researcher or owner runs the projects."}{" "}
          Questions? Visit the{" "}
          <Link className="text-primary underline" href="/help-center">
            Help Center
          </Link>{" "}
          or{" "}
          <Link className="text-primary underline" href="/contact">
            contact us
          </Link>
          .
        </p>
      </section>
    </div>
  );
}

/** One of the dashboard's action cards: a title, what it is for, and its one control. */
function ActionCard({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
