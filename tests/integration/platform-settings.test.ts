import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createAdmin, createClient, createExpert, organizationOf } from "@/tests/factories";
import { DEFAULT_OPEN_INVITE_CAP, getOpenInviteCap, getOpenInviteCapSetting, setOpenInviteCap } from "@/lib/engagements/platform-settings";
import { INVITE_LOAD_LIMIT, listInviteLoad } from "@/lib/engagements/admin-invites";
import type { EngagementOrigin, EngagementState } from "@/lib/generated/prisma/enums";

const DAY = 86_400_000;
const NOW = new Date("2030-03-15T12:00:00Z");

/** One engagement (each on its own project: an expert has one per project). */
async function engage(expertId: string, clientUserId: string, origin: EngagementOrigin, state: EngagementState, daysAgo: number) {
  const organizationId = await organizationOf(clientUserId);
  const project = await db().project.create({ data: { organizationId, clientUserId, title: "Study", description: "About assessment" } });
  return db().engagement.create({
    data: {
      projectId: project.id,
      expertId,
      clientUserId,
      organizationId,
      origin,
      state,
      incentiveCents: project.compensationCents,
      createdAt: new Date(NOW.getTime() - daysAgo * DAY),
    },
  });
}

describe("open-invite cap", () => {
  it("is 5 until an admin sets it; the admin's id is recorded", async () => {
    expect(await getOpenInviteCap()).toBe(DEFAULT_OPEN_INVITE_CAP);
    expect(DEFAULT_OPEN_INVITE_CAP).toBe(5);
    const admin = await createAdmin();
    const asAdmin = actorFor(admin, ["admin"]);
    expect(await getOpenInviteCapSetting(asAdmin)).toEqual({ cap: 5, updatedAt: null, updatedBy: null });

    await expect(setOpenInviteCap(asAdmin, 8)).resolves.toMatchObject({ cap: 8, updatedBy: { id: admin.id, email: admin.email } });
    expect(await getOpenInviteCap()).toBe(8);
    const row = await db().platformSetting.findUniqueOrThrow({ where: { key: "open_invite_cap" } });
    expect(row).toMatchObject({ value: 8, updatedBy: admin.id });

    const other = await createAdmin();
    await setOpenInviteCap(actorFor(other, ["admin"]), 50);
    await setOpenInviteCap(actorFor(other, ["admin"]), 1);
    expect(await getOpenInviteCapSetting(asAdmin)).toMatchObject({ cap: 1, updatedBy: { id: other.id, email: other.email } });
  });

  it("refuses numbers outside 1..50 and non-integers, keeping the stored cap", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    await setOpenInviteCap(admin, 7);
    for (const bad of [0, 51, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(setOpenInviteCap(admin, bad), String(bad)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "The cap must be a whole number between 1 and 50.",
      });
    }
    expect(await getOpenInviteCap()).toBe(7);
  });

  it("only an admin may change or read the setting (an admin viewing as someone acts as them)", async () => {
    const before = await getOpenInviteCap();
    const { user: expert } = await createExpert();
    const client = await createClient();
    const admin = await createAdmin();
    await expect(setOpenInviteCap(actorFor(expert, ["expert"]), 9)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "This area requires admin access. You are signed in as expert.",
    });
    await expect(setOpenInviteCap(actorFor(client, ["client"]), 9)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      setOpenInviteCap(actorFor(client, ["client"], { impersonating: true, realUserId: admin.id, realEmail: admin.email }), 9),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setOpenInviteCap(null, 9)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getOpenInviteCapSetting(actorFor(client, ["client"]))).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await getOpenInviteCap()).toBe(before);
  });
});

