"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { saveMonthlyGoalAction } from "@/lib/experts/actions/dashboard";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { MONTHLY_GOAL_RANGE, monthlyGoalSchema } from "@/lib/experts/schemas/dashboard";

/** Settings › Monthly Goal: how many engagements a month the Impact tab's progress bar counts toward. */
export function MonthlyGoalCard({ initial }: { initial: number }) {
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [value, setValue] = useState(String(initial));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const errorId = `${id}-error`;

  async function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem("monthlyGoal") as HTMLInputElement;
    const parsed = monthlyGoalSchema.safeParse({ monthlyGoal: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.focus();
      return;
    }
    setError(undefined);
    setSaving(true);
    const res = await saveMonthlyGoalAction(parsed.data);
    setSaving(false);
    if (!res.ok) {
      setError(res.fieldErrors?.monthlyGoal?.[0] ?? res.message);
      input.focus();
      return;
    }
    setSaved(res.data.monthlyGoal);
    setValue(String(res.data.monthlyGoal));
    toast.success("Monthly Goal Updated", {
      description: `Your Impact tab now counts toward ${res.data.monthlyGoal} engagements a month.`,
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Monthly Goal</CardTitle>
        <CardDescription>
          How many engagements you aim to complete each month. The Impact tab shows your progress toward it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={save} className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor={id}>Engagements per month</Label>
            <Input
              id={id}
              name="monthlyGoal"
              type="number"
              inputMode="numeric"
              min={MONTHLY_GOAL_RANGE.min}
              max={MONTHLY_GOAL_RANGE.max}
              step={1}
              required
              className="w-32"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
            />
            <FieldError id={errorId}>{error}</FieldError>
          </div>
          <Button type="submit" disabled={saving || value === String(saved)} className="self-start sm:self-auto">
            {saving ? <Spinner label="Saving…" /> : null}
            Save goal
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
