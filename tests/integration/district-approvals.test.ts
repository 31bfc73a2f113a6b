// A study's district approvals against a real PostgreSQL: adding districts three ways, "Request
// approval" building one packet and sending it to the district's officers or, with none, to the
// office's e-mail as an expiring review link, every answer (approve, decline, not needed, a
// question) in the study's history and e-mailed to the researcher, and the abuse cases: twice,
// late, out of order, by the other side, an officer of another district, a spent or expired link.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { isAppError } from "@/lib/platform/errors";
import { addProjectDistricts, removeProjectDistrict, requestDistrictApproval, REVIEW_LINK_DAYS } from "@/lib/projects/district-approvals";
import { answerAsOfficer, answerByToken, reviewByToken } from "@/lib/projects/district-answers";
import { listProjectDistricts, officerQueue } from "@/lib/projects/district-approval-views";
import { inviteExpert } from "@/lib/engagements/transitions";
import { actorFor, createClient } from "../factories";
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

/** The review link's token, read from the office's queued e-mail. */
async function linkTokenFor(email: string) {
  const mails = await queuedMailsTo(email);
  const m = /\/district-review\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? "");
  return m![1];
}

async function studyWithDistrict(policy: Parameters<typeof setPolicy>[1] = {}) {
  const study = await createStudy();
  const district = await createDistrict();
  await setPolicy(district.leaid, policy);
  await addProjectDistricts(study.client, study.project.id, { by: "search", leaids: [district.leaid] });
  const row = (await listProjectDistricts(study.client, study.project.id))[0];
  return { study, district, row };
}

