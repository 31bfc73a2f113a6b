// Every organization role, checked both ways by the one role table: what the interface offers a
// member (their navigation, the project page's actions, the dashboard's sections) and what the
// services let them do. A page or button left out is one the server refuses; one offered is one
// the server carries out.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import type { OrgRole } from "@/lib/generated/prisma/enums";
import { ORG_ROLES } from "@/lib/accounts/permissions";
import { orgRoleWithArticle } from "@/lib/accounts/org-role-names";
import { CLIENT_PAGES, clientPagesFor, dashboardSectionsFor, mayOpen, projectAbilitiesFor } from "@/lib/organizations/member-access";
import { getOrganization } from "@/lib/organizations/members";
import { inviteMember } from "@/lib/organizations/invitations";
import { listProjects, setProjectStatus, updateProject } from "@/lib/projects/projects";
import { listShortlist } from "@/lib/projects/shortlists";
import { getClientAttention, getClientDashboardCounts } from "@/lib/projects/client-dashboard";
import { listClientSessions } from "@/lib/engagements/views";
import { getClientBilling } from "@/lib/money/billing";
import { getFundingSummary, recordFundingPayment, requestFunds } from "@/lib/money/funding";
import { readThread, sendMessage, sendToExperts } from "@/lib/engagements/messages";
import { payBonuses } from "@/lib/engagements/bonuses";
import { cancelEngagement, proposeTimes, setMeetingLink } from "@/lib/engagements/transitions";
import { actorFor, createAdmin, createClient, createExpert, organizationOf, uniqueEmail } from "../factories";
import { createStudy, engagementIn } from "../studies";

const mailsTo = (to: string) =>
  db().$queryRaw<{ subject: string; text: string }[]>`
    SELECT j.payload->>'subject' AS subject, j.payload->>'text' AS text FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${to}`;

/** An organization with one member of every role, a project with an applicant and a scheduled expert. */
async function team() {
  const ownerUser = await createClient();
  const organizationId = await organizationOf(ownerUser.id);
  const members = { owner: actorFor(ownerUser, ["client"]) } as Record<OrgRole, Actor>;
  for (const role of ORG_ROLES.filter((r) => r !== "owner"))
    members[role] = actorFor(await createClient({ role, organizationId }), ["client"]);
  const study = await createStudy({ title: "Shared study" }, ownerUser);
  const applied = await engagementIn("applied", study, (await createExpert()).expert.id);
  const accepted = await engagementIn("accepted", study, (await createExpert()).expert.id);
  const completed = await engagementIn("completed", study, (await createExpert()).expert.id);
  const scheduled = await engagementIn("scheduled", study, (await createExpert()).expert.id, {
    startsAt: new Date(Date.now() + 5 * 86_400_000),
  });
  return { members, study, applied, accepted, scheduled, completed };
}

/** What each page of the client area asks of its service, as the page itself does. */
const PAGE_SERVICE: Record<string, (actor: Actor) => Promise<unknown>> = {
  "/client/dashboard": getClientDashboardCounts,
  "/client/projects": listProjects,
  "/client/experts": getClientDashboardCounts,
  "/client/shortlist": listShortlist,
  "/client/calendar": listClientSessions,
  "/client/billing": getClientBilling,
  "/client/organization": getOrganization,
};

/** The navigation each role is offered, in order. */
const NAVIGATION: Record<OrgRole, string[]> = {
  owner: ["Dashboard", "Projects", "Find Experts", "Shortlist", "Calendar", "Billing", "Organization"],
  admin: ["Dashboard", "Projects", "Find Experts", "Shortlist", "Calendar", "Billing", "Organization"],
  researcher: ["Dashboard", "Projects", "Find Experts", "Shortlist", "Calendar", "Organization"],
  finance: ["Dashboard", "Find Experts", "Billing", "Organization"],
  viewer: ["Dashboard", "Projects", "Find Experts", "Shortlist", "Calendar", "Organization"],
};

