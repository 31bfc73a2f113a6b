import "server-only";
import { FINAL_STATES } from "@/lib/vocabulary/engagement-states";
import type { Actor } from "@/lib/accounts/actor";
import { hasAnyRole, orgRefusalFor, orgRolesWith, refusalFor, type OrgPermission } from "@/lib/accounts/permissions";
import { createOrganization } from "@/lib/accounts/founding";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { fullName } from "@/lib/platform/format";
import type { OrgRole } from "@/lib/generated/prisma/enums";
import type { ChangeRoleInput, RemoveMemberInput } from "@/lib/organizations/schemas/organizations";

// The organization's members: who they are, their roles, removing them and leaving. Every rule
// reads the member rows in the same transaction that changes them, with the organization's rows
// locked, so two owners demoting each other at once cannot leave the organization with none.

/** The engagement states in which nothing more happens; the others are still running, and the member responsible for them moves with the project. */
export const FINISHED = FINAL_STATES;

/** The roles that may take over a removed member's projects: the ones who run projects. */
const TAKES_OVER: readonly OrgRole[] = ["researcher", "owner"];

export type MemberRow = {
  userId: string;
  name: string;
  email: string;
  role: OrgRole;
  joinedAt: Date;
  /** Projects this member is responsible for. */
  projects: number;
};

export type OrganizationView = {
  id: string;
  name: string;
  closedAt: Date | null;
  me: { userId: string; role: OrgRole };
  members: MemberRow[];
  /** What the viewer may do here (the page shows controls only for these; every action checks again). */
  may: { manageMembers: boolean; manageRoles: boolean; close: boolean };
};

type MemberOf = { organizationId: string; role: OrgRole };

const ROLE_ORDER: OrgRole[] = ["owner", "admin", "researcher", "finance", "viewer"];

/** A client or admin account's own membership, read now (not from the session). */
async function currentMembership(reader: Tx | ReturnType<typeof db>, actor: Actor | null): Promise<MemberOf> {
  if (!actor || !hasAnyRole(actor, ["client", "admin"])) throw refusalFor(actor, ["client", "admin"]);
  const row = await reader.organizationMember.findUnique({ where: { userId: actor.userId }, select: { organizationId: true, role: true } });
  if (!row) throw new AppError("FORBIDDEN", "You are not a member of an organization.");
  return row;
}

/**
 * The actor's membership, read and locked with every member row of their organization, when their
 * role holds `permission`; the refusal otherwise. The role comes from the row, not the session.
 */
export async function lockMembership(tx: Tx, actor: Actor | null, permission: OrgPermission | null): Promise<MemberOf> {
  const mine = await currentMembership(tx, actor);
  await tx.$queryRaw`SELECT user_id FROM organization_members WHERE organization_id = ${mine.organizationId}::uuid ORDER BY user_id FOR UPDATE`;
  const fresh = await currentMembership(tx, actor);
  // The refusal names the role read now, with the one wording of the permission table.
  if (permission && !orgRolesWith(permission).includes(fresh.role)) throw orgRefusalFor({ ...actor!, membership: fresh }, permission);
  return fresh;
}

async function assertOpen(tx: Tx, organizationId: string) {
  const org = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { closedAt: true } });
  if (org.closedAt) throw new AppError("CONFLICT", "This organization is closed: its members and roles can no longer change.");
}

/** Another member of the same organization; anyone else is "not found", whatever they are. */
async function memberInOrganization(tx: Tx, organizationId: string, userId: string) {
  const row = await tx.organizationMember.findFirst({
    where: { userId, organizationId },
    select: { userId: true, role: true, user: { select: { firstName: true, lastName: true } } },
  });
  if (!row) throw new AppError("NOT_FOUND", "Member not found");
  return row;
}

/** The organization page: every member with role, joined date and how many projects they hold. Any member may read it. */
export async function getOrganization(actor: Actor | null): Promise<OrganizationView> {
  const mine = await currentMembership(db(), actor);
  const org = await db().organization.findUniqueOrThrow({
    where: { id: mine.organizationId },
    select: {
      id: true,
      name: true,
      closedAt: true,
      members: {
        select: { userId: true, role: true, joinedAt: true, user: { select: { firstName: true, lastName: true, email: true } } },
      },
    },
  });
  const counts = await db().project.groupBy({
    by: ["clientUserId"],
    where: { organizationId: org.id },
    _count: { _all: true },
  });
  const projectsOf = new Map(counts.map((c) => [c.clientUserId, c._count._all]));
  const members = org.members
    .map((m) => ({
      userId: m.userId,
      name: fullName(m.user.firstName, m.user.lastName),
      email: m.user.email,
      role: m.role,
      joinedAt: m.joinedAt,
      projects: projectsOf.get(m.userId) ?? 0,
    }))
    .sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) || a.joinedAt.getTime() - b.joinedAt.getTime());
  const holds = (p: OrgPermission) => !org.closedAt && orgRolesWith(p).includes(mine.role);
  return {
    id: org.id,
    name: org.name,
    closedAt: org.closedAt,
    me: { userId: actor!.userId, role: mine.role },
    members,
    may: { manageMembers: holds("manage:member:org"), manageRoles: holds("manage:role:org"), close: holds("close:organization:org") },
  };
}

