import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { formatDateTime, humanize } from "@/lib/format";
import { DEFAULT_TIME_ZONE } from "@/lib/vocabulary/time";
import { requirePageRole } from "@/lib/auth/session";
import { listClientSchedules } from "@/lib/services/client-schedules";

export const metadata: Metadata = { title: "Calendar", description: "Your scheduled sessions.", robots: { index: false, follow: false } };

const when = (iso: string) => formatDateTime(iso, DEFAULT_TIME_ZONE, { weekday: true });

/** View Calendar (000 §2): the client's scheduled sessions. */
export default async function CalendarPage() {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/calendar");
  const sessions = await listClientSchedules(actor);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Calendar</h1>
      {sessions.length === 0 ? (
        <Card><CardContent className="py-12 text-center text-muted-foreground">No sessions scheduled.</CardContent></Card>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Scheduled sessions">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div>
                <p className="font-medium">{when(s.scheduledAt)} · {s.durationMinutes} min</p>
                <p className="text-sm text-muted-foreground">
                  {s.projectTitle} with <Link className="text-primary underline underline-offset-4" href={`/experts/${s.expertId}`}>{s.expertName}</Link>
                </p>
              </div>
              <Badge variant={s.status === "scheduled" ? "success" : "secondary"}>{humanize(s.status)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
