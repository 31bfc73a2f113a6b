// Conflict-of-interest declarations against a real PostgreSQL: name and domain
// matching, the invite that needs the client's confirmation, the conflict note both sides read,
// the outside-activity and research attestations kept as consent rows, and a declined payment.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import {
  clientFacts,
  declaredConflicts,
  domainMatches,
  namesMatch,
  normalizeOrgName,
  participatesUnpaid,
  saveConflictDeclarations,
} from "@/lib/experts/conflicts";
import {
  acceptEngagement,
  applyToOpportunity,
  completeSession,
  declineEngagementPayment,
  inviteExpert,
  proposeTimes,
  scheduleEngagement,
} from "@/lib/engagements/transitions";
import { conflictDeclarationsSchema } from "@/lib/experts/schemas/conflicts";
import { CONFLICT_NOTICE, OUTSIDE_ACTIVITY_VERSION, RESEARCH_ATTESTATION_VERSION } from "@/lib/accounts/attestations";
import { actorFor, createExpert, createUser, joinOrganization } from "../factories";
import { createStudy } from "../studies";

const HOUR = 3_600_000;

/** A client of `organization` signing in with an address at `domain`. */
async function clientAt(organization: string, domain: string) {
  const user = await createUser({ roles: ["client"], email: `buyer-${randomBytes(4).toString("hex")}@${domain}` });
  await db().clientProfile.create({ data: { userId: user.id, organization, roleTitle: "Product manager" } });
  await joinOrganization(user.id, "owner", undefined, organization);
  return user;
}

/** An expert who declared these relationships through the service. */
async function declaringExpert(declarations: {
  employerName?: string;
  employerDomain?: string;
  relationships?: { name: string; domain?: string }[];
}) {
  const { user, expert } = await createExpert();
  const actor = actorFor(user, ["expert"]);
  await saveConflictDeclarations(actor, conflictDeclarationsSchema.parse(declarations));
  return { user, expert, actor };
}

describe("normalising and matching names", () => {
  it("lowercases, strips punctuation and company suffixes", () => {
    expect(normalizeOrgName("The Acme Learning Co., Inc.")).toBe("acme learning");
    expect(normalizeOrgName("EduSoft, LLC")).toBe("edusoft");
    expect(normalizeOrgName("Big Corp Ltd.")).toBe("big");
    expect(normalizeOrgName("Smith & Jones Company")).toBe("smith and jones");
  });
  it("matches equal names, or one inside the other (whole words, at least 4 characters)", () => {
    expect(namesMatch("acme", "acme learning")).toBe(true);
    expect(namesMatch("acme learning", "acme learning")).toBe(true);
    expect(namesMatch("abc", "abc learning")).toBe(false);
    expect(namesMatch("math", "mathematica")).toBe(false);
    expect(namesMatch("", "acme")).toBe(false);
  });
  it("matches a domain and its subdomains only", () => {
    expect(domainMatches("acme.com", "acme.com")).toBe(true);
    expect(domainMatches("research.acme.com", "acme.com")).toBe(true);
    expect(domainMatches("notacme.com", "acme.com")).toBe(false);
    expect(domainMatches(null, "acme.com")).toBe(false);
  });
  it("reduces a pasted URL or address to its domain, and refuses nonsense", () => {
    expect(
      conflictDeclarationsSchema.parse({
        employerDomain: "https://www.springfield.k12.il.us/about",
        relationships: [{ name: "Acme", domain: "sales@acme.com" }],
      }),
    ).toMatchObject({
      employerDomain: "springfield.k12.il.us",
      relationships: [{ name: "Acme", domain: "acme.com" }],
    });
    expect(conflictDeclarationsSchema.safeParse({ relationships: [{ name: "Acme", domain: "not a domain" }] }).success).toBe(false);
  });
});

