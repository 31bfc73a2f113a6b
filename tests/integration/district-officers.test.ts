// District research officers against a real PostgreSQL: the daily digest goes only to an officer
// whose district got a request since the last one (a rerun the same day sends nothing), and an
// officer invites a colleague of the same district by school e-mail: granted at once when their
// account is verified on the district, else when they verify that address. Abuse cases: another
// district's officer, an address off the district's domain, an expert who is no officer, twice.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { isAppError } from "@/lib/platform/errors";
import { addProjectDistricts, requestDistrictApproval } from "@/lib/projects/district-approvals";
import { listProjectDistricts } from "@/lib/projects/district-approval-views";
import { sendOfficerDigests } from "@/lib/projects/district-digest";
import { inviteDistrictOfficer, pendingOfficerInvites } from "@/lib/experts/officer-invites";
import { linkExpertDistrict } from "@/lib/experts/district-link";
import { confirmWorkEmail, requestWorkEmail } from "@/lib/experts/work-email";
import { officerDistricts } from "@/lib/districts/officers";
import { actorFor, createAdmin, createExpert } from "../factories";
import { createStudy } from "../studies";
import { queuedMailsTo } from "../helpers/mail";
import { createDistrict, officerOf, setPolicy, staffOf } from "../helpers/districts";

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => {
      if (isAppError(e)) return `${e.code}: ${e.message}`;
      throw e;
    },
  );

async function requestFrom(leaid: string, title: string, now: Date) {
  const study = await createStudy({ title });
  await addProjectDistricts(study.client, study.project.id, { by: "search", leaids: [leaid] });
  const row = (await listProjectDistricts(study.client, study.project.id))[0];
  await requestDistrictApproval(study.client, row.id, {}, now);
  return study;
}

const digests = async (email: string) => (await queuedMailsTo(email)).filter((m) => /new research requests? to answer/.test(m.subject));

describe("the officer's daily digest", () => {
  it("lists the requests new since the last digest, only on days with one, and only the officer's own district", async () => {
    const a = await createDistrict("Digest A");
    const b = await createDistrict("Digest B");
    await setPolicy(a.leaid);
    await setPolicy(b.leaid);
    const officerA = await officerOf(a.leaid);
    const officerB = await officerOf(b.leaid);
    const day1 = new Date(Date.now() + 60_000);
    await requestFrom(a.leaid, "Math coaching study", day1);
    await requestFrom(a.leaid, "Recess and attention study", day1);

    await sendOfficerDigests(new Date(day1.getTime() + 3_600_000));
    const first = await digests(officerA.user.email);
    expect(first.map((m) => m.subject)).toEqual([`${a.name}: 2 new research requests to answer`]);
    expect(first[0].text).toContain("Math coaching study (Research Co)");
    expect(first[0].text).toContain("Recess and attention study (Research Co)");
    expect(first[0].text).toContain("2 requests wait for an answer in all.");
    // District B had nothing: no digest; nothing of A's reached B's officer.
    expect(await digests(officerB.user.email)).toHaveLength(0);

    // The same day again, and the next day with nothing new: nothing more.
    await sendOfficerDigests(new Date(day1.getTime() + 2 * 3_600_000));
    await sendOfficerDigests(new Date(day1.getTime() + 25 * 3_600_000));
    expect(await digests(officerA.user.email)).toHaveLength(1);

    // A new request the day after: only it is new, and both still wait.
    const day2 = new Date(day1.getTime() + 26 * 3_600_000);
    await requestFrom(a.leaid, "Library hours study", day2);
    await Promise.all([sendOfficerDigests(new Date(day2.getTime() + 60_000)), sendOfficerDigests(new Date(day2.getTime() + 60_000))]);
    const second = await digests(officerA.user.email);
    expect(second).toHaveLength(2);
    expect(second[1].subject).toBe(`${a.name}: 1 new research request to answer`);
    expect(second[1].text).toContain("Library hours study");
    expect(second[1].text).not.toContain("Math coaching study");
    expect(second[1].text).toContain("3 requests wait for an answer in all.");
  });
});

