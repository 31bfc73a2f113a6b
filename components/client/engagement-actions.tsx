"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { AlertTriangle, CalendarClock, CalendarPlus, Check, Link2, Plus, Trash2, UserX, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { isLateCancel, MAX_PROPOSALS } from "@/lib/engagements/states";
import { LATE_CANCEL_HOURS } from "@/lib/money/policy";
import { cancelSchema, meetingUrlField } from "@/lib/engagements/schemas/engagements";
import { describeZone, formatMoney } from "@/lib/platform/format";
import { fromWallClock, toWallClock } from "@/lib/platform/zoned-time";
import { lateCancelFeeCents, POLICY, QC_BUSINESS_DAYS } from "@/lib/money/policy";
import { useActionRunner as useRunner, type ActionResult } from "@/components/client/use-action-runner";
import { ReasonField } from "@/components/ui/reason-field";
import {
  acceptEngagementAction,
  cancelEngagementAction,
  completeSessionAction,
  declineEngagementAction,
  meetingLinkAction,
  noShowAction,
  proposeTimesAction,
  rescheduleAction,
  schoolHoursCheckAction,
} from "@/lib/engagements/actions/engagements";

// What the client can do with one engagement of the pipeline, by state. The page decides which
// transitions the state machine allows (mayTransition); the service checks again. Every failure
// shows the server's own message.

export type EngagementActionsProps = {
  engagementId: string;
  expertName: string;
  /** The client's zone: datetime inputs are read in it and times are shown in it. */
  timeZone: string;
  allowed: { answer: boolean; propose: boolean; reschedule: boolean; meetingLink: boolean; cancel: boolean; complete: boolean };
  session: { startsAt: string; agreedAt: string | null; meetingUrl: string | null } | null;
  /** The session's start has passed (Mark completed and No-show show from then on; no new time, no cancel). */
  started: boolean;
  /** What completing this engagement bills, in cents (0 when the expert declined payment): the completion and late-cancel dialogs quote it. */
  incentiveCents: number;
  /** Why this expert's incentive cannot be reserved now: Accept is then off, with these words beside it. */
  acceptRefusal?: string | null;
};

const DURING_SCHOOL = "During school hours for this expert";

/**
 * The school-hours warning for times the client is about to send: each complete time is checked
 * once (shortly after it is typed); `flags[iso]` is undefined until its answer arrives.
 */
function useSchoolHours(engagementId: string, isos: string[]) {
  const [flags, setFlags] = useState<Record<string, boolean>>({});
  const check = useCallback(
    async (times: string[]): Promise<Record<string, boolean> | null> => {
      if (times.length === 0) return {};
      const result = await schoolHoursCheckAction({ engagementId, times });
      if (!result.ok) return null;
      const found = Object.fromEntries(times.map((t, i) => [t, result.data[i] ?? false]));
      setFlags((f) => ({ ...f, ...found }));
      return found;
    },
    [engagementId],
  );
  const key = isos.join("|");
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => void check(key.split("|")), 300);
    return () => clearTimeout(timer);
  }, [key, check]);
  return { flags, check };
}

/** Each datetime-local value as the UTC instant it names in `zone`, or an error for that input. */
function readTimes(values: string[], zone: string, now: number) {
  const errors: (string | null)[] = [];
  const isos: (string | null)[] = [];
  for (const v of values) {
    const at = v ? fromWallClock(v, zone) : null;
    if (!at) errors.push("Choose a date and time");
    else if (at.getTime() <= now) errors.push("Choose a time in the future");
    else errors.push(null);
    isos.push(at && at.getTime() > now ? at.toISOString() : null);
  }
  return { errors, isos };
}

function SchoolHoursFlag({ during }: { during: boolean | undefined }) {
  if (!during) return null;
  return (
    <p className="flex items-center gap-1 text-sm font-medium text-warning" data-testid="school-hours-warning">
      <AlertTriangle className="size-4 shrink-0" aria-hidden="true" /> {DURING_SCHOOL}
    </p>
  );
}

// ───────────────────────────── applied: Accept / Decline ─────────────────────────────