describe("declared relationships against a client", () => {
  it("a declared vendor matches the client's organization by name and by e-mail domain; unrelated ones do not", async () => {
    const { expert } = await declaringExpert({
      employerName: "Springfield Public Schools",
      relationships: [{ name: "Acme Learning, Inc.", domain: "acme.com" }, { name: "Zeta Reading" }],
    });
    const byName = await db().$transaction((tx) =>
      declaredConflicts(tx, expert.id, { organization: "ACME Learning LLC", emailDomain: "example.org" }),
    );
    expect(byName).toEqual([{ kind: "vendor", name: "Acme Learning, Inc.", domain: "acme.com", by: "name" }]);
    const byDomain = await db().$transaction((tx) =>
      declaredConflicts(tx, expert.id, { organization: "Totally Different", emailDomain: "research.acme.com" }),
    );
    expect(byDomain).toEqual([{ kind: "vendor", name: "Acme Learning, Inc.", domain: "acme.com", by: "domain" }]);
    const unrelated = await db().$transaction((tx) =>
      declaredConflicts(tx, expert.id, { organization: "Research Co", emailDomain: "example.org" }),
    );
    expect(unrelated).toEqual([]);
    const employer = await db().$transaction((tx) =>
      declaredConflicts(tx, expert.id, { organization: "Springfield Public Schools District", emailDomain: null }),
    );
    expect(employer).toMatchObject([{ kind: "employer", name: "Springfield Public Schools" }]);
  });

  it("saving replaces the whole list (a repeated vendor is kept once)", async () => {
    const { expert, actor } = await declaringExpert({ relationships: [{ name: "Acme" }, { name: "Beta Books" }] });
    await saveConflictDeclarations(
      actor,
      conflictDeclarationsSchema.parse({
        employerName: "Shelbyville USD",
        relationships: [{ name: "Gamma Labs" }, { name: "gamma labs inc" }],
      }),
    );
    const rows = await db().declaredRelationship.findMany({ where: { expertId: expert.id } });
    expect(rows.map((r) => [r.name, r.normalizedName])).toEqual([["Gamma Labs", "gamma labs"]]);
    expect(await db().expert.findUniqueOrThrow({ where: { id: expert.id }, select: { employerName: true } })).toEqual({
      employerName: "Shelbyville USD",
    });
  });

  it("an invite to a conflicted expert is refused until the client confirms; the match is kept on the engagement", async () => {
    const clientUser = await clientAt("Acme Learning", "acme.com");
    const study = await createStudy({}, clientUser);
    expect(await db().$transaction((tx) => clientFacts(tx, clientUser.id))).toEqual({
      organization: "Acme Learning",
      emailDomain: "acme.com",
    });
    const { expert } = await declaringExpert({ relationships: [{ name: "Acme Learning Inc", domain: "acme.com" }] });

    const refused = inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });
    await expect(refused).rejects.toMatchObject({
      code: "CONFLICT",
      message: CONFLICT_NOTICE,
      fieldErrors: { confirmConflict: ["Declared vendor relationship: Acme Learning Inc (acme.com)"] },
    });
    expect(await db().engagement.count({ where: { expertId: expert.id } })).toBe(0);

    const { engagementId, created } = await inviteExpert(study.client, {
      projectId: study.project.id,
      expertId: expert.id,
      confirmConflict: true,
    });
    expect(created).toBe(true);
    expect(await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, select: { conflictNote: true } })).toEqual({
      conflictNote: "Declared vendor relationship: Acme Learning Inc (acme.com)",
    });
  });

  it("an expert without a matching declaration is invited without a confirmation and without a note", async () => {
    const study = await createStudy();
    const { expert } = await declaringExpert({ relationships: [{ name: "Zeta Reading", domain: "zeta.io" }] });
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });
    expect(await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, select: { conflictNote: true } })).toEqual({
      conflictNote: null,
    });
  });

  it("an application stores the note too", async () => {
    const clientUser = await clientAt("Springfield Public Schools", "example.org");
    const study = await createStudy({}, clientUser);
    const { actor } = await declaringExpert({ employerName: "Springfield Public Schools" });
    const { engagementId } = await applyToOpportunity(actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    expect(await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, select: { conflictNote: true } })).toEqual({
      conflictNote: "Declared employer: Springfield Public Schools",
    });
  });
});

