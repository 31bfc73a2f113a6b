"use client";

import { controlProps, Field } from "@/components/ui/field";
import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Spinner } from "@/components/ui/spinner";
import { useErrorFocus } from "@/components/ui/use-form-errors";
import { newProjectSchema, updateProjectSchema } from "@/lib/projects/schemas/client";
import { formatOf, hasLocation } from "@/lib/vocabulary/studies";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import { createProjectAction, updateProjectAction } from "@/lib/projects/actions/projects";
import {
  firstSession,
  initialValues,
  zoneChoices,
  type EditableProject,
  type Values,
} from "@/components/client/project-form/project-form-values";
import type { FormKit } from "@/components/client/project-form/form-kit";
import { StudyTypeFields } from "@/components/client/project-form/study-type-fields";
import { SurveyFields } from "@/components/client/project-form/survey-fields";
import { FocusGroupFields } from "@/components/client/project-form/focus-group-fields";
import { TermsFields } from "@/components/client/project-form/terms-fields";
import { VisibilityAndScreener } from "@/components/client/project-form/visibility-and-screener";

// Create Project and its Edit variant: the same fields, validated in the browser with
// the server's schema, errors tied to their inputs, the first invalid one focused. The
// fields each study format adds are parts of their own (survey, focus group).

/** The fields with a hint under them (the input is described by it). */
const HINTED = new Set<keyof Values>(["projectType", "surveyUrl", "compensation", "budget", "quota", "backupFee"]);

type FormProps = {
  project?: EditableProject;
  answeredScreener: number;
  onDone: () => void;
  /** Billing roles set the budget; everyone else sees it read-only and is held to it. */
  budgetEditable?: boolean;
};

export function ProjectForm({ project, answeredScreener, onDone, budgetEditable = false }: FormProps) {
  const router = useRouter();
  const [values, setValues] = useState<Values>(() => initialValues(project));
  const [zones] = useState(() => zoneChoices(values.timeZone));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const { ref: formRef, reportErrors, announcement } = useErrorFocus();
  const base = useId();
  const id = (f: string) => `${base}-${f}`;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const fieldProps = (f: keyof Values) => ({ name: f, ...controlProps(id(f), errors[f], { hint: HINTED.has(f) }) });
  const today = new Date().toISOString().slice(0, 10);

  const fail = (fieldErrors: Record<string, string[]>, text: string | null) => {
    setErrors(fieldErrors);
    setMessage(text);
    // The first field marked invalid (in the order they read) takes focus; the count is announced.
    reportErrors(Math.max(Object.keys(fieldErrors).length, 1));
  };

  const submit = () => {
    const input = {
      title: values.title,
      description: values.description,
      researchType: values.researchType || null,
      projectType: values.projectType,
      surveyUrl: values.surveyUrl,
      screenOutPay: values.screenOutPay,
      overQuotaPay: values.overQuotaPay,
      backupFee: values.backupFee,
      compensation: values.compensation,
      // Left out when this member may not set it: the budget stays as the billing roles set it.
      budget: budgetEditable ? values.budget.trim() : undefined,
      durationMinutes: values.durationMinutes,
      quota: values.quota,
      // A survey has no location to ask for; it is taken online.
      locationType: hasLocation(formatOf(values.projectType)) ? values.locationType : "remote",
      deadline: values.deadline,
      timeZone: values.timeZone,
      visibility: values.visibility,
      screener: values.screenerOn && values.screener.length > 0 ? values.screener : null,
    };
    const parsed = project
      ? updateProjectSchema.safeParse({ ...input, projectId: project.id })
      : newProjectSchema.safeParse({ ...input, researchAttested: values.researchAttested, ...firstSession(values) });
    if (!parsed.success) {
      fail(fieldErrorsOf(parsed.error), "Please correct the highlighted fields.");
      return;
    }
    setMessage(null);
    startTransition(async () => {
      if (project) {
        const result = await updateProjectAction({ ...parsed.data, projectId: project.id });
        if (!result.ok) return fail(result.fieldErrors ?? {}, result.message);
        const before = project.screener?.version ?? null;
        const after = result.data.screenerVersion;
        toast.success("Project Saved", {
          description:
            before !== null && after !== null && after > before
              ? `Experts had answered the screener, so your changes were saved as a new version (version ${after}). Earlier answers stay with version ${before}.`
              : `${parsed.data.title} was updated.`,
        });
      } else {
        const result = await createProjectAction({ ...parsed.data, researchAttested: true });
        if (!result.ok) return fail(result.fieldErrors ?? {}, result.message);
        toast.success("Project Created", {
          description: `${result.data.title} is now ${parsed.data.visibility === "open" ? "open to experts" : "ready for your invites"}.`,
        });
        setErrors({});
        onDone();
        // Straight to the new project's pipeline, where its invites and applications will arrive.
        router.push(`/client/projects/${result.data.id}`);
        return;
      }
      setErrors({});
      onDone();
      router.refresh();
    });
  };

  const kit: FormKit = { values, set, setValues, errors, id, fieldProps };
  return (
    <form
      ref={formRef}
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field id={id("title")} label="Title" error={errors.title}>
        <Input {...fieldProps("title")} value={values.title} onChange={(e) => set("title", e.target.value)} maxLength={120} required />
      </Field>
      <Field id={id("description")} label="Description" error={errors.description}>
        <Textarea
          {...fieldProps("description")}
          value={values.description}
          onChange={(e) => set("description", e.target.value)}
          maxLength={2000}
          required
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <StudyTypeFields kit={kit} />
        {values.projectType === "survey" ? <SurveyFields kit={kit} /> : null}
        {values.projectType === "focus_group" ? <FocusGroupFields kit={kit} isNew={!project} /> : null}
        <TermsFields kit={kit} budgetEditable={budgetEditable} zones={zones} today={today} />
      </div>
      <VisibilityAndScreener kit={kit} isNew={!project} answeredScreener={answeredScreener} idBase={base} />

      {message && (
        <p role="alert" tabIndex={-1} data-form-error className="text-sm text-destructive">
          {message}
        </p>
      )}
      {announcement}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner />} {project ? "Save Changes" : "Create Project"}
        </Button>
      </DialogFooter>
    </form>
  );
}
