import "server-only";
import type { Actor } from "@/lib/accounts/actor";
import { hasAnyRole, orgRolesWith } from "@/lib/accounts/permissions";
import { hashPassword } from "@/lib/accounts/password";
import { assertPasswordAcceptable } from "@/lib/accounts/password-rules";
import { currentPolicyVersions, recordConsents } from "@/lib/accounts/consents";
import { policiesFor } from "@/lib/accounts/policy-versions";
import { hashToken, newToken } from "@/lib/accounts/tokens";
import { lockMembership } from "@/lib/organizations/members";
import { ORG_ROLE_LABELS, type AcceptWithAccountInput, type InviteMemberInput } from "@/lib/organizations/schemas/organizations";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { formatDateTime, fullName } from "@/lib/platform/format";
import { clientZoneFrom } from "@/lib/accounts/client-settings";
import { queueMail } from "@/lib/platform/mail/queue";
import { INVITATION_TTL_DAYS, invitationEmail } from "@/lib/organizations/invitation-mail";
import type { RequestMeta } from "@/lib/platform/request";
import { consumeRateLimits, ORG_INVITATIONS_PER_ORGANIZATION, REGISTRATION_PER_IP } from "@/lib/platform/security/rate-limit";
import { Prisma } from "@/lib/generated/prisma/client";
import type { OrgRole } from "@/lib/generated/prisma/enums";

// Joining an organization takes an invitation: a single-use link for one e-mail address and one
// role, valid 7 days. Only the link's SHA-256 is stored, so a database read gives nobody a link
// that works. Nothing else grants membership: not an e-mail domain, not a typed organization name.

const TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

/** The words a person sees for a link that does nothing, whichever the reason; nothing changes. */
export const INVITATION_MESSAGES = {
  unknown: "This invitation link is not valid. Check that you copied the whole link, or ask for a new invitation.",
  expired: "This invitation has expired. Ask the organization to send you a new one.",
  used: "This invitation has already been used.",
  revoked: "This invitation was withdrawn by the organization.",
  closed: "This organization is closed, so it no longer takes new members.",
  wrongAddress:
    "This invitation was sent to another e-mail address. Sign in with the address it was sent to, or ask for an invitation to yours.",
} as const;

export type PendingInvitation = {
  id: string;
  email: string;
  role: OrgRole;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
};

async function mailInvitation(tx: Tx, invitationId: string, token: string) {
  const inv = await tx.organizationInvitation.findUniqueOrThrow({
    where: { id: invitationId },
    select: {
      email: true,
      role: true,
      expiresAt: true,
      organization: { select: { name: true } },
      invitedBy: { select: { firstName: true, lastName: true, clientProfile: { select: { timeZone: true } } } },
    },
  });
  const link = `${env().APP_URL}/invitations/${encodeURIComponent(token)}`;
  await queueMail(
    {
      to: inv.email,
      ...invitationEmail({
        organization: inv.organization.name,
        inviter: fullName(inv.invitedBy.firstName, inv.invitedBy.lastName),
        role: inv.role,
        link,
        expires: formatDateTime(inv.expiresAt, clientZoneFrom(inv.invitedBy.clientProfile)),
      }),
    },
    tx,
  );
}

async function assertOrganizationOpen(tx: Tx, organizationId: string) {
  const org = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { closedAt: true } });
  if (org.closedAt) throw new AppError("CONFLICT", "This organization is closed: it cannot invite anyone.");
}

export const PROJECT_RIGHTS_TO_INVITE = "Only a member who can run projects themselves can invite a researcher.";

/**
 * A role that runs projects (and so spends the project budget) is given only by a member whose
 * own role runs projects: an admin manages members and billing, not research, and must not gain
 * those powers by inviting an address of their own.
 */
function refuseProjectRightsGrant(inviterRole: OrgRole, role: OrgRole) {
  const projectRoles = orgRolesWith("manage:project:org");
  if (projectRoles.includes(role) && !projectRoles.includes(inviterRole))
    throw new AppError("FORBIDDEN", PROJECT_RIGHTS_TO_INVITE, { role: [PROJECT_RIGHTS_TO_INVITE] });
}

/**
 * Invites an e-mail address with a role (admins and owners; only an owner invites an owner) and
 * mails the link. Counted per organization, whoever sends it.
 */
