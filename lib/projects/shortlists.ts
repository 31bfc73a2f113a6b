import "server-only";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { memberOrganization, orgScope } from "@/lib/organizations/membership";
import { DIRECTORY_SELECT, toDirectoryExpert } from "@/lib/experts/directory";
import type { DirectoryExpert } from "@/lib/experts/views";
import { csvText } from "@/lib/platform/csv";
import { newestFirstPage, type Page, type PageRequest } from "@/lib/platform/keyset";
import { boundedTotal, type ListTotal } from "@/lib/platform/list-total";

async function assertListedExpert(expertId: string) {
  const expert = await db().expert.findFirst({
    where: { id: expertId, verificationStatus: "verified", isPublicProfile: true },
    select: { id: true },
  });
  if (!expert) throw new AppError("NOT_FOUND", "Expert Not Found");
}

/** Adds an expert to the actor's organization's shortlist. Twice is not an error and not a duplicate. */
export async function addToShortlist(actor: Actor | null, expertId: string): Promise<{ added: boolean }> {
  requirePermission(actor, "manage:project:org");
  await assertListedExpert(expertId);
  const result = await db().shortlist.createMany({
    data: [{ organizationId: memberOrganization(actor), clientUserId: actor.userId, expertId }],
    skipDuplicates: true,
  });
  return { added: result.count === 1 };
}

export async function removeFromShortlist(actor: Actor | null, expertId: string): Promise<{ removed: boolean }> {
  requirePermission(actor, "manage:project:org");
  const result = await db().shortlist.deleteMany({ where: { ...orgScope(actor, "manage:project:org"), expertId } });
  return { removed: result.count === 1 };
}

export type ShortlistEntry = { shortlistedAt: string; expert: DirectoryExpert; listed: boolean };

const withExpert = { expert: { select: { ...DIRECTORY_SELECT, isPublicProfile: true } } } as const;

/** Entries on one page of the shortlist page. */
export const SHORTLIST_PAGE_SIZE = 50;

/** The whole shortlist, newest first (the CSV export: every entry, on purpose). */
export async function listShortlist(actor: Actor | null): Promise<ShortlistEntry[]> {
  requirePermission(actor, "read:project:org");
  const rows = await db().shortlist.findMany({
    where: orgScope(actor, "read:project:org"),
    orderBy: { createdAt: "desc" },
    include: withExpert,
  });
  return rows.map(toEntry);
}

/** The shortlist page: newest first, a page at a time by keyset, with its total (lib/platform/list-total.ts). */
export async function listShortlistPage(actor: Actor | null, page: PageRequest = {}): Promise<Page<ShortlistEntry> & ListTotal> {
  requirePermission(actor, "read:project:org");
  const scope = orgScope(actor, "read:project:org");
  const [found, total] = await Promise.all([
    newestFirstPage(
      page,
      (keyset) =>
        db().shortlist.findMany({ where: { AND: [scope, keyset.where] }, orderBy: keyset.orderBy, take: keyset.take, include: withExpert }),
      SHORTLIST_PAGE_SIZE,
    ),
    boundedTotal((take) => db().shortlist.count({ where: scope, take })),
  ]);
  return { ...found, rows: found.rows.map(toEntry), ...total };
}

function toEntry(r: {
  createdAt: Date;
  expert: Parameters<typeof toDirectoryExpert>[0] & { isPublicProfile: boolean; verificationStatus: string };
}) {
  return {
    shortlistedAt: r.createdAt.toISOString(),
    expert: toDirectoryExpert(r.expert),
    // An expert who hid their profile or lost verification since stays listed but is marked.
    listed: r.expert.isPublicProfile && r.expert.verificationStatus === "verified",
  };
}

/** The ids on the actor's organization's shortlist, to mark cards (none for a role that cannot see it). */
export async function shortlistedIds(actor: Actor | null): Promise<string[]> {
  requirePermission(actor, "search:expert:any");
  if (!can(actor, "read:project:org")) return [];
  const rows = await db().shortlist.findMany({ where: orgScope(actor, "read:project:org"), select: { expertId: true } });
  return rows.map((r) => r.expertId);
}

/** The shortlist as CSV (hidden fields stay hidden; no e-mail addresses). */
export async function shortlistCsv(actor: Actor | null, origin: string): Promise<string> {
  const entries = await listShortlist(actor);
  const header = [
    "Name",
    "Role",
    "Organization",
    "Department",
    "State",
    "District Type",
    "Availability",
    "Years Experience",
    "Rate Min",
    "Rate Max",
    "Tags",
    "Tools",
    "Profile URL",
    "Shortlisted At",
  ];
  const rows = entries.map(({ expert: e, shortlistedAt, listed }) => [
    `${e.firstName} ${e.lastName}`,
    e.roleTitle,
    e.organizationName,
    e.department,
    e.state,
    e.districtType,
    e.availabilityStatus,
    e.yearsExperience,
    e.hourlyRateMin,
    e.hourlyRateMax,
    e.tags.join("; "),
    e.toolsPlatforms.join("; "),
    listed ? `${origin}/experts/${e.id}` : "",
    shortlistedAt,
  ]);
  return csvText(header, rows);
}
