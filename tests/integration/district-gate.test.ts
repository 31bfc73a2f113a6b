// The district gate against a real PostgreSQL, on every path a study reaches an expert by: the
// client's invite, the announcement, the directory's invite dialog, a replacement and a freed
// focus-group seat; and the expert's side: applying or accepting from a district that closed
// the study is refused, and a policy not on file is checked and attested (a versioned consent).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { isAppError } from "@/lib/platform/errors";
import {
  acceptEngagement,
  applyToOpportunity,
  cancelEngagement,
  inviteExpert,
  markNoShow,
  replaceEngagement,
} from "@/lib/engagements/transitions";
import { addStudySession, joinWaitlist, takeSeat } from "@/lib/engagements/focus-groups";
import { announceProject } from "@/lib/projects/announcements";
import { getInviteChoices } from "@/lib/projects/invite-choices";
import { closedDistricts, expertStanding } from "@/lib/districts/approval-gate";
import { actorFor, createExpert } from "../factories";
import { createStudy, scheduledPair } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";
import { createDistrict, setPolicy, staffOf } from "../helpers/districts";

captureMailForFile();

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => {
      if (isAppError(e)) return `${e.code}: ${e.message}`;
      throw e;
    },
  );

type Answer = { status: "requested" | "approved" | "declined" | "not_needed"; expiresOn?: string; declineReason?: string };
async function answer(projectId: string, leaid: string, a: Answer) {
  const data = {
    status: a.status,
    expiresOn: a.expiresOn ? new Date(`${a.expiresOn}T00:00:00Z`) : null,
    declineReason: a.declineReason ?? null,
  };
  await db().projectDistrictApproval.upsert({
    where: { projectId_leaid: { projectId, leaid } },
    create: { projectId, leaid, addedBy: "search", ...data },
    update: data,
  });
}

/** One district per standing, with one listed staff member each. */
async function districtsOfEveryKind(projectId: string) {
  const make = async (policy: "yes" | "no" | "unknown" | null, a?: Answer) => {
    const d = await createDistrict();
    if (policy) await setPolicy(d.leaid, { approvalRequired: policy });
    if (a) await answer(projectId, d.leaid, a);
    const staff = await staffOf(d.leaid, { researchTypes: ["video_interviews", "focus_groups"] });
    return { ...d, staff };
  };
  return {
    approved: await make("yes", { status: "approved", expiresOn: "2099-06-30" }),
    expired: await make("yes", { status: "approved", expiresOn: "2020-06-30" }),
    awaiting: await make("yes", { status: "requested" }),
    declined: await make("no", { status: "declined", declineReason: "Testing season." }),
    notNeeded: await make("yes", { status: "not_needed" }),
    notRequired: await make("no"),
    unknown: await make("unknown"),
    noPolicy: await make(null),
  };
}

