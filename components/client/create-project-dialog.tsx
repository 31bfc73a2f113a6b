"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Pencil, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { ScreenerBuilder, newQuestion } from "@/components/client/screener-builder";
import type { ScreenerQuestion } from "@/lib/engagements/screener";
import { newProjectSchema, updateProjectSchema } from "@/lib/projects/schemas/client";
import {
  DEFAULT_TYPE_OF_RESEARCH,
  FORMAT_UNITS,
  formatOf,
  hasLocation,
  LOCATION_TYPES,
  perUnit,
  PROJECT_TYPES,
  PROJECT_VISIBILITIES,
  RESEARCH_TYPES,
  type ResearchTypeValue,
} from "@/lib/vocabulary/studies";
import { PARTICIPANT_PLACEHOLDER } from "@/lib/engagements/survey-links";
import { RESEARCH_ATTESTATION_TEXT } from "@/lib/accounts/attestations";
import { POLICY } from "@/lib/money/policy";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import { describeZone, formatMoney } from "@/lib/platform/format";
import { useErrorFocus } from "@/components/ui/use-form-errors";
import { DEFAULT_TIME_ZONE, TIME_ZONES } from "@/lib/vocabulary/time";
import { browserTimeZone, dayIn } from "@/lib/platform/zoned-time";
import { createProjectAction, updateProjectAction } from "@/lib/projects/actions/projects";

// Create Project and its Edit variant: the same fields, validated in the browser with
// the server's schema, errors tied to their inputs, the first invalid one focused.

/** A project as the edit form needs it (the page reads it with getProject). */
export type EditableProject = {
  id: string;
  title: string;
  description: string;
  projectType: string;
  compensationCents: number;
  durationMinutes: number;
  locationType: string;
  deadline: string | null;
  quota: number;
  timeZone: string;
  visibility: string;
  screener: { version: number; questions: ScreenerQuestion[] } | null;
  researchType: string | null;
  survey: { url: string | null; screenOutCents: number; overQuotaCents: number } | null;
  focusGroup: { backupFeeCents: number } | null;
  budgetCents: number | null;
};

type Values = {
  title: string;
  description: string;
  researchType: string;
  projectType: string;
  surveyUrl: string;
  screenOutPay: string;
  overQuotaPay: string;
  backupFee: string;
  /** New focus groups only: the first session, as wall-clock time in the project's zone. */
  firstSessionAt: string;
  firstSessionSeats: string;
  firstSessionBackupSeats: string;
  compensation: string;
  /** Empty: no budget. */
  budget: string;
  durationMinutes: string;
  quota: string;
  locationType: string;
  deadline: string;
  timeZone: string;
  visibility: string;
  screenerOn: boolean;
  screener: ScreenerQuestion[];
  /** New projects only: the research attestation (research, not a sales contact). */
  researchAttested: boolean;
};

const dollars = (cents: number) => (cents / 100).toFixed(2).replace(/\.00$/, "");

const orDefault = (options: readonly { value: string }[], value: string, fallback: string) =>
  options.some((o) => o.value === value) ? value : fallback;

function initialValues(project: EditableProject | undefined): Values {
  const browser = browserTimeZone();
  const zone = project?.timeZone ?? (browser && TIME_ZONES.some((z) => z.value === browser) ? browser : DEFAULT_TIME_ZONE);
  if (!project) {
    return {
      title: "",
      description: "",
      researchType: "",
      projectType: "interview",
      surveyUrl: "",
      screenOutPay: "0",
      overQuotaPay: "0",
      backupFee: "0",
      firstSessionAt: "",
      firstSessionSeats: "6",
      firstSessionBackupSeats: "0",
      compensation: "",
      budget: "",
      durationMinutes: "30",
      quota: "5",
      locationType: "video",
      deadline: "",
      timeZone: zone,
      visibility: "open",
      screenerOn: false,
      screener: [],
      researchAttested: false,
    };
  }
  return {
    title: project.title,
    description: project.description,
    researchType: project.researchType ?? "",
    projectType: orDefault(PROJECT_TYPES, project.projectType, "other"),
    surveyUrl: project.survey?.url ?? "",
    screenOutPay: dollars(project.survey?.screenOutCents ?? 0),
    overQuotaPay: dollars(project.survey?.overQuotaCents ?? 0),
    backupFee: dollars(project.focusGroup?.backupFeeCents ?? 0),
    firstSessionAt: "",
    firstSessionSeats: "6",
    firstSessionBackupSeats: "0",
    compensation: dollars(project.compensationCents),
    budget: project.budgetCents === null ? "" : dollars(project.budgetCents),
    durationMinutes: String(project.durationMinutes),
    quota: String(project.quota),
    locationType: orDefault(LOCATION_TYPES, project.locationType, "remote"),
    deadline: project.deadline ? dayIn(project.deadline, project.timeZone) : "",
    timeZone: zone,
    visibility: orDefault(PROJECT_VISIBILITIES, project.visibility, "open"),
    screenerOn: Boolean(project.screener?.questions.length),
    screener: project.screener?.questions ?? [],
    researchAttested: true,
  };
}

