"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { announceRefusal } from "@/components/ui/refusal";
import { saveSchoolHoursAction, setInvitesPausedUntilAction } from "@/lib/engagements/actions/school-calendar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Separator } from "@/components/ui/separator";
import { Spinner } from "@/components/ui/spinner";
import { describeZone, formatClockTime, formatDay } from "@/lib/platform/format";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import { invitesPauseSchemaFor, schoolHoursSchema } from "@/lib/engagements/schemas/school-calendar";
import { SCHOOL_DAY_OPTIONS } from "@/lib/vocabulary/time";

import { describedBy, type Errors, type SchoolCalendarCardProps, type SectionProps } from "@/components/dashboard/school-calendar-shared";
import { BlackoutsSection } from "@/components/dashboard/school-calendar-blackouts";

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
