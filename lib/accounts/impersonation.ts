import "server-only";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { DEMO_ACCOUNTS, ROLE_HOME, type AppRole } from "@/lib/accounts/constants";
import { primaryRoleOf } from "@/lib/accounts/session";
import { sealImpersonation, unsealImpersonation } from "@/lib/accounts/impersonation-seal";
import { loadSessionIdentity } from "@/lib/accounts/sign-in";

/** Who asks and from where: written to impersonation_events with every start and stop. */
export type ImpersonationRequester = {
  adminUserId: string;
  /** True when the request already carries an honoured seal (the admin is viewing as someone). */
  impersonating: boolean;
  ip: string | null;
  userAgent: string | null;
};

export type ImpersonationStarted = { seal: string; target: { id: string; email: string; role: AppRole }; home: string };

async function assertRealAdmin(adminUserId: string) {
  const admin = await loadSessionIdentity(adminUserId);
  if (!admin || !admin.roles.includes("admin")) throw new AppError("FORBIDDEN", "Only admins can impersonate users.");
}

async function record(adminUserId: string, targetUserId: string, action: "start" | "stop", who: ImpersonationRequester) {
  await db().impersonationEvent.create({
    data: { adminUserId, targetUserId, action, ipAddress: who.ip, userAgent: who.userAgent },
  });
}

/**
 * The audit trail of what an admin does while viewing as someone: every write, and reads of
 * sensitive data (payout details), recorded with the admin's id. Nothing is written when the
 * actor is the person themselves.
 */
export async function auditImpersonated(
  actor: { impersonating: boolean; realUserId: string; userId: string },
  action: "write" | "read",
  detail: string,
  meta: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null },
) {
  if (!actor.impersonating) return;
  await db().impersonationEvent.create({
    data: {
      adminUserId: actor.realUserId,
      targetUserId: actor.userId,
      action,
      detail: detail.slice(0, 200),
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    },
  });
}

/**
 * Starts viewing the product as `targetUserId`: checks the rules, writes the audit row and
 * returns the sealed cookie value. Refused: a non-admin, a second impersonation inside the
 * first, an admin (or oneself) as the target, a user with no role.
 */
export async function startImpersonation(who: ImpersonationRequester, targetUserId: string): Promise<ImpersonationStarted> {
  await assertRealAdmin(who.adminUserId);
  if (who.impersonating) throw new AppError("CONFLICT", "Stop the current impersonation before starting another.");
  if (targetUserId === who.adminUserId) throw new AppError("BAD_REQUEST", "You cannot impersonate yourself.");
  const target = await loadSessionIdentity(targetUserId);
  if (!target) throw new AppError("NOT_FOUND", "User not found");
  if (target.roles.includes("admin")) throw new AppError("FORBIDDEN", "Admins cannot be impersonated.");
  const role = primaryRoleOf(target.roles);
  if (!role) throw new AppError("BAD_REQUEST", "This user has no role to view as.");

  const seal = await sealImpersonation({
    targetUserId: target.id,
    targetUserEmail: target.email,
    targetUserRole: role,
    adminUserId: who.adminUserId,
    startedAt: Date.now(),
  });
  await record(who.adminUserId, target.id, "start", who);
  return { seal, target: { id: target.id, email: target.email, role }, home: ROLE_HOME[role] };
}

/**
 * Ends the impersonation carried by `currentSeal` (if it is a valid one of this admin's) and
 * writes the stop row. Always safe to call: the caller clears the cookie either way.
 */
export async function stopImpersonation(
  who: ImpersonationRequester,
  currentSeal: string | undefined,
): Promise<{ stopped: boolean; targetUserId: string | null }> {
  await assertRealAdmin(who.adminUserId);
  const data = await unsealImpersonation(currentSeal);
  if (!data || data.adminUserId !== who.adminUserId) return { stopped: false, targetUserId: null };
  const targetExists = await db().user.count({ where: { id: data.targetUserId } });
  if (targetExists) await record(who.adminUserId, data.targetUserId, "stop", who);
  return { stopped: true, targetUserId: data.targetUserId };
}

/**
 * View As: switches to the demo client or demo expert through the same sealed mechanism (no
 * password sign-in). Switching from one persona to another ends the first one (a stop row),
 * so impersonations never nest.
 */
export async function switchToDemoPersona(
  who: ImpersonationRequester,
  persona: "client" | "expert",
  currentSeal: string | undefined,
): Promise<ImpersonationStarted> {
  await assertRealAdmin(who.adminUserId);
  const demo = await db().user.findUnique({
    where: { email: DEMO_ACCOUNTS[persona] },
    select: { id: true, roles: { select: { role: true } } },
  });
  if (!demo || !demo.roles.some((r) => r.role === persona)) {
    throw new AppError("NOT_FOUND", `The demo ${persona} account does not exist yet. Seed the demo data first.`);
  }
  if (who.impersonating) await stopImpersonation(who, currentSeal);
  return startImpersonation({ ...who, impersonating: false }, demo.id);
}
