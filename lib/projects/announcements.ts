import "server-only";
import { organizationName, organizationNameSelect } from "@/lib/organizations/membership";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OpportunityType, ResearchType } from "@/lib/generated/prisma/enums";
import { formatDateTime, formatMoney } from "@/lib/platform/format";
import { labelOf } from "@/lib/vocabulary/options";
import { PROJECT_TYPES } from "@/lib/vocabulary/studies";
import { queueMail } from "@/lib/platform/mail/queue";
import { engagementMail } from "@/lib/engagements/mail";
import { createNotification } from "@/lib/notifications/notifications";
import { todayIn } from "@/lib/experts/dashboard/expert";
import { cellStandingOf, EXPERT_CELL_SELECT, STANDING_ORDER } from "@/lib/samples/places";
import { closedDistricts, reachableExperts } from "@/lib/districts/approval-gate";

// "New matching projects" (the emailOpportunities setting): when a client opens a project to
// verified experts, the experts whose research preferences fit its type hear about it once, in
// the menu and (if they want opportunity e-mails) by e-mail. Runs as a queued job so creating
// a project never waits on it.

/** Most experts told about one project: a study needs a handful of sessions, not a flood. */
export const ANNOUNCE_LIMIT = 200;
/** With a sample plan, this many more candidates are read so the open cells' experts can go first. */
const PLAN_CANDIDATES = 5;

/** The research types that fit each kind of study. Experts who chose none, and studies of another kind, match nothing. */
const FITS: Record<OpportunityType, ResearchType[]> = {
  interview: ["video_interviews", "phone_interviews", "educational_research_studies"],
  survey: ["online_surveys", "educational_research_studies", "policy_feedback"],
  focus_group: ["focus_groups", "educational_research_studies"],
  other: [],
};

const hrefOf = (projectId: string) => `/dashboard?tab=opportunities&project=${projectId}`;

/** Tells matching verified experts about an open project; returns how many were told now. */
export async function announceProject(projectId: string, now: Date = new Date()): Promise<number> {
  const project = await db().project.findUnique({
    where: { id: projectId },
    select: {
      title: true,
      status: true,
      visibility: true,
      deadline: true,
      projectType: true,
      compensationCents: true,
      estimatedDurationMinutes: true,
      ...organizationNameSelect,
    },
  });
  if (!project || project.status !== "open" || project.visibility !== "open" || (project.deadline && project.deadline <= now)) return 0;
  const fits = FITS[project.projectType];
  if (fits.length === 0) return 0;
  const where: Prisma.ExpertWhereInput = {
    verificationStatus: "verified",
    availabilityStatus: { not: "unavailable" },
    engagements: { none: { projectId } },
    user: { disabledAt: null, notifications: { none: { href: hrefOf(projectId) } } },
    researchTypes: { hasSome: fits },
    // Staff of a district that declined, or requires an approval not given, are not told.
    AND: [reachableExperts(await closedDistricts(db(), projectId, now))],
  };
  // A sample plan: experts whose cell still wants people hear first, those in full cells last.
  const standing = await cellStandingOf(db(), projectId);
  const candidates = await db().expert.findMany({
    where,
    orderBy: { updatedAt: "desc" },
    take: standing ? ANNOUNCE_LIMIT * PLAN_CANDIDATES : ANNOUNCE_LIMIT,
    select: {
      ...EXPERT_CELL_SELECT,
      timeZone: true,
      invitesPausedUntil: true,
      user: { select: { id: true, email: true, firstName: true, notificationPrefs: { select: { emailOpportunities: true } } } },
    },
  });
  const experts = standing
    ? candidates
        .map((e, i) => ({ e, i, rank: STANDING_ORDER[standing(e)] }))
        .sort((a, b) => a.rank - b.rank || a.i - b.i)
        .slice(0, ANNOUNCE_LIMIT)
        .map((x) => x.e)
    : candidates;
  const organization = organizationName(project);
  let told = 0;
  for (const e of experts) {
    // An expert who paused invites is not sent new studies either until the pause ends.
    if (e.invitesPausedUntil && e.invitesPausedUntil.toISOString().slice(0, 10) >= todayIn(e.timeZone, now)) continue;
    // The deadline is an instant (23:59 in the project's zone): each expert reads it in their own.
    const summary = [
      formatMoney(project.compensationCents),
      labelOf(PROJECT_TYPES, project.projectType),
      `${project.estimatedDurationMinutes} min`,
      project.deadline ? `apply by ${formatDateTime(project.deadline, e.timeZone)}` : null,
    ]
      .filter(Boolean)
      .join(" · ");
    const mail = engagementMail("new_project", {
      recipientFirstName: e.user.firstName,
      projectTitle: project.title,
      counterpart: organization,
      when: null,
      reason: summary,
      link: `${env().APP_URL}${hrefOf(projectId)}`,
      meetingUrl: null,
      recipient: "expert",
    });
    await db().$transaction(async (tx) => {
      await createNotification(tx, {
        userId: e.user.id,
        kind: "new_project",
        title: `New study: ${project.title}`,
        body: `${organization} · ${summary}`,
        href: hrefOf(projectId),
      });
      if (e.user.notificationPrefs?.emailOpportunities !== false)
        await queueMail({ to: e.user.email, subject: mail.subject, text: mail.text, layout: mail.layout }, tx);
    });
    told++;
  }
  return told;
}
