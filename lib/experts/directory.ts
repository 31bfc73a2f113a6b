import "server-only";
import { cache } from "react";
import { db } from "@/lib/platform/db";
import { directoryCondition } from "@/lib/experts/directory-sql";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SlotView } from "@/lib/experts/views";
import type { DirectoryExpert } from "@/lib/experts/views";
import { DIRECTORY_PAGE_SIZE, type DirectoryFilters, type DirectoryVariant } from "@/lib/experts/schemas/directory";
import { fromPrismaDistrictSize, toPrismaDistrictSize, type DistrictSize } from "@/lib/vocabulary/districts";

// The expert directory (/experts), the client search variant (/client/experts) and the public
// profile (/experts/{id}). Every filter is applied in the database; fields an expert hid are
// removed here, so they never reach a browser.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

/** The expert fields every directory card reads (the search, the profile, the shortlist). */
export const DIRECTORY_SELECT = {
  id: true,
  roleTitle: true,
  organizationName: true,
  showOrganization: true,
  department: true,
  state: true,
  districtType: true,
  districtSize: true,
  urbanicity: true,
  availabilityStatus: true,
  verificationStatus: true,
  linkedinVerified: true,
  tags: true,
  toolsPlatforms: true,
  hourlyRateMinCents: true,
  hourlyRateMaxCents: true,
  showRates: true,
  yearsExperience: true,
  showExperience: true,
  bio: true,
  pulseScore: true,
  createdAt: true,
  user: { select: { firstName: true, lastName: true } },
} satisfies Prisma.ExpertSelect;

type DirectoryRow = Prisma.ExpertGetPayload<{ select: typeof DIRECTORY_SELECT }>;

const toDollars = (cents: number | null) => (cents === null ? null : Math.round(cents) / 100);

export function toDirectoryExpert(row: DirectoryRow): DirectoryExpert {
  return {
    id: row.id,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    roleTitle: row.roleTitle,
    organizationName: row.showOrganization ? row.organizationName : null,
    department: row.department,
    state: row.state,
    districtType: row.districtType,
    districtSize: row.districtSize && fromPrismaDistrictSize(row.districtSize),
    urbanicity: row.urbanicity,
    availabilityStatus: row.availabilityStatus,
    verificationStatus: row.verificationStatus,
    linkedinVerified: row.linkedinVerified,
    tags: row.tags,
    toolsPlatforms: row.toolsPlatforms,
    hourlyRateMin: row.showRates ? toDollars(row.hourlyRateMinCents) : null,
    hourlyRateMax: row.showRates ? toDollars(row.hourlyRateMaxCents) : null,
    yearsExperience: row.showExperience ? row.yearsExperience : null,
    bio: row.bio,
    pulseScore: row.pulseScore,
    createdAt: row.createdAt.toISOString(),
  };
}

// How the page is read depends on the planner's estimate of the matches (decision 0004):
// - at most SPARSE_ROWS: every match is collected through the filter indexes, then sorted. The
//   planner would otherwise walk the newest-first index hoping to meet 12 matches early, and
//   with correlated filters it may read most of the table to find none.
// - more: newest first along the index, which meets 12 matches quickly.
// The total is exact up to EXACT_COUNT_ROWS (or when the page shows the end of the list);
// beyond, the page shows the planner's estimate and never waits for a count of a million rows.
const SPARSE_ROWS = 2_000;
export const EXACT_COUNT_ROWS = 5_000;

const { sql } = Prisma;

