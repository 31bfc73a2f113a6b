import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";
import { createStudy, scheduledPair } from "../studies";
import { getAccountOpenItems, listAdminUsers, setAccountDisabled } from "@/lib/admin/users";
import { setProjectStatus } from "@/lib/projects/projects";
import { applyToOpportunity, completeOverdueSessions, inviteExpert } from "@/lib/engagements/transitions";
import { listOpportunityBoard } from "@/lib/engagements/views";
import { getPublicExpertProfile, listSitemapExperts, searchDirectory } from "@/lib/experts/directory";
import { directoryFiltersSchema } from "@/lib/experts/schemas/directory";
import { DISABLED_CLIENT_MESSAGE, DISABLED_EXPERT_MESSAGE } from "@/lib/accounts/disabled-parties";
import { cashOut, postOpeningBalance } from "@/lib/money/wallet";

// A disabled account stops everywhere, and enabling it restores exactly what disabling changed.

const DAY = 86_400_000;

async function adminActor() {
  return actorFor(await createAdmin(), ["admin"]);
}

const statusOf = async (projectId: string) =>
  (await db().project.findUniqueOrThrow({ where: { id: projectId }, select: { status: true } })).status;

describe("disabling a client", () => {
  it("pauses its open projects (and only those come back), takes them off the board and refuses applications with a clear message", async () => {
    const admin = await adminActor();
    const open = await createStudy({ title: "Open study of a soon disabled client" });
    const pausedByClient = await createStudy({ title: "Paused by the client" }, open.clientUser);
    await setProjectStatus(open.client, { projectId: pausedByClient.project.id, status: "paused" });
    const { user: expertUser } = await createExpert();
    const expert = actorFor(expertUser, ["expert"]);
    const boardTitles = async () => (await listOpportunityBoard(expert)).open.map((o) => o.title);
    expect(await boardTitles()).toContain("Open study of a soon disabled client");

    await setAccountDisabled(admin, open.clientUser.id, true);
    expect(await statusOf(open.project.id)).toBe("paused");
    expect(await statusOf(pausedByClient.project.id)).toBe("paused");
    expect(await boardTitles()).not.toContain("Open study of a soon disabled client");
    await expect(applyToOpportunity(expert, { opportunityId: open.opportunity.id, outsideActivityConfirmed: true })).rejects.toMatchObject({
      code: "CONFLICT",
      message: DISABLED_CLIENT_MESSAGE,
    });
    expect(await db().engagement.count({ where: { projectId: open.project.id } })).toBe(0);

    await setAccountDisabled(admin, open.clientUser.id, false);
    expect(await statusOf(open.project.id)).toBe("open");
    // The client paused this one themselves: enabling the account does not reopen it.
    expect(await statusOf(pausedByClient.project.id)).toBe("paused");
    expect(await boardTitles()).toContain("Open study of a soon disabled client");
    expect((await applyToOpportunity(expert, { opportunityId: open.opportunity.id, outsideActivityConfirmed: true })).created).toBe(true);
  });
});