describe("officers invite colleagues of their own district", () => {
  it("grants at once an account already verified on the district", async () => {
    const d = await createDistrict();
    const officer = await officerOf(d.leaid);
    const colleague = await staffOf(d.leaid, { workEmail: `colleague@d${d.leaid}.k12.ca.us` });
    const asOfficer = actorFor(officer.user, ["expert"]);
    expect(await inviteDistrictOfficer(asOfficer, { leaid: d.leaid, email: `Colleague@d${d.leaid}.k12.ca.us` })).toEqual({
      outcome: "granted",
    });
    expect(await officerDistricts(actorFor(colleague.user, ["expert"]))).toEqual([d.leaid]);
    expect(await inviteDistrictOfficer(asOfficer, { leaid: d.leaid, email: `colleague@d${d.leaid}.k12.ca.us` })).toEqual({
      outcome: "already",
    });
  });

  it("invites someone with no account by e-mail; the grant comes when their school e-mail is verified on the district", async () => {
    const d = await createDistrict();
    const officer = await officerOf(d.leaid);
    const asOfficer = actorFor(officer.user, ["expert"]);
    const address = `newcomer@d${d.leaid}.k12.ca.us`;
    expect(await inviteDistrictOfficer(asOfficer, { leaid: d.leaid, email: address })).toEqual({ outcome: "invited" });
    expect(await inviteDistrictOfficer(asOfficer, { leaid: d.leaid, email: address })).toEqual({ outcome: "resent" });
    const mails = await queuedMailsTo(address);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toMatch(new RegExp(`invites you to ${d.name}'s research office on K12 Experts$`));
    expect(mails[0].text).toContain("/register");
    expect((await pendingOfficerInvites(asOfficer, d.leaid)).map((i) => i.email)).toEqual([address]);

    // They sign up; their school e-mail waits for a district link (an admin's) and then the grant is theirs.
    const newcomer = await createExpert(
      { workEmail: address, workEmailDomain: `d${d.leaid}.k12.ca.us`, workEmailConfirmedAt: new Date() },
      { email: `newcomer-${d.leaid}@example.com` },
    );
    expect(await officerDistricts(actorFor(newcomer.user, ["expert"]))).toEqual([]);
    const admin = actorFor(await createAdmin(), ["admin"]);
    await linkExpertDistrict(admin, { expertId: newcomer.expert.id, leaid: d.leaid });
    expect(await officerDistricts(actorFor(newcomer.user, ["expert"]))).toEqual([d.leaid]);
    expect(await pendingOfficerInvites(asOfficer, d.leaid)).toEqual([]);
    const invite = await db().districtOfficerInvite.findUniqueOrThrow({ where: { leaid_email: { leaid: d.leaid, email: address } } });
    expect(invite.acceptedUserId).toBe(newcomer.user.id);
    expect(await db().notification.count({ where: { userId: newcomer.user.id, kind: "district_officer" } })).toBe(1);
  });

  it("the grant comes with the expert's own confirmation of their school e-mail on the district", async () => {
    const d = await createDistrict();
    const officer = await officerOf(d.leaid);
    const address = `signup@d${d.leaid}.k12.ca.us`;
    await inviteDistrictOfficer(actorFor(officer.user, ["expert"]), { leaid: d.leaid, email: address });
    const now = new Date();
    const { user } = await createExpert({}, { email: `signup-${d.leaid}@example.com` });
    await requestWorkEmail(actorFor(user, ["expert"]), address, now);
    const [mail] = await queuedMailsTo(address).then((m) => m.filter((x) => /verify-work-email/.test(x.text)));
    const token = decodeURIComponent(/verify-work-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]);
    const confirmed = await confirmWorkEmail(token, new Date(now.getTime() + 60_000));
    expect(confirmed.district?.name).toBe(d.name);
    expect(await officerDistricts(actorFor(user, ["expert"]))).toEqual([d.leaid]);
  });

  it("an invitation to one district is no grant in another, and only the district's own officers (or an admin) invite, on its own domain", async () => {
    const a = await createDistrict();
    const b = await createDistrict();
    const officerA = actorFor((await officerOf(a.leaid)).user, ["expert"]);
    const notOfficer = actorFor((await staffOf(a.leaid)).user, ["expert"]);
    expect(await refusal(inviteDistrictOfficer(officerA, { leaid: b.leaid, email: `x@d${b.leaid}.k12.ca.us` }))).toBe(
      "NOT_FOUND: District not found.",
    );
    expect(await refusal(inviteDistrictOfficer(notOfficer, { leaid: a.leaid, email: `x@d${a.leaid}.k12.ca.us` }))).toBe(
      "NOT_FOUND: District not found.",
    );
    expect(await refusal(inviteDistrictOfficer(officerA, { leaid: a.leaid, email: "someone@gmail.com" }))).toBe(
      `CONFLICT: Invite a school e-mail on ${a.name}'s own domain.`,
    );
    expect(await refusal(inviteDistrictOfficer(officerA, { leaid: a.leaid, email: `x@d${b.leaid}.k12.ca.us` }))).toBe(
      `CONFLICT: Invite a school e-mail on ${a.name}'s own domain.`,
    );
    expect(await refusal(inviteDistrictOfficer(officerA, { leaid: a.leaid, email: "not an address" }))).toBe(
      "BAD_REQUEST: Enter a valid e-mail address.",
    );
    expect(await refusal(pendingOfficerInvites(officerA, b.leaid))).toBe("NOT_FOUND: District not found.");
    expect(await db().districtOfficerInvite.count({ where: { leaid: { in: [a.leaid, b.leaid] } } })).toBe(0);

    // An admin invites to any district. The invitee verified on another district gets no grant from it.
    const admin = actorFor(await createAdmin(), ["admin"]);
    const address = `wanderer@d${a.leaid}.k12.ca.us`;
    expect(await inviteDistrictOfficer(admin, { leaid: a.leaid, email: address })).toEqual({ outcome: "invited" });
    const wanderer = await createExpert(
      { workEmail: address, workEmailDomain: `d${b.leaid}.k12.ca.us`, workEmailConfirmedAt: new Date() },
      { email: `wanderer-${a.leaid}@example.com` },
    );
    await linkExpertDistrict(admin, { expertId: wanderer.expert.id, leaid: b.leaid });
    expect(await officerDistricts(actorFor(wanderer.user, ["expert"]))).toEqual([]);
  });
});
