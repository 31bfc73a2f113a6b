import "server-only";
import { db } from "@/lib/db";
import { DEFAULT_EXPERTISE, type ExpertiseRatingsInput } from "@/lib/validation/dashboard";
import { requireExpertOf } from "@/lib/services/dashboard/expert";
import type { Actor } from "@/lib/auth/session";

export type TopicRating = { topic: string; rating: number };
export type TrendingTopic = { topic: string; demand: number; openCount: number };

/** The six topics with the expert's stored ratings, the spec's defaults where none is stored. */
export async function getExpertiseRatings(actor: Actor): Promise<TopicRating[]> {
  const expert = await requireExpertOf(actor);
  const stored = new Map(
    (await db().expertiseRating.findMany({ where: { expertId: expert.id }, select: { topic: true, rating: true } })).map((r) => [r.topic, r.rating]),
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

/** Research topics clients ask about, recognised by words in open opportunities. */
const TRENDING_KEYWORDS: { topic: string; words: string[] }[] = [
  { topic: "Math Instruction", words: ["math"] },
  { topic: "Assessment & Data", words: ["assessment", "data", "dashboard"] },
  { topic: "Literacy", words: ["literacy", "reading"] },
  { topic: "Educational Technology", words: ["technology", "edtech", "platform", "tools"] },
  { topic: "Teacher Retention", words: ["retention", "early-career", "teacher"] },
  { topic: "School Safety", words: ["safety", "emergency"] },
  { topic: "Family Engagement", words: ["family", "attendance"] },
  { topic: "School Leadership", words: ["principal", "leadership"] },
];

/**
 * Demand per topic = share of open opportunities that mention it, as a percentage of the
 * most-mentioned topic (so the hottest topic reads 100). Topics no open opportunity mentions are left out.
 */
export async function listTrendingTopics(): Promise<TrendingTopic[]> {
  const open = await db().opportunity.findMany({ where: { status: "open" }, select: { title: true, description: true }, take: 500 });
  const counts = TRENDING_KEYWORDS.map(({ topic, words }) => ({
    topic,
    openCount: open.filter((o) => {
      const text = `${o.title} ${o.description}`.toLowerCase();
      return words.some((w) => text.includes(w));
    }).length,
  })).filter((t) => t.openCount > 0);
  const max = Math.max(0, ...counts.map((c) => c.openCount));
  return counts.map((c) => ({ ...c, demand: Math.round((c.openCount / max) * 100) })).sort((a, b) => b.demand - a.demand).slice(0, 5);
}
