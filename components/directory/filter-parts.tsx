"use client";

import { useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { Slider } from "@/components/ui/slider";
import { EXPERIENCE_SLIDER, PULSE_SLIDER, RATE_SLIDER, type DirectoryFilters } from "@/lib/experts/schemas/directory";

// The directory filter panel's controls: a list filter, the public directory's rate inputs and the
// client search's sliders. Each change goes to the panel's `go`, which makes it the new URL.

/** Filters as chosen, before they become the URL. */
export type Draft = Partial<Record<keyof DirectoryFilters, string | number | undefined>>;

/** A list filter; `anyLabel` is the first choice that clears it (none for a filter that always has a value). */
export function FilterSelect({
  id,
  label,
  hint,
  options,
  anyLabel,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  anyLabel?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={hint ? `${id}-hint` : undefined}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** The public directory's hourly rate: two numbers, applied when the field is left or the form is sent. */
export function RateInputs({
  id,
  min,
  max,
  onMin,
  onMax,
  onLeave,
}: {
  id: string;
  min: string;
  max: string;
  onMin: (value: string) => void;
  onMax: (value: string) => void;
  onLeave: (which: "rateMin" | "rateMax", value: string) => void;
}) {
  const input = (which: "rateMin" | "rateMax", label: string, value: string, set: (value: string) => void) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${which}`} className="text-xs">
        {label}
      </Label>
      <Input
        id={`${id}-${which}`}
        type="number"
        inputMode="numeric"
        min={0}
        step={5}
        value={value}
        onChange={(e) => set(e.target.value)}
        onBlur={() => onLeave(which, value)}
      />
    </div>
  );
  return (
    <fieldset className="grid grid-cols-2 gap-2">
      <legend className="mb-1.5 text-sm font-medium">Hourly rate ($)</legend>
      {input("rateMin", "Minimum", min, onMin)}
      {input("rateMax", "Maximum", max, onMax)}
    </fieldset>
  );
}

/** The client search's sliders: hourly rate, years of experience and pulse score, applied when let go. */
export function ClientSliders({ filters, go }: { filters: DirectoryFilters; go: (changes: Draft) => void }) {
  const [rate, setRate] = useState<[number, number]>([filters.rateMin ?? RATE_SLIDER.min, filters.rateMax ?? RATE_SLIDER.max]);
  const [experience, setExperience] = useState(filters.minExperience ?? 0);
  const [pulse, setPulse] = useState(filters.minPulse ?? 0);
  return (
    <>
      <div className="grid gap-2">
        <p className="text-sm font-medium">
          Hourly rate: ${rate[0]} - ${rate[1]}
          {rate[1] === RATE_SLIDER.max ? "+" : ""}
        </p>
        <Slider
          min={RATE_SLIDER.min}
          max={RATE_SLIDER.max}
          step={RATE_SLIDER.step}
          value={rate}
          thumbLabels={["Minimum hourly rate", "Maximum hourly rate"]}
          onValueChange={(v) => setRate([v[0], v[1]])}
          onValueCommit={(v) =>
            go({ rateMin: v[0] > RATE_SLIDER.min ? v[0] : undefined, rateMax: v[1] < RATE_SLIDER.max ? v[1] : undefined })
          }
        />
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-medium">Minimum years of experience: {experience}</p>
        <Slider
          min={EXPERIENCE_SLIDER.min}
          max={EXPERIENCE_SLIDER.max}
          step={EXPERIENCE_SLIDER.step}
          value={[experience]}
          aria-label="Minimum years of experience"
          onValueChange={(v) => setExperience(v[0])}
          onValueCommit={(v) => go({ minExperience: v[0] || undefined })}
        />
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-medium">Minimum pulse score: {pulse}</p>
        <Slider
          min={PULSE_SLIDER.min}
          max={PULSE_SLIDER.max}
          step={PULSE_SLIDER.step}
          value={[pulse]}
          aria-label="Minimum pulse score"
          onValueChange={(v) => setPulse(v[0])}
          onValueCommit={(v) => go({ minPulse: v[0] || undefined })}
        />
      </div>
    </>
  );
}