describe("the district gate", () => {
  it("an invite reaches only experts whose district is open to the study, and says why not", async () => {
    const study = await createStudy();
    const d = await districtsOfEveryKind(study.project.id);
    const invite = (k: keyof typeof d) =>
      refusal(inviteExpert(study.client, { projectId: study.project.id, expertId: d[k].staff.expert.id }));
    expect(await invite("awaiting")).toBe(
      `CONFLICT: ${d.awaiting.name} requires its research office's approval before its staff take part. Request it under District approvals.`,
    );
    expect(await invite("expired")).toBe(
      `CONFLICT: ${d.expired.name}'s approval of this study has expired. Ask its research office again under District approvals.`,
    );
    expect(await invite("declined")).toBe(`CONFLICT: ${d.declined.name}'s research office declined this study: Testing season.`);
    for (const open of ["approved", "notNeeded", "notRequired", "unknown", "noPolicy"] as const) expect(await invite(open)).toBeNull();
    const noDistrict = await createExpert({ isPublicProfile: true });
    expect(await refusal(inviteExpert(study.client, { projectId: study.project.id, expertId: noDistrict.expert.id }))).toBeNull();
    expect(await db().engagement.count({ where: { projectId: study.project.id } })).toBe(6);
    expect((await closedDistricts(db(), study.project.id)).sort()).toEqual([d.awaiting.leaid, d.expired.leaid, d.declined.leaid].sort());
  });

  it("the announcement tells no staff of a closed district", async () => {
    const study = await createStudy();
    const d = await districtsOfEveryKind(study.project.id);
    await announceProject(study.project.id);
    const told = async (k: keyof typeof d) =>
      db().notification.count({ where: { userId: d[k].staff.user.id, kind: "new_project", href: { contains: study.project.id } } });
    for (const closed of ["awaiting", "expired", "declined"] as const) expect(await told(closed)).toBe(0);
    for (const open of ["approved", "notNeeded", "notRequired", "unknown", "noPolicy"] as const) expect(await told(open)).toBe(1);
  });

  it("the directory's invite dialog says, per project, that the district closed it or approved it until a date", async () => {
    const study = await createStudy();
    const d = await districtsOfEveryKind(study.project.id);
    const choice = async (k: keyof typeof d) =>
      (await getInviteChoices(study.client, d[k].staff.expert.id)).projects.find((p) => p.id === study.project.id)!;
    expect(await choice("declined")).toMatchObject({
      districtClosed: `${d.declined.name}'s research office declined this study: Testing season.`,
      districtApproved: null,
    });
    expect(await choice("approved")).toMatchObject({
      districtClosed: null,
      districtApproved: `Approved by ${d.approved.name}'s research office until Jun 30, 2099`,
    });
    expect((await choice("awaiting")).districtClosed).toMatch(/requires its research office's approval/);
    expect(await choice("unknown")).toMatchObject({ districtClosed: null, districtApproved: null });
  });

  it("a replacement skips applicants whose district closed the study", async () => {
    const pair = await scheduledPair(-1);
    const district = await createDistrict();
    const blocked = await staffOf(district.leaid);
    const open = await createExpert();
    const apply = (user: { id: string; email: string }) =>
      applyToOpportunity(actorFor(user, ["expert"]), {
        opportunityId: pair.study.opportunity.id,
        outsideActivityConfirmed: true,
        districtPolicyChecked: true,
      });
    await apply(blocked.user);
    const second = await apply(open.user);
    // The district declines after its staff member applied (its waiting applications are answered by the decline itself; here the row is set directly).
    await answer(pair.study.project.id, district.leaid, { status: "declined", declineReason: "No." });
    await markNoShow(pair.study.client, pair.engagementId, "Did not join");
    expect(await replaceEngagement(pair.study.client, pair.engagementId)).toEqual({ changed: true, replacementId: second.engagementId });
  });

  it("a freed focus-group seat is not offered to someone whose district closed the study", async () => {
    const study = await createStudy({ type: "focus_group", minutes: 90, backupFee: 0 });
    const { id: sessionId } = await addStudySession(study.client, study.project.id, {
      startsAt: new Date(Date.now() + 72 * 3_600_000),
      seats: 1,
      backupSeats: 0,
    });
    const district = await createDistrict();
    await setPolicy(district.leaid, { approvalRequired: "no" });
    const join = async (expert: { user: { id: string; email: string }; expert: { id: string } }) => {
      const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: expert.expert.id });
      const actor = actorFor(expert.user, ["expert"]);
      await acceptEngagement(actor, engagementId, { outsideActivityConfirmed: true });
      return { actor, engagementId };
    };
    const seated = await join(await createExpert({ isPublicProfile: true }));
    const blocked = await join(await staffOf(district.leaid));
    const next = await join(await createExpert({ isPublicProfile: true }));
    await takeSeat(seated.actor, seated.engagementId, { studySessionId: sessionId, kind: "seat" });
    await joinWaitlist(blocked.actor, blocked.engagementId, sessionId);
    await joinWaitlist(next.actor, next.engagementId, sessionId);
    await answer(study.project.id, district.leaid, { status: "declined", declineReason: "No." });
    await cancelEngagement(seated.actor, seated.engagementId, "Cannot make it");
    const offered = await db().studySeat.findMany({
      where: { studySessionId: sessionId, offeredUntil: { not: null } },
      select: { engagementId: true },
    });
    expect(offered.map((o) => o.engagementId)).toEqual([next.engagementId]);
  });

  it("the expert: refused where the district closed the study; for a policy not on file, told to check it and attests once per engagement", async () => {
    const study = await createStudy();
    const unknown = await createDistrict();
    const staff = await staffOf(unknown.leaid);
    const actor = actorFor(staff.user, ["expert"]);
    expect(await refusal(applyToOpportunity(actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true }))).toBe(
      "BAD_REQUEST: Your district's research policy is not on file. Check it before you accept.",
    );
    const applied = await applyToOpportunity(actor, {
      opportunityId: study.opportunity.id,
      outsideActivityConfirmed: true,
      districtPolicyChecked: true,
    });
    const consent = await db().userConsent.findFirstOrThrow({ where: { userId: staff.user.id, consentType: "DISTRICT_POLICY_CHECKED" } });
    expect(consent).toMatchObject({ version: "1.0", engagementId: applied.engagementId });
    expect(await expertStanding(db(), study.project.id, staff.expert.id)).toMatchObject({ kind: "unknown" });

    // Accepting an invite: the same check; and a district that declined refuses the expert's acceptance.
    const other = await createStudy({ title: "Second study" });
    const invited = await inviteExpert(other.client, { projectId: other.project.id, expertId: staff.expert.id });
    expect(await refusal(acceptEngagement(actor, invited.engagementId, { outsideActivityConfirmed: true }))).toMatch(
      /^BAD_REQUEST: Your district's research policy is not on file/,
    );
    await answer(other.project.id, unknown.leaid, { status: "declined", declineReason: "No." });
    expect(
      await refusal(acceptEngagement(actor, invited.engagementId, { outsideActivityConfirmed: true, districtPolicyChecked: true })),
    ).toBe(`CONFLICT: ${unknown.name}'s research office declined this study, so you cannot take part in it.`);
    expect((await db().engagement.findUniqueOrThrow({ where: { id: invited.engagementId } })).state).toBe("invited");
  });
});
