import "server-only";
import { db } from "@/lib/platform/db";
import { DEFAULT_EXPERTISE, type ExpertiseRatingsInput } from "@/lib/experts/schemas/dashboard";
import { requireExpertOf } from "@/lib/experts/dashboard/expert";
import type { Actor } from "@/lib/accounts/actor";

export type TopicRating = { topic: string; rating: number };

/** The six topics with the expert's stored ratings, the defaults (DEFAULT_EXPERTISE) where none is stored. */
export async function getExpertiseRatings(actor: Actor): Promise<TopicRating[]> {
  const expert = await requireExpertOf(actor);
  const stored = new Map(
    (await db().expertiseRating.findMany({ where: { expertId: expert.id }, select: { topic: true, rating: true } })).map((r) => [
      r.topic,
      r.rating,
    ]),
  );
  return DEFAULT_EXPERTISE.map((d) => ({ topic: d.topic, rating: stored.get(d.topic) ?? d.rating }));
}

export async function saveExpertiseRatings(actor: Actor, input: ExpertiseRatingsInput): Promise<TopicRating[]> {
  const expert = await requireExpertOf(actor);
  await db().$transaction(
    input.ratings.map((r) =>
      db().expertiseRating.upsert({
        where: { expertId_topic: { expertId: expert.id, topic: r.topic } },
        create: { expertId: expert.id, topic: r.topic, rating: r.rating },
        update: { rating: r.rating },
      }),
    ),
  );
  return getExpertiseRatings(actor);
}