const refused = { code: "FORBIDDEN", message: expect.stringMatching(/role in your organization\. You are (a|an) /) };

describe("the role table decides both what is offered and what is done", () => {
  it.each(ORG_ROLES)("%s: every page in the navigation opens; every page left out is refused by its service", async (role) => {
    const { members } = await team();
    const actor = members[role];
    const offered = clientPagesFor(actor);
    expect(offered.map((p) => p.label)).toEqual(NAVIGATION[role]);
    expect(CLIENT_PAGES.map((p) => p.href).sort()).toEqual(Object.keys(PAGE_SERVICE).sort());
    for (const page of CLIENT_PAGES) {
      const call = PAGE_SERVICE[page.href](actor);
      if (offered.includes(page)) await expect(call, page.href).resolves.toBeDefined();
      else await expect(call, page.href).rejects.toMatchObject(refused);
    }
  });

  it.each(ORG_ROLES)("%s: the project page's actions are offered exactly when the server carries them out", async (role) => {
    const { members, study, applied, accepted, scheduled, completed } = await team();
    const actor = members[role];
    const projectId = study.project.id;
    const { run } = projectAbilitiesFor(actor);
    expect(run).toBe(role === "owner" || role === "researcher");
    // Edit, Pause, Message experts, a message, Save link, times, Cancel, Pay bonuses: each carried out for a
    // role that runs the project (in this order, so each still has its engagement to act on).
    const actions: [string, () => Promise<unknown>][] = [
      [
        "Edit",
        () =>
          updateProject(actor, {
            projectId,
            title: `Renamed by ${role}`,
            description: study.project.description,
            projectType: study.project.projectType,
            compensation: 150,
            durationMinutes: study.project.estimatedDurationMinutes,
            locationType: "video",
            deadline: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
            quota: study.project.quota,
            timeZone: study.project.timeZone,
            visibility: study.project.visibility,
            screener: null,
          }),
      ],
      ["Pause", () => setProjectStatus(actor, { projectId, status: "paused" })],
      ["Message experts", () => sendToExperts(actor, projectId, [applied.id], "A note to everyone.")],
      ["Message", () => sendMessage(actor, scheduled.id, "See you then.")],
      ["Save link", () => setMeetingLink(actor, scheduled.id, "https://meet.example.org/abc")],
      ["Propose times", () => proposeTimes(actor, accepted.id, [new Date(Date.now() + 3 * 86_400_000)])],
      ["Cancel", () => cancelEngagement(actor, scheduled.id, "Plans changed")],
      ["Pay bonuses", () => payBonuses(actor, { batchKey: `b-${role}`, items: [{ engagementId: completed.id, cents: 500 }] })],
    ];
    for (const [name, act] of actions) {
      const result = act();
      if (run) expect(await result, name).toBeDefined();
      else if (role === "finance")
        // Finance does not see the projects at all: refused with its role, or not found.
        await expect(result, name).rejects.toMatchObject({ code: expect.stringMatching(/^(FORBIDDEN|NOT_FOUND)$/) });
      else await expect(result, name).rejects.toMatchObject(refused);
      // Each step leaves the project open for the next (a pause is undone).
      await db().project.update({ where: { id: projectId }, data: { status: "open" } });
    }
  });

  it("a viewer reads a thread and is not offered its reply box; a researcher is", async () => {
    const { members, scheduled } = await team();
    expect(await readThread(members.viewer, scheduled.id)).toMatchObject({ mayWrite: false });
    await expect(sendMessage(members.viewer, scheduled.id, "Hello")).rejects.toMatchObject(refused);
    expect(await readThread(members.researcher, scheduled.id)).toMatchObject({ mayWrite: true });
  });

  it.each(ORG_ROLES)("%s: the dashboard leads with what the role does, and lists no work it would be refused", async (role) => {
    const { members, study } = await team();
    const actor = members[role];
    const show = dashboardSectionsFor(actor);
    expect(show).toEqual({
      toDo: role === "owner" || role === "researcher",
      projects: role !== "finance",
      money: role === "owner" || role === "admin" || role === "finance",
      create: role === "owner" || role === "researcher",
    });
    const attention = await getClientAttention(actor);
    // One application waits: offered to the roles that may answer it, and those roles only.
    expect(attention.applications.map((a) => a.title)).toEqual(show.toDo ? [study.project.title] : []);
    if (show.money) expect((await getFundingSummary(actor)).invoices).toEqual([]);
    else await expect(getFundingSummary(actor)).rejects.toMatchObject(refused);
    // The dashboard's and Billing's project links are offered only to the roles that open a project.
    expect(mayOpen(actor, `/client/projects/${study.project.id}`)).toBe(role !== "finance");
  });

  it("a platform admin with no organization keeps the research dashboard, with nothing of an organization's in it", async () => {
    const admin = await createAdmin();
    await db().organizationMember.delete({ where: { userId: admin.id } });
    const actor = actorFor(admin, ["admin"], { membership: null });
    expect(dashboardSectionsFor(actor)).toEqual({ toDo: false, projects: true, money: false, create: false });
    expect(clientPagesFor(actor).map((p) => p.label)).toEqual(["Dashboard", "Find Experts", "Organization"]);
  });
});

