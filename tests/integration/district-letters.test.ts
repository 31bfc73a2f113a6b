// Approval letters and approvals that end, against a real PostgreSQL: a letter the district signed
// outside the product counts only after an admin accepts it, until the day it states; a rejected
// one leaves the district closed and tells the researcher why. Fourteen days before an approval
// ends the researcher is told once (a rerun, a second worker: nothing more), and the day after it
// ends new recruiting there closes. Abuse cases: not a PDF, an ended date, twice, out of order,
// another organization, an expert, a letter that ended before its check.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { isAppError } from "@/lib/platform/errors";
import { addProjectDistricts } from "@/lib/projects/district-approvals";
import { listProjectDistricts } from "@/lib/projects/district-approval-views";
import { pendingApprovalLetters, readApprovalLetter, reviewApprovalLetter, uploadApprovalLetter } from "@/lib/projects/district-letters";
import { sendApprovalExpiryReminders } from "@/lib/projects/district-reminders";
import { expertStanding, standingOf } from "@/lib/districts/approval-gate";
import { inviteExpert } from "@/lib/engagements/transitions";
import { simplePdf } from "@/lib/engagements/consent/pdf";
import { actorFor, createAdmin, createExpert } from "../factories";
import { createStudy } from "../studies";
import { queuedMailsTo } from "../helpers/mail";
import { createDistrict, setPolicy, staffOf } from "../helpers/districts";

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e) => {
      if (isAppError(e)) return `${e.code}: ${e.message}`;
      throw e;
    },
  );

const NOW = new Date("2026-12-01T15:00:00Z");
const pdf = simplePdf(["Westside Mesa ISD Research Office", "The study is approved until June 30, 2027."]);

async function studyWithDistrict(policy: Parameters<typeof setPolicy>[1] = {}) {
  const study = await createStudy();
  const district = await createDistrict();
  await setPolicy(district.leaid, policy);
  await addProjectDistricts(study.client, study.project.id, { by: "search", leaids: [district.leaid] });
  const row = (await listProjectDistricts(study.client, study.project.id))[0];
  return { study, district, row };
}

const upload = (
  actor: Parameters<typeof uploadApprovalLetter>[0],
  approvalId: string,
  extra: Partial<{ bytes: Uint8Array; expiresOn: string }> = {},
) => uploadApprovalLetter(actor, { approvalId, fileName: "signed letter.pdf", bytes: pdf, expiresOn: "2027-06-30", ...extra }, NOW);

