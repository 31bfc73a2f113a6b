"use client";

import { useEffect, useId, useRef, useState, useSyncExternalStore, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Globe } from "lucide-react";
import { setClientTimeZoneAction } from "@/lib/accounts/actions/client-settings";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { DEFAULT_TIME_ZONE, TIME_ZONES } from "@/lib/vocabulary/time";

const noSubscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;
// The full list is the browser's own: read once after hydration (the server's list may differ).
let allZones: readonly string[] | undefined;
const browserZones = () => (allZones ??= Intl.supportedValuesOf("timeZone"));
const NO_ZONES: readonly string[] = [];
const US_ZONES = new Set<string>(TIME_ZONES.map((z) => z.value));

/**
 * "Times are shown in <zone>", with Change to open a select of every zone. A client who has
 * never set a zone gets the browser's, saved once on the first visit (never while an admin
 * views as them: that would store the admin's zone on the client's profile), so a first visit
 * reads one sentence rather than a list of four hundred zones.
 */
export function TimeZoneSetting({ zone, autoDetect }: { zone: string | null; autoDetect: boolean }) {
  const router = useRouter();
  const base = useId();
  const detected = useSyncExternalStore(noSubscribe, browserZone, () => null);
  const zones = useSyncExternalStore(noSubscribe, browserZones, () => NO_ZONES);
  const [choice, setChoice] = useState(zone ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const [editing, setEditing] = useState(false);
  // Saving the browser's zone on the first visit; the ref keeps it to one attempt per mount.
  const [autoSaving, setAutoSaving] = useState(zone === null && autoDetect);
  const [autoSaved, setAutoSaved] = useState<string | null>(null);
  const tried = useRef(false);

  useEffect(() => {
    if (!autoSaving || tried.current) return;
    tried.current = true;
    const found = browserZone();
    void (found ? setClientTimeZoneAction({ timeZone: found }) : Promise.resolve(null)).then((res) => {
      // A zone this server does not know stays unsaved: times then use the default, and the
      // client can pick one below.
      if (res?.ok) {
        setAutoSaved(res.data.timeZone);
        router.refresh();
      }
      setAutoSaving(false);
    });
  }, [autoSaving, router]);

  // Opening the list moves the keyboard to it.
  useEffect(() => {
    if (editing) document.getElementById(`${base}-zone`)?.focus();
  }, [editing, base]);

  // Until the refreshed page brings the stored zone back, the one just saved stands in for it.
  const current = zone ?? autoSaved;
  const shown = current ?? DEFAULT_TIME_ZONE;
  const selected = choice || current || detected || DEFAULT_TIME_ZONE;
  const others = zones.filter((z) => !US_ZONES.has(z));
  if (!US_ZONES.has(selected) && !others.includes(selected)) others.unshift(selected);

  function save(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    startSaving(async () => {
      const res = await setClientTimeZoneAction({ timeZone: selected });
      if (!res.ok) {
        setError(res.message);
        return;
      }
      setChoice(res.data.timeZone);
      setEditing(false);
      toast.success("Time zone saved", { description: `Times are shown in ${res.data.timeZone}.` });
      router.refresh();
    });
  }

  const errorId = `${base}-error`;
  return (
    <form onSubmit={save} className="flex flex-wrap items-end gap-3 rounded-lg border p-4" aria-label="Time zone setting">
      <div className="flex min-w-56 flex-1 items-center gap-2 self-center text-sm">
        <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p data-testid="client-time-zone" aria-live="polite">
          {autoSaving ? (
            "Setting your time zone from this browser…"
          ) : (
            <>
              Times are shown in <strong>{shown}</strong>
              {current === null ? " (not set yet)" : null}
            </>
          )}
        </p>
        {editing ? null : (
          <Button type="button" variant="link" size="sm" className="h-auto p-0" disabled={autoSaving} onClick={() => setEditing(true)}>
            Change<span className="sr-only"> time zone</span>
          </Button>
        )}
      </div>
      {editing ? (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={`${base}-zone`}>Time zone</Label>
            <NativeSelect
              id={`${base}-zone`}
              value={selected}
              onChange={(e) => setChoice(e.target.value)}
              wrapperClassName="w-64"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
            >
              <optgroup label="United States">
                {TIME_ZONES.map((z) => (
                  <option key={z.value} value={z.value}>
                    {z.label} ({z.value})
                  </option>
                ))}
              </optgroup>
              {others.length ? (
                <optgroup label="All time zones">
                  {others.map((z) => (
                    <option key={z} value={z}>
                      {z.replaceAll("_", " ")}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" disabled={saving || autoSaving || selected === current}>
            {saving ? <Spinner label="Saving…" /> : null}
            Save time zone
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setEditing(false);
              setChoice("");
              setError(null);
            }}
          >
            Cancel
          </Button>
        </>
      ) : null}
      <FieldError id={errorId} className="basis-full">
        {error}
      </FieldError>
    </form>
  );
}
