import "server-only";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { revalidateExpertPages } from "@/lib/platform/cache";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { VerificationStatus } from "@/lib/generated/prisma/enums";
import type { AdminExpertRow, AdminExpertView } from "@/lib/experts/views";
import { toProfileSteps } from "@/lib/accounts/onboarding-steps";
import { fromPrismaDistrictSize } from "@/lib/vocabulary/districts";
import { verificationWait } from "@/lib/experts/verification-rules";
import { newestFirstPage, type PageRequest } from "@/lib/platform/keyset";
import { boundedTotal } from "@/lib/platform/list-total";

/** Matches name, e-mail, role title, organization or state (case-insensitive). */
function expertSearchWhere(query: string | undefined): Prisma.ExpertWhereInput {
  const q = query?.trim();
  if (!q) return {};
  const contains = { contains: q, mode: "insensitive" as const };
  const words = q.split(/\s+/).filter(Boolean);
  return {
    OR: [
      { roleTitle: contains },
      { organizationName: contains },
      { state: contains },
      { user: { email: contains } },
      // "maria gonzalez" matches first and last name together
      {
        AND: words.map((w) => ({
          OR: [
            { user: { firstName: { contains: w, mode: "insensitive" as const } } },
            { user: { lastName: { contains: w, mode: "insensitive" as const } } },
          ],
        })),
      },
    ],
  };
}

/**
 * When each pending verification started waiting: the expert's latest move into "pending"
 * (their sign-up, or an admin setting them back), for the experts whose LinkedIn step is done
 * (before it there is nothing to verify). Keyed by expert id.
 */
export async function pendingVerificationsSince(expertIds?: string[]): Promise<Map<string, Date>> {
  const rows = await db().$queryRaw<{ expert_id: string; since: Date }[]>`
    SELECT e.id::text AS expert_id, max(v.at) AS since
    FROM experts e JOIN expert_verification_events v ON v.expert_id = e.id AND v.status = 'pending'
    WHERE e.verification_status = 'pending' AND e.step_linkedin
      AND (${expertIds ?? null}::uuid[] IS NULL OR e.id = ANY(${expertIds ?? null}::uuid[]))
    GROUP BY e.id`;
  return new Map(rows.map((r) => [r.expert_id, r.since]));
}

/** Experts with the joined profile, newest first, a page at a time, optionally searched; pending ones say how long they have waited. */
export async function listAdminExperts(
  actor: Actor | null,
  query?: string,
  page: PageRequest = {},
  now: Date = new Date(),
): Promise<{ rows: AdminExpertRow[]; total: number; exact: boolean; after: string | null; before: string | null }> {
  requirePermission(actor, "review:expert:any");
  const where = expertSearchWhere(query);
  const [found, total] = await Promise.all([
    newestFirstPage(page, (keyset) =>
      db().expert.findMany({
        where: { AND: [where, keyset.where] },
        orderBy: keyset.orderBy,
        take: keyset.take,
        select: {
          id: true,
          roleTitle: true,
          state: true,
          verificationStatus: true,
          linkedinVerified: true,
          createdAt: true,
          user: { select: { firstName: true, lastName: true, email: true } },
        },
      }),
    ),
    boundedTotal((take) => db().expert.count({ where, take }), query ? undefined : "experts"),
  ]);
  const waiting = await pendingVerificationsSince(found.rows.filter((e) => e.verificationStatus === "pending").map((e) => e.id));
  return {
    rows: found.rows.map(({ user, ...e }) => {
      const since = waiting.get(e.id);
      return {
        ...e,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        wait: since ? verificationWait(since, now) : null,
      };
    }),
    ...total,
    after: found.after,
    before: found.before,
  };
}

/** { monday: ["09:00"], ... } from the JSON column, ignoring anything that is not a list of labels. */
function hoursOf(value: unknown): Record<string, string[]> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([day, slots]) => [
      day,
      Array.isArray(slots) ? slots.filter((s): s is string => typeof s === "string") : [],
    ]),
  );
}

function scoresOf(value: unknown): [string, number][] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === "number");
}

/** One expert with every field the admin reviews, including the e-mail. Payment numbers stay masked. */
export async function getAdminExpert(actor: Actor | null, expertId: string): Promise<AdminExpertView> {
  requirePermission(actor, "review:expert:any");
  const expert = await db().expert.findUnique({
    where: { id: expertId },
    omit: { routingNumberEnc: true, accountNumberEnc: true },
    include: {
      user: { select: { firstName: true, lastName: true, email: true } },
      declaredRelationships: { select: { name: true, domain: true }, orderBy: [{ createdAt: "asc" }, { name: "asc" }] },
    },
  });
  if (!expert) throw new AppError("NOT_FOUND", "Expert not found");
  const {
    user,
    availabilityHours,
    pulseScores,
    districtSize,
    stepBasics,
    stepLinkedin,
    stepExpertise,
    stepPreferences,
    stepPayments,
    stepPulse,
    userId: _userId,
    updatedAt: _updatedAt,
    ...rest
  } = expert;
  return {
    ...rest,
    districtSize: districtSize && fromPrismaDistrictSize(districtSize),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    availabilityHours: hoursOf(availabilityHours),
    pulseScores: scoresOf(pulseScores),
    profileSteps: toProfileSteps({ stepBasics, stepLinkedin, stepExpertise, stepPreferences, stepPayments, stepPulse }),
  };
}

/** pending / verified / rejected; the public profile, directory and sitemap change at once. */
export async function setVerificationStatus(actor: Actor | null, expertId: string, status: VerificationStatus) {
  requirePermission(actor, "review:expert:any");
  const updated = await db().expert.updateMany({ where: { id: expertId }, data: { verificationStatus: status } });
  if (updated.count === 0) throw new AppError("NOT_FOUND", "Expert not found");
  await revalidateExpertPages(expertId);
  return { id: expertId, verificationStatus: status };
}

export async function setLinkedinVerified(actor: Actor | null, expertId: string, verified: boolean) {
  requirePermission(actor, "review:expert:any");
  const updated = await db().expert.updateMany({ where: { id: expertId }, data: { linkedinVerified: verified } });
  if (updated.count === 0) throw new AppError("NOT_FOUND", "Expert not found");
  await revalidateExpertPages(expertId);
  return { id: expertId, linkedinVerified: verified };
}
