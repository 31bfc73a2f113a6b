// District research officers: a user whose verified school e-mail links them to the district
// (experts.district_leaid, set only by a confirmed school e-mail or an admin's link), granted by
// an admin or by another officer of the same district. An officer may edit their own district's
// policy and answer its requests, nothing else.
import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { can } from "@/lib/accounts/permissions";
import type { Actor } from "@/lib/accounts/actor";

/** The districts the acting user is an officer of (none for anyone else; never while an admin views as them). */
export async function officerDistricts(actor: Actor | null, client: Tx = db()): Promise<string[]> {
  if (!actor) return [];
  const rows = await client.districtOfficer.findMany({
    where: { userId: actor.userId },
    select: { leaid: true },
    orderBy: { leaid: "asc" },
  });
  return rows.map((r) => r.leaid);
}

/** An admin, or an officer of this district: else the district is not found (nothing of it is told). */
export async function assertDistrictOfficeAccess(actor: Actor | null, leaid: string, client: Tx = db()) {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  if (can(actor, "manage:platform:any")) return "admin" as const;
  const grant = await client.districtOfficer.findUnique({ where: { userId_leaid: { userId: actor.userId, leaid } }, select: { id: true } });
  if (!grant) throw new AppError("NOT_FOUND", "District not found.");
  return "officer" as const;
}

/**
 * Grants the officer role for a district to the account with this e-mail: its verified school
 * e-mail must link it to the district. An admin grants any district; an officer only their own.
 * Granting twice changes nothing.
 */
export async function grantDistrictOfficer(actor: Actor | null, input: { leaid: string; email: string }) {
  await assertDistrictOfficeAccess(actor, input.leaid);
  const user = await db().user.findUnique({
    where: { email: input.email.trim().toLowerCase() },
    select: { id: true, disabledAt: true, expert: { select: { districtLeaid: true, workEmailVerifiedAt: true } } },
  });
  if (!user || user.disabledAt)
    throw new AppError("NOT_FOUND", "No account with that e-mail address.", { email: ["No account with that e-mail address."] });
  if (user.expert?.districtLeaid !== input.leaid || !user.expert.workEmailVerifiedAt)
    throw new AppError("CONFLICT", "That account has no verified school e-mail on this district's domain.", {
      email: ["No verified school e-mail on this district's domain."],
    });
  const existing = await db().districtOfficer.findUnique({ where: { userId_leaid: { userId: user.id, leaid: input.leaid } } });
  if (existing) return { created: false, id: existing.id };
  const row = await db().districtOfficer.create({ data: { userId: user.id, leaid: input.leaid, grantedById: actor!.realUserId } });
  return { created: true, id: row.id };
}

/** The district's officers, for the admin and the district's own officers. */
export async function listDistrictOfficers(actor: Actor | null, leaid: string) {
  await assertDistrictOfficeAccess(actor, leaid);
  const rows = await db().districtOfficer.findMany({
    where: { leaid },
    orderBy: { createdAt: "asc" },
    select: { id: true, userId: true, createdAt: true },
  });
  const users = await db().user.findMany({
    where: { id: { in: rows.map((r) => r.userId) } },
    select: { id: true, firstName: true, lastName: true, email: true },
  });
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.map((r) => {
    const u = byId.get(r.userId);
    return { id: r.id, name: u ? `${u.firstName} ${u.lastName}`.trim() : "Former account", email: u?.email ?? "", since: r.createdAt };
  });
}
