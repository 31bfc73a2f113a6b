"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime, formatTimeOfDay } from "@/lib/platform/format";
import { setProjectMailModeAction } from "@/lib/engagements/actions/mail-digests";

type Mode = "auto" | "every_event" | "hourly" | "daily";

export type MailSettingView = {
  mode: Exclude<Mode, "auto"> | null;
  eventsToday: number;
  lastDigest: { sentAt: Date | string; frequency: "hourly" | "daily"; summary: string } | null;
};

const DAY = 86_400_000;

const SHORT: Record<Mode, string> = {
  auto: "Automatic",
  every_event: "Every event",
  hourly: "Hourly digest",
  daily: "Daily digest",
};

/**
 * How this project's client is e-mailed about applications, seats and responses. Times are the
 * reader's own zone, named; the daily digest's day is UTC's, so its hour is shown in that zone.
 */
export function ProjectMailSetting({
  projectId,
  setting,
  zone,
  now,
  busyDay,
}: {
  projectId: string;
  setting: MailSettingView;
  zone: string;
  now: number;
  /** Events in a day past which the default turns to the daily digest. */
  busyDay: number;
}) {
  const router = useRouter();
  const id = useId();
  const current: Mode = setting.mode ?? "auto";
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<Mode>(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const dailyAt = formatTimeOfDay(new Date(Math.ceil(now / DAY) * DAY), zone);

  const options: { value: Mode; label: string; hint: string }[] = [
    {
      value: "auto",
      label: "Automatic (default)",
      hint: `One e-mail per event until this project passes ${busyDay} applications, seats and responses in a day; after that, the daily digest.`,
    },
    { value: "every_event", label: "Every event", hint: "One e-mail per application, seat, waitlist change and response." },
    {
      value: "hourly",
      label: "Hourly digest",
      hint: "At most one e-mail an hour, shortly after the hour, with counts and a link to this project.",
    },
    {
      value: "daily",
      label: "Daily digest",
      hint: `One e-mail a day, shortly after ${dailyAt} (midnight UTC), with counts and a link to this project.`,
    },
  ];

  function save(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    startSaving(async () => {
      const result = await setProjectMailModeAction({ projectId, mode: choice });
      if (!result.ok) return setError(result.message);
      toast.success(`E-mail setting saved: ${SHORT[choice]}`);
      setOpen(false);
      router.refresh();
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setChoice(current);
          setError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="mail-setting-button">
          <MailCheck aria-hidden="true" /> E-mail: {SHORT[current]}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={save} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>E-mail about this project</DialogTitle>
            <DialogDescription>
              How you hear of new applications, seats and responses. Your notifications menu still shows each one as it happens.
              Cancellations and anything with a deadline are always e-mailed at once.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
            <legend className="mb-1 text-sm font-medium">Send me</legend>
            {options.map((o) => (
              <div key={o.value} className="flex items-start gap-2">
                <input
                  type="radio"
                  id={`${id}-${o.value}`}
                  name={`${id}-mode`}
                  value={o.value}
                  checked={choice === o.value}
                  onChange={() => setChoice(o.value)}
                  aria-describedby={`${id}-${o.value}-hint`}
                  className="mt-0.5 size-4 accent-primary"
                />
                <div className="grid gap-0.5">
                  <label htmlFor={`${id}-${o.value}`} className="text-sm font-medium">
                    {o.label}
                  </label>
                  <p id={`${id}-${o.value}-hint`} className="text-xs text-muted-foreground">
                    {o.hint}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <p className="text-sm text-muted-foreground" data-testid="mail-setting-facts">
            Today (UTC) so far: {setting.eventsToday} {setting.eventsToday === 1 ? "event" : "events"}.{" "}
            {setting.lastDigest
              ? `Last digest: ${formatDateTime(setting.lastDigest.sentAt, zone, { weekday: true })}, ${setting.lastDigest.frequency}, ${setting.lastDigest.summary}.`
              : "No digest sent yet."}
          </p>
          <FieldError id={`${id}-error`}>{error}</FieldError>
          <DialogFooter>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />} Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
