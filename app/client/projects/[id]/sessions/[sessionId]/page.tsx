import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "@/components/ui/icons";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { stateLabel } from "@/lib/engagements/states";
import { AttendanceForm, CorrectAttendanceForm } from "@/components/client/session-attendance";
import { ATTENDANCE_CORRECTION_HOURS } from "@/lib/money/policy";
import { loadOwnSession } from "./load-session";

export const metadata: Metadata = {
  title: "Session attendance",
  description: "Who attended a focus-group session.",
  robots: { index: false, follow: false },
};

type Props = { params: Promise<{ id: string; sessionId: string }> };

async function load(projectId: string, sessionId: string) {
  const own = await loadOwnSession(projectId, sessionId);
  if (!own) return null;
  return { sheet: own.sheet, now: own.now, zone: await clientZoneOf(own.actor.userId) };
}

/** One focus-group session's attendance: every seat's outcome on one screen, recorded together. */
export default async function SessionAttendancePage({ params }: Props) {
  const { id, sessionId } = await params;
  const loaded = await load(id, sessionId);
  if (!loaded) notFound();
  const { sheet, zone, now } = loaded;
  const { session, project } = sheet;
  const when = formatDateTime(session.startsAt, zone, { weekday: true });
  const started = session.startsAt.getTime() <= now;
  const open = sheet.holders.filter((h) => h.state === "scheduled");
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
      <Link
        href={`/client/projects/${project.id}`}
        className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {project.title}
      </Link>
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold">Attendance</h1>
        <p className="text-muted-foreground">
          Session of <time dateTime={session.startsAt.toISOString()}>{when}</time> · {session.seated} of {session.seats} seats
          {session.backupSeats > 0 && ` · ${session.backups} of ${session.backupSeats} backup seats`}
        </p>
      </header>
      {sheet.holders.length === 0 ? (
        <p>Nobody took a seat in this session.</p>
      ) : !started ? (
        <p data-testid="attendance-not-yet">Attendance can be recorded once the session starts.</p>
      ) : session.attendanceTakenAt || open.length === 0 ? (
        <section aria-labelledby="attendance-recorded">
          <h2 id="attendance-recorded" className="text-lg font-semibold">
            Recorded
          </h2>
          {sheet.correctableUntil ? (
            <p className="mt-1 text-sm text-muted-foreground" data-testid="attendance-correctable">
              You can correct attendance until{" "}
              <time dateTime={sheet.correctableUntil.toISOString()}>{formatDateTime(sheet.correctableUntil, zone, { weekday: true })}</time>
              ; each expert is told of a change. Pay is booked from the final record when that time has passed.
            </p>
          ) : null}
          <ul className="mt-2 grid gap-2" data-testid="attendance-recorded">
            {sheet.holders.map((h) => (
              <li key={h.engagementId} className="grid gap-2 rounded-md border p-3">
                <span>
                  <span className="font-medium">{h.expertName}</span> · {h.label} · {h.outcome ?? stateLabel(h.state, "focus_group")}
                </span>
                {sheet.correctableUntil && h.mark ? (
                  <CorrectAttendanceForm
                    holder={{ engagementId: h.engagementId, expertName: h.expertName, kind: h.kind, label: h.label, payCents: h.payCents }}
                    current={h.mark}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <section aria-labelledby="attendance-heading" className="grid gap-3">
          <h2 id="attendance-heading" className="text-lg font-semibold">
            Who attended?
          </h2>
          <p className="text-sm text-muted-foreground">
            Attended seats are paid their incentive after the quality-review window; a no-show is not paid. A backup seat that was kept free
            and not needed is paid the backup fee of {formatMoney(project.backupFeeCents)}. You can correct the record for{" "}
            {ATTENDANCE_CORRECTION_HOURS} hours; pay is booked from it when that time has passed.
            {sheet.waiting.length > 0 &&
              ` The ${sheet.waiting.length === 1 ? "person" : `${sheet.waiting.length} people`} still on the waitlist will be told the session went ahead.`}
          </p>
          <AttendanceForm
            studySessionId={session.id}
            holders={open.map(({ engagementId, expertName, kind, label, payCents }) => ({
              engagementId,
              expertName,
              kind,
              label,
              payCents,
            }))}
            feeLabel={formatMoney(project.backupFeeCents)}
            correctionHours={ATTENDANCE_CORRECTION_HOURS}
          />
        </section>
      )}
    </div>
  );
}
