import type { Actor } from "@/lib/accounts/actor";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { officerQueue } from "@/lib/projects/district-approval-views";
import { AnswerForm } from "./answer-form";
import { PacketDetails } from "./packet-details";

const age = (days: number) => (days === 0 ? "today" : days === 1 ? "1 day ago" : `${days} days ago`);

/** The officer's queue: each request with its age, what it asks of staff, and the other approved studies recruiting the same staff this month. */
export async function OfficerQueueSection({ actor, leaid, districtName }: { actor: Actor; leaid: string; districtName: string }) {
  const queue = await officerQueue(actor, leaid);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Requests waiting for {districtName}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {queue.length === 0 ? (
          <p className="text-sm text-muted-foreground">No request is waiting for an answer.</p>
        ) : (
          queue.map((q) => (
            <article key={q.id} className="grid gap-3 rounded-md border p-3" aria-label={q.projectTitle}>
              <div>
                <h3 className="font-semibold break-words">{q.projectTitle}</h3>
                <p className="text-sm text-muted-foreground">
                  {q.organization} · asked {age(q.ageDays)}
                </p>
              </div>
              {q.packet ? <PacketDetails packet={q.packet} /> : null}
              <div className="text-sm">
                <p className="font-medium">Other approved studies recruiting your staff</p>
                {q.otherStudies.length === 0 ? (
                  <p className="text-muted-foreground">None at the moment.</p>
                ) : (
                  <ul className="list-disc pl-5">
                    {q.otherStudies.map((o) => (
                      <li key={`${o.title}-${o.organization}`}>
                        {o.title} ({o.organization}): {o.staffThisMonth} of your staff this month
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <AnswerForm via={{ kind: "officer", approvalId: q.id }} title={q.projectTitle} />
            </article>
          ))
        )}
      </CardContent>
    </Card>
  );
}
