import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { addToShortlist, listShortlist, removeFromShortlist, shortlistCsv } from "@/lib/projects/shortlists";
import { createProject, listProjects } from "@/lib/projects/projects";
import { inviteExpert } from "@/lib/engagements/transitions";
import { getClientDashboardCounts } from "@/lib/projects/client-dashboard";
import { listClientSessions } from "@/lib/engagements/views";
import { createProjectSchema, newProjectSchema } from "@/lib/projects/schemas/client";
import { createAdmin, createClient, createExpert, createUser, actorFor } from "../factories";

const actorOf = (user: { id: string; email: string }, role: "admin" | "client" | "expert"): Actor => actorFor(user, [role]);
const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const projectInput = (title = "Math intervention study") =>
  newProjectSchema.parse({
    title,
    description: "Interviews about intervention blocks.",
    projectType: "interview",
    compensation: "125.50",
    durationMinutes: "45",
    locationType: "video",
    deadline: future,
    researchAttested: true,
  });

let client: Actor;
let other: Actor;
let expertActor: Actor;
let expertId: string;
let hiddenId: string;
beforeAll(async () => {
  client = actorOf(await createClient(), "client");
  other = actorOf(await createClient(), "client");
  const e = await createExpert({ roleTitle: "Principal", organizationName: '=HYPERLINK("x")' });
  expertId = e.expert.id;
  expertActor = actorOf(e.user, "expert");
  hiddenId = (await createExpert({ isPublicProfile: false })).expert.id;
});

describe("projects", () => {
  it("creates the project and its open opportunity in one go", async () => {
    const { project, opportunity } = await createProject(client, projectInput());
    expect(project.compensationCents).toBe(12550);
    expect(opportunity).toMatchObject({
      projectId: project.id,
      status: "open",
      compensationCents: 12550,
      opportunityType: "interview",
      estimatedDurationMinutes: 45,
      clientOrganization: "Research Co",
    });
    expect((await listProjects(client)).rows.map((p) => p.id)).toContain(project.id);
    expect((await listProjects(other)).rows).toEqual([]);
  });

  it("validates the input", () => {
    const bad = {
      title: "x",
      description: "short",
      projectType: "party",
      compensation: "-1",
      durationMinutes: "0",
      locationType: "moon",
      deadline: "2000-01-01",
      quota: "0",
      timeZone: "Mars/Olympus",
      visibility: "secret",
      screener: [],
    };
    const result = createProjectSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const paths = new Set(result.error!.issues.map((i) => i.path[0]));
    for (const k of Object.keys(bad)) expect(paths.has(k), k).toBe(true);
  });

  it("refuses experts and visitors", async () => {
    await expect(createProject(expertActor, projectInput())).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(createProject(null, projectInput())).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});

describe("shortlists", () => {
  it("stores one entry per client and expert; twice is fine", async () => {
    expect(await addToShortlist(client, expertId)).toEqual({ added: true });
    expect(await addToShortlist(client, expertId)).toEqual({ added: false });
    expect(await db().shortlist.count({ where: { clientUserId: client.userId, expertId } })).toBe(1);
    expect((await listShortlist(client)).map((s) => s.expert.id)).toEqual([expertId]);
    expect(await listShortlist(other)).toEqual([]);
  });

  it("exports CSV without e-mails and defuses formulas", async () => {
    const csv = await shortlistCsv(client, "https://k12.example");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toContain("Name,Role,Organization");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`https://k12.example/experts/${expertId}`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).not.toMatch(/@example\.org/);
  });

  it("cannot shortlist hidden profiles; removing works and is scoped", async () => {
    await expect(addToShortlist(client, hiddenId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await removeFromShortlist(other, expertId)).toEqual({ removed: false });
    expect(await removeFromShortlist(client, expertId)).toEqual({ removed: true });
    expect(await listShortlist(client)).toEqual([]);
  });

  it("refuses experts", async () => {
    await expect(addToShortlist(expertActor, expertId)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("invites", () => {
  it("invites into one of the client's own projects, once", async () => {
    const { project } = await createProject(client, projectInput("Invite project"));
    const first = await inviteExpert(client, { projectId: project.id, expertId });
    expect(first.created).toBe(true);
    const again = await inviteExpert(client, { projectId: project.id, expertId });
    expect(again).toEqual({ created: false, engagementId: first.engagementId, state: "invited" });
    const row = await db().engagement.findUniqueOrThrow({ where: { id: first.engagementId } });
    expect(row).toMatchObject({ expertId, clientUserId: client.userId, projectId: project.id, state: "invited", origin: "invite" });
  });

  it("refuses someone else's project, a hidden expert and a non-client", async () => {
    const { project } = await createProject(client, projectInput("Mine"));
    await expect(inviteExpert(other, { projectId: project.id, expertId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(inviteExpert(client, { projectId: project.id, expertId: hiddenId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(inviteExpert(expertActor, { projectId: project.id, expertId })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("dashboard counts", () => {
  it("are live and per client; admins have their own", async () => {
    const fresh = actorOf(await createClient(), "client");
    const zero = await getClientDashboardCounts(fresh);
    expect(zero).toMatchObject({ projects: 0, shortlists: 0, invites: 0, schedules: 0, exports: 0 });
    expect(zero.findExperts).toBeGreaterThan(0);
    const { project } = await createProject(fresh, projectInput());
    await addToShortlist(fresh, expertId);
    const { engagementId } = await inviteExpert(fresh, { projectId: project.id, expertId });
    await db().engagement.update({
      where: { id: engagementId },
      data: {
        state: "scheduled",
        session: { create: { startsAt: new Date(Date.now() + 86_400_000), endsAt: new Date(Date.now() + 90_000_000) } },
      },
    });
    expect(await getClientDashboardCounts(fresh)).toMatchObject({ projects: 1, shortlists: 1, invites: 1, schedules: 1, exports: 1 });
    expect((await listClientSessions(fresh)).map((s) => s.projectTitle)).toEqual([project.title]);
    const admin = actorOf(await createAdmin(), "admin");
    expect(await getClientDashboardCounts(admin)).toMatchObject({ projects: 0 });
    const expertUser = await createUser({ roles: ["expert"] });
    await expect(getClientDashboardCounts(actorOf(expertUser, "expert"))).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
