import "server-only";
import { organizationName, organizationNameSelect } from "@/lib/organizations/membership";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OpportunityType } from "@/lib/generated/prisma/enums";
import type { FeedbackInput } from "@/lib/experts/schemas/dashboard";
import { requireExpertOf } from "@/lib/experts/dashboard/expert";
import type { Actor } from "@/lib/accounts/actor";

export type FeedbackView =
  | { state: "none" }
  | { state: "complete" }
  | { state: "form"; opportunity: { id: string; title: string; clientOrganization: string; opportunityType: OpportunityType } };

/** The latest completed engagement without feedback; 'complete' when every one has some. */
export async function getFeedbackTarget(actor: Actor): Promise<FeedbackView> {
  const expert = await requireExpertOf(actor);
  const rows = await db().engagement.findMany({
    where: { expertId: expert.id, state: "completed", project: { opportunity: { isNot: null } } },
    orderBy: [{ completedAt: { sort: "desc", nulls: "last" } }, { updatedAt: "desc" }],
    select: {
      project: { select: { ...organizationNameSelect, opportunity: { select: { id: true, title: true, opportunityType: true } } } },
    },
    take: 100,
  });
  const completed = rows.flatMap((r) =>
    r.project.opportunity ? [{ opportunity: { ...r.project.opportunity, clientOrganization: organizationName(r.project) } }] : [],
  );
  if (!completed.length) return { state: "none" };
  const given = new Set(
    (
      await db().feedbackSubmission.findMany({
        where: { expertId: expert.id, opportunityId: { in: completed.map((c) => c.opportunity.id) } },
        select: { opportunityId: true },
      })
    ).map((f) => f.opportunityId),
  );
  const target = completed.find((c) => !given.has(c.opportunity.id));
  return target ? { state: "form", opportunity: target.opportunity } : { state: "complete" };
}

/** One feedback per completed engagement of the expert's own. */
export async function submitFeedback(actor: Actor, input: FeedbackInput) {
  const expert = await requireExpertOf(actor);
  const app = await db().engagement.findFirst({
    where: { expertId: expert.id, state: "completed", project: { opportunity: { id: input.opportunityId } } },
    select: { id: true },
  });
  if (!app) throw new AppError("NOT_FOUND", "No completed engagement to give feedback on.");
  try {
    return await db().feedbackSubmission.create({
      data: {
        expertId: expert.id,
        opportunityId: input.opportunityId,
        rating: input.rating,
        experienceRating: input.experienceRating ?? null,
        communicationRating: input.communicationRating ?? null,
        feedbackText: input.feedbackText ?? null,
        suggestions: input.suggestions ?? null,
        wouldRecommend: input.wouldRecommend ?? null,
      },
      select: { id: true },
    });
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002")
      throw new AppError("CONFLICT", "You have already sent feedback for this engagement.");
    throw e;
  }
}
