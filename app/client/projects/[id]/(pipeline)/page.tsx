import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import { ProjectHeader, ProjectStatusNotice } from "@/components/client/project-header";
import { PipelineBoard } from "@/components/client/pipeline-board";
import { bonusesOfProject } from "@/lib/engagements/bonuses";
import { surveyProgress, SURVEY_GRACE_HOURS } from "@/lib/engagements/surveys";
import { SurveySetup } from "@/components/client/survey-setup";
import { withStudyMeetingExtras } from "@/lib/engagements/meeting-extras";
import { StudySessions } from "@/components/client/study-sessions";
import { unreadCounts } from "@/lib/engagements/messages";
import { studySessionsOf } from "@/lib/engagements/focus-groups";
import { isAppError } from "@/lib/platform/errors";
import { columnPagesOf, getProjectPipeline, type ColumnPages } from "@/lib/engagements/views";
import { clientZoneOf } from "@/lib/accounts/client-settings";
import { loadOwnProject } from "../load-project";
import { earningsOfProject } from "@/lib/money/earnings";
import { ratingsOfProject } from "@/lib/experts/ratings";
import { getProjectMoney } from "@/lib/money/funding";
import { getSampleCapacity, getSamplePlanView } from "@/lib/samples/plans";
import { SamplePlanSection } from "@/components/client/sample-plan-grid";
import { BUSY_DAY_EVENTS, getProjectMailSetting } from "@/lib/engagements/mail-digests";
import { ProjectDistrictsSection } from "@/components/client/project-districts/section";
import { StudyConsentSection } from "@/components/study-consent/study-consent-section";

export const metadata: Metadata = {
  title: "Project",
  description: "A research project's applicants, invites and sessions.",
  robots: { index: false, follow: false },
};

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The project, its pipeline and the client's zone, or null when the project is not the actor's. */
async function load(id: string, pages: ColumnPages) {
  const own = await loadOwnProject(id);
  if (!own) return null;
  try {
    const [pipeline, zone, earnings, ratings, progress, sessions, unread, samplePlan, bonuses, mailSetting, sampleCapacity] =
      await Promise.all([
        getProjectPipeline(own.actor, id, pages),
        clientZoneOf(own.actor.userId),
        earningsOfProject(own.actor, id),
        ratingsOfProject(own.actor, id),
        own.project.survey ? surveyProgress([id]).then((m) => m.get(id) ?? null) : null,
        own.project.focusGroup ? studySessionsOf([id]).then((m) => withStudyMeetingExtras(m.get(id) ?? [])) : null,
        unreadCounts(own.actor.userId, { projectId: id }),
        getSamplePlanView(own.actor, id),
        bonusesOfProject(own.actor, id),
        getProjectMailSetting(own.actor, id),
        getSampleCapacity(own.actor, id),
      ]);
    // Whether each waiting applicant's incentive could still be reserved, asked before anyone clicks Accept.
    const waitingIncentives = pipeline.columns
      .flatMap((c) => c.engagements)
      .filter((e) => e.state === "applied" && !e.declinePayment)
      .map((e) => e.incentiveCents);
    const money = await getProjectMoney(own.actor, id, [...new Set(waitingIncentives)]);
    return {
      mailSetting,
      project: own.project,
      pipeline,
      zone,
      earnings,
      bonuses,
      ratings,
      progress,
      sessions,
      unread,
      money,
      samplePlan,
      sampleCapacity,
      // The moment of the request: a session that has started offers Mark completed and No-show.
      now: Date.now(),
    };
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  }
}

export default async function ProjectPage({ params, searchParams }: Props) {
  const { id } = await params;
  const pages = columnPagesOf(await searchParams);
  const loaded = await load(id, pages);
  if (!loaded) notFound();
  const { project, pipeline, zone, progress, sessions, money, samplePlan, sampleCapacity, now, mailSetting } = loaded;
  const { run, editPlan } = pipeline.abilities;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link href="/client/projects" className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> All projects
      </Link>
      <ProjectHeader
        project={project}
        pipeline={pipeline}
        money={money}
        mailSetting={mailSetting}
        busyDay={BUSY_DAY_EVENTS}
        zone={zone}
        now={now}
      />
      <ProjectStatusNotice status={project.status} survey={pipeline.format === "survey"} graceHours={SURVEY_GRACE_HOURS} />

      {project.focusGroup && sessions && (
        <StudySessions
          projectId={project.id}
          sessions={sessions}
          zone={zone}
          projectZone={project.timeZone}
          now={now}
          closed={project.status === "closed"}
          backupFeeCents={project.focusGroup.backupFeeCents}
          readOnly={!run}
        />
      )}

      <PipelineBoard
        projectId={project.id}
        pipeline={pipeline}
        money={money}
        applicants={project.counts.applied ?? 0}
        zone={zone}
        now={now}
        earnings={loaded.earnings}
        bonuses={loaded.bonuses}
        ratings={loaded.ratings}
        unread={loaded.unread}
        pages={pages}
      />

      {/* The study's setup below its pipeline: what the client comes back for comes first. */}
      {project.survey && <SurveySetup projectId={project.id} survey={project.survey} progress={progress} readOnly={!run} />}
      <SamplePlanSection projectId={project.id} plan={samplePlan} canEdit={editPlan} capacity={sampleCapacity} />
      <ProjectDistrictsSection projectId={project.id} canRun={run && project.status !== "closed"} zone={zone} />
      <StudyConsentSection projectId={project.id} run={run} zone={zone} />
    </div>
  );
}
