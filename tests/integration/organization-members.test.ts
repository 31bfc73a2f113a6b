import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import type { EngagementState, OrgRole } from "@/lib/generated/prisma/enums";
import { changeMemberRole, FINISHED, getOrganization, leaveOrganization, removeMember } from "@/lib/organizations/members";
import { FINAL_STATES } from "@/lib/engagements/states";
import {
  acceptWithNewAccount,
  getInvitationView,
  INVITATION_MESSAGES,
  inviteMember,
  joinOrganization,
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
} from "@/lib/organizations/invitations";
import { closeOrganization } from "@/lib/projects/organization-closing";
import { createProject } from "@/lib/projects/projects";
import { acceptWithAccountSchema } from "@/lib/organizations/schemas/organizations";
import { actorFor, createClient, createExpert, organizationOf, uniqueEmail } from "../factories";

// Members, roles and invitations against real PostgreSQL: who may change what, that the last
// owner always stays, that a removed member's projects pass to the chosen colleague, and that an
// invitation link works once, for its own address, within its 7 days.

const META = { ip: "203.0.113.7", userAgent: "vitest" };
const PASSWORD = "Lantern-Orchard-Quill-58";

/** A client account in `organizationId` with `role` (its actor carries the membership as a session read would). */
async function member(organizationId: string, role: OrgRole) {
  const user = await createClient({ role, organizationId });
  return actorOf(user);
}

async function actorOf(user: { id: string; email: string }): Promise<Actor> {
  const m = await db().organizationMember.findUnique({ where: { userId: user.id }, select: { organizationId: true, role: true } });
  return actorFor(user, ["client"], { membership: m });
}

/** A client who founded `name` as registration does: its only member, an owner. */
async function newOrganization(name = "Acme Research") {
  const owner = await createClient();
  const organizationId = await organizationOf(owner.id);
  await db().organization.update({ where: { id: organizationId }, data: { name } });
  return { organizationId, owner: await actorOf(owner) };
}

async function project(organizationId: string, clientUserId: string, title = "Reading study") {
  return db().project.create({ data: { organizationId, clientUserId, title, description: "Interviews about reading." } });
}

async function engagement(projectId: string, organizationId: string, clientUserId: string, state: EngagementState) {
  const { expert } = await createExpert();
  return db().engagement.create({
    data: { projectId, organizationId, clientUserId, expertId: expert.id, origin: "invite", state, incentiveCents: 10_000 },
  });
}

const membershipOf = (userId: string) => db().organizationMember.findUnique({ where: { userId } });
const mailsTo = (to: string) =>
  db().$queryRaw<{ subject: string; text: string }[]>`
    SELECT j.payload->>'subject' AS subject, j.payload->>'text' AS text FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${to}`;
const tokenIn = (text: string) => /\/invitations\/([A-Za-z0-9_-]+)/.exec(text)![1];

let org: string;
let owner: Actor;
beforeEach(async () => {
  ({ organizationId: org, owner } = await newOrganization());
});

