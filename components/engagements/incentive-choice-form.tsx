"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useActionRunner, type ActionResult } from "@/components/ui/use-action-runner";

export type IncentiveChoiceValue = "pay" | "donate" | "decline";

const OPTIONS: { value: IncentiveChoiceValue; label: string }[] = [
  { value: "pay", label: "Pay me" },
  { value: "donate", label: "Donate to my school or district" },
  { value: "decline", label: "Decline" },
];

/**
 * Pay me, Donate to my school or district, or Decline, with a Save pay choice button: the expert's default
 * in Settings, or one engagement's choice on its card. Donate is offered only with a district
 * to give to.
 */
export function IncentiveChoiceForm({
  id,
  label,
  initial,
  canDonate,
  save,
  saved,
}: {
  id: string;
  label: string;
  initial: IncentiveChoiceValue;
  canDonate: boolean;
  save: (choice: IncentiveChoiceValue) => Promise<ActionResult<unknown>>;
  saved: string;
}) {
  const [value, setValue] = useState<IncentiveChoiceValue>(initial);
  const [current, setCurrent] = useState<IncentiveChoiceValue>(initial);
  const { pending, run } = useActionRunner();
  const options = OPTIONS.filter((o) => o.value !== "donate" || canDonate || initial === "donate");
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        run(
          () => save(value),
          saved,
          (ok) => ok && setCurrent(value),
        );
      }}
    >
      <div className="min-w-56 flex-1 space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <NativeSelect id={id} value={value} onChange={(e) => setValue(e.target.value as IncentiveChoiceValue)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" size="sm" disabled={pending || value === current} aria-busy={pending}>
        {pending ? <Spinner label="Saving…" /> : null}
        {/* Named for what it saves: the Settings tab has other Save buttons beside it. */}
        Save pay choice
      </Button>
    </form>
  );
}