export async function inviteMember(actor: Actor | null, input: InviteMemberInput, now: Date = new Date()) {
  return db().$transaction(async (tx) => {
    const mine = await lockMembership(tx, actor, "manage:member:org");
    await assertOrganizationOpen(tx, mine.organizationId);
    if (input.role === "owner" && mine.role !== "owner")
      throw new AppError("FORBIDDEN", "Only an owner can invite an owner.", { role: ["Only an owner can invite an owner."] });
    refuseProjectRightsGrant(mine.role, input.role);
    const already = await tx.organizationMember.findFirst({
      where: { organizationId: mine.organizationId, user: { email: input.email } },
      select: { userId: true },
    });
    if (already)
      throw new AppError("CONFLICT", `${input.email} is already a member of your organization.`, {
        email: [`${input.email} is already a member of your organization.`],
      });
    const pending = await tx.organizationInvitation.findFirst({
      where: { organizationId: mine.organizationId, email: input.email, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { id: true },
    });
    if (pending)
      throw new AppError("CONFLICT", `${input.email} already has a pending invitation. Resend or revoke it below.`, {
        email: [`${input.email} already has a pending invitation. Resend or revoke it below.`],
      });
    await consumeRateLimits([{ rule: ORG_INVITATIONS_PER_ORGANIZATION, key: mine.organizationId }], tx);
    const { token, tokenHash } = newToken();
    const invitation = await tx.organizationInvitation.create({
      data: {
        organizationId: mine.organizationId,
        email: input.email,
        role: input.role,
        tokenHash,
        expiresAt: new Date(now.getTime() + TTL_MS),
        invitedById: actor!.userId,
      },
      select: { id: true, email: true, role: true, expiresAt: true },
    });
    await mailInvitation(tx, invitation.id, token);
    return { ...invitation, token };
  }, LOCKED_TX_OPTIONS);
}

/** The organization's invitations nobody has accepted or revoked and that have not expired (admins and owners). */
export async function listPendingInvitations(actor: Actor | null, now: Date = new Date()): Promise<PendingInvitation[]> {
  return db().$transaction(async (tx) => {
    const mine = await lockMembership(tx, actor, "manage:member:org");
    const rows = await tx.organizationInvitation.findMany({
      where: { organizationId: mine.organizationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: {
        id: true,
        email: true,
        role: true,
        createdAt: true,
        expiresAt: true,
        invitedBy: { select: { firstName: true, lastName: true } },
      },
    });
    return rows.map(({ invitedBy, ...r }) => ({ ...r, invitedBy: fullName(invitedBy.firstName, invitedBy.lastName) }));
  });
}

/** One of the actor's organization's pending invitations; another organization's is "not found". */
async function pendingInvitationOf(tx: Tx, organizationId: string, invitationId: string, now: Date) {
  const inv = await tx.organizationInvitation.findFirst({
    where: { id: invitationId, organizationId },
    select: { id: true, role: true, acceptedAt: true, revokedAt: true, expiresAt: true },
  });
  if (!inv) throw new AppError("NOT_FOUND", "Invitation not found");
  if (inv.acceptedAt) throw new AppError("CONFLICT", "This invitation has already been accepted.");
  if (inv.revokedAt) throw new AppError("CONFLICT", "This invitation has already been revoked.");
  if (inv.expiresAt <= now) throw new AppError("CONFLICT", "This invitation has expired. Send a new one.");
  return inv;
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function revokeInvitation(actor: Actor | null, invitationId: string, now: Date = new Date()) {
  return db().$transaction(async (tx) => {
    const mine = await lockMembership(tx, actor, "manage:member:org");
    const inv = await pendingInvitationOf(tx, mine.organizationId, invitationId, now);
    if (inv.role === "owner" && mine.role !== "owner") throw new AppError("FORBIDDEN", "Only an owner can withdraw an owner's invitation.");
    await tx.organizationInvitation.update({ where: { id: inv.id }, data: { revokedAt: now } });
    return { id: inv.id };
  }, LOCKED_TX_OPTIONS);
}

/**
 * Sends a pending invitation again with a new link (the old one stops working) and a new
 * 7 days. Counted against the organization's invitations like a new one.
 */
export async function resendInvitation(actor: Actor | null, invitationId: string, now: Date = new Date()) {
  return db().$transaction(async (tx) => {
    const mine = await lockMembership(tx, actor, "manage:member:org");
    await assertOrganizationOpen(tx, mine.organizationId);
    const inv = await pendingInvitationOf(tx, mine.organizationId, invitationId, now);
    if (inv.role === "owner" && mine.role !== "owner") throw new AppError("FORBIDDEN", "Only an owner can invite an owner.");
    refuseProjectRightsGrant(mine.role, inv.role);
    await consumeRateLimits([{ rule: ORG_INVITATIONS_PER_ORGANIZATION, key: mine.organizationId }], tx);
    const { token, tokenHash } = newToken();
    const updated = await tx.organizationInvitation.update({
      where: { id: inv.id },
      data: { tokenHash, expiresAt: new Date(now.getTime() + TTL_MS) },
      select: { id: true, expiresAt: true },
    });
    await mailInvitation(tx, inv.id, token);
    return { ...updated, token };
  }, LOCKED_TX_OPTIONS);
}

// ─── the invitation page ───

export type InvitationView =
  | { valid: false; message: string }
  | {
      valid: true;
      organizationName: string;
      role: OrgRole;
      inviterName: string;
      email: string;
      expiresAt: Date;
      /** What the visitor can do with it: create an account or sign in; join; or why not. */
      viewer:
        | { kind: "signed-out"; accountExists: boolean }
        | { kind: "can-join"; leaving: string | null }
        | { kind: "refused"; message: string };
    };

const invitationSelect = {
  id: true,
  email: true,
  role: true,
  expiresAt: true,
  acceptedAt: true,
  revokedAt: true,
  organizationId: true,
  organization: { select: { name: true, closedAt: true } },
  invitedBy: { select: { firstName: true, lastName: true } },
} as const;

type InvitationRow = Prisma.OrganizationInvitationGetPayload<{ select: typeof invitationSelect }>;

/** Why a link does nothing now, or null while it can still be accepted. */
function whyNot(inv: InvitationRow | null, now: Date): string | null {
  if (!inv) return INVITATION_MESSAGES.unknown;
  if (inv.acceptedAt) return INVITATION_MESSAGES.used;
  if (inv.revokedAt) return INVITATION_MESSAGES.revoked;
  if (inv.expiresAt <= now) return INVITATION_MESSAGES.expired;
  if (inv.organization.closedAt) return INVITATION_MESSAGES.closed;
  return null;
}

async function findByToken(tx: Tx | ReturnType<typeof db>, token: string, lock = false) {
  const tokenHash = hashToken(token);
  // Locked when accepting, so two clicks (or two tabs) cannot both use the link.
  if (lock) await tx.$queryRaw`SELECT id FROM organization_invitations WHERE token_hash = ${tokenHash} FOR UPDATE`;
  return tx.organizationInvitation.findUnique({ where: { tokenHash }, select: invitationSelect });
}

/**
 * Why a signed-in account cannot take this invitation, or null when it can. Moving is allowed
 * only out of an organization that is the person alone with no projects: anything more belongs
 * to colleagues, who would lose it.
 */
async function joinRefusal(
  reader: Tx | ReturnType<typeof db>,
  actor: Actor,
  inv: InvitationRow,
): Promise<{ message: string } | { leaving: { organizationId: string; name: string } | null }> {
  if (actor.impersonating) return { message: "Stop viewing as another user to accept an invitation." };
  if (actor.email.toLowerCase() !== inv.email) return { message: INVITATION_MESSAGES.wrongAddress };
  if (!hasAnyRole(actor, ["client"]))
    return { message: "Only a research client account can join an organization. This account is not a client account." };
  const current = await reader.organizationMember.findUnique({
    where: { userId: actor.userId },
    select: { organizationId: true, organization: { select: { name: true, _count: { select: { members: true, projects: true } } } } },
  });
  if (!current) return { leaving: null };
  if (current.organizationId === inv.organizationId) return { message: `You are already a member of ${inv.organization.name}.` };
  const { members, projects } = current.organization._count;
  if (members > 1 || projects > 0)
    return {
      message: `You already belong to ${current.organization.name}, which has ${members > 1 ? "other members" : "projects"}. Leave it first (its projects stay with it), then open this link again.`,
    };
  return { leaving: { organizationId: current.organizationId, name: current.organization.name } };
}

/** What the invitation page shows for this link and this visitor (signed in or not). Reads only. */
export async function getInvitationView(token: string, actor: Actor | null, now: Date = new Date()): Promise<InvitationView> {
  const inv = await findByToken(db(), token);
  const why = whyNot(inv, now);
  if (why || !inv) return { valid: false, message: why ?? INVITATION_MESSAGES.unknown };
  const base = {
    valid: true as const,
    organizationName: inv.organization.name,
    role: inv.role,
    inviterName: fullName(inv.invitedBy.firstName, inv.invitedBy.lastName),
    email: inv.email,
    expiresAt: inv.expiresAt,
  };
  if (!actor) {
    const account = await db().user.findUnique({ where: { email: inv.email }, select: { id: true } });
    return { ...base, viewer: { kind: "signed-out", accountExists: Boolean(account) } };
  }
  const answer = await joinRefusal(db(), actor, inv);
  if ("message" in answer) return { ...base, viewer: { kind: "refused", message: answer.message } };
  return { ...base, viewer: { kind: "can-join", leaving: answer.leaving?.name ?? null } };
}

/** Marks the invitation used by `userId`, only if nobody used it first. */
async function claim(tx: Tx, invitationId: string, userId: string, now: Date) {
  const claimed = await tx.organizationInvitation.updateMany({
    where: { id: invitationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now, acceptedById: userId },
  });
  if (claimed.count !== 1) throw new AppError("CONFLICT", INVITATION_MESSAGES.used);
}

/**
 * A signed-in client with the invited address joins. Their current organization, if it is only
 * them and has no projects, is deleted; otherwise they are refused and nothing changes.
 */
export async function joinOrganization(actor: Actor | null, token: string, now: Date = new Date()) {
  if (!actor) throw new AppError("UNAUTHENTICATED", "Sign in to accept this invitation.");
  return db().$transaction(async (tx) => {
    const inv = await findByToken(tx, token, true);
    const why = whyNot(inv, now);
    if (why || !inv) throw new AppError(inv ? "CONFLICT" : "NOT_FOUND", why ?? INVITATION_MESSAGES.unknown);
    const answer = await joinRefusal(tx, actor, inv);
    if ("message" in answer)
      throw new AppError(answer.message === INVITATION_MESSAGES.wrongAddress ? "FORBIDDEN" : "CONFLICT", answer.message);
    if (answer.leaving) {
      // Lock the old organization's member rows, then look again: a colleague who joined it or a
      // project created there a moment ago keeps the person where they are.
      await tx.$queryRaw`SELECT user_id FROM organization_members WHERE organization_id = ${answer.leaving.organizationId}::uuid FOR UPDATE`;
      const again = await joinRefusal(tx, actor, inv);
      if ("message" in again) throw new AppError("CONFLICT", again.message);
      await tx.organizationMember.delete({ where: { userId: actor.userId } });
      try {
        await tx.organization.delete({ where: { id: answer.leaving.organizationId } });
      } catch (e) {
        // A row that still belongs to it (an engagement, a statement, a ledger account) keeps it.
        if (e instanceof Prisma.PrismaClientKnownRequestError && (e.code === "P2003" || e.code === "P2014"))
          throw new AppError(
            "CONFLICT",
            `${answer.leaving.name} still holds records (engagements or billing), so you cannot move out of it.`,
          );
        throw e;
      }
    }
    await claim(tx, inv.id, actor.userId, now);
    await tx.organizationMember.create({ data: { userId: actor.userId, organizationId: inv.organizationId, role: inv.role } });
    return { organizationId: inv.organizationId, organizationName: inv.organization.name, role: inv.role };
  }, LOCKED_TX_OPTIONS);
}

/**
 * Someone without an account accepts: a verified client account for the invited address (the
 * link, mailed there, proves it), the client consents recorded as at registration, and the
 * membership with the invitation's role, all in one transaction.
 */
export async function acceptWithNewAccount(input: AcceptWithAccountInput, meta: RequestMeta, now: Date = new Date()) {
  const preview = await findByToken(db(), input.token);
  const why = whyNot(preview, now);
  if (why || !preview) throw new AppError(preview ? "CONFLICT" : "NOT_FOUND", why ?? INVITATION_MESSAGES.unknown);
  assertPasswordAcceptable(input.password, [preview.email, input.firstName, input.lastName, preview.organization.name]);
  await consumeRateLimits([{ rule: REGISTRATION_PER_IP, key: meta.ip }]);
  const exists = await db().user.findUnique({ where: { email: preview.email }, select: { id: true } });
  if (exists) throw new AppError("CONFLICT", "An account with this e-mail address already exists. Sign in to accept the invitation.");
  const passwordHash = await hashPassword(input.password);
  const versions = await currentPolicyVersions(null);
  try {
    return await db().$transaction(async (tx) => {
      const inv = await findByToken(tx, input.token, true);
      const whyNow = whyNot(inv, now);
      if (whyNow || !inv) throw new AppError("CONFLICT", whyNow ?? INVITATION_MESSAGES.unknown);
      const user = await tx.user.create({
        data: {
          email: inv.email,
          firstName: input.firstName,
          lastName: input.lastName,
          emailVerifiedAt: now,
          password: { create: { hash: passwordHash } },
          roles: { create: { role: "client" } },
          clientProfile: { create: { organization: inv.organization.name, roleTitle: ORG_ROLE_LABELS[inv.role] } },
        },
        select: { id: true, email: true },
      });
      // The form states that creating the account accepts the Terms and the Privacy & Data Policy, as registration's does.
      await recordConsents(tx, user.id, policiesFor(["client"]), versions, meta);
      await claim(tx, inv.id, user.id, now);
      await tx.organizationMember.create({ data: { userId: user.id, organizationId: inv.organizationId, role: inv.role } });
      return { userId: user.id, email: user.email, organizationName: inv.organization.name };
    }, LOCKED_TX_OPTIONS);
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002")
      throw new AppError("CONFLICT", "An account with this e-mail address already exists. Sign in to accept the invitation.");
    throw e;
  }
}