describe("disabling an expert", () => {
  it("takes the profile out of search, the public page and the sitemap and refuses invites; enabling lists it again", async () => {
    const admin = await adminActor();
    const { user, expert } = await createExpert({ roleTitle: "Disabledtest Coordinator", isPublicProfile: true });
    const client = actorFor(await createClient(), ["client"]);
    const study = await createStudy({}, { id: client.userId, email: client.email });
    const found = async () =>
      (await searchDirectory(client, directoryFiltersSchema.parse({ q: "Disabledtest" }), "client")).experts.map((e) => e.id);
    const inSitemap = async () => (await listSitemapExperts(0, 50_000)).some((e) => e.id === expert.id);
    expect(await found()).toEqual([expert.id]);
    expect(await getPublicExpertProfile(expert.id)).not.toBeNull();
    expect(await inSitemap()).toBe(true);

    await setAccountDisabled(admin, user.id, true);
    expect(await found()).toEqual([]);
    expect(await getPublicExpertProfile(expert.id)).toBeNull();
    expect(await inSitemap()).toBe(false);
    await expect(inviteExpert(client, { projectId: study.project.id, expertId: expert.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: DISABLED_EXPERT_MESSAGE,
    });
    expect(await db().engagement.count({ where: { expertId: expert.id } })).toBe(0);

    await setAccountDisabled(admin, user.id, false);
    expect(await found()).toEqual([expert.id]);
    expect(await getPublicExpertProfile(expert.id)).not.toBeNull();
    expect(await inSitemap()).toBe(true);
    expect((await inviteExpert(client, { projectId: study.project.id, expertId: expert.id })).created).toBe(true);
  });

  it("an expert who had hidden their own profile stays hidden after the account is enabled", async () => {
    const admin = await adminActor();
    const { user, expert } = await createExpert({ isPublicProfile: false });
    await setAccountDisabled(admin, user.id, true);
    await setAccountDisabled(admin, user.id, false);
    expect(await db().expert.findUniqueOrThrow({ where: { id: expert.id } })).toMatchObject({
      isPublicProfile: false,
      hiddenForDisabledAccount: false,
    });
  });
});

describe("booked money waits for an admin", () => {
  it("the 7-day auto-complete leaves engagements of a disabled client or expert scheduled, and completes them once enabled", async () => {
    const admin = await adminActor();
    const ofDisabledClient = await scheduledPair(-8 * 24);
    const ofDisabledExpert = await scheduledPair(-8 * 24);
    const control = await scheduledPair(-8 * 24);
    await setAccountDisabled(admin, ofDisabledClient.study.clientUser.id, true);
    await setAccountDisabled(admin, ofDisabledExpert.expertUser.id, true);

    await completeOverdueSessions(new Date());
    const stateOf = async (id: string) => (await db().engagement.findUniqueOrThrow({ where: { id } })).state;
    expect(await stateOf(control.engagementId)).toBe("completed");
    expect(await stateOf(ofDisabledClient.engagementId)).toBe("scheduled");
    expect(await stateOf(ofDisabledExpert.engagementId)).toBe("scheduled");
    expect(
      await db().earning.count({ where: { engagementId: { in: [ofDisabledClient.engagementId, ofDisabledExpert.engagementId] } } }),
    ).toBe(0);

    await setAccountDisabled(admin, ofDisabledClient.study.clientUser.id, false);
    await completeOverdueSessions(new Date(Date.now() + DAY));
    expect(await stateOf(ofDisabledClient.engagementId)).toBe("completed");
    expect(await stateOf(ofDisabledExpert.engagementId)).toBe("scheduled");
  });

  it("the admin sees the account's open engagements, pending earnings and payouts (in the confirmation and on the disabled row)", async () => {
    const admin = await adminActor();
    const pair = await scheduledPair(48);
    const expertActor = pair.expertActor;
    await db().$transaction((tx) => postOpeningBalance(tx, pair.expertUser.id, { availableCents: 9_000 }));
    await cashOut(expertActor);
    await db().$transaction((tx) => postOpeningBalance(tx, pair.expertUser.id, { availableCents: 2_500 }, `second:${pair.expertUser.id}`));

    const items = await getAccountOpenItems(admin, pair.expertUser.id);
    expect(items.engagementCount).toBe(1);
    expect(items.engagements[0]).toMatchObject({
      id: pair.engagementId,
      state: "scheduled",
      side: "expert",
      projectTitle: "Reading intervention study",
    });
    expect(items.engagements[0].sessionStartsAt).toBeInstanceOf(Date);
    expect(items.payouts).toEqual([expect.objectContaining({ amountCents: 9_000, status: "pending" })]);
    expect(items.availableCents).toBe(2_500);
    const clientItems = await getAccountOpenItems(admin, pair.study.clientUser.id);
    expect(clientItems.engagements[0]).toMatchObject({ id: pair.engagementId, side: "client" });

    await expect(getAccountOpenItems(actorFor(pair.expertUser, ["expert"]), pair.expertUser.id)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(getAccountOpenItems(admin, "7d1c2a4e-0000-4000-8000-00000000dead")).rejects.toMatchObject({ code: "NOT_FOUND" });

    await setAccountDisabled(admin, pair.expertUser.id, true);
    const { rows } = await listAdminUsers(admin, pair.expertUser.email);
    expect(rows[0].openItems).toMatchObject({ engagementCount: 1, availableCents: 2_500 });
    const { rows: clientRows } = await listAdminUsers(admin, pair.study.clientUser.email);
    expect(clientRows[0].openItems).toBeNull();
    // Disabling changed none of it: the payout and the engagement are as they were.
    expect(await getAccountOpenItems(admin, pair.expertUser.id)).toMatchObject({
      engagementCount: 1,
      payouts: [expect.objectContaining({ status: "pending" })],
    });
  });
});