describe("roles", () => {
  it("an owner changes roles; the last owner cannot be demoted, a second owner can", async () => {
    const researcher = await member(org, "researcher");
    await changeMemberRole(owner, { userId: researcher.userId, role: "finance" });
    expect((await membershipOf(researcher.userId))?.role).toBe("finance");

    await expect(changeMemberRole(owner, { userId: owner.userId, role: "admin" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "The last owner cannot be demoted. Make another member an owner first.",
    });
    expect((await membershipOf(owner.userId))?.role).toBe("owner");

    await changeMemberRole(owner, { userId: researcher.userId, role: "owner" });
    await changeMemberRole(owner, { userId: owner.userId, role: "researcher" });
    expect((await membershipOf(owner.userId))?.role).toBe("researcher");
  });

  it("only an owner changes roles, and the refusal names the role; another organization's member is not found", async () => {
    const admin = await member(org, "admin");
    const viewer = await member(org, "viewer");
    await expect(changeMemberRole(admin, { userId: viewer.userId, role: "researcher" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "This needs the owner role in your organization. You are an admin.",
    });
    const other = await newOrganization("Other Org");
    await expect(changeMemberRole(other.owner, { userId: viewer.userId, role: "owner" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await membershipOf(viewer.userId))?.role).toBe("viewer");
  });

  it("the role is read from the database, not the session: a member demoted a moment ago is refused", async () => {
    const admin = await member(org, "admin");
    const viewer = await member(org, "viewer");
    await changeMemberRole(owner, { userId: admin.userId, role: "viewer" });
    // `admin` still carries the old role in its session.
    await expect(removeMember(admin, { userId: viewer.userId })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("removing a member", () => {
  it("treats as finished exactly the engagement states the state table calls final", () => {
    expect([...FINISHED].sort()).toEqual([...FINAL_STATES].sort());
  });

  it("hands their projects and running engagements to the chosen researcher in one go; they keep their account in an organization of their own", async () => {
    const leaving = await member(org, "researcher");
    const successor = await member(org, "researcher");
    const p = await project(org, leaving.userId);
    const running = await engagement(p.id, org, leaving.userId, "scheduled");
    const finished = await engagement(p.id, org, leaving.userId, "completed");
    await db().user.update({ where: { id: leaving.userId }, data: { firstName: "Rosa", lastName: "Leaving" } });

    const result = await removeMember(owner, { userId: leaving.userId, reassignToUserId: successor.userId });
    expect(result).toMatchObject({ projects: 1, engagements: 1 });

    expect((await db().project.findUniqueOrThrow({ where: { id: p.id } })).clientUserId).toBe(successor.userId);
    expect((await db().project.findUniqueOrThrow({ where: { id: p.id } })).organizationId).toBe(org);
    expect((await db().engagement.findUniqueOrThrow({ where: { id: running.id } })).clientUserId).toBe(successor.userId);
    // A finished engagement keeps who ran it.
    expect((await db().engagement.findUniqueOrThrow({ where: { id: finished.id } })).clientUserId).toBe(leaving.userId);

    const now = await db().organizationMember.findUniqueOrThrow({ where: { userId: leaving.userId }, include: { organization: true } });
    expect(now.organizationId).not.toBe(org);
    expect(now.role).toBe("owner");
    expect(now.organization.name).toBe("Rosa Leaving");
    expect(await db().user.findUnique({ where: { id: leaving.userId } })).not.toBeNull();
    expect((await getOrganization(owner)).members.map((m) => m.userId)).not.toContain(leaving.userId);
  });

  it("needs a successor who is a researcher or an owner when there are projects, and changes nothing otherwise", async () => {
    const leaving = await member(org, "researcher");
    const finance = await member(org, "finance");
    const p = await project(org, leaving.userId);
    await expect(removeMember(owner, { userId: leaving.userId })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(removeMember(owner, { userId: leaving.userId, reassignToUserId: finance.userId })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The projects can pass only to a researcher or an owner of the organization.",
    });
    const outsider = await newOrganization("Elsewhere");
    await expect(removeMember(owner, { userId: leaving.userId, reassignToUserId: outsider.owner.userId })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await membershipOf(leaving.userId))?.organizationId).toBe(org);
    expect((await db().project.findUniqueOrThrow({ where: { id: p.id } })).clientUserId).toBe(leaving.userId);
    // To the owner, then: accepted.
    await removeMember(owner, { userId: leaving.userId, reassignToUserId: owner.userId });
    expect((await db().project.findUniqueOrThrow({ where: { id: p.id } })).clientUserId).toBe(owner.userId);
  });

  it("an admin removes members but never an owner; researchers and viewers remove nobody", async () => {
    const admin = await member(org, "admin");
    const coOwner = await member(org, "owner");
    const viewer = await member(org, "viewer");
    const researcher = await member(org, "researcher");
    await expect(removeMember(admin, { userId: coOwner.userId })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Only an owner can remove an owner.",
    });
    expect((await membershipOf(coOwner.userId))?.organizationId).toBe(org);
    await expect(removeMember(researcher, { userId: viewer.userId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(removeMember(viewer, { userId: researcher.userId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await removeMember(admin, { userId: viewer.userId });
    expect((await membershipOf(viewer.userId))?.organizationId).not.toBe(org);
  });
});

describe("leaving", () => {
  it("the last owner cannot leave, with a clear message; once another owner exists they can, and their projects stay", async () => {
    await expect(leaveOrganization(owner)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "You are the last owner, so you cannot leave. Make another member an owner first (or close the organization).",
    });
    const second = await member(org, "owner");
    const p = await project(org, owner.userId);
    await leaveOrganization(owner);
    expect((await membershipOf(owner.userId))?.organizationId).not.toBe(org);
    const kept = await db().project.findUniqueOrThrow({ where: { id: p.id } });
    expect(kept.organizationId).toBe(org);
    expect(kept.clientUserId).toBe(second.userId);
  });

  it("any other member may leave", async () => {
    const viewer = await member(org, "viewer");
    await leaveOrganization(viewer);
    expect((await membershipOf(viewer.userId))?.organizationId).not.toBe(org);
  });
});

describe("invitations", () => {
  it("an owner invites by e-mail: the mail names the organization, the inviter and the role, and only the link's hash is stored", async () => {
    await db().user.update({ where: { id: owner.userId }, data: { firstName: "Olive", lastName: "Owner" } });
    const email = uniqueEmail("invitee");
    const invitation = await inviteMember(owner, { email, role: "researcher" });
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe("Olive Owner invited you to join Acme Research on K12 Experts");
    expect(mail.text).toContain("as a researcher");
    const token = tokenIn(mail.text);
    expect(token).toBe(invitation.token);
    const row = await db().organizationInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await listPendingInvitations(owner)).map((i) => i.email)).toEqual([email]);
  });

  it("only an owner invites an owner; researchers invite nobody; an existing member or a pending invitation is refused", async () => {
    const admin = await member(org, "admin");
    const researcher = await member(org, "researcher");
    await expect(inviteMember(admin, { email: uniqueEmail(), role: "owner" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Only an owner can invite an owner.",
    });
    await expect(inviteMember(researcher, { email: uniqueEmail(), role: "viewer" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(inviteMember(owner, { email: researcher.email, role: "viewer" })).rejects.toMatchObject({ code: "CONFLICT" });
    const email = uniqueEmail();
    await inviteMember(admin, { email, role: "finance" });
    await expect(inviteMember(owner, { email, role: "finance" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("a new person creates a verified client account from the link and joins with the role; the link then works no more", async () => {
    const email = uniqueEmail("newcomer");
    const { token } = await inviteMember(owner, { email, role: "finance" });
    const view = await getInvitationView(token, null);
    expect(view).toMatchObject({ valid: true, organizationName: "Acme Research", role: "finance", email, viewer: { kind: "signed-out" } });

    const input = acceptWithAccountSchema.parse({
      token,
      firstName: "Fin",
      lastName: "Ance",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const { userId } = await acceptWithNewAccount(input, META);
    const user = await db().user.findUniqueOrThrow({ where: { id: userId }, include: { roles: true, consents: true } });
    expect(user.email).toBe(email);
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.roles.map((r) => r.role)).toEqual(["client"]);
    expect(user.consents.length).toBeGreaterThan(0);
    expect(await membershipOf(userId)).toMatchObject({ organizationId: org, role: "finance" });

    // Single use: a second try, or the page, says it was used; nothing more is created.
    expect(await getInvitationView(token, null)).toEqual({ valid: false, message: INVITATION_MESSAGES.used });
    await expect(acceptWithNewAccount({ ...input }, META)).rejects.toMatchObject({ message: INVITATION_MESSAGES.used });
  });

  it("an expired, revoked or unknown link, or a resent invitation's old link, does nothing", async () => {
    const email = uniqueEmail();
    const { id, token } = await inviteMember(owner, { email, role: "viewer" });
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await getInvitationView(token, null, later)).toEqual({ valid: false, message: INVITATION_MESSAGES.expired });
    const input = acceptWithAccountSchema.parse({
      token,
      firstName: "Late",
      lastName: "Comer",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    await expect(acceptWithNewAccount(input, META, later)).rejects.toMatchObject({ message: INVITATION_MESSAGES.expired });

    const resent = await resendInvitation(owner, id);
    expect(await getInvitationView(token, null)).toEqual({ valid: false, message: INVITATION_MESSAGES.unknown });
    expect(await getInvitationView(resent.token, null)).toMatchObject({ valid: true });

    await revokeInvitation(owner, id);
    expect(await getInvitationView(resent.token, null)).toEqual({ valid: false, message: INVITATION_MESSAGES.revoked });
    await expect(acceptWithNewAccount({ ...input, token: resent.token }, META)).rejects.toMatchObject({
      message: INVITATION_MESSAGES.revoked,
    });
    expect(await db().user.findUnique({ where: { email } })).toBeNull();
    expect(await listPendingInvitations(owner)).toEqual([]);
  });

  it("a signed-in account with another address is refused and nothing changes; an e-mail domain grants nothing", async () => {
    const email = uniqueEmail("invited");
    const { token } = await inviteMember(owner, { email, role: "researcher" });
    // Same domain (example.org), another address.
    const other = await newOrganization("Solo Co");
    expect(await getInvitationView(token, other.owner)).toMatchObject({
      viewer: { kind: "refused", message: INVITATION_MESSAGES.wrongAddress },
    });
    await expect(joinOrganization(other.owner, token)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: INVITATION_MESSAGES.wrongAddress,
    });
    expect((await membershipOf(other.owner.userId))?.organizationId).toBe(other.organizationId);
    expect(await getInvitationView(token, null)).toMatchObject({ valid: true });
  });

  it("joining moves someone out of an organization that is only them with no projects (deleted), and refuses one that has more", async () => {
    const solo = await newOrganization("Just Me");
    const { token } = await inviteMember(owner, { email: solo.owner.email, role: "researcher" });
    expect(await getInvitationView(token, solo.owner)).toMatchObject({ viewer: { kind: "can-join", leaving: "Just Me" } });
    await joinOrganization(solo.owner, token);
    expect(await membershipOf(solo.owner.userId)).toMatchObject({ organizationId: org, role: "researcher" });
    expect(await db().organization.findUnique({ where: { id: solo.organizationId } })).toBeNull();
    await expect(joinOrganization(solo.owner, token)).rejects.toMatchObject({ message: INVITATION_MESSAGES.used });

    const busy = await newOrganization("Busy Co");
    await project(busy.organizationId, busy.owner.userId);
    const second = await inviteMember(owner, { email: busy.owner.email, role: "viewer" });
    await expect(joinOrganization(busy.owner, second.token)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await membershipOf(busy.owner.userId))?.organizationId).toBe(busy.organizationId);
    expect(await getInvitationView(second.token, null)).toMatchObject({ valid: true });
  });

  it("an expert account with the invited address cannot join", async () => {
    const { user } = await createExpert();
    const { token } = await inviteMember(owner, { email: user.email, role: "viewer" });
    const expert = actorFor(user, ["expert"]);
    await expect(joinOrganization(expert, token)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("counts invitations per organization (30 a day, resends included), whoever sends them", async () => {
    const admin = await member(org, "admin");
    const first = await inviteMember(owner, { email: uniqueEmail(), role: "viewer" });
    await resendInvitation(admin, first.id);
    for (let i = 0; i < 28; i++) await inviteMember(i % 2 ? owner : admin, { email: uniqueEmail(), role: "viewer" });
    const email = uniqueEmail();
    await expect(inviteMember(owner, { email, role: "viewer" })).rejects.toMatchObject({ code: "THROTTLED" });
    expect(await db().organizationInvitation.count({ where: { email } })).toBe(0);
    // Another organization has its own count.
    const other = await newOrganization("Other Org");
    await inviteMember(other.owner, { email, role: "viewer" });
  });
});

describe("closing", () => {
  it("an owner closes the organization: open projects close, pending invitations are withdrawn, nobody new can join", async () => {
    const researcher = await member(org, "researcher");
    await expect(closeOrganization(researcher, "Acme Research")).rejects.toMatchObject({ code: "FORBIDDEN" });
    const p = await project(org, owner.userId);
    const { token } = await inviteMember(owner, { email: uniqueEmail(), role: "viewer" });
    await expect(closeOrganization(owner, "Acme")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await closeOrganization(owner, "acme research");
    expect((await db().organization.findUniqueOrThrow({ where: { id: org } })).closedAt).not.toBeNull();
    expect((await db().project.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("closed");
    expect(await getInvitationView(token, null)).toMatchObject({ valid: false });
    await expect(inviteMember(owner, { email: uniqueEmail(), role: "viewer" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      createProject(owner, {
        title: "After closing",
        description: "A study the closed organization tries to start.",
        projectType: "interview",
        compensation: 100,
        durationMinutes: 30,
        locationType: "video",
        deadline: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        quota: 1,
        timeZone: "America/New_York",
        visibility: "open",
        researchAttested: true,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "This organization is closed, so it cannot start new projects." });
  });
});