function AnswerButtons({
  engagementId,
  expertName,
  acceptRefusal,
}: {
  engagementId: string;
  expertName: string;
  acceptRefusal: string | null;
}) {
  const { pending, run } = useRunner();
  const [reason, setReason] = useState("");
  const refusalId = `accept-refusal-${engagementId}`;
  return (
    <>
      <Button
        size="sm"
        disabled={pending || Boolean(acceptRefusal)}
        aria-describedby={acceptRefusal ? refusalId : undefined}
        aria-label={`Accept ${expertName}`}
        onClick={() => run(() => acceptEngagementAction({ engagementId }), `${expertName} accepted`)}
      >
        {pending ? <Spinner /> : <Check aria-hidden="true" />} Accept
      </Button>
      <AlertDialog onOpenChange={(open) => open && setReason("")}>
        <AlertDialogTrigger asChild>
          <Button size="sm" variant="outline" disabled={pending} aria-label={`Decline ${expertName}`}>
            <X aria-hidden="true" /> Decline
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Decline {expertName}?</AlertDialogTitle>
            <AlertDialogDescription>The expert is told their application was declined. This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <ReasonField label="Reason (optional, the expert reads it)" value={reason} onChange={setReason} />
          <AlertDialogFooter>
            <AlertDialogCancel>Keep application</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => run(() => declineEngagementAction({ engagementId, reason: reason.trim() || null }), `${expertName} declined`)}
            >
              Decline
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {acceptRefusal && (
        <p
          id={refusalId}
          className="basis-full rounded-md border border-warning-line bg-warning-soft p-2 text-sm text-warning-soft-foreground"
          data-testid="accept-refusal"
        >
          {acceptRefusal}
        </p>
      )}
    </>
  );
}

// ───────────────────────────── accepted: Propose times ─────────────────────────────

function ProposeTimes({ engagementId, expertName, timeZone }: { engagementId: string; expertName: string; timeZone: string }) {
  const { pending, run } = useRunner();
  const [values, setValues] = useState<string[]>([""]);
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const base = useId();
  // Only complete future times are checked; the flags follow the inputs by instant.
  const [now] = useState(() => Date.now());
  const isos = readTimes(values, timeZone, now).isos;
  const { flags, check } = useSchoolHours(
    engagementId,
    isos.filter((i): i is string => i !== null),
  );

  const submit = async () => {
    const read = readTimes(values, timeZone, Date.now());
    setErrors(read.errors);
    if (read.errors.some(Boolean)) return;
    const times = read.isos as string[];
    // A warning the client has not seen yet stops the first press; one already shown does not.
    const unseen = times.filter((t) => flags[t] === undefined);
    if (unseen.length > 0) {
      const found = await check(unseen);
      if (found && unseen.some((t) => found[t])) {
        setNote("Some times fall in this expert's school hours. Press Propose times again to send them anyway, or change them.");
        return;
      }
    }
    setNote(null);
    run(
      () => proposeTimesAction({ engagementId, times }),
      `Times proposed to ${expertName}`,
      (ok) => {
        if (ok) setValues([""]);
      },
    );
  };

  return (
    <form
      className="grid w-full gap-3 rounded-md border p-3"
      aria-label={`Propose times to ${expertName}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm">
        Propose up to {MAX_PROPOSALS} times; the expert picks one.{" "}
        <span className="text-muted-foreground">Times are in {describeZone(timeZone)}.</span>
      </p>
      {values.map((v, i) => {
        const inputId = `${base}-time-${i}`;
        return (
          <div key={i} className="grid gap-1">
            <Label htmlFor={inputId}>Time {i + 1}</Label>
            <div className="flex gap-2">
              <Input
                id={inputId}
                type="datetime-local"
                value={v}
                aria-invalid={Boolean(errors[i])}
                aria-describedby={errors[i] ? `${inputId}-error` : undefined}
                onChange={(e) => {
                  const next = values.map((x, j) => (j === i ? e.target.value : x));
                  setValues(next);
                  setErrors((errs) => errs.map((x, j) => (j === i ? null : x)));
                  setNote(null);
                }}
              />
              {values.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove time ${i + 1}`}
                  onClick={() => setValues(values.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </div>
            <SchoolHoursFlag during={isos[i] ? flags[isos[i]!] : undefined} />
            <FieldError id={`${inputId}-error`}>{errors[i]}</FieldError>
          </div>
        );
      })}
      {note && (
        <p role="alert" className="text-sm">
          {note}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {values.length < MAX_PROPOSALS && (
          <Button type="button" variant="outline" size="sm" onClick={() => setValues([...values, ""])}>
            <Plus aria-hidden="true" /> Add another time
          </Button>
        )}
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? <Spinner /> : <CalendarPlus aria-hidden="true" />} Propose times
        </Button>
      </div>
    </form>
  );
}

// ───────────────────────────── scheduled ─────────────────────────────

