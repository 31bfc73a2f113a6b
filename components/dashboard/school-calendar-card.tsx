"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { announceRefusal } from "@/components/ui/refusal";
import { Trash2 } from "lucide-react";
import {
  addBlackoutAction,
  removeBlackoutAction,
  saveSchoolHoursAction,
  setInvitesPausedUntilAction,
} from "@/lib/engagements/actions/school-calendar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { Spinner } from "@/components/ui/spinner";
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
import { describeZone, formatClockTime, formatDay } from "@/lib/platform/format";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import {
  BLACKOUT_LABEL_MAX,
  addBlackoutSchemaFor,
  invitesPauseSchemaFor,
  schoolHoursSchema,
} from "@/lib/engagements/schemas/school-calendar";
import { SCHOOL_DAY_OPTIONS } from "@/lib/vocabulary/time";

type Blackout = { id: string; startsOn: string; endsOn: string; label: string };
export type SchoolCalendarCardProps = {
  initial: {
    timeZone: string;
    today: string;
    start: string;
    end: string;
    days: number[];
    blackouts: Blackout[];
    invitesPausedUntil: string | null;
  };
};
type Errors = Record<string, string[]>;

const range = (b: { startsOn: string; endsOn: string }) =>
  b.startsOn === b.endsOn ? formatDay(b.startsOn) : `${formatDay(b.startsOn)} – ${formatDay(b.endsOn)}`;
const byStart = (a: Blackout, b: Blackout) => a.startsOn.localeCompare(b.startsOn) || a.endsOn.localeCompare(b.endsOn);

/**
 * Settings › School calendar: the hours and days the expert is at school, days they are not
 * available at all (blackouts), and a date until which they receive no new invites. Every time
 * is the expert's own, in their profile zone.
 */
export function SchoolCalendarCard({ initial }: SchoolCalendarCardProps) {
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const zone = describeZone(initial.timeZone);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">School Calendar</CardTitle>
        <CardDescription>
          Clients cannot propose sessions during your school hours or on blackout days. Times are in your profile time zone: {zone}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <SchoolHoursForm initial={initial} id={id} />
        <Separator />
        <BlackoutsSection initial={initial} id={id} />
        <Separator />
        <PauseInvitesForm initial={initial} id={id} />
      </CardContent>
    </Card>
  );
}

type SectionProps = SchoolCalendarCardProps & { id: (name: string) => string };

function describedBy(errors: Errors, fieldId: string, key: string) {
  return errors[key] ? `${fieldId}-error` : undefined;
}

