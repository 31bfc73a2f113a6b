import "server-only";
import { organizationName, organizationNameSelect } from "@/lib/organizations/membership";
import { orgScope } from "@/lib/organizations/membership";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import type { Prisma } from "@/lib/generated/prisma/client";
import { fullName } from "@/lib/platform/format";
import { CLIENT_DIMENSIONS, EXPERT_DIMENSIONS } from "@/lib/experts/schemas/ratings";

// Two-way ratings after a completed session. Each side rates the other once. A
// rating stays hidden from the other side until both have rated, or RATING_BLIND_DAYS after the
// session was completed, so neither side can answer the other's score (Airbnb's blind reviews).
// Aggregates count only ratings that are visible. The client's private note is for our team:
// it is never selected into anything the expert reads.

export const RATING_BLIND_DAYS = 14;
const DAY = 86_400_000;

export type ExpertScores = { preparation: number; insight: number; communication: number };
export type ClientScores = { clarity: number; respectOfTime: number; paymentSpeed: number };
/** What one side reads about one engagement's ratings. */
export type RatingPair<Mine, Theirs> = {
  /** The caller's own rating, or null if they have not rated yet. */
  mine: (Mine & { createdAt: Date }) | null;
  /** The other side's rating once it is visible; null while hidden or not given. */
  theirs: (Theirs & { createdAt: Date }) | null;
  /** The other side has rated, but it is still hidden (until the caller rates or the 14 days pass). */
  theirsHidden: boolean;
  /** When hidden ratings show anyway. */
  revealsAt: Date | null;
};
export type ClientSideRatings = RatingPair<ExpertScores & { privateNote: string | null }, ClientScores>;
export type ExpertSideRatings = RatingPair<ClientScores, ExpertScores>;

const NOT_FOUND = () => new AppError("NOT_FOUND", "Engagement not found");
const NOT_COMPLETED = () => new AppError("CONFLICT", "Only a completed session can be rated.");
const ALREADY = () => new AppError("CONFLICT", "You have already rated this session. A rating cannot be changed.");

/** The moment ratings of a session completed at `completedAt` show without the other side. */
export const revealsAt = (completedAt: Date | null) => (completedAt ? new Date(completedAt.getTime() + RATING_BLIND_DAYS * DAY) : null);

/** Visible to the other side: both have rated, or the blind window has passed. */
export function ratingVisible(e: { completedAt: Date | null; bothRated: boolean }, now: Date): boolean {
  if (e.bothRated) return true;
  const at = revealsAt(e.completedAt);
  return at !== null && at <= now;
}

/** The Prisma filter for engagements whose ratings are visible at `now` (the aggregates' rule). */
const visibleEngagement = (now: Date, other: "expertRating" | "clientRating"): Prisma.EngagementWhereInput => ({
  state: "completed",
  OR: [{ [other]: { isNot: null } }, { completedAt: { lte: new Date(now.getTime() - RATING_BLIND_DAYS * DAY) } }],
});

const expertScoreSelect = { preparation: true, insight: true, communication: true, createdAt: true } as const;
const clientScoreSelect = { clarity: true, respectOfTime: true, paymentSpeed: true, createdAt: true } as const;

const isUniqueViolation = (e: unknown) => typeof e === "object" && e !== null && (e as { code?: string }).code === "P2002";

// ───────────────────────────── rating ─────────────────────────────

/** A member rates the expert of one of their organization's completed engagements, once. */
export async function rateExpert(
  actor: Actor | null,
  engagementId: string,
  input: ExpertScores & { privateNote?: string | null },
): Promise<ClientSideRatings> {
  requirePermission(actor, "manage:project:org");
  const e = await db().engagement.findFirst({
    where: { id: engagementId, ...orgScope(actor, "manage:project:org") },
    select: { id: true, state: true, expertId: true, expertRating: { select: { id: true } } },
  });
  if (!e) throw NOT_FOUND();
  if (e.state !== "completed") throw NOT_COMPLETED();
  if (e.expertRating) throw ALREADY();
  try {
    await db().expertRating.create({
      data: {
        engagementId: e.id,
        expertId: e.expertId,
        preparation: input.preparation,
        insight: input.insight,
        communication: input.communication,
        privateNote: input.privateNote ?? null,
        ratedById: actor.userId,
      },
    });
  } catch (err) {
    // Two submits at once: the unique engagement id lets one through.
    if (isUniqueViolation(err)) throw ALREADY();
    throw err;
  }
  return getClientSideRatings(actor, engagementId);
}

