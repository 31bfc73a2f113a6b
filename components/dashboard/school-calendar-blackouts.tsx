"use client";

import { useState } from "react";
import { toast } from "sonner";
import { announceRefusal } from "@/components/ui/refusal";
import { Trash2 } from "lucide-react";
import { addBlackoutAction, removeBlackoutAction } from "@/lib/engagements/actions/school-calendar";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
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
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import { BLACKOUT_LABEL_MAX, addBlackoutSchemaFor } from "@/lib/engagements/schemas/school-calendar";

import { describedBy, range, type Blackout, type Errors, type SectionProps } from "@/components/dashboard/school-calendar-shared";

const byStart = (a: Blackout, b: Blackout) => a.startsOn.localeCompare(b.startsOn) || a.endsOn.localeCompare(b.endsOn);

/** Days the expert is not available at all: clients cannot propose a session on them. */
export function BlackoutsSection({ initial, id }: SectionProps) {
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
