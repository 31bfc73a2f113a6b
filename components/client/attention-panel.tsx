import Link from "next/link";
import { CheckCircle2 } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney, formatMonth } from "@/lib/format";
import type { AttentionItem, ClientAttention } from "@/lib/services/client-dashboard";

const linkClass = "text-primary underline-offset-4 hover:underline";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ProjectList({ items, what }: { items: AttentionItem[]; what: (n: number) => string }) {
  return (
    <ul className="grid gap-1 text-sm">
      {items.map((i) => (
        <li key={i.projectId}>
          <Link className={linkClass} href={`/client/projects/${i.projectId}`}>
            {what(i.count)} on {i.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The first thing on the client's dashboard: what waits on them, each line a link to where it
 * is done. Nothing waiting says so, so an empty panel never looks like a load failure.
 */
export function AttentionPanel({ attention }: { attention: ClientAttention }) {
  const groups = [
    attention.applications.length > 0 && {
      key: "applications",
      title: "Applications to answer",
      body: <ProjectList items={attention.applications} what={(n) => plural(n, "application", "applications")} />,
    },
    attention.sessionsToMark.length > 0 && {
      key: "sessions",
      title: "Sessions to mark completed or no-show",
      body: <ProjectList items={attention.sessionsToMark} what={(n) => plural(n, "session", "sessions")} />,
    },
    attention.timesToAnswer.length > 0 && {
      key: "times",
      title: "Session times to answer",
      body: <ProjectList items={attention.timesToAnswer} what={(n) => plural(n, "time", "times")} />,
    },
    attention.statementsDue.length > 0 && {
      key: "statements",
      title: "Statements due",
      body: (
        <ul className="grid gap-1 text-sm">
          {attention.statementsDue.map((s) => (
            <li key={s.month}>
              <Link className={linkClass} href="/client/billing">
                {formatMonth(s.month)}: {formatMoney(s.totalCents)}
              </Link>
            </li>
          ))}
        </ul>
      ),
    },
    attention.openDisputes > 0 && {
      key: "disputes",
      title: "Open disputes",
      body: (
        <p className="text-sm">
          {plural(attention.openDisputes, "dispute is", "disputes are")} with our team; you will be told the outcome.{" "}
          <Link className={linkClass} href="/client/billing">See billing</Link>
        </p>
      ),
    },
  ].filter((g) => g !== false);

  return (
    <section aria-labelledby="attention-heading" className="mt-6" data-testid="attention-panel">
      <h2 id="attention-heading" className="mb-3 text-xl font-semibold">Needs your attention</h2>
      {groups.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg border p-4 text-sm text-muted-foreground">
          <CheckCircle2 className="size-4 text-success" aria-hidden="true" /> Nothing needs you right now.
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {groups.map((g) => (
            <li key={g.key}>
              <Card className="h-full" data-testid={`attention-${g.key}`}>
                <CardHeader className="pb-2">
                  <CardTitle as="h3" className="text-base">{g.title}</CardTitle>
                </CardHeader>
                <CardContent>{g.body}</CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