describe("district approvals: asking and answering", () => {
  it("an officer's district gets the packet in the product; the officer approves with an expiry and conditions; all of it is in the history and e-mailed", async () => {
    const { study, district, row } = await studyWithDistrict();
    expect(row).toMatchObject({ leaid: district.leaid, required: "yes", status: "not_requested", askable: false });
    const officer = await officerOf(district.leaid);
    const asOfficer = actorFor(officer.user, ["expert"]);
    expect(await requestDistrictApproval(study.client, row.id, { irbLetter: "https://irb.example.org/letter.pdf" })).toEqual({
      changed: true,
      sentTo: "officers",
    });
    // Twice: nothing more is sent.
    expect(await requestDistrictApproval(study.client, row.id)).toEqual({ changed: false, sentTo: "already" });
    expect((await queuedMailsTo(officer.user.email)).length).toBe(1);
    const queue = await officerQueue(asOfficer, district.leaid);
    expect(queue).toHaveLength(1);
    expect(queue[0].packet).toMatchObject({
      title: "Reading intervention study",
      irbLetter: "https://irb.example.org/letter.pdf",
      consentDocument: "Not provided",
    });
    expect(queue[0].packet?.askOfStaff).toMatch(/an interview of about 45 minutes per staff member, paid \$150\.00/);

    expect(
      await answerAsOfficer(asOfficer, row.id, { answer: "approve", expiresOn: "2099-06-30", note: "Not during testing weeks." }),
    ).toMatchObject({ changed: true });
    expect(await answerAsOfficer(asOfficer, row.id, { answer: "approve" })).toMatchObject({ changed: false });
    expect(await refusal(answerAsOfficer(asOfficer, row.id, { answer: "decline" }))).toBe(
      "CONFLICT: This request was already answered: approved.",
    );
    const after = (await listProjectDistricts(study.client, study.project.id))[0];
    expect(after).toMatchObject({ status: "approved", expiresOn: "2099-06-30", conditions: "Not during testing weeks." });
    expect(after.standing).toMatchObject({ kind: "approved", until: "2099-06-30" });
    expect(after.history.map((h) => h.kind)).toEqual(["added", "requested", "approved"]);
    const mails = await queuedMailsTo(study.clientUser.email);
    expect(mails.map((m) => m.subject)).toContain(
      `Reading intervention study: ${district.name}'s research office approved the study until Jun 30, 2099`,
    );
    // Asking again while approved is refused.
    expect(await refusal(requestDistrictApproval(study.client, row.id))).toBe("CONFLICT: This district already approved the study.");
  });

  it("refuses an officer of another district, an expert, another organization, and answers out of order", async () => {
    const { study, district, row } = await studyWithDistrict();
    const other = await createDistrict();
    const otherOfficer = actorFor((await officerOf(other.leaid)).user, ["expert"]);
    const officer = actorFor((await officerOf(district.leaid)).user, ["expert"]);
    expect(await refusal(answerAsOfficer(officer, row.id, { answer: "approve" }))).toBe("CONFLICT: This study has not asked for approval.");
    await requestDistrictApproval(study.client, row.id);
    expect(await refusal(answerAsOfficer(otherOfficer, row.id, { answer: "approve" }))).toBe("NOT_FOUND: Request not found.");
    expect(await refusal(officerQueue(otherOfficer, district.leaid))).toBe("NOT_FOUND: District not found.");
    const staff = actorFor((await staffOf(district.leaid)).user, ["expert"]);
    expect(await refusal(answerAsOfficer(staff, row.id, { answer: "approve" }))).toBe("NOT_FOUND: Request not found.");
    // The researcher is the other side: they cannot answer their own request.
    expect(await refusal(answerAsOfficer(study.client, row.id, { answer: "approve" }))).toBe("NOT_FOUND: Request not found.");
    const outsider = actorFor(await createClient(), ["client"]);
    expect(await refusal(requestDistrictApproval(outsider, row.id))).toBe("NOT_FOUND: District approval not found.");
    expect(await refusal(listProjectDistricts(outsider, study.project.id))).toBe("NOT_FOUND: Project not found");
    expect(await refusal(removeProjectDistrict(study.client, row.id))).toBe(
      "CONFLICT: This district was already asked; its answer stays on the study.",
    );
    expect(await refusal(answerAsOfficer(officer, row.id, { answer: "question" }))).toBe("BAD_REQUEST: Write the question.");
    expect(await refusal(answerAsOfficer(officer, row.id, { answer: "approve", expiresOn: "2001-01-01" }))).toBe(
      "BAD_REQUEST: The approval's last day cannot be in the past.",
    );
    expect((await db().projectDistrictApproval.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("requested");
  });

  it("without an officer the office gets an expiring review link: read-only, no account, each answer once", async () => {
    const { study, district, row } = await studyWithDistrict({ officeEmail: "research-office@district.example" });
    expect(await requestDistrictApproval(study.client, row.id)).toEqual({ changed: true, sentTo: "office" });
    const token = await linkTokenFor("research-office@district.example");
    const view = await reviewByToken(token);
    expect(view).toMatchObject({ district: district.name, status: "requested", answered: false });
    expect(view.packet?.title).toBe("Reading intervention study");

    expect(await answerByToken(token, { answer: "question", note: "Which schools?" })).toMatchObject({ changed: true });
    expect(await refusal(answerByToken(token, { answer: "question", note: "Again?" }))).toBe(
      "CONFLICT: A question was already sent through this link. The researcher will reply by e-mail.",
    );
    const asked = (await queuedMailsTo(study.clientUser.email)).at(-1);
    expect(asked?.text).toMatch(/Which schools\? \(reply to research-office@district\.example\)/);
    expect(await answerByToken(token, { answer: "decline", note: "Testing season." })).toMatchObject({ changed: true });
    expect(await refusal(answerByToken(token, { answer: "approve" }))).toBe(
      "CONFLICT: This request was already answered through this link.",
    );
    expect((await reviewByToken(token)).answered).toBe(true);
    expect(await refusal(reviewByToken("not-a-real-token-at-all-000000"))).toBe(
      "NOT_FOUND: This review link is not valid. Ask the researcher for a new one.",
    );

    // A declined district may be asked again: a new link; the old one stays spent.
    await requestDistrictApproval(study.client, row.id);
    const second = await linkTokenFor("research-office@district.example");
    expect(second).not.toBe(token);
    const late = new Date(Date.now() + (REVIEW_LINK_DAYS + 1) * 86_400_000);
    expect(await refusal(answerByToken(second, { answer: "approve" }, late))).toBe(
      "CONFLICT: This review link has expired. Ask the researcher to send the request again.",
    );
    expect(await refusal(reviewByToken(second, late))).toMatch(/expired/);
    expect(await answerByToken(second, { answer: "not_needed" })).toMatchObject({ changed: true, status: "not_needed" });
    const history = (await listProjectDistricts(study.client, study.project.id))[0].history.map((h) => `${h.side}:${h.kind}`);
    expect(history).toEqual([
      "researcher:added",
      "researcher:requested",
      "office:question",
      "office:declined",
      "researcher:requested",
      "office:not_needed",
    ]);
  });

  it("a decline removes the district's staff from the study's waiting invitations, with the reason", async () => {
    const { study, district, row } = await studyWithDistrict({ approvalRequired: "unknown", officeEmail: "office@district.example" });
    const staff = await staffOf(district.leaid);
    const invited = await inviteExpert(study.client, { projectId: study.project.id, expertId: staff.expert.id });
    await requestDistrictApproval(study.client, row.id);
    await answerByToken(await linkTokenFor("office@district.example"), { answer: "decline", note: "Too many surveys this term." });
    const e = await db().engagement.findUniqueOrThrow({ where: { id: invited.engagementId } });
    expect(e.state).toBe("declined");
    const ev = await db().engagementEvent.findFirstOrThrow({ where: { engagementId: e.id, kind: "district_declined" } });
    expect(ev.reason).toBe("Too many surveys this term.");
  });

  it("adds the districts wherever the invitees work, and refuses a plan that does not exist", async () => {
    const study = await createStudy();
    const a = await createDistrict();
    const staff = await staffOf(a.leaid);
    await inviteExpert(study.client, { projectId: study.project.id, expertId: staff.expert.id });
    expect(await addProjectDistricts(study.client, study.project.id, { by: "invitees" })).toEqual({ added: 1, found: 1 });
    expect(await addProjectDistricts(study.client, study.project.id, { by: "invitees" })).toEqual({ added: 0, found: 1 });
    expect(await refusal(addProjectDistricts(study.client, study.project.id, { by: "plan" }))).toBe(
      "CONFLICT: This study has no sample plan yet. Add districts by a search instead.",
    );
    const row = (await listProjectDistricts(study.client, study.project.id))[0];
    expect(await removeProjectDistrict(study.client, row.id)).toEqual({ removed: true });
    expect(await listProjectDistricts(study.client, study.project.id)).toEqual([]);
  });
});
