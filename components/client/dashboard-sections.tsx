import Link from "next/link";
import { Bookmark, CalendarDays, Download, FolderKanban, Search, Send, Users } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateProjectDialog } from "@/components/client/create-project-dialog";
import type { ClientDashboardCounts } from "@/lib/projects/client-dashboard";

// The client dashboard's sections below its attention panel: the actions, the live counts and
// the help line, each shaped by what the member's role may open.

// A card or action is offered only when its page opens for this role (finance: no Projects, Shortlist or Calendar).
const COUNT_CARDS = [
  {
    key: "projects",
    title: "Projects",
    icon: FolderKanban,
    count: "projects",
    empty: "No projects yet. Create one to start recruiting experts.",
    href: "/client/projects",
  },
  {
    key: "findExperts",
    title: "Find Experts",
    icon: Users,
    count: "findExperts",
    empty: "No verified experts are listed yet.",
    href: "/client/experts",
  },
  {
    key: "shortlists",
    title: "Shortlists",
    icon: Bookmark,
    count: "shortlists",
    empty: "Your shortlist is empty. Shortlist experts while you search.",
    href: "/client/shortlist",
  },
  { key: "invites", title: "Invites", icon: Send, count: "invites", empty: "No invites sent yet.", href: "/client/projects" },
  {
    key: "schedules",
    title: "Schedules",
    icon: CalendarDays,
    count: "schedules",
    empty: "No sessions scheduled.",
    href: "/client/calendar",
  },
  {
    key: "exports",
    title: "Exports",
    icon: Download,
    count: "exports",
    empty: "Nothing to export yet: shortlist experts first.",
    href: "/client/shortlist",
  },
] as const;

/** The live counts, one card per page the role opens. */
export function CountsOverview({ counts, mayOpen }: { counts: ClientDashboardCounts; mayOpen: (href: string) => boolean }) {
  return (
    <section aria-labelledby="counts-heading" className="mt-8">
      <h2 id="counts-heading" className="mb-4 text-xl font-semibold">
        Overview
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {COUNT_CARDS.filter((c) => mayOpen(c.href)).map((c) => (
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
                  {counts[c.count]}
                </p>
                {counts[c.count] === 0 ? (
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
  );
}

/** Create Project (for the roles that run projects), the calendar and the expert search. */
export function DashboardActions({ create, calendar, budgetEditable }: { create: boolean; calendar: boolean; budgetEditable: boolean }) {
  return (
    <section aria-labelledby="actions-heading" className="mt-8">
      <h2 id="actions-heading" className="sr-only">
        Actions
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {create ? (
          <ActionCard title="Create Project" description="Describe a study; experts see it as an open opportunity.">
            <CreateProjectDialog budgetEditable={budgetEditable} />
          </ActionCard>
        ) : null}
        {calendar && (
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
  );
}

/** Where to start, in the words of what the role does, and where to ask. */
export function DashboardHelp({ create, projects }: { create: boolean; projects: boolean }) {
  return (
    <section aria-labelledby="help-heading" className="mt-8 rounded-lg border bg-muted/40 p-6">
      <h2 id="help-heading" className="text-lg font-semibold">
        Need help?
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {create
          ? "Create a project, search for experts, shortlist the ones you like and invite them."
          : projects
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
