// A study's own informed consent against a real PostgreSQL: versioned uploads checked by their
// bytes, who may read them, the signature every start path asks for (apply, accept, seat, pick a
// time, survey), a new version asking again, withdrawal with its flag, and the records' CSV.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { isAppError } from "@/lib/platform/errors";
import { acceptEngagement, applyToOpportunity, inviteExpert, proposeTimes, scheduleEngagement } from "@/lib/engagements/transitions";
import { addStudySession, takeSeat } from "@/lib/engagements/focus-groups";
import { recordSurveyEnd, startSurvey } from "@/lib/engagements/surveys";
import { readStudyDocument, studyDocumentsFor, uploadStudyDocument } from "@/lib/engagements/consent/documents";
import { consentForExpert, consentReceipt, signStudyConsent, NAME_MISMATCH, OLD_VERSION } from "@/lib/engagements/consent/signatures";
import { CONSENT_RENEWAL, CONSENT_REQUIRED } from "@/lib/engagements/consent/gate";
import { withdrawConsent } from "@/lib/engagements/consent/withdrawal";
import { consentRecordsCsv } from "@/lib/engagements/consent/records";
import { sha256Hex, simplePdf, STUDY_DOCUMENT_MAX_BYTES } from "@/lib/engagements/consent/pdf";
import { completionCodeFor } from "@/lib/engagements/survey-codes";
import { WITHDRAWN_FLAG } from "@/lib/vocabulary/consent";
import { ledgerDrift } from "@/lib/money/ledger";
import { actorFor, createClient, createExpert } from "../factories";
import { createStudy } from "../studies";
import { captureMailForFile } from "../helpers/smtp-per-file";
import { queuedMailsTo } from "../helpers/mail";

captureMailForFile();

const NAME = "Test User"; // tests/factories.ts createUser: first "Test", last "User"
const errorOf = async (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e) => {
      if (isAppError(e)) return e;
      throw e;
    },
  );

const pdf = (text = "Consent form v1") => simplePdf(["Informed consent", text]);

async function withConsent(study: Awaited<ReturnType<typeof createStudy>>, text = "Consent form v1") {
  return uploadStudyDocument(study.client, { projectId: study.project.id, kind: "consent", fileName: "consent.pdf", bytes: pdf(text) });
}

async function expertActor() {
  const { user, expert } = await createExpert();
  return { user, expert, actor: actorFor(user, ["expert"]) };
}

const sign = (actor: ReturnType<typeof actorFor>, projectId: string, documentId: string, typedName = NAME) =>
  signStudyConsent(actor, { projectId, documentId, typedName }, { ip: "203.0.113.9", userAgent: "Vitest Phone" });

