"use client";

import { useMemo, useState, type ReactElement, type ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useZodForm } from "@/components/ui/use-zod-form";
import { z } from "@/lib/platform/validation/zod";
import { REASON_MAX } from "@/lib/engagements/schemas/engagements";

type Props = {
  /** The button that opens the question. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** Shown above the reason: a warning or what the step costs. */
  children?: ReactNode;
  /** The reason's label, saying whether it is required and who reads it. */
  label: string;
  /** The reason's rule: the same zod schema the server action parses (e.g. `cancelSchema.shape.reason`). */
  reason: z.ZodType;
  /** Marks the field required for assistive technology (the label already says so in words). */
  required?: boolean;
  maxLength?: number;
  cancelLabel: string;
  confirmLabel: ReactNode;
  /** The spinner's words while the step runs. */
  pendingLabel?: string;
  /** The confirm button's look: destructive for a step that cannot be undone (the default). */
  confirmVariant?: "destructive" | "default" | "outline";
  /** Runs the step with the reason as parsed ("" when none was given); true closes the dialog. */
  onConfirm: (reason: string) => Promise<boolean>;
  /** Told when the dialog opens or closes (a dialog that measures something as it opens). */
  onOpenChange?: (open: boolean) => void;
};

/**
 * "Are you sure?" with a reason: decline, cancel, no-show, dispute. The reason is checked with
 * the server's schema before anything is sent; the dialog stays open, with the message under the
 * field, until the reason is valid and the server agreed. Each opening starts with an empty reason.
 */
export function ReasonDialog({ trigger, title, description, onOpenChange, ...form }: Props) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {open && <ReasonForm {...form} close={() => change(false)} />}
      </AlertDialogContent>
    </AlertDialog>
  );
}

function ReasonForm({
  children,
  label,
  reason,
  required = false,
  maxLength = REASON_MAX,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  confirmVariant = "destructive",
  onConfirm,
  close,
}: Omit<Props, "trigger" | "title" | "description" | "onOpenChange"> & { close: () => void }) {
  const schema = useMemo(() => z.object({ reason }), [reason]);
  const [pending, setPending] = useState(false);
  const { fields, formProps, announcement } = useZodForm({
    schema,
    onValid: async (value) => {
      setPending(true);
      const ok = await onConfirm(typeof value.reason === "string" ? value.reason : "");
      setPending(false);
      if (ok) close();
    },
  });
  const field = fields.reason;
  return (
    <form {...formProps} className="grid gap-4">
      {children}
      <Field id={field.id} label={label} error={field.errors}>
        <Textarea
          key={field.key}
          id={field.id}
          name={field.name}
          maxLength={maxLength}
          required={required}
          aria-invalid={field.errors ? true : undefined}
          aria-describedby={field.errors ? field.errorId : undefined}
        />
      </Field>
      {announcement}
      <AlertDialogFooter>
        <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
        <Button type="submit" variant={confirmVariant} disabled={pending} aria-busy={pending}>
          {pending ? <Spinner label={pendingLabel} /> : null}
          {confirmLabel}
        </Button>
      </AlertDialogFooter>
    </form>
  );
}
