import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { humanize } from "@/lib/platform/format";
import { filledOf } from "@/lib/vocabulary/studies";
import type { RecentProject } from "@/lib/projects/client-dashboard";

export const PROJECT_STATUS_VARIANT = { open: "success", paused: "warning", closed: "secondary" } as const;

/** The newest projects under what needs the client: each title opens that project's pipeline. */
export function RecentProjects({ projects, total }: { projects: RecentProject[]; total: number }) {
  if (projects.length === 0) return null;
  return (
    <section aria-labelledby="recent-projects-heading" className="mt-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-projects-heading" className="text-xl font-semibold">
          Your latest projects
        </h2>
        {total > projects.length && (
          <Link href="/client/projects" className="text-sm text-primary underline-offset-4 hover:underline">
            All {total} projects
          </Link>
        )}
      </div>
      <ul className="grid gap-3 md:grid-cols-3" data-testid="recent-projects">
        {projects.map((p) => (
          <li key={p.id} className="relative rounded-lg border p-4 focus-within:ring-2 focus-within:ring-ring hover:border-primary/50">
            <div className="flex items-start justify-between gap-2">
              {/* The link covers the card, so the whole card is one tap and one keyboard stop. */}
              <Link href={`/client/projects/${p.id}`} className="font-medium after:absolute after:inset-0 focus-visible:outline-hidden">
                {p.title}
              </Link>
              <Badge variant={PROJECT_STATUS_VARIANT[p.status]}>{humanize(p.status)}</Badge>
            </div>
            <p className="mt-1 text-sm text-muted-foreground">{filledOf(p.format, p.filled, p.quota)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