/** A meeting link field with Save: an engagement's own, or a focus-group session's for every seat. */
export function MeetingLinkForm({
  current,
  save,
}: {
  current: string | null;
  save: (meetingUrl: string) => Promise<ActionResult<unknown>>;
}) {
  const { pending, run } = useRunner();
  const [url, setUrl] = useState(current ?? "");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  return (
    <form
      className="grid w-full gap-1"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = meetingUrlField.safeParse(url.trim());
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? "Enter an https:// meeting link");
          return;
        }
        setError(null);
        run(
          () => save(parsed.data),
          "Meeting link saved",
          (_ok, result) => {
            if (!result.ok) setError(result.fieldErrors?.meetingUrl?.[0] ?? null);
          },
          ["meetingUrl"],
        );
      }}
    >
      <Label htmlFor={inputId}>Meeting link</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          maxLength={500}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit" size="sm" variant="outline" className="h-10" disabled={pending}>
          {pending ? <Spinner /> : <Link2 aria-hidden="true" />} Save link
        </Button>
      </div>
      <FieldError id={`${inputId}-error`}>{error}</FieldError>
    </form>
  );
}

function RescheduleDialog({
  engagementId,
  expertName,
  timeZone,
  startsAt,
}: {
  engagementId: string;
  expertName: string;
  timeZone: string;
  startsAt: string;
}) {
  const { pending, run } = useRunner();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ time?: string | null; reason?: string | null }>({});
  const [note, setNote] = useState<string | null>(null);
  const [now, setNow] = useState(0);
  const base = useId();
  const iso = open ? readTimes([value], timeZone, now).isos[0] : null;
  const { flags, check } = useSchoolHours(engagementId, iso ? [iso] : []);

  const submit = async () => {
    const read = readTimes([value], timeZone, Date.now());
    const reasonError = reason.trim().length < 3 ? "Please give a reason (at least 3 characters)" : null;
    setErrors({ time: read.errors[0], reason: reasonError });
    if (read.errors[0] || reasonError) return;
    const at = read.isos[0]!;
    if (flags[at] === undefined) {
      const found = await check([at]);
      if (found?.[at]) {
        setNote("This time falls in the expert's school hours. Press Propose new time again to send it anyway, or change it.");
        return;
      }
    }
    run(
      () => rescheduleAction({ engagementId, reason: reason.trim(), startsAt: at }),
      `New time proposed to ${expertName}`,
      (ok) => {
        if (ok) setOpen(false);
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setValue(toWallClock(startsAt, timeZone));
          setReason("");
          setErrors({});
          setNote(null);
          setNow(Date.now());
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Propose a new time to ${expertName}`}>
          <CalendarClock aria-hidden="true" /> Propose new time
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Propose a new time to {expertName}</DialogTitle>
          <DialogDescription>
            The expert is told the new time and your reason; the current time stands until they accept it. Times are in{" "}
            {describeZone(timeZone)}.
          </DialogDescription>
        </DialogHeader>
        <form
          id={`${base}-form`}
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${base}-time`}>New time</Label>
            <Input
              id={`${base}-time`}
              type="datetime-local"
              value={value}
              aria-invalid={Boolean(errors.time)}
              aria-describedby={errors.time ? `${base}-time-error` : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setNote(null);
              }}
            />
            <SchoolHoursFlag during={iso ? flags[iso] : undefined} />
            <FieldError id={`${base}-time-error`}>{errors.time}</FieldError>
          </div>
          <ReasonField label="Reason" value={reason} onChange={setReason} error={errors.reason} />
          {note && (
            <p role="alert" className="text-sm">
              {note}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Keep current time
          </Button>
          <Button type="submit" form={`${base}-form`} disabled={pending}>
            {pending && <Spinner />} Propose new time
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CancelDialog({
  engagementId,
  expertName,
  session,
  incentiveCents,
}: {
  engagementId: string;
  expertName: string;
  session: EngagementActionsProps["session"];
  incentiveCents: number;
}) {
  const { pending, run } = useRunner();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [late, setLate] = useState(false);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setReason("");
          setError(null);
          // Measured when the dialog opens: an agreed time less than 24 hours away is a late cancel.
          setLate(isLateCancel(session, new Date()));
        }
        setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Cancel the engagement with ${expertName}`}>
          <X aria-hidden="true" /> Cancel
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel with {expertName}?</AlertDialogTitle>
          <AlertDialogDescription>The expert is told, with your reason. This cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        {late && (
          <p role="alert" className="flex gap-2 rounded-md border border-warning bg-warning/10 p-3 text-sm">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            <span>
              The session starts in less than {LATE_CANCEL_HOURS} hours, so this is recorded as a late cancel. {POLICY.lateCancel}{" "}
              <span data-testid="late-cancel-fee">For this session you owe {formatMoney(lateCancelFeeCents(incentiveCents))}.</span>
            </span>
          </p>
        )}
        <ReasonField label="Reason (required, the expert reads it)" value={reason} onChange={setReason} error={error} />
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={pending}
            onClick={(e) => {
              // Stay open until the reason is valid and the server agreed.
              e.preventDefault();
              const parsed = cancelSchema.safeParse({ engagementId, reason });
              if (!parsed.success) {
                setError(parsed.error.issues[0]?.message ?? "Please give a reason");
                return;
              }
              run(
                () => cancelEngagementAction({ engagementId, reason: parsed.data.reason }),
                late ? "Cancelled (recorded as a late cancel)" : "Cancelled",
                (ok) => {
                  if (ok) setOpen(false);
                },
              );
            }}
          >
            {pending && <Spinner />} Cancel {session ? "session" : "engagement"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function AfterSessionButtons({
  engagementId,
  expertName,
  incentiveCents,
}: {
  engagementId: string;
  expertName: string;
  incentiveCents: number;
}) {
  const { pending, run } = useRunner();
  const [reason, setReason] = useState("");
  return (
    <>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button size="sm" disabled={pending} aria-label={`Mark the session with ${expertName} completed`}>
            <Check aria-hidden="true" /> Mark completed
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Mark the session with {expertName} completed?</AlertDialogTitle>
            <AlertDialogDescription>
              The expert is told and the session&apos;s incentive,{" "}
              <span data-testid="completion-amount">{formatMoney(incentiveCents)}</span>, is added to what you owe. You then have{" "}
              {QC_BUSINESS_DAYS} business days of quality review to open a dispute. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Not yet</AlertDialogCancel>
            <AlertDialogAction onClick={() => run(() => completeSessionAction({ engagementId }), "Session marked completed")}>
              Mark completed
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog onOpenChange={(open) => open && setReason("")}>
        <AlertDialogTrigger asChild>
          <Button size="sm" variant="outline" disabled={pending} aria-label={`Record that ${expertName} did not attend`}>
            <UserX aria-hidden="true" /> No-show
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Record a no-show for {expertName}?</AlertDialogTitle>
            <AlertDialogDescription>
              <span className="block font-medium text-foreground" data-testid="no-show-amount">
                This expert will not be paid {formatMoney(incentiveCents)}.
              </span>
              Use this when the expert did not attend. {POLICY.noShow} This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <ReasonField label="What happened (optional)" value={reason} onChange={setReason} />
          <AlertDialogFooter>
            <AlertDialogCancel>Keep scheduled</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => run(() => noShowAction({ engagementId, reason: reason.trim() || null }), "No-show recorded")}
            >
              Record no-show
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** The client's buttons and forms for one engagement of the pipeline. */
export function EngagementActions({
  engagementId,
  expertName,
  timeZone,
  allowed,
  session,
  started,
  incentiveCents,
  acceptRefusal = null,
}: EngagementActionsProps) {
  const any = Object.values(allowed).some(Boolean);
  if (!any) return null;
  return (
    <div className="grid gap-3">
      {allowed.answer && (
        <div className="flex flex-wrap gap-2">
          <AnswerButtons engagementId={engagementId} expertName={expertName} acceptRefusal={acceptRefusal} />
        </div>
      )}
      {allowed.propose && <ProposeTimes engagementId={engagementId} expertName={expertName} timeZone={timeZone} />}
      {allowed.meetingLink && session && (
        <MeetingLinkForm current={session.meetingUrl} save={(meetingUrl) => meetingLinkAction({ engagementId, meetingUrl })} />
      )}
      {(allowed.reschedule || allowed.cancel || allowed.complete) && (
        <div className="flex flex-wrap gap-2">
          {allowed.complete && session && started && (
            <AfterSessionButtons engagementId={engagementId} expertName={expertName} incentiveCents={incentiveCents} />
          )}
          {allowed.reschedule && session && !started && (
            <RescheduleDialog engagementId={engagementId} expertName={expertName} timeZone={timeZone} startsAt={session.startsAt} />
          )}
          {allowed.cancel && !started && (
            <CancelDialog engagementId={engagementId} expertName={expertName} session={session} incentiveCents={incentiveCents} />
          )}
        </div>
      )}
    </div>
  );
}
