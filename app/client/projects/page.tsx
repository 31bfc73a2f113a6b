import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CreateProjectDialog } from "@/components/client/create-project-dialog";
import { formatDay, formatMoney, humanize } from "@/lib/format";
import { requirePageRole } from "@/lib/auth/session";
import { listProjects } from "@/lib/services/client-projects";
import { listInvites } from "@/lib/services/client-invites";

export const metadata: Metadata = { title: "My Projects", description: "Your research projects and invites.", robots: { index: false, follow: false } };

const day = (iso: string | null) => (iso ? formatDay(iso) : "—");

export default async function ProjectsPage() {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/projects");
  const [projects, invites] = await Promise.all([listProjects(actor), listInvites(actor)]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">My Projects</h1>
          <p className="mt-1 text-muted-foreground">Each project is offered to experts as an open opportunity.</p>
        </div>
        <CreateProjectDialog />
      </header>
      {projects.length === 0 ? (
        <Card><CardContent className="py-12 text-center text-muted-foreground">No projects yet. Create one to start recruiting experts.</CardContent></Card>
      ) : (
        <ul className="grid gap-4">
          {projects.map((p) => (
            <li key={p.id}>
              <Card>
                <CardHeader>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <CardTitle as="h2">{p.title}</CardTitle>
                    <Badge variant={p.status === "open" ? "success" : "secondary"}>{humanize(p.status)}</Badge>
                  </div>
                  <CardDescription>{p.description}</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  <span>{humanize(p.projectType)}</span>
                  <span>{formatMoney(p.compensationCents)}</span>
                  <span>{p.durationMinutes} min</span>
                  <span>{humanize(p.locationType)}</span>
                  <span>Deadline {day(p.deadline)}</span>
                  <span>{p.invites} {p.invites === 1 ? "invite" : "invites"}</span>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="invites-heading" className="mt-10">
        <h2 id="invites-heading" className="mb-3 text-xl font-semibold">Invites</h2>
        {invites.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invites sent yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {invites.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span><strong>{i.expert.user.firstName} {i.expert.user.lastName}</strong> · {i.expert.roleTitle} — {i.project.title}</span>
                <Badge variant="outline">{humanize(i.status)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