describe("invites received in the last 30 days", () => {
  it("counts invites of the last 30 days and open invites per expert, most invites first", async () => {
    const client = await createClient();
    const busy = await createExpert({ roleTitle: "Superintendent", invitesPausedUntil: new Date("2030-03-20T00:00:00Z") });
    const quiet = await createExpert({ roleTitle: "Teacher" });
    const stale = await createExpert({ roleTitle: "Principal", invitesPausedUntil: new Date("2030-03-01T00:00:00Z") });
    const applicant = await createExpert();
    const untouched = await createExpert();

    // busy: three invites in the window (two still open, one accepted), one older invite.
    await engage(busy.expert.id, client.id, "invite", "invited", 1);
    await engage(busy.expert.id, client.id, "invite", "invited", 29.9);
    await engage(busy.expert.id, client.id, "invite", "accepted", 10);
    await engage(busy.expert.id, client.id, "invite", "completed", 31);
    // quiet: one invite in the window, declined.
    await engage(quiet.expert.id, client.id, "invite", "declined", 3);
    // stale: nothing recent, but an old invite is still open.
    await engage(stale.expert.id, client.id, "invite", "invited", 45);
    // applicant: applications are not invites.
    await engage(applicant.expert.id, client.id, "application", "applied", 2);
    await engage(applicant.expert.id, client.id, "application", "accepted", 5);

    const admin = actorFor(await createAdmin(), ["admin"]);
    const { rows, limited, since } = await listInviteLoad(admin, NOW);
    expect(since.toISOString()).toBe("2030-02-13T12:00:00.000Z");
    expect(limited).toBe(false);
    expect(rows).toEqual([
      { expertId: busy.expert.id, name: "Test User", roleTitle: "Superintendent", invites: 3, open: 2, invitesPausedUntil: "2030-03-20" },
      { expertId: quiet.expert.id, name: "Test User", roleTitle: "Teacher", invites: 1, open: 0, invitesPausedUntil: null },
      // A pause that ended is not shown.
      { expertId: stale.expert.id, name: "Test User", roleTitle: "Principal", invites: 0, open: 1, invitesPausedUntil: null },
    ]);
    expect(rows.some((r) => r.expertId === applicant.expert.id || r.expertId === untouched.expert.id)).toBe(false);
  });

  it("is empty when no invite was sent lately and none is open; admins only", async () => {
    const admin = actorFor(await createAdmin(), ["admin"]);
    // Ten years on, every invite above is older than 30 days; the open ones still count.
    expect((await listInviteLoad(admin, new Date("2040-01-01T00:00:00Z"))).rows.map((r) => [r.invites, r.open])).toEqual([
      [0, 2],
      [0, 1],
    ]);
    await db().engagement.updateMany({ where: { state: "invited" }, data: { state: "declined" } });
    expect(await listInviteLoad(admin, new Date("2040-01-01T00:00:00Z"))).toMatchObject({ rows: [], limited: false });
    const { user } = await createExpert();
    await expect(listInviteLoad(actorFor(user, ["expert"]))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listInviteLoad(null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("stops at 200 experts and says so", async () => {
    const client = await createClient();
    const users = await Promise.all(
      Array.from({ length: INVITE_LOAD_LIMIT + 1 }, (_, i) =>
        db().user.create({
          data: { email: `load-${i}-${client.id}@example.org`, firstName: "Load", lastName: String(i).padStart(3, "0") },
        }),
      ),
    );
    const experts = await Promise.all(users.map((u) => db().expert.create({ data: { userId: u.id } })));
    const projects = await Promise.all(
      experts.map(async () =>
        db().project.create({
          data: { organizationId: await organizationOf(client.id), clientUserId: client.id, title: "Bulk", description: "Bulk" },
        }),
      ),
    );
    await db().engagement.createMany({
      data: experts.map((e, i) => ({
        projectId: projects[i].id,
        expertId: e.id,
        clientUserId: client.id,
        organizationId: projects[i].organizationId,
        incentiveCents: projects[i].compensationCents,
        origin: "invite" as const,
        state: "invited" as const,
        createdAt: new Date(NOW.getTime() - DAY),
      })),
    });
    const admin = actorFor(await createAdmin(), ["admin"]);
    const { rows, limited } = await listInviteLoad(admin, NOW);
    expect(rows).toHaveLength(INVITE_LOAD_LIMIT);
    expect(limited).toBe(true);
  });
});
