import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import { EditProjectDialog } from "@/components/client/create-project-dialog";
import { ProjectStatusControls } from "@/components/client/project-status-controls";
import { BonusCsvDialog } from "@/components/client/bonus-dialogs";
import { MessageExpertsDialog } from "@/components/client/message-experts-dialog";
import { ProjectMailSetting } from "@/components/client/project-mail-setting";
import { formatDateTime, formatMoney, humanize } from "@/lib/platform/format";
import { stateLabel } from "@/lib/engagements/states";
import { filledOf, perUnit, PROJECT_TYPES, PROJECT_VISIBILITIES } from "@/lib/vocabulary/studies";
import { labelOf } from "@/lib/vocabulary/options";
import type { ProjectMailSetting as MailSetting } from "@/lib/engagements/mail-digests";
import type { getProject } from "@/lib/projects/projects";
import type { ProjectPipeline } from "@/lib/engagements/views";
import type { ProjectMoney } from "@/lib/money/funding";

export type ProjectDetails = Awaited<ReturnType<typeof getProject>>;

const STATUS_VARIANT = { open: "success", paused: "warning", closed: "secondary" } as const;

type HeaderProps = {
  project: ProjectDetails;
  pipeline: ProjectPipeline;
  money: ProjectMoney;
  mailSetting: MailSetting;
  /** How many events in a day turn on the digest by itself (the mail setting quotes it). */
  busyDay: number;
  zone: string;
  now: number;
};

/** The project's facts, its budget and quota, and what the reader's role may change on it. */
export function ProjectHeader({ project, pipeline, money, mailSetting, busyDay, zone, now }: HeaderProps) {
  const format = pipeline.format;
  const engagements = pipeline.columns.flatMap((c) => c.engagements);
  const answered = engagements.filter((e) => e.answers.length > 0).length;
  const waiting = (project.counts.invited ?? 0) + (project.counts.applied ?? 0);
  const over = pipeline.filled - project.quota;
  const { run, budget } = pipeline.abilities;
  return (
    <header className="mt-3 grid gap-4 lg:grid-cols-[1fr_auto] lg:items-start">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold break-words">{project.title}</h1>
          <Badge variant={STATUS_VARIANT[project.status]} data-testid="project-status">
            {humanize(project.status)}
          </Badge>
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <Fact term="Type">{labelOf(PROJECT_TYPES, project.projectType)}</Fact>
          <Fact term="Incentive">
            {formatMoney(project.compensationCents)} {perUnit(format)}
          </Fact>
          <Fact term="Length">{project.durationMinutes} min</Fact>
          <Fact term="Visibility">{labelOf(PROJECT_VISIBILITIES, project.visibility)}</Fact>
          <Fact term="Deadline">{project.deadline ? formatDateTime(project.deadline, zone) : "None"}</Fact>
        </dl>
        <BudgetLine money={money} />
        <div className="grid max-w-md gap-1">
          <p className="text-sm font-medium" id="quota-label" data-testid="project-quota">
            {filledOf(format, pipeline.filled, project.quota)}
            {over > 0 && <span className="font-normal text-muted-foreground"> · {over} more than wanted</span>}
          </p>
          <Progress aria-labelledby="quota-label" value={Math.min(pipeline.filled, project.quota)} max={project.quota} />
          {over < 0 && (
            <p className="text-sm" data-testid="more-needed">
              {-over} more needed to reach the quota
            </p>
          )}
          <p className="text-xs text-muted-foreground">
            {format === "survey"
              ? "Responses in review and approved count. The survey closes itself at its target; anyone already answering may still finish."
              : format === "focus_group"
                ? "Accepted, seated and attended experts count toward the seats you want; the waitlist does not. You may accept more."
                : "Accepted, scheduled and completed experts count toward the sessions you want. You may accept more."}
          </p>
        </div>
      </div>
      {/* A role that only reads the project (viewer, admin) is offered none of these: each would be refused. */}
      {run && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Project actions">
          {project.status !== "closed" && <EditProjectDialog project={project} answeredScreener={answered} budgetEditable={budget} />}
          {project.status !== "closed" && <ProjectStatusControls projectId={project.id} status={project.status} waiting={waiting} />}
          {mailSetting.mayChange && (
            <ProjectMailSetting projectId={project.id} setting={mailSetting} zone={zone} now={now} busyDay={busyDay} />
          )}
          <BonusCsvDialog />
          <MessageExpertsDialog
            projectId={project.id}
            experts={engagements
              .filter((x) => x.state !== "declined" && x.state !== "screened_out")
              .map((x) => ({ engagementId: x.id, name: x.expert.name, state: stateLabel(x.state, format) }))}
          />
        </div>
      )}
    </header>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt>{term}</dt>
      <dd className="text-foreground">{children}</dd>
    </div>
  );
}

/** A paused or closed project says what still happens in it. */
export function ProjectStatusNotice({ status, survey, graceHours }: { status: string; survey: boolean; graceHours: number }) {
  if (status === "paused")
    return (
      <p className="mt-4 rounded-md border bg-muted/40 p-3 text-sm">
        This project is paused: experts cannot apply and you cannot send new invites. Engagements under way carry on.
      </p>
    );
  if (status !== "closed") return null;
  return (
    <p className="mt-4 rounded-md border bg-muted/40 p-3 text-sm">
      {survey
        ? `This survey is closed. Anyone who had started it may still finish within ${graceHours} hours and is paid; nothing new can start.`
        : "This project is closed. Scheduled sessions carry on; nothing new can start."}
    </p>
  );
}

/** The project's budget and what is left of it; for billing roles, what the organization can still commit. */
function BudgetLine({ money }: { money: ProjectMoney }) {
  return (
    <p className="text-sm" data-testid="project-budget">
      {money.budgetCents === null ? (
        <span>No budget set</span>
      ) : (
        <span>
          Budget {formatMoney(money.budgetCents)} · committed {formatMoney(money.committedCents)} ·{" "}
          <span className="font-medium">{formatMoney(money.budgetLeftCents ?? 0)} left</span>
        </span>
      )}
      {money.organizationAvailableCents !== null && (
        <span className="text-muted-foreground"> · your organization can commit {formatMoney(money.organizationAvailableCents)}</span>
      )}
    </p>
  );
}