function SchoolHoursForm({ initial, id }: SectionProps) {
  const [saved, setSaved] = useState({ start: initial.start, end: initial.end, days: initial.days });
  const [value, setValue] = useState(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(saved) !== JSON.stringify({ ...value, days: [...value.days].sort((a, b) => a - b) });

  const toggleDay = (day: number, on: boolean) =>
    setValue((v) => ({ ...v, days: on ? [...v.days.filter((d) => d !== day), day] : v.days.filter((d) => d !== day) }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = schoolHoursSchema.safeParse(value);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    const res = await saveSchoolHoursAction(parsed.data);
    setSaving(false);
    if (!res.ok) {
      announceRefusal(res, "School hours not saved", ["start", "end", "days"], setErrors);
      return;
    }
    setSaved(res.data);
    setValue(res.data);
    toast.success("School hours saved", {
      description: res.data.days.length
        ? `${formatClockTime(res.data.start)} – ${formatClockTime(res.data.end)} on your school days.`
        : "No school days: clients may propose any time.",
    });
  }

  return (
    <form noValidate onSubmit={save} className="space-y-4" aria-labelledby={id("hours-heading")}>
      <h3 id={id("hours-heading")} className="font-medium">
        School hours
      </h3>
      <div className="grid gap-4 sm:max-w-md sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={id("start")}>Start</Label>
          <Input
            id={id("start")}
            type="time"
            value={value.start}
            onChange={(e) => setValue((v) => ({ ...v, start: e.target.value }))}
            aria-invalid={Boolean(errors.start)}
            aria-describedby={describedBy(errors, id("start"), "start")}
          />
          <FieldError id={`${id("start")}-error`}>{errors.start?.[0]}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id("end")}>End</Label>
          <Input
            id={id("end")}
            type="time"
            value={value.end}
            onChange={(e) => setValue((v) => ({ ...v, end: e.target.value }))}
            aria-invalid={Boolean(errors.end)}
            aria-describedby={describedBy(errors, id("end"), "end")}
          />
          <FieldError id={`${id("end")}-error`}>{errors.end?.[0]}</FieldError>
        </div>
      </div>
      <fieldset aria-describedby={describedBy(errors, id("days"), "days")}>
        <legend className="mb-2 text-sm font-medium">School days</legend>
        <div className="flex flex-wrap gap-4">
          {SCHOOL_DAY_OPTIONS.map((d) => (
            <div key={d.value} className="flex items-center gap-2">
              <Checkbox
                id={id(`day-${d.value}`)}
                checked={value.days.includes(d.value)}
                onCheckedChange={(c) => toggleDay(d.value, c === true)}
                aria-label={d.name}
              />
              <Label htmlFor={id(`day-${d.value}`)}>{d.label}</Label>
            </div>
          ))}
        </div>
        <FieldError id={`${id("days")}-error`} className="mt-2">
          {errors.days?.[0]}
        </FieldError>
      </fieldset>
      <Button type="submit" disabled={saving || !dirty}>
        {saving ? <Spinner label="Saving…" /> : null}
        Save school hours
      </Button>
    </form>
  );
}

function BlackoutsSection({ initial, id }: SectionProps) {
  const [blackouts, setBlackouts] = useState(initial.blackouts);
  const [draft, setDraft] = useState({ label: "", startsOn: "", endsOn: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    const parsed = addBlackoutSchemaFor(initial.today).safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setAdding(true);
    const res = await addBlackoutAction(parsed.data);
    setAdding(false);
    if (!res.ok) {
      announceRefusal(res, "Blackout not added", ["label", "startsOn", "endsOn"], setErrors);
      return;
    }
    setBlackouts((list) => [...list, res.data].sort(byStart));
    setDraft({ label: "", startsOn: "", endsOn: "" });
    toast.success("Blackout added", { description: `${res.data.label}: ${range(res.data)}` });
  }

  async function remove(b: Blackout) {
    setRemoving(b.id);
    const res = await removeBlackoutAction({ blackoutId: b.id });
    setRemoving(null);
    if (!res.ok) {
      toast.error("Blackout not removed", { description: res.message });
      return;
    }
    setBlackouts((list) => list.filter((x) => x.id !== b.id));
    toast.success("Blackout removed", { description: b.label });
  }

  const field = (name: "label" | "startsOn" | "endsOn") => ({
    id: id(name),
    value: draft[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [name]: e.target.value })),
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": describedBy(errors, id(name), name),
  });

  return (
    <section aria-labelledby={id("blackouts-heading")} className="space-y-4">
      <div>
        <h3 id={id("blackouts-heading")} className="font-medium">
          Blackout days
        </h3>
        <p className="text-sm text-muted-foreground">Testing windows, breaks and other days when you cannot take sessions at any hour.</p>
      </div>
      {blackouts.length ? (
        <ul className="divide-y rounded-md border" aria-label="Blackout days">
          {blackouts.map((b) => (
            <li key={b.id} className="flex items-center justify-between gap-4 px-3 py-2" data-testid="blackout">
              <span>
                <span className="font-medium">{b.label}</span>
                <span className="block text-sm text-muted-foreground">{range(b)}</span>
              </span>
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button type="button" variant="ghost" size="sm" disabled={removing === b.id} aria-label={`Remove ${b.label}`}>
                    {removing === b.id ? <Spinner label="Removing…" /> : <Trash2 aria-hidden="true" />}
                    Remove
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>Remove “{b.label}”?</AlertDialogTitle>
                    <AlertDialogDescription>Clients will be able to propose sessions on {range(b)} again.</AlertDialogDescription>
                  </AlertDialogHeader>
                  <AlertDialogFooter>
                    <AlertDialogCancel>Cancel</AlertDialogCancel>
                    <AlertDialogAction onClick={() => remove(b)}>Remove blackout</AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground" data-testid="blackouts-empty">
          No upcoming blackout days.
        </p>
      )}
      <form noValidate onSubmit={add} className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start" aria-label="Add a blackout">
        <div className="grid gap-1.5">
          <Label htmlFor={id("label")}>Name</Label>
          <Input {...field("label")} maxLength={BLACKOUT_LABEL_MAX} placeholder="e.g. Spring testing" />
          <FieldError id={`${id("label")}-error`}>{errors.label?.[0]}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id("startsOn")}>First day</Label>
          <Input {...field("startsOn")} type="date" min={initial.today} />
          <FieldError id={`${id("startsOn")}-error`}>{errors.startsOn?.[0]}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id("endsOn")}>Last day</Label>
          <Input {...field("endsOn")} type="date" min={draft.startsOn || initial.today} />
          <FieldError id={`${id("endsOn")}-error`}>{errors.endsOn?.[0]}</FieldError>
        </div>
        <Button type="submit" variant="outline" disabled={adding} className="sm:mt-6">
          {adding ? <Spinner label="Adding…" /> : null}
          Add blackout
        </Button>
      </form>
    </section>
  );
}

function PauseInvitesForm({ initial, id }: SectionProps) {
  const [paused, setPaused] = useState(initial.invitesPausedUntil);
  const [until, setUntil] = useState(initial.invitesPausedUntil ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function apply(next: string | null) {
    const parsed = invitesPauseSchemaFor(initial.today).safeParse({ until: next });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const res = await setInvitesPausedUntilAction(parsed.data);
    setBusy(false);
    if (!res.ok) {
      setErrors(res.fieldErrors ?? {});
      toast.error("Invite pause not saved", { description: res.message });
      return;
    }
    setPaused(res.data.invitesPausedUntil);
    setUntil(res.data.invitesPausedUntil ?? "");
    toast.success(res.data.invitesPausedUntil ? "Invites paused" : "Invites resumed", {
      description: res.data.invitesPausedUntil
        ? `No new invites through ${formatDay(res.data.invitesPausedUntil)}.`
        : "Clients can invite you again.",
    });
  }

  return (
    <form
      noValidate
      className="space-y-3"
      aria-labelledby={id("pause-heading")}
      onSubmit={(e) => {
        e.preventDefault();
        // An empty date is a missing date here; lifting the pause is its own button.
        void apply(until || "");
      }}
    >
      <div>
        <h3 id={id("pause-heading")} className="font-medium">
          Pause invites
        </h3>
        <p className="text-sm text-muted-foreground" data-testid="pause-status">
          {paused ? `Invites are paused through ${formatDay(paused)}.` : "You are receiving invites."} Sessions already scheduled are not
          affected.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={id("until")}>Pause invites until</Label>
          <Input
            id={id("until")}
            type="date"
            min={initial.today}
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            aria-invalid={Boolean(errors.until)}
            aria-describedby={describedBy(errors, id("until"), "until")}
            className="w-auto"
          />
        </div>
        <Button type="submit" variant="outline" disabled={busy || !until || until === paused}>
          {busy ? <Spinner label="Saving…" /> : null}
          {paused ? "Change pause" : "Pause invites"}
        </Button>
        {paused ? (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => void apply(null)}>
            Resume invites now
          </Button>
        ) : null}
      </div>
      <FieldError id={`${id("until")}-error`}>{errors.until?.[0]}</FieldError>
    </form>
  );
}