describe("uploading a study's documents", () => {
  it("each upload is the next version with its SHA-256; only a PDF of at most 10 MB is taken", async () => {
    const study = await createStudy();
    const v1 = await withConsent(study, "first");
    const v2 = await withConsent(study, "second");
    expect([v1.version, v2.version]).toEqual([1, 2]);
    expect(v2.sha256).toBe(sha256Hex(pdf("second")));
    const irb = await uploadStudyDocument(study.client, {
      projectId: study.project.id,
      kind: "irb_approval",
      fileName: "irb.pdf",
      bytes: pdf("IRB"),
      expiresOn: "2027-06-30",
    });
    expect(irb.version).toBe(1);
    const listed = await studyDocumentsFor(study.client, study.project.id);
    expect(listed.map((d) => `${d.kind}:${d.version}`)).toEqual(["consent:2", "consent:1", "irb_approval:1"]);

    const notPdf = new TextEncoder().encode("<html>not a pdf</html>");
    expect(
      (await errorOf(uploadStudyDocument(study.client, { projectId: study.project.id, kind: "consent", fileName: "x.pdf", bytes: notPdf })))
        .message,
    ).toMatch(/not a PDF/);
    const big = new Uint8Array(STUDY_DOCUMENT_MAX_BYTES + 1);
    big.set(pdf());
    expect(
      (await errorOf(uploadStudyDocument(study.client, { projectId: study.project.id, kind: "consent", fileName: "x.pdf", bytes: big })))
        .message,
    ).toMatch(/10 MB/);
    const noExpiry = await errorOf(
      uploadStudyDocument(study.client, { projectId: study.project.id, kind: "irb_approval", fileName: "i.pdf", bytes: pdf() }),
    );
    expect(noExpiry.fieldErrors?.expiresOn).toBeDefined();
  });

  it("another organization's client cannot upload, list or read them (not found)", async () => {
    const study = await createStudy();
    const doc = await withConsent(study);
    const other = actorFor(await createClient(), ["client"]);
    expect((await errorOf(withConsent({ ...study, client: other }))).code).toBe("NOT_FOUND");
    expect((await errorOf(studyDocumentsFor(other, study.project.id))).code).toBe("NOT_FOUND");
    expect((await errorOf(readStudyDocument(other, doc.id))).code).toBe("NOT_FOUND");
  });

  it("a viewer of the organization reads them but cannot upload", async () => {
    const study = await createStudy();
    const doc = await withConsent(study);
    const org = await db().project.findUniqueOrThrow({ where: { id: study.project.id }, select: { organizationId: true } });
    const viewerUser = await createClient({ role: "viewer", organizationId: org.organizationId });
    const viewer = actorFor(viewerUser, ["client"]);
    expect((await readStudyDocument(viewer, doc.id)).sha256).toBe(doc.sha256);
    expect((await errorOf(withConsent({ ...study, client: viewer }))).code).toBe("FORBIDDEN");
  });

  it("experts read them only when the study reaches them: an engagement, or an open study to apply to", async () => {
    const open = await createStudy();
    const openDoc = await withConsent(open);
    const closedToThem = await createStudy({ visibility: "invite_only" });
    const privateDoc = await withConsent(closedToThem);
    const x = await expertActor();
    expect((await readStudyDocument(x.actor, openDoc.id)).fileName).toBe("consent.pdf");
    expect((await errorOf(readStudyDocument(x.actor, privateDoc.id))).code).toBe("NOT_FOUND");
    // Invited, the study reaches them.
    await inviteExpert(closedToThem.client, { projectId: closedToThem.project.id, expertId: x.expert.id });
    expect((await readStudyDocument(x.actor, privateDoc.id)).sha256).toBe(privateDoc.sha256);
    // An unverified expert cannot see an open study, so not its consent either.
    const { user } = await createExpert({ verificationStatus: "pending" });
    expect((await errorOf(readStudyDocument(actorFor(user, ["expert"]), openDoc.id))).code).toBe("NOT_FOUND");
  });
});

