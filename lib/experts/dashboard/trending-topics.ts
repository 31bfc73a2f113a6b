import "server-only";
import { db } from "@/lib/platform/db";
import { requireExpertOf } from "@/lib/experts/dashboard/expert";
import type { Actor } from "@/lib/accounts/actor";
import { TRENDING_WINDOW_DAYS } from "@/lib/accounts/constants";

export type TrendingTopic = { topic: string; demand: number; projectCount: number };

/**
 * At most this many of the newest visible projects are read, title and the start of the brief:
 * measured at about 20 ms of database time with every row full, a few ms for a typical day.
 */
const MAX_PROJECTS = 200;
const MAX_TEXT = 600;
const TOPICS_SHOWN = 5;

/**
 * Words every study brief uses, which say nothing about its topic. PostgreSQL's English
 * dictionary already drops the common English stop words ("the", "how", "your"); these are
 * compared by their stems too, so "interviews" and "surveyed" go with "interview" and "survey".
 */
export const TOPIC_STOP_WORDS = [
  "study",
  "research",
  "researcher",
  "interview",
  "survey",
  "focus",
  "group",
  "session",
  "minute",
  "hour",
  "week",
  "participant",
  "expert",
  "educator",
  "education",
  "school",
  "district",
  "k12",
  "feedback",
  "experience",
  "opinion",
  "perspective",
  "online",
  "remote",
  "video",
  "phone",
  "call",
  "paid",
  "compensation",
  "incentive",
  "looking",
  "seeking",
  "want",
  "need",
  "share",
  "help",
  "would",
  "like",
  "also",
  "use",
  "work",
  "well",
  "get",
  "take",
  "tell",
  "ask",
  "walk",
  "react",
  "one",
  "two",
  "three",
  "four",
  "five",
  "first",
  "new",
  "current",
  "please",
  "choose",
  "select",
  "pick",
  "give",
  "provide",
  "answer",
  "complete",
  "join",
  "discuss",
  "describe",
  "explain",
  "learn",
  "understand",
  "make",
  "think",
  "know",
  "see",
  "find",
  "try",
  "show",
  "let",
  "come",
  "start",
  "keep",
  "include",
  "based",
  "various",
  "different",
  "many",
  "much",
  "more",
  "most",
  "best",
  "good",
  "great",
  "key",
  "main",
  "short",
  "long",
  "quick",
  "brief",
] as const;

type Row = { word: string; projects: number };

/**
 * What the briefs of recent projects talk about, for Settings › Trending Research Topics: one
 * SQL query over the projects this expert may see (created in the last TRENDING_WINDOW_DAYS; the open
 * listings of the Open tab if they are verified, and any project they are engaged in). A topic
 * is a word some project's title uses: briefs are full of instructions ("choose a time",
 * "walk us through") whose verbs would otherwise trend, while a title names the subject. Each
 * word is stemmed so "assessment" and "assessments" count together, shown in its most frequent
 * spelling, and counted once per project. Demand is the share of the most-mentioned topic.
 */
export async function listTrendingTopics(actor: Actor, now: Date = new Date()): Promise<TrendingTopic[]> {
  const expert = await requireExpertOf(actor);
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 86_400_000);
  const rows = await db().$queryRaw<Row[]>`
    WITH visible AS (
      SELECT p.id, left(p.title || ' ' || p.description, ${MAX_TEXT}) AS body
      FROM projects p
      WHERE p.created_at >= ${since}
        AND (
          EXISTS (SELECT 1 FROM engagements e WHERE e.project_id = p.id AND e.expert_id = ${expert.id}::uuid)
          OR (
            p.visibility = 'open' AND p.status = 'open'
            AND EXISTS (SELECT 1 FROM experts x WHERE x.id = ${expert.id}::uuid AND x.verification_status = 'verified')
            AND EXISTS (SELECT 1 FROM opportunities o WHERE o.project_id = p.id AND o.status = 'open' AND o.deadline > ${now})
          )
        )
      ORDER BY p.created_at DESC
      LIMIT ${MAX_PROJECTS}
    ),
    words AS (
      SELECT DISTINCT v.id, w.word
      FROM visible v, regexp_split_to_table(lower(v.body), '[^a-z]+') AS w(word)
      WHERE length(w.word) >= 3
    ),
    stems AS (
      SELECT d.word, (ts_lexize('english_stem', d.word))[1] AS stem FROM (SELECT DISTINCT word FROM words) d
    ),
    titled AS (
      SELECT DISTINCT (ts_lexize('english_stem', w.word))[1] AS stem
      FROM visible v JOIN projects p ON p.id = v.id, regexp_split_to_table(lower(p.title), '[^a-z]+') AS w(word)
      WHERE length(w.word) >= 3
    ),
    domain AS (
      SELECT (ts_lexize('english_stem', s))[1] AS stem FROM unnest(${TOPIC_STOP_WORDS as unknown as string[]}::text[]) s
    )
    SELECT mode() WITHIN GROUP (ORDER BY w.word) AS word, count(DISTINCT w.id)::int AS projects
    FROM words w
    JOIN stems s ON s.word = w.word
    WHERE s.stem IS NOT NULL AND s.stem IN (SELECT stem FROM titled) AND s.stem NOT IN (SELECT stem FROM domain WHERE stem IS NOT NULL)
    GROUP BY s.stem
    ORDER BY projects DESC, s.stem
    LIMIT ${TOPICS_SHOWN}
  `;
  const max = rows[0]?.projects ?? 0;
  return rows.map((r) => ({
    topic: r.word.charAt(0).toUpperCase() + r.word.slice(1),
    projectCount: r.projects,
    demand: Math.round((r.projects / max) * 100),
  }));
}