/** The US zones, plus the browser's own and the project's current one when they are elsewhere. */
function zoneChoices(current: string) {
  const browser = browserTimeZone();
  const choices: { value: string; label: string }[] = TIME_ZONES.map((z) => ({
    value: z.value,
    label: `${z.label} (${z.value.replace("_", " ")})`,
  }));
  if (browser && !choices.some((c) => c.value === browser))
    choices.push({ value: browser, label: `${browser.replaceAll("_", " ")} (this device)` });
  if (!choices.some((c) => c.value === current)) choices.push({ value: current, label: current.replaceAll("_", " ") });
  return choices;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What each Type means for how the study runs. */
const TYPE_HELP: Record<string, string> = {
  interview: "One expert, one scheduled session.",
  survey: "Answered on each expert's own time through your survey link; no scheduling.",
  focus_group: "Experts meet together in sessions you set, each with a number of seats; when one is full, they join its waitlist.",
  other: "Runs as an interview: one expert, one scheduled session.",
};

/** A new focus group's first session, when the client gave a start. */
const firstSession = (v: Values) =>
  v.projectType === "focus_group" && v.firstSessionAt
    ? { firstSessionAt: v.firstSessionAt, firstSessionSeats: v.firstSessionSeats, firstSessionBackupSeats: v.firstSessionBackupSeats }
    : {};

type FormProps = {
  project?: EditableProject;
  answeredScreener: number;
  onDone: () => void;
  /** Billing roles set the budget; everyone else sees it read-only and is held to it. */
  budgetEditable?: boolean;
};

function ProjectForm({ project, answeredScreener, onDone, budgetEditable = false }: FormProps) {
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
  const fieldProps = (f: keyof Values) => ({
    id: id(f),
    name: f,
    "aria-invalid": Boolean(errors[f]),
    "aria-describedby":
      [errors[f] ? `${id(f)}-error` : null, f === "quota" || f === "compensation" || f === "budget" ? `${id(f)}-help` : null]
        .filter(Boolean)
        .join(" ") || undefined,
  });
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

  const screenerError = errors.screener?.[0];
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
      <div className="grid gap-1.5">
        <Label htmlFor={id("title")}>Title</Label>
        <Input {...fieldProps("title")} value={values.title} onChange={(e) => set("title", e.target.value)} maxLength={120} required />
        <FieldError id={`${id("title")}-error`}>{errors.title?.[0]}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("description")}>Description</Label>
        <Textarea
          {...fieldProps("description")}
          value={values.description}
          onChange={(e) => set("description", e.target.value)}
          maxLength={2000}
          required
        />
        <FieldError id={`${id("description")}-error`}>{errors.description?.[0]}</FieldError>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={id("researchType")}>Research type</Label>
          <NativeSelect
            {...fieldProps("researchType")}
            value={values.researchType}
            onChange={(e) => {
              const research = e.target.value as ResearchTypeValue | "";
              // The research type suggests how the study runs; the client may still change the Type.
              setValues((v) => ({
                ...v,
                researchType: research,
                projectType: research ? DEFAULT_TYPE_OF_RESEARCH[research] : v.projectType,
              }));
            }}
          >
            <option value="">Choose…</option>
            {RESEARCH_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${id("researchType")}-error`}>{errors.researchType?.[0]}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id("projectType")}>Type</Label>
          <NativeSelect
            {...fieldProps("projectType")}
            aria-describedby={[errors.projectType ? `${id("projectType")}-error` : null, `${id("projectType")}-help`]
              .filter(Boolean)
              .join(" ")}
            value={values.projectType}
            onChange={(e) => set("projectType", e.target.value)}
          >
            {PROJECT_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
          <p id={`${id("projectType")}-help`} className="text-xs text-muted-foreground">
            {TYPE_HELP[values.projectType] ?? TYPE_HELP.interview}
          </p>
          <FieldError id={`${id("projectType")}-error`}>{errors.projectType?.[0]}</FieldError>
        </div>
        {values.projectType === "survey" ? (
          <>
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor={id("surveyUrl")}>Survey link</Label>
              <Input
                {...fieldProps("surveyUrl")}
                aria-describedby={[errors.surveyUrl ? `${id("surveyUrl")}-error` : null, `${id("surveyUrl")}-help`]
                  .filter(Boolean)
                  .join(" ")}
                value={values.surveyUrl}
                onChange={(e) => set("surveyUrl", e.target.value)}
                type="url"
                inputMode="url"
                placeholder={`https://your-survey-tool.example/s/123?pid=${PARTICIPANT_PLACEHOLDER}`}
                maxLength={2000}
                required
              />
              <p id={`${id("surveyUrl")}-help`} className="text-xs text-muted-foreground">
                Any survey tool. Put {PARTICIPANT_PLACEHOLDER} where each expert&apos;s id goes: they get their own link with an opaque id,
                never a name or e-mail.
              </p>
              <FieldError id={`${id("surveyUrl")}-error`}>{errors.surveyUrl?.[0]}</FieldError>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={id("screenOutPay")}>Screen-out pay ($)</Label>
              <Input
                {...fieldProps("screenOutPay")}
                value={values.screenOutPay}
                onChange={(e) => set("screenOutPay", e.target.value)}
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
              />
              <FieldError id={`${id("screenOutPay")}-error`}>{errors.screenOutPay?.[0]}</FieldError>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={id("overQuotaPay")}>Over-quota pay ($)</Label>
              <Input
                {...fieldProps("overQuotaPay")}
                value={values.overQuotaPay}
                onChange={(e) => set("overQuotaPay", e.target.value)}
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
              />
              <FieldError id={`${id("overQuotaPay")}-error`}>{errors.overQuotaPay?.[0]}</FieldError>
            </div>
          </>
        ) : null}
        {values.projectType === "focus_group" ? (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor={id("backupFee")}>Backup seat fee ($)</Label>
              <Input
                {...fieldProps("backupFee")}
                aria-describedby={[errors.backupFee ? `${id("backupFee")}-error` : null, `${id("backupFee")}-help`]
                  .filter(Boolean)
                  .join(" ")}
                value={values.backupFee}
                onChange={(e) => set("backupFee", e.target.value)}
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
              />
              <p id={`${id("backupFee")}-help`} className="text-xs text-muted-foreground">
                Paid to an expert who kept a backup seat free when they were not needed.
              </p>
              <FieldError id={`${id("backupFee")}-error`}>{errors.backupFee?.[0]}</FieldError>
            </div>
            {!project && (
              <fieldset className="grid gap-3 rounded-md border p-3 sm:col-span-2">
                <legend className="px-1 text-sm font-medium">First session (optional: you can add sessions later)</legend>
                <div className="grid gap-3 sm:grid-cols-3">
                  <div className="grid gap-1.5">
                    <Label htmlFor={id("firstSessionAt")}>Starts ({describeZone(values.timeZone)})</Label>
                    <Input
                      {...fieldProps("firstSessionAt")}
                      type="datetime-local"
                      value={values.firstSessionAt}
                      onChange={(e) => set("firstSessionAt", e.target.value)}
                    />
                    <FieldError id={`${id("firstSessionAt")}-error`}>{errors.firstSessionAt?.[0]}</FieldError>
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={id("firstSessionSeats")}>Seats</Label>
                    <Input
                      {...fieldProps("firstSessionSeats")}
                      type="number"
                      min={2}
                      max={50}
                      inputMode="numeric"
                      value={values.firstSessionSeats}
                      onChange={(e) => set("firstSessionSeats", e.target.value)}
                    />
                    <FieldError id={`${id("firstSessionSeats")}-error`}>{errors.firstSessionSeats?.[0]}</FieldError>
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={id("firstSessionBackupSeats")}>Backup seats</Label>
                    <Input
                      {...fieldProps("firstSessionBackupSeats")}
                      type="number"
                      min={0}
                      max={10}
                      inputMode="numeric"
                      value={values.firstSessionBackupSeats}
                      onChange={(e) => set("firstSessionBackupSeats", e.target.value)}
                    />
                    <FieldError id={`${id("firstSessionBackupSeats")}-error`}>{errors.firstSessionBackupSeats?.[0]}</FieldError>
                  </div>
                </div>
              </fieldset>
            )}
          </>
        ) : null}
        {hasLocation(formatOf(values.projectType)) ? (
          <div className="grid gap-1.5">
            <Label htmlFor={id("locationType")}>Location Type</Label>
            <NativeSelect {...fieldProps("locationType")} value={values.locationType} onChange={(e) => set("locationType", e.target.value)}>
              {LOCATION_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={`${id("locationType")}-error`}>{errors.locationType?.[0]}</FieldError>
          </div>
        ) : null}
        <div className="grid gap-1.5">
          <Label htmlFor={id("compensation")}>Incentive {perUnit(formatOf(values.projectType))} ($)</Label>
          <Input
            {...fieldProps("compensation")}
            value={values.compensation}
            onChange={(e) => set("compensation", e.target.value)}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            required
          />
          <FieldError id={`${id("compensation")}-error`}>{errors.compensation?.[0]}</FieldError>
          <p id={`${id("compensation")}-help`} className="text-xs text-muted-foreground">
            {POLICY.incentiveChange}
          </p>
        </div>
        {budgetEditable ? (
          <div className="grid gap-1.5">
            <Label htmlFor={id("budget")}>Budget ($, optional)</Label>
            <Input
              {...fieldProps("budget")}
              value={values.budget}
              onChange={(e) => set("budget", e.target.value)}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
            />
            <FieldError id={`${id("budget")}-error`}>{errors.budget?.[0]}</FieldError>
            <p id={`${id("budget")}-help`} className="text-xs text-muted-foreground">
              The most this project may commit in incentives. Leave empty for no limit.
            </p>
          </div>
        ) : (
          <div className="grid gap-1.5" data-testid="budget-read-only">
            <p className="text-sm font-medium">Budget</p>
            <p className="text-sm">{values.budget ? formatMoney(Math.round(Number(values.budget) * 100)) : "No budget set"}</p>
            <p className="text-xs text-muted-foreground">
              The most this project may commit in incentives, bonuses and fees. Your organisation&apos;s owners, admins and finance members
              set it on the billing page.
            </p>
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor={id("durationMinutes")}>
            {values.projectType === "survey" ? "Survey length (minutes)" : "Session length (minutes)"}
          </Label>
          <Input
            {...fieldProps("durationMinutes")}
            value={values.durationMinutes}
            onChange={(e) => set("durationMinutes", e.target.value)}
            type="number"
            min={5}
            max={480}
            step={5}
            required
          />
          <FieldError id={`${id("durationMinutes")}-error`}>{errors.durationMinutes?.[0]}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id("quota")}>{capitalize(FORMAT_UNITS[formatOf(values.projectType)].many)} wanted</Label>
          <Input
            {...fieldProps("quota")}
            value={values.quota}
            onChange={(e) => set("quota", e.target.value)}
            type="number"
            min={1}
            max={500}
            step={1}
            required
          />
          <p id={`${id("quota")}-help`} className="text-xs text-muted-foreground">
            {values.projectType === "survey"
              ? "The survey closes itself when this many responses are in; anyone already answering may still finish."
              : "A goal, not a limit: you may accept more experts than this."}
          </p>
          <FieldError id={`${id("quota")}-error`}>{errors.quota?.[0]}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id("deadline")}>Deadline</Label>
          <Input
            {...fieldProps("deadline")}
            value={values.deadline}
            onChange={(e) => set("deadline", e.target.value)}
            type="date"
            min={today}
            required
          />
          <FieldError id={`${id("deadline")}-error`}>{errors.deadline?.[0]}</FieldError>
        </div>
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor={id("timeZone")}>Time zone</Label>
          <NativeSelect {...fieldProps("timeZone")} value={values.timeZone} onChange={(e) => set("timeZone", e.target.value)}>
            {zones.map((z) => (
              <option key={z.value} value={z.value}>
                {z.label}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${id("timeZone")}-error`}>{errors.timeZone?.[0]}</FieldError>
        </div>
      </div>
      <fieldset className="grid gap-2" aria-describedby={errors.visibility ? `${id("visibility")}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Visibility</legend>
        {PROJECT_VISIBILITIES.map((v) => (
          <label key={v.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="visibility"
              value={v.value}
              checked={values.visibility === v.value}
              onChange={() => set("visibility", v.value)}
              className="size-4 accent-primary"
            />
            {v.label}
          </label>
        ))}
        <FieldError id={`${id("visibility")}-error`}>{errors.visibility?.[0]}</FieldError>
      </fieldset>

      <div className="grid gap-3 rounded-md border border-dashed p-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id={id("screenerOn")}
            checked={values.screenerOn}
            onCheckedChange={(checked) =>
              setValues((v) => ({
                ...v,
                screenerOn: checked === true,
                screener: checked === true && v.screener.length === 0 ? [newQuestion([])] : v.screener,
              }))
            }
          />
          <Label htmlFor={id("screenerOn")}>Screen applicants with questions (optional)</Label>
        </div>
        {values.screenerOn && (
          <>
            {project && answeredScreener > 0 && (
              <p className="text-sm text-muted-foreground">
                {answeredScreener === 1 ? "1 expert has" : `${answeredScreener} experts have`} answered this screener. Changing it saves a
                new version; their answers stay with the version they saw.
              </p>
            )}
            <ScreenerBuilder idBase={base} questions={values.screener} onChange={(screener) => set("screener", screener)} errors={errors} />
            {screenerError && (
              <p role="alert" tabIndex={-1} data-form-error className="text-sm text-destructive">
                {screenerError}
              </p>
            )}
          </>
        )}
      </div>

      {!project && (
        <div className="grid gap-1">
          <div className="flex items-start gap-2">
            <Checkbox
              id={id("researchAttested")}
              checked={values.researchAttested}
              onCheckedChange={(checked) => set("researchAttested", checked === true)}
              aria-invalid={Boolean(errors.researchAttested)}
              aria-describedby={errors.researchAttested ? `${id("researchAttested")}-error` : undefined}
            />
            <Label htmlFor={id("researchAttested")} className="leading-snug">
              {RESEARCH_ATTESTATION_TEXT}
            </Label>
          </div>
          <FieldError id={`${id("researchAttested")}-error`}>{errors.researchAttested?.[0]}</FieldError>
        </div>
      )}

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

/** Create Project: validated in the browser and again on the server. */
export function CreateProjectDialog({
  triggerLabel = "Create Project",
  budgetEditable = false,
}: {
  triggerLabel?: string;
  budgetEditable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button id="create-project">
          <Plus aria-hidden="true" /> {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Project</DialogTitle>
          <DialogDescription>
            Experts see an open project as an opportunity and can apply; you can also invite them directly.
          </DialogDescription>
        </DialogHeader>
        <ProjectForm answeredScreener={0} onDone={() => setOpen(false)} budgetEditable={budgetEditable} />
      </DialogContent>
    </Dialog>
  );
}

/** Edit a project that is not closed: the same fields, prefilled. */
export function EditProjectDialog({
  project,
  answeredScreener,
  budgetEditable = false,
}: {
  project: EditableProject;
  answeredScreener: number;
  budgetEditable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Project</DialogTitle>
          <DialogDescription>Changes show to experts at once. Engagements already under way keep their times.</DialogDescription>
        </DialogHeader>
        <ProjectForm project={project} answeredScreener={answeredScreener} onDone={() => setOpen(false)} budgetEditable={budgetEditable} />
      </DialogContent>
    </Dialog>
  );
}
