import Link from "next/link";
import { AttentionSection } from "@/components/ui/attention-section";
import { formatMoney, formatMonth } from "@/lib/platform/format";
import type { AttentionItem, ClientAttention } from "@/lib/projects/client-dashboard";

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

/** The first thing on the client's dashboard: what waits on them, each line a link to where it is done. */
export function AttentionPanel({ attention }: { attention: ClientAttention }) {
  return (
    <AttentionSection
      groups={[
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
        attention.responsesToReview.length > 0 && {
          key: "responses",
          title: "Survey responses to review",
          body: <ProjectList items={attention.responsesToReview} what={(n) => plural(n, "response", "responses")} />,
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
              <Link className={linkClass} href="/client/billing">
                See billing
              </Link>
            </p>
          ),
        },
      ]}
    />
  );
}
