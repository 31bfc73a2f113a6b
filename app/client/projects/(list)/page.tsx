import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateProjectDialog } from "@/components/client/create-project-dialog";
import { formatDateTime, formatMoney, humanize } from "@/lib/platform/format";
import { PIPELINE_COLUMNS, STATE_LABELS } from "@/lib/engagements/states";
import { filledOf, formatOf, perUnit, PROJECT_TYPES, PROJECT_VISIBILITIES } from "@/lib/vocabulary/studies";
import { FILLING_STATES } from "@/lib/vocabulary/engagement-states";
import { labelOf } from "@/lib/vocabulary/options";
import { requirePageRole } from "@/lib/accounts/session";
import { listProjects } from "@/lib/projects/projects";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { PROJECT_STATUS_VARIANT } from "@/components/client/recent-projects";
import { RoleRefusal } from "@/components/client/role-refusal";
import { can } from "@/lib/accounts/permissions";
import { PageLinks } from "@/components/ui/page-links";
import { pageRequestOf } from "@/lib/platform/keyset";

export const metadata: Metadata = {
  title: "My Projects",
  description: "Your research projects and the experts in each.",
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProjectsPage({ searchParams }: Props) {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/projects");
  if (!can(actor, "read:project:org")) return <RoleRefusal actor={actor} permission="read:project:org" title="Projects" />;
  const [page, zone] = await Promise.all([listProjects(actor, pageRequestOf(await searchParams)), clientZoneOf(actor.userId)]);
  const projects = page.rows;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">My Projects</h1>
          <p className="mt-1 text-muted-foreground">Open a project to see its applicants, invites and sessions.</p>
        </div>
        {can(actor, "manage:project:org") ? <CreateProjectDialog budgetEditable={can(actor, "manage:billing:org")} /> : null}
      </header>
      {projects.length === 0 ? (
        <Card>
          <CardContent className="py-12 text-center text-muted-foreground">
            No projects yet. Create one to start recruiting experts.
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="Projects">
          {projects.map((p) => {
            const format = formatOf(p.projectType);
            const filled = FILLING_STATES[format].reduce((n, s) => n + (p.counts[s] ?? 0), 0);
            const states = PIPELINE_COLUMNS.filter((s) => (p.counts[s] ?? 0) > 0);
            return (
              <li key={p.id}>
                <Card
                  className="relative transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-primary/50"
                  data-testid="project-card"
                >
                  <CardHeader>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <CardTitle as="h2">
                        {/* The title's link covers the whole card (after:inset-0), so the card is one stop for the keyboard. */}
                        <Link href={`/client/projects/${p.id}`} className="after:absolute after:inset-0 focus-visible:outline-hidden">
                          {p.title}
                        </Link>
                      </CardTitle>
                      <Badge variant={PROJECT_STATUS_VARIANT[p.status]}>{humanize(p.status)}</Badge>
                    </div>
                    <CardDescription className="line-clamp-2">{p.description}</CardDescription>
                  </CardHeader>
                  <CardContent className="grid gap-3 text-sm">
                    <dl className="flex flex-wrap gap-x-6 gap-y-1">
                      <div className="flex gap-1">
                        <dt className="sr-only">Type</dt>
                        <dd>{labelOf(PROJECT_TYPES, p.projectType)}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt className="sr-only">Incentive</dt>
                        <dd>
                          {formatMoney(p.compensationCents)} {perUnit(format)}
                        </dd>
                      </div>
                      <div className="flex gap-1">
                        <dt className="sr-only">Length</dt>
                        <dd>{p.durationMinutes} min</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt className="sr-only">Visibility</dt>
                        <dd>{labelOf(PROJECT_VISIBILITIES, p.visibility)}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt>Deadline</dt>
                        <dd>{p.deadline ? formatDateTime(p.deadline, zone) : "None"}</dd>
                      </div>
                      <div className="flex gap-1">
                        <dt className="sr-only">Places filled</dt>
                        <dd className="font-medium">{filledOf(format, filled, p.quota)}</dd>
                      </div>
                    </dl>
                    {p.people ? (
                      <p className="text-muted-foreground">
                        Run by {p.people.responsible}
                        {p.people.changedBy && p.people.changedBy !== p.people.responsible
                          ? ` · last changed by ${p.people.changedBy}`
                          : ""}
                      </p>
                    ) : null}
                    {states.length === 0 ? (
                      <p className="text-muted-foreground">No experts yet.</p>
                    ) : (
                      <ul className="flex flex-wrap gap-2" aria-label={`Experts in ${p.title} by state`}>
                        {states.map((s) => (
                          <li key={s}>
                            <Badge variant="outline">
                              {STATE_LABELS[s]} {p.counts[s]}
                            </Badge>
                          </li>
                        ))}
                      </ul>
                    )}
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-6">
        <PageLinks path="/client/projects" page={page} noun="projects" />
      </div>
    </div>
  );
}