describe("approval letters", () => {
  it("a letter counts after an admin accepts it: approved until the day it states, in the history, e-mailed, and staff can be invited", async () => {
    const { study, district, row } = await studyWithDistrict();
    const admin = actorFor(await createAdmin(), ["admin"]);
    const staff = await staffOf(district.leaid);
    // Required and not approved: closed.
    expect(await refusal(inviteExpert(study.client, { expertId: staff.expert.id, projectId: study.project.id }))).toMatch(
      /requires its research office's approval/,
    );

    const letter = await upload(study.client, row.id);
    expect(letter.status).toBe("pending");
    // Waiting for the check it changes nothing yet.
    expect((await expertStanding(db(), study.project.id, staff.expert.id, NOW)).kind).toBe("awaiting");
    expect(await refusal(upload(study.client, row.id))).toBe("CONFLICT: A letter for this district is already waiting for our check.");
    const queue = await pendingApprovalLetters(admin);
    expect(queue.find((l) => l.id === letter.id)).toMatchObject({
      district: district.name,
      projectTitle: "Reading intervention study",
      statedExpiresOn: "2027-06-30",
      fileName: "signed letter.pdf",
    });
    const row1 = (await listProjectDistricts(study.client, study.project.id, NOW))[0];
    expect(row1.letters).toEqual([expect.objectContaining({ status: "pending", statedExpiresOn: "2027-06-30" })]);

    expect(await reviewApprovalLetter(admin, letter.id, { decision: "accept" }, NOW)).toEqual({ changed: true, status: "accepted" });
    // Twice: nothing more; the other way: refused.
    expect(await reviewApprovalLetter(admin, letter.id, { decision: "accept" }, NOW)).toEqual({ changed: false, status: "accepted" });
    expect(await refusal(reviewApprovalLetter(admin, letter.id, { decision: "reject", reason: "Unsigned" }, NOW))).toBe(
      "CONFLICT: This letter was already checked: accepted.",
    );
    const after = (await listProjectDistricts(study.client, study.project.id, NOW))[0];
    expect(after).toMatchObject({ status: "approved", expiresOn: "2027-06-30" });
    expect(after.standing).toMatchObject({ kind: "approved", until: "2027-06-30" });
    expect(after.history.map((h) => h.kind)).toEqual(["added", "letter_uploaded", "letter_accepted"]);
    expect((await queuedMailsTo(study.clientUser.email)).map((m) => m.subject)).toContain(
      `Reading intervention study: K12 Experts checked the district's approval letter: the study is approved (${district.name}, until Jun 30, 2027)`,
    );
    expect(await pendingApprovalLetters(admin)).not.toContainEqual(expect.objectContaining({ id: letter.id }));
    // Approved now: the study reaches the district's staff, and another letter is refused.
    await inviteExpert(study.client, { expertId: staff.expert.id, projectId: study.project.id });
    expect(await refusal(upload(study.client, row.id))).toBe("CONFLICT: This district already approved the study.");
  });

  it("a rejected letter leaves the district closed and tells the researcher why; a new letter may follow", async () => {
    const { study, row } = await studyWithDistrict();
    const admin = actorFor(await createAdmin(), ["admin"]);
    const letter = await upload(study.client, row.id);
    expect(await refusal(reviewApprovalLetter(admin, letter.id, { decision: "reject" }, NOW))).toBe(
      "BAD_REQUEST: Say why the letter cannot be accepted.",
    );
    await reviewApprovalLetter(admin, letter.id, { decision: "reject", reason: "The letter names another study." }, NOW);
    const after = (await listProjectDistricts(study.client, study.project.id, NOW))[0];
    expect(after.status).toBe("not_requested");
    expect(after.standing.kind).toBe("awaiting");
    expect(after.letters[0]).toMatchObject({ status: "rejected", rejectReason: "The letter names another study." });
    expect(after.history.at(-1)).toMatchObject({ kind: "letter_rejected", side: "admin", note: "The letter names another study." });
    expect((await queuedMailsTo(study.clientUser.email)).at(-1)?.text).toContain("The letter names another study.");
    expect(await refusal(reviewApprovalLetter(admin, letter.id, { decision: "accept" }, NOW))).toBe(
      "CONFLICT: This letter was already checked: rejected.",
    );
    expect((await upload(study.client, row.id)).status).toBe("pending");
  });

  it("refuses what is not a PDF, an empty file, an ended date, another organization, an expert, and a letter that ended before its check", async () => {
    const { study, row } = await studyWithDistrict();
    const other = await createStudy();
    const expert = await createExpert();
    const asExpert = actorFor(expert.user, ["expert"]);
    expect(await refusal(upload(study.client, row.id, { bytes: new TextEncoder().encode("<html>not a pdf</html>") }))).toBe(
      "BAD_REQUEST: This file is not a PDF. Upload the signed letter as a PDF.",
    );
    expect(await refusal(upload(study.client, row.id, { bytes: new Uint8Array() }))).toBe(
      "BAD_REQUEST: Choose the signed letter as a PDF file.",
    );
    expect(await refusal(upload(study.client, row.id, { expiresOn: "2026-11-30" }))).toBe(
      "BAD_REQUEST: The letter's approval has already ended. Upload a current letter.",
    );
    expect(await refusal(upload(study.client, row.id, { expiresOn: "2027-02-31x" }))).toBe(
      "BAD_REQUEST: Enter the last day the letter approves the study.",
    );
    expect(await refusal(upload(other.client, row.id))).toBe("NOT_FOUND: District approval not found.");
    expect(await refusal(upload(asExpert, row.id))).toMatch(/^FORBIDDEN/);
    expect(await db().districtApprovalLetter.count({ where: { approvalId: row.id } })).toBe(0);

    const letter = await upload(study.client, row.id, { expiresOn: "2026-12-10" });
    expect(await refusal(reviewApprovalLetter(study.client, letter.id, { decision: "accept" }, NOW))).toMatch(/^FORBIDDEN/);
    const admin = actorFor(await createAdmin(), ["admin"]);
    // Checked too late: the day it states has passed.
    expect(await refusal(reviewApprovalLetter(admin, letter.id, { decision: "accept" }, new Date("2026-12-11T12:00:00Z")))).toBe(
      "CONFLICT: The letter's approval has already ended: reject it and ask for a current one.",
    );

    // Its PDF: the admin and the study's organization read it; anyone else is told it does not exist.
    expect((await readApprovalLetter(admin, letter.id)).fileName).toBe("signed letter.pdf");
    expect(
      Buffer.from((await readApprovalLetter(study.client, letter.id)).content)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(await refusal(readApprovalLetter(other.client, letter.id))).toBe("NOT_FOUND: Approval letter not found.");
    expect(await refusal(readApprovalLetter(asExpert, letter.id))).toBe("NOT_FOUND: Approval letter not found.");
  });
});

describe("approvals that end", () => {
  async function approvedUntil(lastDay: string, policy: Parameters<typeof setPolicy>[1] = {}) {
    const s = await studyWithDistrict(policy);
    await db().projectDistrictApproval.update({
      where: { id: s.row.id },
      data: { status: "approved", expiresOn: new Date(`${lastDay}T00:00:00Z`), requestedById: s.study.clientUser.id },
    });
    return s;
  }
  const reminders = async (email: string) => (await queuedMailsTo(email)).filter((m) => /approval ends soon/.test(m.subject));

  it("tells the researcher once, within 14 days of the last day; a renewed approval gets its own reminder", async () => {
    const soon = await approvedUntil("2026-12-12");
    const later = await approvedUntil("2026-12-20");
    await sendApprovalExpiryReminders(NOW);
    // Twice the same day, and the next day: nothing more.
    await sendApprovalExpiryReminders(NOW);
    await sendApprovalExpiryReminders(new Date("2026-12-02T15:00:00Z"));
    const mails = await reminders(soon.study.clientUser.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Reading intervention study: K12 Experts reminds you that the district's approval ends soon (${soon.district.name}, until Dec 12, 2026)`,
    ]);
    expect(mails[0].text).toContain("Recruiting in this district closes after 2026-12-12");
    expect((await listProjectDistricts(soon.study.client, soon.study.project.id, NOW))[0].history.map((h) => h.kind)).toContain("expiring");
    // Eighteen days ahead: not yet; on the day it is fourteen: told.
    expect(await reminders(later.study.clientUser.email)).toHaveLength(0);
    await sendApprovalExpiryReminders(new Date("2026-12-06T15:00:00Z"));
    expect(await reminders(later.study.clientUser.email)).toHaveLength(1);

    // Renewed until a new day: one more reminder, for that day.
    await db().projectDistrictApproval.update({ where: { id: soon.row.id }, data: { expiresOn: new Date("2026-12-31T00:00:00Z") } });
    await sendApprovalExpiryReminders(new Date("2026-12-20T15:00:00Z"));
    await sendApprovalExpiryReminders(new Date("2026-12-21T15:00:00Z"));
    expect(await reminders(soon.study.clientUser.email)).toHaveLength(2);
  });

  it("two runs at once send one reminder; a closed study is not reminded", async () => {
    const s = await approvedUntil("2026-12-05");
    const closed = await approvedUntil("2026-12-05");
    await db().project.update({ where: { id: closed.study.project.id }, data: { status: "closed" } });
    await Promise.all([sendApprovalExpiryReminders(NOW), sendApprovalExpiryReminders(NOW), sendApprovalExpiryReminders(NOW)]);
    expect(await reminders(s.study.clientUser.email)).toHaveLength(1);
    expect(await reminders(closed.study.clientUser.email)).toHaveLength(0);
  });

  it("after its last day new recruiting there closes, even where the policy on file is unknown or missing", async () => {
    const required = await approvedUntil("2026-12-05");
    const staff = await staffOf(required.district.leaid);
    const onTheDay = new Date("2026-12-05T23:00:00Z");
    expect((await expertStanding(db(), required.study.project.id, staff.expert.id, onTheDay)).kind).toBe("approved");
    const dayAfter = new Date("2026-12-06T00:30:00Z");
    expect(await expertStanding(db(), required.study.project.id, staff.expert.id, dayAfter)).toMatchObject({
      kind: "awaiting",
      expired: true,
    });
    // The gate's rule itself: an ended approval closes under "unknown" or no policy, not where none is required.
    const ended = { status: "approved", expiresOn: new Date("2026-12-05T00:00:00Z"), conditions: null, declineReason: null };
    expect(standingOf("1", "D", "unknown", ended, "2026-12-06")).toMatchObject({ kind: "awaiting", expired: true });
    expect(standingOf("1", "D", undefined, ended, "2026-12-06")).toMatchObject({ kind: "awaiting", expired: true });
    expect(standingOf("1", "D", "no", ended, "2026-12-06")).toMatchObject({ kind: "not_required" });
    expect(standingOf("1", "D", "unknown", ended, "2026-12-05")).toMatchObject({ kind: "approved", until: "2026-12-05" });
  });
});
