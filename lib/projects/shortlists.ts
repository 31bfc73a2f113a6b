import "server-only";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { can, requirePermission } from "@/lib/accounts/permissions";
import { memberOrganization, orgScope } from "@/lib/organizations/membership";
import { DIRECTORY_SELECT, toDirectoryExpert } from "@/lib/experts/directory";
import type { DirectoryExpert } from "@/lib/experts/views";
import { csvText } from "@/lib/platform/csv";

async function assertListedExpert(expertId: string) {
  const expert = await db().expert.findFirst({
    where: { id: expertId, verificationStatus: "verified", isPublicProfile: true },
    select: { id: true },
  });
  if (!expert) throw new AppError("NOT_FOUND", "Expert Not Found");
}

/** Adds an expert to the actor's organisation's shortlist. Twice is not an error and not a duplicate. */
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

export async function listShortlist(actor: Actor | null): Promise<ShortlistEntry[]> {
  requirePermission(actor, "read:project:org");
  const rows = await db().shortlist.findMany({
    where: orgScope(actor, "read:project:org"),
    orderBy: { createdAt: "desc" },
    include: {
      expert: {
        select: { ...DIRECTORY_SELECT, isPublicProfile: true },
      },
    },
  });
  return rows.map((r) => ({
    shortlistedAt: r.createdAt.toISOString(),
    expert: toDirectoryExpert(r.expert),
    // An expert who hid their profile or lost verification since stays listed but is marked.
    listed: r.expert.isPublicProfile && r.expert.verificationStatus === "verified",
  }));
}

/** The ids on the actor's organisation's shortlist, to mark cards (none for a role that cannot see it). */
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