/** The planner's estimate of the rows matching a condition (EXPLAIN plans the query without running it). */
export async function estimateMatches(condition: Prisma.Sql): Promise<number> {
  const rows = await db().$queryRaw<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[]>(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM experts e WHERE ${condition}`,
  );
  return rows[0]?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? 0;
}

// The estimate comes from the planner's statistics, which change only when PostgreSQL analyzes
// the table (after thousands of writes): a repeated search (paging, the same filters again)
// reuses it for a minute instead of asking again. It picks a plan and an "about" figure; exact
// totals are always counted.
const ESTIMATE_TTL_MS = 60_000;
const MAX_ESTIMATES = 500;
const estimates = new Map<string, { rows: number; at: number }>();

async function plannedMatches(condition: Prisma.Sql, now = Date.now()): Promise<number> {
  const key = `${condition.sql}\u0000${JSON.stringify(condition.values)}`;
  const hit = estimates.get(key);
  if (hit && now - hit.at < ESTIMATE_TTL_MS) return hit.rows;
  const rows = await estimateMatches(condition);
  estimates.delete(key);
  estimates.set(key, { rows, at: now });
  // A Map keeps insertion order: the first key is the oldest.
  if (estimates.size > MAX_ESTIMATES) estimates.delete(estimates.keys().next().value!);
  return rows;
}

/** Three significant figures: an estimate should not look more precise than it is. */
const roughly = (n: number) => {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, n))) - 2);
  return Math.round(n / unit) * unit;
};

/** The exact number of rows matching a condition (cheap only for an estimate up to EXACT_COUNT_ROWS). */
export async function countMatches(condition: Prisma.Sql): Promise<number> {
  const rows = await db().$queryRaw<{ total: bigint }[]>(sql`SELECT count(*) AS total FROM experts e WHERE ${condition}`);
  return Number(rows[0].total);
}

// A card's columns in SQL, named as DIRECTORY_SELECT names them: the page is read in one query
// (a round trip less per search than ids first, then Prisma's rows and their users).
const CARD_COLUMNS = sql`e.id::text AS id, e.role_title AS "roleTitle", e.organization_name AS "organizationName",
  e.show_organization AS "showOrganization", e.department, e.state, e.district_type::text AS "districtType",
  e.district_size::text AS "districtSize", e.urbanicity::text AS urbanicity, e.availability_status::text AS "availabilityStatus",
  e.verification_status::text AS "verificationStatus", e.linkedin_verified AS "linkedinVerified", e.tags,
  e.tools_platforms AS "toolsPlatforms", e.hourly_rate_min_cents AS "hourlyRateMinCents", e.hourly_rate_max_cents AS "hourlyRateMaxCents",
  e.show_rates AS "showRates", e.years_experience AS "yearsExperience", e.show_experience AS "showExperience", e.bio,
  e.pulse_score AS "pulseScore", e.created_at AS "createdAt", u.first_name AS "firstName", u.last_name AS "lastName"`;

type CardRow = Omit<DirectoryRow, "user" | "districtSize"> & { districtSize: DistrictSize | null; firstName: string; lastName: string };

const toCard = ({ firstName, lastName, districtSize, ...row }: CardRow) =>
  toDirectoryExpert({ ...row, districtSize: districtSize && toPrismaDistrictSize(districtSize), user: { firstName, lastName } });

type PageRows = { cards: CardRow[]; total: number | null };

async function sparsePage(condition: Prisma.Sql, offset: number, limit: number): Promise<PageRows> {
  const rows = await db().$queryRaw<(CardRow & { total: bigint })[]>(sql`
    WITH m AS MATERIALIZED (SELECT e.id, e.created_at FROM experts e WHERE ${condition}),
         p AS (SELECT id, created_at FROM m ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset})
    SELECT ${CARD_COLUMNS}, (SELECT count(*) FROM m) AS total
    FROM (SELECT 1) one LEFT JOIN (p JOIN experts e ON e.id = p.id JOIN users u ON u.id = e.user_id) ON true
    ORDER BY p.created_at DESC, p.id DESC`);
  return { cards: rows.filter((r) => r.id), total: Number(rows[0]?.total ?? 0) };
}

async function densePage(condition: Prisma.Sql, offset: number, limit: number, estimate: number): Promise<PageRows> {
  const [cards, total] = await Promise.all([
    db().$queryRaw<CardRow[]>(sql`
      SELECT ${CARD_COLUMNS} FROM experts e JOIN users u ON u.id = e.user_id WHERE ${condition}
      ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit} OFFSET ${offset}`),
    estimate <= EXACT_COUNT_ROWS ? countMatches(condition) : null,
  ]);
  return { cards, total };
}

/** The matches from `offset`, newest first, at most `limit`, read by the plan the estimate picks. */
async function pageRows(condition: Prisma.Sql, offset: number, limit: number, estimate?: number): Promise<PageRows> {
  const rows = estimate ?? (await plannedMatches(condition));
  return rows <= SPARSE_ROWS ? sparsePage(condition, offset, limit) : densePage(condition, offset, limit, rows);
}

/** How many rows match, counting no further than `cap`. */
async function countUpTo(condition: Prisma.Sql, cap: number): Promise<number> {
  const rows = await db().$queryRaw<{ total: bigint }[]>(
    sql`SELECT count(*) AS total FROM (SELECT 1 FROM experts e WHERE ${condition} LIMIT ${cap}) capped`,
  );
  return Number(rows[0].total);
}

/**
 * A page of the matches with those matching `first` ahead of the rest, each part newest first:
 * two ordered reads (and a capped count when the page starts past the first part) rather than
 * one sort of every match, so it stays an index walk at a million experts.
 */
async function firstThenRest(condition: Prisma.Sql, first: Prisma.Sql, offset: number, estimate: number): Promise<PageRows> {
  const head = await pageRows(sql`${condition} AND (${first})`, offset, DIRECTORY_PAGE_SIZE);
  const [wholeTotal, tail] = await Promise.all([
    estimate <= EXACT_COUNT_ROWS ? countMatches(condition) : null,
    (async () => {
      if (head.cards.length === DIRECTORY_PAGE_SIZE) return [];
      // How many lie ahead in the first part: known from this page unless it starts past them.
      const ahead =
        head.cards.length > 0 || offset === 0
          ? offset + head.cards.length
          : (head.total ?? (await countUpTo(sql`${condition} AND (${first})`, offset)));
      const rest = await pageRows(
        sql`${condition} AND (${first}) IS NOT TRUE`,
        Math.max(0, offset - ahead),
        DIRECTORY_PAGE_SIZE - head.cards.length,
      );
      return rest.cards;
    })(),
  ]);
  return { cards: [...head.cards, ...tail], total: wholeTotal };
}

export type DirectoryPage = {
  experts: DirectoryExpert[];
  /** Exact, or the planner's estimate when `approximate` (shown as "about …"). */
  total: number;
  approximate: boolean;
  page: number;
  pageSize: number;
};

/**
 * One page of the directory, newest first, with the total count. `first`, a condition over
 * `experts e`, puts the experts it matches ahead of the others (a sample plan's open cells).
 */
export async function searchDirectory(
  actor: Actor | null,
  filters: DirectoryFilters,
  variant: DirectoryVariant = "directory",
  first?: Prisma.Sql,
  /** A further condition every listed expert meets (a project's closed districts left out). */
  only?: Prisma.Sql,
): Promise<DirectoryPage> {
  requirePermission(actor, "search:expert:any");
  // Only verified experts appear in client search; admins (who review experts) may look at the others.
  const effective: DirectoryFilters = can(actor, "review:expert:any") ? filters : { ...filters, verification: "verified" };
  const base = directoryCondition(effective, variant);
  const condition = only ? sql`${base} AND (${only})` : base;
  const offset = (effective.page - 1) * DIRECTORY_PAGE_SIZE;
  const estimate = await plannedMatches(condition);
  const { cards, total } = first
    ? await firstThenRest(condition, first, offset, estimate)
    : await pageRows(condition, offset, DIRECTORY_PAGE_SIZE, estimate);
  const experts = cards.map(toCard);
  // A page that is not full shows the end of the list: its total is known.
  const atEnd = cards.length < DIRECTORY_PAGE_SIZE && (cards.length > 0 || offset === 0);
  if (total !== null || atEnd)
    return { experts, total: total ?? offset + cards.length, approximate: false, page: effective.page, pageSize: DIRECTORY_PAGE_SIZE };
  return {
    experts,
    total: Math.max(roughly(estimate), offset + cards.length + 1),
    approximate: true,
    page: effective.page,
    pageSize: DIRECTORY_PAGE_SIZE,
  };
}

// ───────────────────────────── public profile ─────────────────────────────

const PROFILE_SELECT = {
  ...DIRECTORY_SELECT,
  linkedinUrl: true,
  linkedinHeadline: true,
  researchTypes: true,
  interviewPreferences: true,
  timeZone: true,
  purchaseInfluence: true,
  organizationType: true,
  updatedAt: true,
  districtLeaid: true,
} satisfies Prisma.ExpertSelect;

export type PublicExpertProfile = DirectoryExpert & {
  linkedinUrl: string | null;
  linkedinHeadline: string | null;
  researchTypes: string[];
  interviewPreferences: string[];
  timeZone: string;
  organizationType: string | null;
  updatedAt: string;
  /** A confirmed school e-mail names a district: its size and locale come from the directory (shown to clients), not the profile. */
  districtLinked: boolean;
};

/**
 * A verified public profile, or null (missing, hidden, pending, rejected or a malformed id).
 * Takes no actor: the page is cached and identical for everyone. No e-mail is selected.
 */
export const getPublicExpertProfile = cache(async (id: string): Promise<PublicExpertProfile | null> => {
  if (!isUuid(id)) return null;
  const row = await db().expert.findFirst({ where: { id, verificationStatus: "verified", isPublicProfile: true }, select: PROFILE_SELECT });
  if (!row) return null;
  return {
    ...toDirectoryExpert(row),
    linkedinUrl: row.linkedinUrl,
    linkedinHeadline: row.linkedinHeadline,
    researchTypes: row.researchTypes,
    interviewPreferences: row.interviewPreferences,
    timeZone: row.timeZone,
    organizationType: row.showOrganization ? row.organizationType : null,
    updatedAt: row.updatedAt.toISOString(),
    districtLinked: row.districtLeaid !== null,
  };
});

/** An expert's e-mail, for admins only (admins see it; public pages never do). */
export async function getExpertEmailForAdmin(actor: Actor | null, expertId: string): Promise<string | null> {
  requirePermission(actor, "review:expert:any");
  if (!isUuid(expertId)) return null;
  const row = await db().expert.findUnique({ where: { id: expertId }, select: { user: { select: { email: true } } } });
  return row?.user.email ?? null;
}

/** Check Availability: the expert's next open slots (a verified public profile only). */
export async function getNextOpenSlots(expertId: string, now = new Date(), limit = 6): Promise<SlotView[]> {
  if (!isUuid(expertId)) throw new AppError("NOT_FOUND", "Expert Not Found");
  const expert = await db().expert.findFirst({
    where: { id: expertId, verificationStatus: "verified", isPublicProfile: true },
    select: { id: true },
  });
  if (!expert) throw new AppError("NOT_FOUND", "Expert Not Found");
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const slots = await db().availabilitySlot.findMany({
    where: { expertId, isAvailable: true, date: { gte: today } },
    orderBy: [{ date: "asc" }, { startTime: "asc" }],
    take: limit,
    select: { id: true, date: true, startTime: true, endTime: true, timezone: true },
  });
  return slots.map((s) => ({
    id: s.id,
    date: s.date.toISOString().slice(0, 10),
    startTime: s.startTime,
    endTime: s.endTime,
    timezone: s.timezone,
  }));
}

// ───────────────────────────── sitemap ─────────────────────────────

export type SitemapExpert = { id: string; updatedAt: Date };

// Verified public profiles, oldest first: a new profile lands in the last file and leaves the
// others as they were. Written with literals so the planner uses experts_sitemap_idx (partial,
// with updated_at included): every sitemap query is an index-only scan.
const LISTED = sql`e.verification_status = 'verified' AND e.is_public_profile`;
const SITEMAP_ORDER = sql`e.created_at, e.id`;

/** The listed profiles from position `skip`, at most `take` of them, as rows `r(id, updated_at)`: one sitemap file. */
const listedRange = (skip: number, take: number) =>
  sql`(SELECT e.id, e.updated_at FROM experts e WHERE ${LISTED} ORDER BY ${SITEMAP_ORDER} OFFSET ${skip} LIMIT ${take}) r`;

/** Verified public profiles for the sitemap, in a stable order, one range at a time. */
export async function listSitemapExperts(skip: number, take: number): Promise<SitemapExpert[]> {
  // One text value ("id ms,id ms,…") rather than 50,000 rows: the driver's cost per row was
  // most of a sitemap file's build time at 1,000,000 experts.
  const [row] = await db().$queryRaw<{ list: string | null }[]>(sql`
    SELECT string_agg(r.id::text || ' ' || (extract(epoch FROM r.updated_at) * 1000)::bigint, ',') AS list
    FROM ${listedRange(skip, take)}`);
  return (row?.list?.split(",") ?? []).map((item) => {
    const [id, ms] = item.split(" ");
    return { id, updatedAt: new Date(Number(ms)) };
  });
}

/**
 * What a range of the sitemap holds, in one figure: a digest of every id and update time in it.
 * It changes exactly when a profile in the range changes, leaves it or joins it.
 */
export async function sitemapRangeStamp(skip: number, take: number): Promise<{ count: number; lastmod: Date | null; digest: string }> {
  const [row] = await db().$queryRaw<{ count: bigint; lastmod: Date | null; digest: string | null }[]>(sql`
    SELECT count(*) AS count, max(r.updated_at) AS lastmod,
           md5(string_agg(r.id::text || ':' || (extract(epoch FROM r.updated_at) * 1000)::bigint, ',')) AS digest
    FROM ${listedRange(skip, take)}`);
  return { count: Number(row.count), lastmod: row.lastmod, digest: row.digest ?? "empty" };
}

/** The whole sitemap's version: how many profiles it lists and the newest update among them (one index-only pass). */
export async function sitemapStamp(): Promise<string> {
  const [row] = await db().$queryRaw<{ count: bigint; lastmod: Date | null }[]>(
    sql`SELECT count(*) AS count, max(e.updated_at) AS lastmod FROM experts e WHERE ${LISTED}`,
  );
  return `${row.count}:${row.lastmod?.getTime() ?? 0}`;
}

/**
 * Every sitemap file's newest update, in one pass over the index: file 1 holds the first
 * `firstTake` profiles, each later file `take` more (lib/site/sitemap-xml.ts expertRangeOfPart).
 */
export async function sitemapPartLastmods(firstTake: number, take: number): Promise<{ total: number; lastmods: Date[] }> {
  const rows = await db().$queryRaw<{ part: number; count: bigint; lastmod: Date }[]>(sql`
    SELECT CASE WHEN r.n < ${firstTake} THEN 1 ELSE 2 + (r.n - ${firstTake}) / ${take} END::int AS part, count(*) AS count, max(r.updated_at) AS lastmod
    FROM (SELECT e.updated_at, row_number() OVER (ORDER BY ${SITEMAP_ORDER}) - 1 AS n FROM experts e WHERE ${LISTED}) r
    GROUP BY 1 ORDER BY 1`);
  const lastmods: Date[] = [];
  for (const r of rows) lastmods[r.part - 1] = r.lastmod;
  return { total: rows.reduce((sum, r) => sum + Number(r.count), 0), lastmods };
}
