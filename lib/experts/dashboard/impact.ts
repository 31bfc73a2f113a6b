import "server-only";
import { organizationName, organizationNameSelect } from "@/lib/organizations/membership";
import { db } from "@/lib/platform/db";
import type { OpportunityType } from "@/lib/generated/prisma/enums";
import type { ImpactView } from "@/lib/experts/views";
import { requireExpertOf } from "@/lib/experts/dashboard/expert";
import type { Actor } from "@/lib/accounts/actor";
import { ratingVisible } from "@/lib/experts/ratings";
import { dayIn, zonedTimeToUtc } from "@/lib/platform/zoned-time";

/** Hours from minutes, rounded to one decimal. */
export const hoursFromMinutes = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

/** Impact from the expert's completed engagements and the ratings clients gave them. */
export async function getImpact(actor: Actor, now: Date = new Date()): Promise<ImpactView> {
  const expert = await requireExpertOf(actor);
  const rows = await db().engagement.findMany({
    where: { expertId: expert.id, state: "completed" },
    select: {
      completedAt: true,
      updatedAt: true,
      expertRating: { select: { preparation: true, insight: true, communication: true } },
      clientRating: { select: { id: true } },
      project: {
        select: { title: true, projectType: true, estimatedDurationMinutes: true, ...organizationNameSelect },
      },
    },
    orderBy: [{ completedAt: { sort: "desc", nulls: "last" } }, { updatedAt: "desc" }],
  });
  const completed = rows.map((r) => ({
    ...r,
    opportunity: {
      title: r.project.title,
      clientOrganization: organizationName(r.project),
      opportunityType: r.project.projectType,
      estimatedDurationMinutes: r.project.estimatedDurationMinutes,
    },
  }));
  const minutes = completed.reduce((s, a) => s + a.opportunity.estimatedDurationMinutes, 0);
  // Each client rating counts as the mean of its three scores, once the expert may see it (both
  // rated, or 14 days on): a fresh one-sided rating must not show through the average.
  const ratings = completed.flatMap((a) =>
    a.expertRating && ratingVisible({ completedAt: a.completedAt, bothRated: Boolean(a.clientRating) }, now)
      ? [(a.expertRating.preparation + a.expertRating.insight + a.expertRating.communication) / 3]
      : [],
  );
  // This month as the expert's calendar has it, as the engagements-per-month chart counts it.
  const monthStart = zonedTimeToUtc(`${dayIn(now, expert.timeZone).slice(0, 7)}-01`, "00:00", expert.timeZone).getTime();
  const types = new Map<OpportunityType, number>();
  for (const a of completed) types.set(a.opportunity.opportunityType, (types.get(a.opportunity.opportunityType) ?? 0) + 1);
  const latest = completed[0];
  return {
    projectsCompleted: completed.length,
    hoursContributed: hoursFromMinutes(minutes),
    satisfaction: ratings.length ? Math.round((ratings.reduce((s, r) => s + r, 0) / ratings.length) * 10) / 10 : null,
    ratedCount: ratings.length,
    // The expert's own goal (Settings › Monthly Goal).
    monthlyGoal: expert.monthlyGoal,
    completedThisMonth: completed.filter((a) => (a.completedAt ?? a.updatedAt).getTime() >= monthStart).length,
    topicsInfluenced: [...new Set(completed.map((a) => a.opportunity.title))],
    recognition: [...types.entries()].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count),
    recentAchievement: latest
      ? { title: latest.opportunity.title, clientOrganization: latest.opportunity.clientOrganization, completedAt: latest.completedAt }
      : null,
  };
}
