import "server-only";
import { cache } from "react";
import { db } from "@/lib/db";
import { countDirectory, directoryStamp } from "@/lib/services/directory-count";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/session";
import { can, requirePermission } from "@/lib/auth/permissions";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DirectoryExpert, SlotView } from "@/lib/views";
import { DIRECTORY_PAGE_SIZE, type DirectoryFilters, type DirectoryVariant } from "@/lib/validation/directory";
import { fromPrismaDistrictSize, toPrismaDistrictSize } from "@/lib/vocabulary/districts";
import { roleFilterTitles } from "@/lib/vocabulary/roles";
import { schoolYearOf } from "@/lib/work-email-rules";

// The expert directory (001 §2.4, §7), the client search variant (000 §2) and the public
// profile (001 §2.5). Every filter is applied in the database; fields an expert hid are
// removed here, so they never reach a browser.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

const DIRECTORY_SELECT = {
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

const insensitive = (value: string) => ({ contains: value, mode: "insensitive" as const });

/**
 * A role filter: the text anywhere in the title (free text, free-form titles), and for one of
 * the five directory labels also the stored titles of the roles it names (lib/vocabulary/roles).
 */
function roleWhere(role: string): Prisma.ExpertWhereInput {
  const titles = roleFilterTitles(role);
  const contains: Prisma.ExpertWhereInput = { roleTitle: insensitive(role) };
  return titles.length ? { OR: [contains, { roleTitle: { in: titles } }] } : contains;
}

/**
 * The where clause for a filter set. A hidden field never matches a filter on it (a filter
 * on a hidden value would reveal it), except that the client variant's rate range keeps
 * experts that show no rates, as 000 §7 asks.
 */
export function directoryWhere(filters: DirectoryFilters, variant: DirectoryVariant): Prisma.ExpertWhereInput {
  const and: Prisma.ExpertWhereInput[] = [];
  const where: Prisma.ExpertWhereInput = { verificationStatus: filters.verification, isPublicProfile: true };
  if (filters.state) where.state = filters.state;
  if (filters.districtType) where.districtType = filters.districtType;
  if (filters.districtSize) where.districtSize = toPrismaDistrictSize(filters.districtSize);
  if (filters.urbanicity) where.urbanicity = filters.urbanicity;
  if (filters.availability) where.availabilityStatus = filters.availability;
  if (filters.role) and.push(roleWhere(filters.role));
  if (filters.department) where.department = insensitive(filters.department);
  if (filters.tag) where.tags = { has: filters.tag };
  if (filters.tool) where.toolsPlatforms = { has: filters.tool };
  if (filters.minExperience !== undefined && filters.minExperience > 0) {
    and.push({ showExperience: true, yearsExperience: { gte: filters.minExperience } });
  }
  if (filters.minPulse !== undefined && filters.minPulse > 0) where.pulseScore = { gte: filters.minPulse };
  // By the UTC date: within hours of July 1 an expert far from UTC may count in the neighbouring
  // school year; the badge on the card (per zone) is exact.
  if (filters.schoolEmail) and.push({ workEmailVerifiedAt: { not: null }, workEmailSchoolYear: { gte: schoolYearOf(new Date(), "UTC") } });

  const minCents = filters.rateMin !== undefined ? filters.rateMin * 100 : undefined;
  const maxCents = filters.rateMax !== undefined ? filters.rateMax * 100 : undefined;
  if (variant === "directory") {
    // 001 §7: hourly_rate_min >= min; hourly_rate_max <= max.
    if (minCents !== undefined && minCents > 0) and.push({ showRates: true, hourlyRateMinCents: { gte: minCents } });
    if (maxCents !== undefined) and.push({ showRates: true, hourlyRateMaxCents: { lte: maxCents } });
  } else if ((minCents !== undefined && minCents > 0) || maxCents !== undefined) {
    // 000 §7: the rate range keeps experts that lack both rates; the others' range must
    // lie within the chosen one.
    const within: Prisma.ExpertWhereInput = { showRates: true };
    if (minCents !== undefined && minCents > 0) within.hourlyRateMinCents = { gte: minCents };
    if (maxCents !== undefined) within.hourlyRateMaxCents = { lte: maxCents };
    and.push({ OR: [within, { hourlyRateMinCents: null, hourlyRateMaxCents: null }, { showRates: false }] });
  }

  if (filters.q) {
    const text: Prisma.ExpertWhereInput[] = [
      { roleTitle: insensitive(filters.q) },
      { showOrganization: true, organizationName: insensitive(filters.q) },
    ];
    // The directory searches the bio (001 §7); the client variant the tags (000 §7). Both
    // search both here: one search box should not give two answers.
    text.push({ bio: insensitive(filters.q) });
    text.push({ tags: { has: filters.q } });
    and.push({ OR: text });
  }
  if (and.length) where.AND = and;
  return where;
}

export type DirectoryPage = { experts: DirectoryExpert[]; total: number; page: number; pageSize: number };

/** One page of the directory, newest first, with the total count. */
export async function searchDirectory(actor: Actor | null, filters: DirectoryFilters, variant: DirectoryVariant = "directory"): Promise<DirectoryPage> {
  requirePermission(actor, "search:expert:any");
  // 000 §4: only verified experts appear in client search; admins (who review experts) may look at the others.
  const effective: DirectoryFilters = can(actor, "review:expert:any") ? filters : { ...filters, verification: "verified" };
  const where = directoryWhere(effective, variant);
  const [stamp, rows] = await Promise.all([
    directoryStamp(),
    db().expert.findMany({
      where,
      select: DIRECTORY_SELECT,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (effective.page - 1) * DIRECTORY_PAGE_SIZE,
      take: DIRECTORY_PAGE_SIZE,
    }),
  ]);
  const total = await countDirectory(where, stamp);
  return { experts: rows.filter((r) => r.id).map(toDirectoryExpert), total, page: effective.page, pageSize: DIRECTORY_PAGE_SIZE };
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
} satisfies Prisma.ExpertSelect;

export type PublicExpertProfile = DirectoryExpert & {
  linkedinUrl: string | null;
  linkedinHeadline: string | null;
  researchTypes: string[];
  interviewPreferences: string[];
  timeZone: string;
  organizationType: string | null;
  updatedAt: string;
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
  };
});

