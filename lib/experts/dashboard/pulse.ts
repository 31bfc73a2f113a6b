import "server-only";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { weekOfYear } from "@/lib/platform/dates";
import type { PulseAnswerInput } from "@/lib/experts/schemas/dashboard";
import { requireExpertOf } from "@/lib/experts/dashboard/expert";
import type { Actor } from "@/lib/accounts/actor";

export type PulseView =
  | { state: "none" }
  | {
      state: "open" | "answered";
      survey: { id: string; title: string; question: string; surveyType: "rating" | "text"; options: string[] };
    };

/** The active survey of this week of the year and whether the expert answered it. */
export async function getCurrentPulse(actor: Actor, now: Date = new Date()): Promise<PulseView> {
  const expert = await requireExpertOf(actor);
  const survey = await db().pulseSurvey.findFirst({
    where: { isActive: true, weekNumber: weekOfYear(now) },
    orderBy: { createdAt: "desc" },
    select: { id: true, title: true, question: true, surveyType: true, options: true },
  });
  if (!survey) return { state: "none" };
  const answered = await db().pulseResponse.findUnique({
    where: { surveyId_expertId: { surveyId: survey.id, expertId: expert.id } },
    select: { id: true },
  });
  return { state: answered ? "answered" : "open", survey };
}

/** One answer per survey; only this week's active survey takes answers. */
export async function answerPulse(actor: Actor, input: PulseAnswerInput, now: Date = new Date()) {
  const expert = await requireExpertOf(actor);
  const survey = await db().pulseSurvey.findFirst({
    where: { id: input.surveyId, isActive: true, weekNumber: weekOfYear(now) },
    select: { id: true, surveyType: true },
  });
  if (!survey) throw new AppError("NOT_FOUND", "This survey is no longer open.");
  if (survey.surveyType === "rating" && input.rating === undefined && !input.text)
    throw new AppError("BAD_REQUEST", "Please choose a rating or write an answer.");
  try {
    return await db().pulseResponse.create({
      data: { surveyId: survey.id, expertId: expert.id, rating: input.rating ?? null, text: input.text ?? null },
      select: { id: true },
    });
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002")
      throw new AppError("CONFLICT", "You have already answered this week's survey.");
    throw e;
  }
}
