// An organization's projects, shortlist, pipeline and statements are its members', each as far
// as their role reaches, checked by the query itself: another organization sees nothing, and a
// member removed or demoted a moment ago is refused even with the membership their session read.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { getProject, listProjects, setProjectStatus, updateProject } from "@/lib/projects/projects";
import { addToShortlist, listShortlist } from "@/lib/projects/shortlists";
import { getProjectPipeline } from "@/lib/engagements/views";
import { getClientBilling } from "@/lib/money/billing";
import { inviteExpert } from "@/lib/engagements/transitions";
import { actorFor, createClient, createExpert, organizationOf } from "../factories";
import { createStudy } from "../studies";

async function team() {
  const ownerUser = await createClient();
  const organizationId = await organizationOf(ownerUser.id);
  const member = async (role: "admin" | "researcher" | "finance" | "viewer") =>
    actorFor(await createClient({ role, organizationId }), ["client"]);
  const study = await createStudy({ title: "Shared study" }, ownerUser);
  return {
    organizationId,
    study,
    owner: actorFor(ownerUser, ["client"]),
    researcher: await member("researcher"),
    finance: await member("finance"),
    viewer: await member("viewer"),
    admin: await member("admin"),
  };
}

describe("an organization's rows", () => {
  it("every member whose role reads projects sees the same projects; another organization sees none of them", async () => {
    const t = await team();
    const outsider = actorFor(await createClient(), ["client"]);
    for (const who of [t.owner, t.researcher, t.viewer, t.admin]) {
      expect((await listProjects(who)).rows.map((p) => p.title)).toEqual(["Shared study"]);
      expect((await getProjectPipeline(who, t.study.project.id)).project.title).toBe("Shared study");
    }
    expect((await listProjects(t.researcher)).rows[0].people).toMatchObject({ responsible: "Test User" });
    expect((await listProjects(outsider)).rows).toEqual([]);
    await expect(getProject(outsider, t.study.project.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(listProjects(t.finance)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "This needs the owner, admin, researcher or viewer role in your organization. You are a finance member.",
    });
  });

  it("a researcher changes and invites for the organization; a viewer, finance and an admin may not", async () => {
    const t = await team();
    const { expert } = await createExpert();
    const invite = await inviteExpert(t.researcher, { projectId: t.study.project.id, expertId: expert.id });
    expect(invite.created).toBe(true);
    const e = await db().engagement.findUniqueOrThrow({ where: { id: invite.engagementId } });
    expect(e).toMatchObject({ organizationId: t.organizationId, clientUserId: t.researcher.userId });
    for (const who of [t.viewer, t.finance, t.admin])
      await expect(setProjectStatus(who, { projectId: t.study.project.id, status: "paused" })).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: expect.stringMatching(/^This needs the owner or researcher role in your organization\./),
      });
    await setProjectStatus(t.researcher, { projectId: t.study.project.id, status: "paused" });
    const p = await db().project.findUniqueOrThrow({ where: { id: t.study.project.id } });
    expect(p).toMatchObject({ status: "paused", updatedById: t.researcher.userId, clientUserId: t.owner.userId });
  });

  it("the shortlist is the organization's; billing is for owners, admins and finance", async () => {
    const t = await team();
    const { expert } = await createExpert();
    await addToShortlist(t.researcher, expert.id);
    expect((await listShortlist(t.owner)).map((s) => s.expert.id)).toEqual([expert.id]);
    expect((await listShortlist(t.viewer)).map((s) => s.expert.id)).toEqual([expert.id]);
    expect(await addToShortlist(t.owner, expert.id)).toEqual({ added: false });
    for (const who of [t.owner, t.admin, t.finance]) expect((await getClientBilling(who)).statements).toEqual([]);
    for (const who of [t.researcher, t.viewer]) await expect(getClientBilling(who)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("the query re-reads the membership: removed or demoted a moment ago, the session's membership no longer opens anything", async () => {
    const t = await team();
    // The session read this membership earlier in the request; then an owner removed them.
    const stale = t.researcher;
    await db().organizationMember.delete({ where: { userId: stale.userId } });
    expect((await listProjects(stale)).rows).toEqual([]);
    await expect(
      updateProject(stale, {
        projectId: t.study.project.id,
        title: "Taken over",
        description: "x".repeat(30),
        projectType: "interview",
        compensation: 150,
        durationMinutes: 45,
        locationType: "video",
        deadline: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        quota: 3,
        timeZone: "America/New_York",
        visibility: "open",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Demoted to viewer: reading still works, changing does not.
    const demoted = t.owner;
    await db().organizationMember.update({ where: { userId: demoted.userId }, data: { role: "viewer" } });
    expect((await listProjects(demoted)).rows.length).toBe(1);
    await expect(setProjectStatus(demoted, { projectId: t.study.project.id, status: "paused" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await db().project.findUniqueOrThrow({ where: { id: t.study.project.id } })).title).toBe("Shared study");
  });
});
