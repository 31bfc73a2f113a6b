import type { ScreenerQuestion } from "@/lib/engagements/screener";
import { LOCATION_TYPES, PROJECT_TYPES, PROJECT_VISIBILITIES } from "@/lib/vocabulary/studies";
import { DEFAULT_TIME_ZONE, TIME_ZONES } from "@/lib/vocabulary/time";
import { browserTimeZone, dayIn } from "@/lib/platform/zoned-time";

// The Create/Edit Project form's values as the inputs hold them (strings), and where they start.

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

export type Values = {
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

export function initialValues(project: EditableProject | undefined): Values {
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
export function zoneChoices(current: string) {
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

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What each Type means for how the study runs. */
export const TYPE_HELP: Record<string, string> = {
  interview: "One expert, one scheduled session.",
  survey: "Answered on each expert's own time through your survey link; no scheduling.",
  focus_group: "Experts meet together in sessions you set, each with a number of seats; when one is full, they join its waitlist.",
  other: "Runs as an interview: one expert, one scheduled session.",
};

/** A new focus group's first session, when the client gave a start. */
export const firstSession = (v: Values) =>
  v.projectType === "focus_group" && v.firstSessionAt
    ? { firstSessionAt: v.firstSessionAt, firstSessionSeats: v.firstSessionSeats, firstSessionBackupSeats: v.firstSessionBackupSeats }
    : {};
