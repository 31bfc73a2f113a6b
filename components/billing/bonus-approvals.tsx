"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { decideBonusAction, setBonusThresholdAction } from "@/lib/engagements/actions/bonuses";
import { setProjectBudgetAction } from "@/lib/projects/actions/projects";
import { formatMoney } from "@/lib/platform/format";

// What a billing member (owner, admin, finance) decides on the billing page: the bonuses that
// wait for their approval, the organization's approval threshold, and each project's budget.

export type ApprovalRow = {
  id: string;
  amountCents: number;
  note: string | null;
  projectTitle: string;
  expertName: string;
  requestedBy: string;
};

export function BonusApprovalRow({ bonus }: { bonus: ApprovalRow }) {
  const { pending, run } = useActionRunner();
  const decide = (decision: "approve" | "decline") =>
    run(() => decideBonusAction({ bonusId: bonus.id, decision }), decision === "approve" ? "Bonus approved and paid" : "Bonus declined");
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm" data-testid="bonus-approval">
      <div className="grid gap-0.5">
        <p className="font-medium">
          {formatMoney(bonus.amountCents)} to {bonus.expertName}
        </p>
        <p className="text-muted-foreground">
          {bonus.projectTitle} · asked by {bonus.requestedBy}
          {bonus.note ? ` · “${bonus.note}”` : ""}
        </p>
      </div>
      <div className="flex gap-2">
        <ConfirmDialog
          trigger={
            <Button size="sm" disabled={pending} aria-busy={pending}>
              {pending && <Spinner />} Approve
            </Button>
          }
          title={`Pay ${bonus.expertName} a ${formatMoney(bonus.amountCents)} bonus?`}
          description="It is reserved from the project's budget and your organization's funds now, and reaches the expert's Pending QC."
          confirmLabel="Approve and pay"
          onConfirm={() => decide("approve")}
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" disabled={pending}>
              Decline
            </Button>
          }
          title="Decline this bonus?"
          description="Nothing is paid, and the member who asked for it is told."
          confirmLabel="Decline"
          destructive
          onConfirm={() => decide("decline")}
        />
      </div>
    </li>
  );
}

export function BonusThresholdForm({ cents }: { cents: number }) {
  const { pending, run } = useActionRunner();
  const [value, setValue] = useState((cents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        run(
          () => setBonusThresholdAction({ threshold: value }),
          "Approval threshold saved",
          (ok, result) => {
            if (!ok && !result.ok) setError(result.fieldErrors?.threshold?.[0] ?? result.message);
          },
          ["threshold"],
        );
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-threshold`}>Approve bonuses above ($ a person, per project)</Label>
        <Input
          id={`${id}-threshold`}
          className="w-40"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-threshold-error` : undefined}
        />
        <FieldError id={`${id}-threshold-error`}>{error}</FieldError>
      </div>
      <Button type="submit" variant="outline" disabled={pending} aria-busy={pending}>
        {pending && <Spinner />} Save
      </Button>
    </form>
  );
}

export function ProjectBudgetForm({ project }: { project: { id: string; title: string; budgetCents: number | null } }) {
  const { pending, run } = useActionRunner();
  const [value, setValue] = useState(project.budgetCents === null ? "" : (project.budgetCents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        run(
          () => setProjectBudgetAction({ projectId: project.id, budget: value.trim() }),
          "Budget saved",
          (ok, result) => {
            if (!ok && !result.ok) setError(result.fieldErrors?.budget?.[0] ?? result.message);
          },
          ["budget"],
        );
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-budget`}>Budget for {project.title} ($, empty for none)</Label>
        <Input
          id={`${id}-budget`}
          className="w-40"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-budget-error` : undefined}
        />
        <FieldError id={`${id}-budget-error`}>{error}</FieldError>
      </div>
      <Button type="submit" variant="outline" disabled={pending} aria-busy={pending}>
        {pending && <Spinner />} Save budget
      </Button>
    </form>
  );
}