/** An expert's e-mail, for admins only (000 §2: admins see it; public pages never do). */
export async function getExpertEmailForAdmin(actor: Actor | null, expertId: string): Promise<string | null> {
  requirePermission(actor, "review:expert:any");
  if (!isUuid(expertId)) return null;
  const row = await db().expert.findUnique({ where: { id: expertId }, select: { user: { select: { email: true } } } });
  return row?.user.email ?? null;
}

/** Check Availability: the expert's next open slots (a verified public profile only). */
export async function getNextOpenSlots(expertId: string, now = new Date(), limit = 6): Promise<SlotView[]> {
  if (!isUuid(expertId)) throw new AppError("NOT_FOUND", "Expert Not Found");
  const expert = await db().expert.findFirst({ where: { id: expertId, verificationStatus: "verified", isPublicProfile: true }, select: { id: true } });
  if (!expert) throw new AppError("NOT_FOUND", "Expert Not Found");
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const slots = await db().availabilitySlot.findMany({
    where: { expertId, isAvailable: true, date: { gte: today } },
    orderBy: [{ date: "asc" }, { startTime: "asc" }],
    take: limit,
    select: { id: true, date: true, startTime: true, endTime: true, timezone: true },
  });
  return slots.map((s) => ({ id: s.id, date: s.date.toISOString().slice(0, 10), startTime: s.startTime, endTime: s.endTime, timezone: s.timezone }));
}

// ───────────────────────────── sitemap ─────────────────────────────

export type SitemapExpert = { id: string; updatedAt: Date };

export const countSitemapExperts = () => db().expert.count({ where: { verificationStatus: "verified", isPublicProfile: true } });

/** Verified public profiles for the sitemap, in a stable order, one chunk at a time. */
export async function listSitemapExperts(skip: number, take: number): Promise<SitemapExpert[]> {
  return db().expert.findMany({
    where: { verificationStatus: "verified", isPublicProfile: true },
    select: { id: true, updatedAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take,
  });
}