describe("the gate on every start path", () => {
  it("apply: refused until the current version is signed; the signature then names the engagement, the version and its hash", async () => {
    const study = await createStudy();
    const doc = await withConsent(study);
    const x = await expertActor();
    const refused = await errorOf(applyToOpportunity(x.actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true }));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).toBe(CONSENT_REQUIRED);
    expect(await db().engagement.count({ where: { projectId: study.project.id } })).toBe(0);

    const wrongName = await errorOf(sign(x.actor, study.project.id, doc.id, "Someone Else"));
    expect(wrongName.fieldErrors?.typedName).toEqual([NAME_MISMATCH]);
    const signed = await sign(x.actor, study.project.id, doc.id, "  test   USER ");
    expect(signed.created).toBe(true);
    const applied = await applyToOpportunity(x.actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    const record = await db().consentSignature.findUniqueOrThrow({ where: { id: signed.signatureId } });
    expect(record).toMatchObject({
      engagementId: applied.engagementId,
      expertId: x.expert.id,
      documentId: doc.id,
      documentVersion: 1,
      documentSha256: doc.sha256,
      typedName: "test USER",
      ipAddress: "203.0.113.9",
      userAgent: "Vitest Phone",
    });
    const [mail] = await queuedMailsTo(x.user.email);
    expect(mail.subject).toContain("Your signed consent");
    expect(mail.text).toContain(`/api/study-documents/${doc.id}?download=1`);
    expect(mail.text).toContain(`/dashboard/consent/receipt/${signed.signatureId}`);
    const receipt = await consentReceipt(x.actor, signed.signatureId);
    expect(receipt.documentSha256).toBe(doc.sha256);
  });

  it("a study without a consent form starts as before", async () => {
    const study = await createStudy();
    const x = await expertActor();
    const applied = await applyToOpportunity(x.actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    expect(applied.state).toBe("applied");
  });

  it("accepting an invite is refused until signed", async () => {
    const study = await createStudy();
    const doc = await withConsent(study);
    const x = await expertActor();
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: x.expert.id });
    expect((await errorOf(acceptEngagement(x.actor, engagementId, { outsideActivityConfirmed: true }))).fieldErrors?.studyConsent).toEqual([
      CONSENT_REQUIRED,
    ]);
    await sign(x.actor, study.project.id, doc.id);
    expect((await acceptEngagement(x.actor, engagementId, { outsideActivityConfirmed: true })).state).toBe("accepted");
    expect((await db().consentSignature.findFirstOrThrow({ where: { expertId: x.expert.id } })).engagementId).toBe(engagementId);
  });

  it("taking a focus-group seat is refused until signed", async () => {
    const study = await createStudy({ type: "focus_group", minutes: 60 });
    const { id: studySessionId } = await addStudySession(study.client, study.project.id, {
      startsAt: new Date(Date.now() + 72 * 3_600_000),
      seats: 3,
      backupSeats: 0,
    });
    const x = await expertActor();
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: x.expert.id });
    await acceptEngagement(x.actor, engagementId, { outsideActivityConfirmed: true });
    // Uploaded after they accepted: their next step waits for the signature.
    const doc = await withConsent(study);
    const refused = await errorOf(takeSeat(x.actor, engagementId, { studySessionId, kind: "seat" }));
    expect(refused.message).toBe(CONSENT_REQUIRED);
    await sign(x.actor, study.project.id, doc.id);
    expect((await takeSeat(x.actor, engagementId, { studySessionId, kind: "seat" })).state).toBe("scheduled");
  });

  it("picking an interview time is refused until signed", async () => {
    const study = await createStudy();
    const x = await expertActor();
    const { engagementId } = await inviteExpert(study.client, { projectId: study.project.id, expertId: x.expert.id });
    await acceptEngagement(x.actor, engagementId, { outsideActivityConfirmed: true });
    await proposeTimes(study.client, engagementId, [new Date(Date.now() + 96 * 3_600_000)]);
    const [proposal] = await db().timeProposal.findMany({ where: { engagementId } });
    const doc = await withConsent(study);
    expect((await errorOf(scheduleEngagement(x.actor, engagementId, { proposalId: proposal.id }))).message).toBe(CONSENT_REQUIRED);
    await sign(x.actor, study.project.id, doc.id);
    expect((await scheduleEngagement(x.actor, engagementId, { proposalId: proposal.id })).state).toBe("scheduled");
  });

  it("starting a survey is refused until signed, and a new version mid-study asks again before the survey goes on", async () => {
    const study = await createStudy({ type: "survey", quota: 5 });
    const v1 = await withConsent(study, "v1");
    const x = await expertActor();
    await sign(x.actor, study.project.id, v1.id);
    const { engagementId } = await applyToOpportunity(x.actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    await startSurvey(x.actor, engagementId);
    // A second participant who has already finished is not asked again.
    const done = await expertActor();
    await sign(done.actor, study.project.id, v1.id);
    const d = await applyToOpportunity(done.actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    await startSurvey(done.actor, d.engagementId);
    const pid = (await db().engagement.findUniqueOrThrow({ where: { id: d.engagementId } })).participantId!;
    await recordSurveyEnd({
      projectId: study.project.id,
      end: "complete",
      code: completionCodeFor(pid),
      participantId: pid,
      actor: done.actor,
    });

    const v2 = await withConsent(study, "v2");
    const again = await errorOf(startSurvey(x.actor, engagementId));
    expect(again.message).toBe(CONSENT_RENEWAL);
    expect((await consentForExpert(x.actor, study.project.id)).signature).toBeNull();
    // Signing the version they read before the new one arrived is refused.
    expect((await errorOf(sign(x.actor, study.project.id, v1.id))).message).toBe(OLD_VERSION);
    await sign(x.actor, study.project.id, v2.id);
    expect((await startSurvey(x.actor, engagementId)).url).toContain("pid=");
    // The finished participant has nothing left to start: their signature is still v1 alone.
    expect(await db().consentSignature.count({ where: { expertId: done.expert.id } })).toBe(1);
    const signatures = await db().consentSignature.findMany({ where: { expertId: x.expert.id }, orderBy: { documentVersion: "asc" } });
    expect(signatures.map((s) => [s.documentVersion, s.engagementId])).toEqual([
      [1, engagementId],
      [2, engagementId],
    ]);
  });
});