describe("attestations kept as consent rows", () => {
  it("accepting an invite needs the outside-activity confirmation, kept with its version, engagement and request", async () => {
    const study = await createStudy();
    const { user, expert } = await createExpert();
    const actor = actorFor(user, ["expert"]);
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });
    await expect(acceptEngagement(actor, engagementId)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: { outsideActivityConfirmed: [expect.stringContaining("outside-activity policy")] },
    });
    expect(await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, select: { state: true } })).toEqual({ state: "invited" });
    await acceptEngagement(actor, engagementId, { outsideActivityConfirmed: true, meta: { ip: "203.0.113.7", userAgent: "Vitest" } });
    const consents = await db().userConsent.findMany({ where: { userId: user.id } });
    expect(consents).toMatchObject([
      {
        consentType: "OUTSIDE_ACTIVITY",
        version: OUTSIDE_ACTIVITY_VERSION,
        engagementId,
        projectId: null,
        ipAddress: "203.0.113.7",
        userAgent: "Vitest",
      },
    ]);
  });

  it("applying needs it too (the application is the expert's acceptance)", async () => {
    const study = await createStudy();
    const { user } = await createExpert();
    const actor = actorFor(user, ["expert"]);
    await expect(applyToOpportunity(actor, { opportunityId: study.opportunity.id })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const { engagementId } = await applyToOpportunity(actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    expect(await db().userConsent.findMany({ where: { userId: user.id } })).toMatchObject([
      { consentType: "OUTSIDE_ACTIVITY", version: OUTSIDE_ACTIVITY_VERSION, engagementId },
    ]);
  });

  it("a new project keeps the research attestation; without it nothing is created", async () => {
    const { createProject } = await import("@/lib/projects/projects");
    const study = await createStudy();
    const consents = await db().userConsent.findMany({ where: { userId: study.clientUser.id } });
    expect(consents).toMatchObject([
      { consentType: "RESEARCH_ATTESTATION", version: RESEARCH_ATTESTATION_VERSION, projectId: study.project.id, engagementId: null },
    ]);
    const before = await db().project.count({ where: { clientUserId: study.clientUser.id } });
    const input = {
      title: "Another study",
      description: "Interviews about reading blocks.",
      projectType: "interview" as const,
      compensation: 100,
      durationMinutes: 30,
      locationType: "video" as const,
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      quota: 1,
      timeZone: "America/New_York",
      visibility: "open" as const,
    };
    await expect(createProject(study.client, input)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: { researchAttested: [expect.any(String)] },
    });
    expect(await db().project.count({ where: { clientUserId: study.clientUser.id } })).toBe(before);
  });
});

describe("declining payment", () => {
  it("an accepted engagement whose expert declined payment earns nothing when completed, and the profile says so", async () => {
    const study = await createStudy();
    const { user, expert } = await createExpert();
    const actor = actorFor(user, ["expert"]);
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.id });
    await expect(declineEngagementPayment(actor, engagementId)).rejects.toMatchObject({ code: "CONFLICT" });
    await acceptEngagement(actor, engagementId, { outsideActivityConfirmed: true });
    await expect(declineEngagementPayment(study.client, engagementId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await participatesUnpaid(expert.id)).toBe(false);
    expect(await declineEngagementPayment(actor, engagementId)).toMatchObject({ changed: true, state: "accepted" });
    expect(await declineEngagementPayment(actor, engagementId)).toMatchObject({ changed: false });
    expect(await participatesUnpaid(expert.id)).toBe(true);
    const events = await db().engagementEvent.findMany({ where: { engagementId, kind: "payment_declined" } });
    expect(events).toHaveLength(1);

    const at = new Date();
    const startsAt = new Date(at.getTime() - 2 * HOUR);
    const before = new Date(startsAt.getTime() - HOUR);
    await proposeTimes(study.client, engagementId, [startsAt], before);
    const [p] = await db().timeProposal.findMany({ where: { engagementId } });
    await scheduleEngagement(actor, engagementId, { proposalId: p.id }, before);
    await completeSession(study.client, engagementId, at);
    expect(await db().engagement.findUniqueOrThrow({ where: { id: engagementId }, select: { state: true } })).toEqual({
      state: "completed",
    });
    expect(await db().earning.count({ where: { engagementId } })).toBe(0);
  });
});