describe("a finance member hears when the funds they asked for arrive", () => {
  it("recording the payment tells the requester in the bell and by e-mail, once, with the amount as money is written", async () => {
    const { members } = await team();
    const finance = members.finance;
    const invoice = await requestFunds(finance, 500_000);
    const desk = actorFor(await createAdmin(), ["admin"]);
    await recordFundingPayment(desk, invoice.id, "ACH-1");
    await recordFundingPayment(desk, invoice.id, "ACH-1");
    const notices = await db().notification.findMany({ where: { userId: finance.userId, kind: "funding_paid" } });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: "Funds added",
      body: `${invoice.number} for $5,000.00 is paid: $5,000.00 was added to your organization's funds.`,
      href: `/client/billing/invoices/${invoice.number}`,
    });
    const mails = await mailsTo(finance.email);
    expect(mails.map((m) => m.subject)).toEqual([`${invoice.number} is paid: $5,000.00 added to your funds`]);
  });

  it("a requester no longer on billing is not told about the organization's money", async () => {
    const { members } = await team();
    const invoice = await requestFunds(members.finance, 10_000);
    await db().organizationMember.update({ where: { userId: members.finance.userId }, data: { role: "viewer" } });
    await recordFundingPayment(actorFor(await createAdmin(), ["admin"]), invoice.id, "ACH-2");
    expect(await db().notification.count({ where: { userId: members.finance.userId } })).toBe(0);
  });
});

describe("roles named in sentences", () => {
  it("a role is a person with an article: never 'a finance'", () => {
    expect(ORG_ROLES.map(orgRoleWithArticle)).toEqual(["an owner", "an admin", "a researcher", "a finance member", "a viewer"]);
  });

  it("a finance member is refused in words that read, and the invitation mail says when it expires in a named zone", async () => {
    const { members } = await team();
    await expect(listProjects(members.finance)).rejects.toMatchObject({
      message: "This needs the owner, admin, researcher or viewer role in your organization. You are a finance member.",
    });
    await db().clientProfile.update({ where: { userId: members.owner.userId }, data: { timeZone: "America/Chicago" } });
    const email = uniqueEmail("finance-invitee");
    await inviteMember(members.owner, { email, role: "finance" });
    const [mail] = await mailsTo(email);
    expect(mail.text).toContain("as a finance member.");
    expect(mail.text).not.toMatch(/GMT/);
    expect(mail.text).toMatch(/expires in 7 days \([A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T\)/);
  });
});