describe("abuse cases of signing", () => {
  it("signing twice keeps the first signature; an unrelated expert or another org's client cannot sign or read a receipt", async () => {
    const study = await createStudy({ visibility: "invite_only" });
    const doc = await withConsent(study);
    const x = await expertActor();
    await inviteExpert(study.client, { projectId: study.project.id, expertId: x.expert.id });
    const first = await sign(x.actor, study.project.id, doc.id);
    const second = await sign(x.actor, study.project.id, doc.id);
    expect(second).toEqual({ signatureId: first.signatureId, created: false });
    expect(await db().consentSignature.count({ where: { expertId: x.expert.id } })).toBe(1);

    const stranger = await expertActor();
    expect((await errorOf(sign(stranger.actor, study.project.id, doc.id))).code).toBe("NOT_FOUND");
    expect((await errorOf(consentReceipt(stranger.actor, first.signatureId))).code).toBe("NOT_FOUND");
    expect((await errorOf(consentForExpert(stranger.actor, study.project.id))).code).toBe("NOT_FOUND");
    const otherClient = actorFor(await createClient(), ["client"]);
    expect((await errorOf(consentRecordsCsv(otherClient, study.project.id))).code).toBe("NOT_FOUND");
  });
});

describe("withdrawal", () => {
  async function signedSurvey() {
    const study = await createStudy({ type: "survey", quota: 5 });
    const doc = await withConsent(study);
    const x = await expertActor();
    await sign(x.actor, study.project.id, doc.id);
    const { engagementId } = await applyToOpportunity(x.actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    return { study, doc, x, engagementId };
  }

  it("a running engagement ends with its history line; the client is told in the menu and by e-mail; the CSV flags it", async () => {
    const { study, x, engagementId } = await signedSurvey();
    const result = await withdrawConsent(x.actor, engagementId, { ip: "203.0.113.9", userAgent: "Vitest" });
    expect(result).toMatchObject({ state: "cancelled", changed: true });
    const events = await db().engagementEvent.findMany({ where: { engagementId }, orderBy: { createdAt: "asc" } });
    expect(events.at(-1)).toMatchObject({ kind: "consent_withdrawn", fromState: "accepted", toState: "cancelled", actorSide: "expert" });
    const bell = await db().notification.findFirstOrThrow({ where: { userId: study.clientUser.id, kind: "consent_withdrawn" } });
    expect(bell.title).toContain("Consent withdrawn");
    const mails = await queuedMailsTo(study.clientUser.email);
    expect(mails.some((m) => m.subject.startsWith("Consent withdrawn") && m.text.includes("Participant id"))).toBe(true);
    const csv = await consentRecordsCsv(study.client, study.project.id);
    const pid = (await db().engagement.findUniqueOrThrow({ where: { id: engagementId } })).participantId!;
    expect(csv).toContain(pid);
    expect(csv).toContain(WITHDRAWN_FLAG);
    expect(await ledgerDrift()).toEqual([]);
    // The reservation went back with the end, as for any cancel.
    expect((await db().reservation.findUniqueOrThrow({ where: { engagementId } })).state).not.toBe("held");
  });

  it("twice changes nothing; after completion the state and the earned pay stay, the flag is set; the client cannot withdraw for them", async () => {
    const { study, x, engagementId } = await signedSurvey();
    await startSurvey(x.actor, engagementId);
    const pid = (await db().engagement.findUniqueOrThrow({ where: { id: engagementId } })).participantId!;
    await recordSurveyEnd({
      projectId: study.project.id,
      end: "complete",
      code: completionCodeFor(pid),
      participantId: pid,
      actor: x.actor,
    });
    const earningBefore = await db().earning.findUniqueOrThrow({ where: { engagementId } });

    expect((await errorOf(withdrawConsent(study.client, engagementId))).code).toBe("FORBIDDEN");
    const stranger = await expertActor();
    expect((await errorOf(withdrawConsent(stranger.actor, engagementId))).code).toBe("NOT_FOUND");

    const first = await withdrawConsent(x.actor, engagementId);
    expect(first).toMatchObject({ state: "submitted", changed: true });
    const second = await withdrawConsent(x.actor, engagementId);
    expect(second.changed).toBe(false);
    expect(await db().engagementEvent.count({ where: { engagementId, kind: "consent_withdrawn" } })).toBe(1);
    const earningAfter = await db().earning.findUniqueOrThrow({ where: { engagementId } });
    expect(earningAfter.amountCents).toBe(earningBefore.amountCents);
    expect(earningAfter.state).toBe(earningBefore.state);
    expect(await db().consentWithdrawal.count({ where: { engagementId } })).toBe(1);
    // Nothing to sign once withdrawn.
    expect(await ledgerDrift()).toEqual([]);
  });

  it("an engagement with no signed consent has nothing to withdraw", async () => {
    const study = await createStudy();
    const x = await expertActor();
    const { engagementId } = await applyToOpportunity(x.actor, { opportunityId: study.opportunity.id, outsideActivityConfirmed: true });
    expect((await errorOf(withdrawConsent(x.actor, engagementId))).code).toBe("CONFLICT");
  });
});