/** Owners only. The last owner cannot be demoted, so an organization always has someone who can change roles. */
export async function changeMemberRole(actor: Actor | null, input: ChangeRoleInput) {
  return db().$transaction(async (tx) => {
    const mine = await lockMembership(tx, actor, "manage:role:org");
    await assertOpen(tx, mine.organizationId);
    const target = await memberInOrganization(tx, mine.organizationId, input.userId);
    if (target.role === input.role) return { userId: target.userId, role: target.role, changed: false };
    if (target.role === "owner") {
      const owners = await tx.organizationMember.count({ where: { organizationId: mine.organizationId, role: "owner" } });
      if (owners <= 1)
        throw new AppError("CONFLICT", "The last owner cannot be demoted. Make another member an owner first.", {
          role: ["The last owner cannot be demoted. Make another member an owner first."],
        });
    }
    await tx.organizationMember.update({ where: { userId: target.userId }, data: { role: input.role } });
    return { userId: target.userId, role: input.role, changed: true };
  }, LOCKED_TX_OPTIONS);
}

/**
 * Moves everything `fromUserId` is responsible for in the organization to `toUserId`: the
 * projects, and the engagements still running (finished ones keep who ran them, as history).
 */
async function handOver(tx: Tx, organizationId: string, fromUserId: string, toUserId: string) {
  const projects = await tx.project.updateMany({
    where: { organizationId, clientUserId: fromUserId },
    data: { clientUserId: toUserId },
  });
  const engagements = await tx.engagement.updateMany({
    where: { organizationId, clientUserId: fromUserId, state: { notIn: [...FINISHED] } },
    data: { clientUserId: toUserId },
  });
  return { projects: projects.count, engagements: engagements.count };
}

/** What a member is responsible for: the remover has to name a successor when this is not nothing. */
async function responsibilities(tx: Tx, organizationId: string, userId: string) {
  const [projects, engagements] = await Promise.all([
    tx.project.count({ where: { organizationId, clientUserId: userId } }),
    tx.engagement.count({ where: { organizationId, clientUserId: userId, state: { notIn: [...FINISHED] } } }),
  ]);
  return projects + engagements;
}

/** The person leaves with their account intact, as the owner of a new organization of their own. */
async function giveOwnOrganization(tx: Tx, userId: string) {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true } });
  await tx.organizationMember.delete({ where: { userId } });
  return createOrganization(tx, { name: fullName(user.firstName, user.lastName), ownerUserId: userId });
}

/**
 * Removes a member (admins and owners; only an owner removes an owner). Their projects and
 * running engagements pass to the researcher or owner the remover chose, in the same transaction;
 * the removed person keeps their account, in a new one-member organization of their own.
 */
export async function removeMember(actor: Actor | null, input: RemoveMemberInput) {
  return db().$transaction(async (tx) => {
    const mine = await lockMembership(tx, actor, "manage:member:org");
    await assertOpen(tx, mine.organizationId);
    if (input.userId === actor!.userId) throw new AppError("BAD_REQUEST", "To take yourself out of the organization, use Leave.");
    const target = await memberInOrganization(tx, mine.organizationId, input.userId);
    if (target.role === "owner" && mine.role !== "owner") throw new AppError("FORBIDDEN", "Only an owner can remove an owner.");
    let handedOver = { projects: 0, engagements: 0 };
    if (await responsibilities(tx, mine.organizationId, target.userId)) {
      const name = fullName(target.user.firstName, target.user.lastName);
      if (!input.reassignToUserId)
        throw new AppError("BAD_REQUEST", `Choose who takes over ${name}'s projects.`, {
          reassignToUserId: [`Choose who takes over ${name}'s projects.`],
        });
      if (input.reassignToUserId === target.userId)
        throw new AppError("BAD_REQUEST", "Choose another member to take over the projects.", {
          reassignToUserId: ["Choose another member to take over the projects."],
        });
      const successor = await memberInOrganization(tx, mine.organizationId, input.reassignToUserId).catch(() => null);
      if (!successor || !TAKES_OVER.includes(successor.role))
        throw new AppError("BAD_REQUEST", "The projects can pass only to a researcher or an owner of the organization.", {
          reassignToUserId: ["Choose a researcher or an owner of the organization."],
        });
      handedOver = await handOver(tx, mine.organizationId, target.userId, successor.userId);
    }
    await giveOwnOrganization(tx, target.userId);
    return { userId: target.userId, ...handedOver };
  }, LOCKED_TX_OPTIONS);
}

/**
 * Leaves the organization (any member). The last owner cannot: the organization would have
 * nobody to run it. What the leaver was responsible for passes to the longest-standing owner.
 */
export async function leaveOrganization(actor: Actor | null) {
  return db().$transaction(async (tx) => {
    const mine = await lockMembership(tx, actor, null);
    const owners = await tx.organizationMember.findMany({
      where: { organizationId: mine.organizationId, role: "owner", userId: { not: actor!.userId } },
      orderBy: [{ joinedAt: "asc" }, { userId: "asc" }],
      select: { userId: true },
    });
    if (mine.role === "owner" && owners.length === 0)
      throw new AppError(
        "CONFLICT",
        "You are the last owner, so you cannot leave. Make another member an owner first (or close the organization).",
      );
    let handedOver = { projects: 0, engagements: 0 };
    if (owners[0] && (await responsibilities(tx, mine.organizationId, actor!.userId)))
      handedOver = await handOver(tx, mine.organizationId, actor!.userId, owners[0].userId);
    const organizationId = await giveOwnOrganization(tx, actor!.userId);
    return { organizationId, ...handedOver };
  }, LOCKED_TX_OPTIONS);
}
