import type { Metadata } from "next";
import { SessionMeeting } from "@/components/engagements/session-meeting";
import Link from "next/link";
import { CalendarArrowDown } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { describeZone, formatDayHeading, formatTimeOfDay, humanize } from "@/lib/platform/format";
import { dayIn } from "@/lib/platform/zoned-time";
import { requirePageRole } from "@/lib/accounts/session";
import { listClientSessions, type ClientCalendarEntry } from "@/lib/engagements/views";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { RoleRefusal } from "@/components/client/role-refusal";
import { can } from "@/lib/accounts/permissions";

export const metadata: Metadata = {
  title: "Calendar",
  description: "Your sessions with experts.",
  robots: { index: false, follow: false },
};

const STATUS_VARIANT = { scheduled: "success", completed: "secondary", no_show: "destructive", cancelled: "outline" } as const;

/** Sessions grouped by the day they fall on in `zone`, in the order given. */
function byDay(entries: ClientCalendarEntry[], zone: string) {
  const days = new Map<string, ClientCalendarEntry[]>();
  for (const e of entries) {
    const day = dayIn(e.session.startsAt, zone);
    days.set(day, [...(days.get(day) ?? []), e]);
  }
  return [...days.entries()].map(([day, sessions]) => ({ day, sessions }));
}

/** Upcoming (soonest first; a session stays here until it ends) and past (latest first), as of the request. */
function splitAtNow(sessions: ClientCalendarEntry[]) {
  const now = Date.now();
  return {
    upcoming: sessions.filter((s) => new Date(s.session.endsAt).getTime() > now),
    past: sessions.filter((s) => new Date(s.session.endsAt).getTime() <= now).reverse(),
  };
}

/** View Calendar: the client's sessions by day, in the client's zone. */
export default async function CalendarPage() {
  const actor = await requirePageRole(["client", "admin"], "/client/login", "/client/calendar");
  if (!can(actor, "read:project:org")) return <RoleRefusal actor={actor} permission="read:project:org" title="Calendar" />;
  const [sessions, zone] = await Promise.all([listClientSessions(actor), clientZoneOf(actor.userId)]);
  const { upcoming, past } = splitAtNow(sessions);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">Calendar</h1>
      <p className="mb-6 mt-1 text-muted-foreground">Times are shown in {describeZone(zone)}.</p>
      {sessions.length === 0 ? (
        <Card>
          <CardContent className="py-12 text-center text-muted-foreground">
            No sessions scheduled. Once an expert picks one of your proposed times, the session shows here.{" "}
            <Link className="text-primary underline underline-offset-4" href="/client/projects">
              Go to your projects
            </Link>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-10">
          <SessionDays title="Upcoming" empty="No upcoming sessions." days={byDay(upcoming, zone)} zone={zone} />
          {past.length > 0 && <SessionDays title="Past" empty="" days={byDay(past, zone)} zone={zone} />}
        </div>
      )}
    </div>
  );
}

function SessionDays({
  title,
  empty,
  days,
  zone,
}: {
  title: string;
  empty: string;
  days: { day: string; sessions: ClientCalendarEntry[] }[];
  zone: string;
}) {
  const headingId = `sessions-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {days.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="grid gap-6">
          {days.map(({ day, sessions }) => (
            <div key={day}>
              <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground" id={`day-${title}-${day}`}>
                {formatDayHeading(day)}
              </h3>
              <ul className="divide-y rounded-lg border" aria-labelledby={`day-${title}-${day}`}>
                {sessions.map((s) => (
                  <li
                    key={s.session.id}
                    className="grid gap-2 px-4 py-3 sm:grid-cols-[8rem_1fr_auto] sm:items-start"
                    data-testid="calendar-session"
                  >
                    <p className="font-medium">
                      <time dateTime={new Date(s.session.startsAt).toISOString()}>{formatTimeOfDay(s.session.startsAt, zone)}</time>
                    </p>
                    <div className="grid gap-1 text-sm">
                      <p>
                        <Link
                          className="font-medium text-primary underline-offset-4 hover:underline"
                          href={`/client/projects/${s.projectId}`}
                        >
                          {s.projectTitle}
                        </Link>
                        {" with "}
                        <Link className="text-primary underline-offset-4 hover:underline" href={`/experts/${s.expertId}`}>
                          {s.expertName}
                        </Link>
                      </p>
                      <div className="flex flex-wrap gap-x-4 gap-y-1">
                        {s.session.meetingUrl && s.session.status === "scheduled" && (
                          <SessionMeeting session={s.session} label={`${s.projectTitle} with ${s.expertName}`} />
                        )}
                        {s.session.status === "scheduled" && (
                          <a
                            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                            href={`/api/engagements/${s.engagementId}/calendar`}
                            download
                          >
                            <CalendarArrowDown aria-hidden="true" className="size-4" /> Add to calendar (.ics)
                            <span className="sr-only">
                              {" "}
                              for {s.projectTitle} with {s.expertName}
                            </span>
                          </a>
                        )}
                      </div>
                    </div>
                    <Badge variant={STATUS_VARIANT[s.session.status as keyof typeof STATUS_VARIANT] ?? "outline"}>
                      {humanize(s.session.status)}
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