/** The expert rates the client of one of their own completed engagements, once. */
export async function rateClient(actor: Actor | null, engagementId: string, input: ClientScores): Promise<ExpertSideRatings> {
  requirePermission(actor, "update:expert:own");
  const e = await db().engagement.findFirst({
    where: { id: engagementId, expert: { userId: actor.userId } },
    select: { id: true, state: true, clientUserId: true, organizationId: true, clientRating: { select: { id: true } } },
  });
  if (!e) throw NOT_FOUND();
  if (e.state !== "completed") throw NOT_COMPLETED();
  if (e.clientRating) throw ALREADY();
  try {
    await db().clientRating.create({
      data: {
        engagementId: e.id,
        clientUserId: e.clientUserId,
        organizationId: e.organizationId,
        clarity: input.clarity,
        respectOfTime: input.respectOfTime,
        paymentSpeed: input.paymentSpeed,
      },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw ALREADY();
    throw err;
  }
  return getExpertSideRatings(actor, engagementId);
}

// ───────────────────────────── each side's view ─────────────────────────────

const pairSelect = {
  id: true,
  completedAt: true,
  expertRating: { select: { ...expertScoreSelect, privateNote: true } },
  clientRating: { select: clientScoreSelect },
} as const;
type PairRow = Prisma.EngagementGetPayload<{ select: typeof pairSelect }>;

function clientView(e: PairRow, now: Date): ClientSideRatings {
  const visible = ratingVisible({ completedAt: e.completedAt, bothRated: Boolean(e.expertRating && e.clientRating) }, now);
  return {
    mine: e.expertRating,
    theirs: visible ? e.clientRating : null,
    theirsHidden: Boolean(e.clientRating) && !visible,
    revealsAt: revealsAt(e.completedAt),
  };
}

function expertView(e: PairRow, now: Date): ExpertSideRatings {
  const visible = ratingVisible({ completedAt: e.completedAt, bothRated: Boolean(e.expertRating && e.clientRating) }, now);
  // The private note stops here: the expert's view carries the three scores only.
  const theirs =
    visible && e.expertRating
      ? {
          preparation: e.expertRating.preparation,
          insight: e.expertRating.insight,
          communication: e.expertRating.communication,
          createdAt: e.expertRating.createdAt,
        }
      : null;
  return { mine: e.clientRating, theirs, theirsHidden: Boolean(e.expertRating) && !visible, revealsAt: revealsAt(e.completedAt) };
}

/** The client's view of one engagement's ratings (their own with its note; the expert's when visible). */
export async function getClientSideRatings(actor: Actor | null, engagementId: string, now: Date = new Date()): Promise<ClientSideRatings> {
  requirePermission(actor, "read:project:org");
  const e = await db().engagement.findFirst({ where: { id: engagementId, ...orgScope(actor, "read:project:org") }, select: pairSelect });
  if (!e) throw NOT_FOUND();
  return clientView(e, now);
}

/** The expert's view of one engagement's ratings (never the client's private note). */
export async function getExpertSideRatings(actor: Actor | null, engagementId: string, now: Date = new Date()): Promise<ExpertSideRatings> {
  requirePermission(actor, "update:expert:own");
  const e = await db().engagement.findFirst({ where: { id: engagementId, expert: { userId: actor.userId } }, select: pairSelect });
  if (!e) throw NOT_FOUND();
  return expertView(e, now);
}

/** The ratings of each completed engagement of a client's project, for the pipeline's Rate buttons. */
export async function ratingsOfProject(
  actor: Actor | null,
  projectId: string,
  now: Date = new Date(),
): Promise<Map<string, ClientSideRatings>> {
  requirePermission(actor, "read:project:org");
  const rows = await db().engagement.findMany({
    where: { projectId, ...orgScope(actor, "read:project:org"), state: "completed" },
    select: pairSelect,
  });
  return new Map(rows.map((r) => [r.id, clientView(r, now)]));
}

export type CompletedSession = {
  engagementId: string;
  projectTitle: string;
  organization: string;
  completedAt: Date | null;
  ratings: ExpertSideRatings;
};

/** The expert's completed sessions, newest first, each with its ratings (the dashboard's "Rate the client"). */
export async function listCompletedSessions(actor: Actor | null, now: Date = new Date(), limit = 20): Promise<CompletedSession[]> {
  requirePermission(actor, "update:expert:own");
  const rows = await db().engagement.findMany({
    where: { state: "completed", expert: { userId: actor.userId } },
    orderBy: { completedAt: "desc" },
    take: limit,
    select: {
      ...pairSelect,
      project: {
        select: {
          title: true,
          ...organizationNameSelect,
        },
      },
    },
  });
  return rows.map((r) => ({
    engagementId: r.id,
    projectTitle: r.project.title,
    organization: organizationName(r.project),
    completedAt: r.completedAt,
    ratings: expertView(r, now),
  }));
}

// ───────────────────────────── aggregates ─────────────────────────────

export type ExpertRatingSummary = ExpertScores & { count: number };
export type ClientCard = ClientScores & { organization: string; count: number };

const avg = (v: number | null | undefined) => (v === null || v === undefined ? 0 : Math.round(v * 10) / 10);

/** The expert's average scores from visible ratings, for signed-in clients (and admins) on the profile. */
export async function getExpertRatingSummary(actor: Actor | null, expertId: string, now: Date = new Date()): Promise<ExpertRatingSummary> {
  requirePermission(actor, "search:expert:any");
  // Clients read the averages of listed experts only (as the profile itself); admins of anyone.
  const listed = can(actor, "review:expert:any") ? {} : { verificationStatus: "verified" as const, isPublicProfile: true };
  if (!(await db().expert.findFirst({ where: { id: expertId, ...listed }, select: { id: true } })))
    throw new AppError("NOT_FOUND", "Expert Not Found");
  const agg = await db().expertRating.aggregate({
    where: { expertId, engagement: visibleEngagement(now, "clientRating") },
    _avg: { preparation: true, insight: true, communication: true },
    _count: { _all: true },
  });
  return {
    preparation: avg(agg._avg.preparation),
    insight: avg(agg._avg.insight),
    communication: avg(agg._avg.communication),
    count: agg._count._all,
  };
}

/** The client card beside each of the expert's invites: organization and the client's average scores from visible ratings. */
export async function clientCardsForExpert(actor: Actor | null, now: Date = new Date()): Promise<Record<string, ClientCard>> {
  requirePermission(actor, "update:expert:own");
  const engagements = await db().engagement.findMany({
    where: { expert: { userId: actor.userId }, state: { in: ["invited", "applied", "accepted", "scheduled"] } },
    select: { id: true, organizationId: true, ...organizationNameSelect },
  });
  const organizationIds = [...new Set(engagements.map((e) => e.organizationId))];
  if (organizationIds.length === 0) return {};
  // Scores are the organization's, whichever member ran the study.
  const groups = await db().clientRating.groupBy({
    by: ["organizationId"],
    where: { organizationId: { in: organizationIds }, engagement: visibleEngagement(now, "expertRating") },
    _avg: { clarity: true, respectOfTime: true, paymentSpeed: true },
    _count: { _all: true },
  });
  const byOrganization = new Map(groups.map((g) => [g.organizationId, g]));
  const out: Record<string, ClientCard> = {};
  for (const e of engagements) {
    const g = byOrganization.get(e.organizationId);
    out[e.id] = {
      organization: organizationName(e),
      clarity: avg(g?._avg.clarity),
      respectOfTime: avg(g?._avg.respectOfTime),
      paymentSpeed: avg(g?._avg.paymentSpeed),
      count: g?._count._all ?? 0,
    };
  }
  return out;
}

// ───────────────────────────── admin ─────────────────────────────

export type LowRating = {
  engagementId: string;
  direction: "client_rated_expert" | "expert_rated_client";
  projectTitle: string;
  expertName: string;
  clientName: string;
  organization: string;
  scores: { label: string; value: number }[];
  privateNote: string | null;
  createdAt: Date;
};

export const LOW_SCORE = 2;

const scoresOf = <K extends string>(dims: readonly { key: K; label: string }[], r: Record<K, number>) =>
  dims.map((d) => ({ label: d.label, value: r[d.key] }));

/** Every rating with a score of 2 or less in any dimension, both directions, newest first, with the private note. */
export async function listLowRatings(actor: Actor | null, limit = 200): Promise<LowRating[]> {
  requirePermission(actor, "review:expert:any");
  const engagementSelect = {
    id: true,
    project: { select: { title: true } },
    expert: { select: { user: { select: { firstName: true, lastName: true } } } },
    client: { select: { firstName: true, lastName: true } },
    ...organizationNameSelect,
  } as const;
  const [experts, clients] = await Promise.all([
    db().expertRating.findMany({
      where: { OR: [{ preparation: { lte: LOW_SCORE } }, { insight: { lte: LOW_SCORE } }, { communication: { lte: LOW_SCORE } }] },
      orderBy: { createdAt: "desc" },
      take: limit,
      select: { ...expertScoreSelect, privateNote: true, engagement: { select: engagementSelect } },
    }),
    db().clientRating.findMany({
      where: { OR: [{ clarity: { lte: LOW_SCORE } }, { respectOfTime: { lte: LOW_SCORE } }, { paymentSpeed: { lte: LOW_SCORE } }] },
      orderBy: { createdAt: "desc" },
      take: limit,
      select: { ...clientScoreSelect, engagement: { select: engagementSelect } },
    }),
  ]);
  const base = (e: Prisma.EngagementGetPayload<{ select: typeof engagementSelect }>) => ({
    engagementId: e.id,
    projectTitle: e.project.title,
    expertName: fullName(e.expert.user.firstName, e.expert.user.lastName),
    clientName: fullName(e.client.firstName, e.client.lastName),
    organization: organizationName(e),
  });
  const rows: LowRating[] = [
    ...experts.map((r) => ({
      ...base(r.engagement),
      direction: "client_rated_expert" as const,
      scores: scoresOf(EXPERT_DIMENSIONS, r),
      privateNote: r.privateNote,
      createdAt: r.createdAt,
    })),
    ...clients.map((r) => ({
      ...base(r.engagement),
      direction: "expert_rated_client" as const,
      scores: scoresOf(CLIENT_DIMENSIONS, r),
      privateNote: null,
      createdAt: r.createdAt,
    })),
  ];
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
}
