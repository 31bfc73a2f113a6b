"use client";

import { useMemo, useRef } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { controlProps, Field } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useActionRunner, type ActionResult } from "@/components/ui/use-action-runner";
import { useZodForm } from "@/components/ui/use-zod-form";
import { z } from "@/lib/platform/validation/zod";

export type Side = "expert" | "client";

/** One way the admin may decide: its button, the question it asks first, and the words once done. */
export type Choice = {
  side: Side;
  button: string;
  title: string;
  description: string;
  confirmLabel: string;
  success: string;
};

/**
 * The admin's decision between the two sides of a dispute or a report: a note both sides read,
 * then one of two choices, each asked first because money may move. The note is checked with the
 * action's own rule once the choice is confirmed, and its message stays under the field.
 */
export function DecideWithNote({
  note,
  choices,
  decide,
}: {
  /** The note's rule: the action schema's own (`resolveDisputeSchema.shape.note`). */
  note: z.ZodType;
  choices: readonly [Choice, Choice];
  decide: (side: Side, note: string) => Promise<ActionResult<unknown>>;
}) {
  const { pending, run } = useActionRunner();
  const schema = useMemo(() => z.object({ note }), [note]);
  const chosen = useRef<Choice | null>(null);
  const { fields, formProps, announcement } = useZodForm({
    schema,
    onValid: (value) => {
      const choice = chosen.current;
      if (choice) run(() => decide(choice.side, String(value.note)), choice.success);
    },
  });
  const field = fields.note;
  const confirm = (choice: Choice) => {
    chosen.current = choice;
    formProps.ref.current?.requestSubmit();
  };
  return (
    <form {...formProps} noValidate className="grid gap-2">
      {announcement}
      <Field id={field.id} label="Note to both sides" error={field.errors}>
        <Textarea key={field.key} name={field.name} maxLength={1000} {...controlProps(field.id, field.errors)} />
      </Field>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice, i) => (
          <ConfirmDialog
            key={choice.side}
            trigger={
              <Button type="button" size="sm" variant={i === 0 ? "default" : "outline"} disabled={pending}>
                {i === 0 && pending && <Spinner />} {choice.button}
              </Button>
            }
            title={choice.title}
            description={choice.description}
            confirmLabel={choice.confirmLabel}
            onConfirm={() => confirm(choice)}
          />
        ))}
      </div>
    </form>
  );
}
