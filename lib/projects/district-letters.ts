// Approval letters: a district that answers outside the product signs a letter, the researcher
// uploads it as a PDF with the last day it states, and it counts as the district's approval only
// once an admin has read it and accepted it. A rejected letter leaves the district as it was and
// tells the researcher why. One letter waits for a check per district at a time.
import "server-only";
import { db, LOCKED_TX_OPTIONS, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { can, requirePermission } from "@/lib/accounts/permissions";
import type { Actor } from "@/lib/accounts/actor";
import { orgScope } from "@/lib/organizations/membership";
import { isPdf, sha256Hex, STUDY_DOCUMENT_MAX_BYTES } from "@/lib/engagements/consent/pdf";
import { recordApprovalStep } from "@/lib/districts/approval-history";

export type LetterUpload = { approvalId: string; fileName: string; bytes: Uint8Array; expiresOn: string };

const APPROVAL_NOT_FOUND = () => new AppError("NOT_FOUND", "District approval not found.");
const LETTER_NOT_FOUND = () => new AppError("NOT_FOUND", "Approval letter not found.");
const fail = (message: string, field = "file") => new AppError("BAD_REQUEST", message, { [field]: [message] });
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The approval row, when the actor's organization may run its project (else not found). */
async function ownApproval(tx: Tx, actor: Actor, approvalId: string) {
  requirePermission(actor, "manage:project:org");
  const a = await tx.projectDistrictApproval.findUnique({
    where: { id: approvalId },
    select: { id: true, projectId: true, status: true, expiresOn: true, requestedById: true },
  });
  if (!a) throw APPROVAL_NOT_FOUND();
  const project = await tx.project.findFirst({
    where: { id: a.projectId, ...orgScope(actor, "manage:project:org") },
    select: { status: true },
  });
  if (!project) throw APPROVAL_NOT_FOUND();
  return { ...a, projectStatus: project.status };
}

/** The researcher uploads the district's signed letter; it waits for an admin's check. */
export async function uploadApprovalLetter(actor: Actor | null, input: LetterUpload, now: Date = new Date()) {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  requirePermission(actor, "manage:project:org");
  if (input.bytes.byteLength === 0) throw fail("Choose the signed letter as a PDF file.");
  if (input.bytes.byteLength > STUDY_DOCUMENT_MAX_BYTES) throw fail("The file is larger than 10 MB. Upload a smaller PDF.");
  if (!isPdf(input.bytes)) throw fail("This file is not a PDF. Upload the signed letter as a PDF.");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.expiresOn) || Number.isNaN(Date.parse(`${input.expiresOn}T00:00:00Z`)))
    throw fail("Enter the last day the letter approves the study.", "expiresOn");
  if (input.expiresOn < dayOf(now)) throw fail("The letter's approval has already ended. Upload a current letter.", "expiresOn");
  const fileName = (input.fileName.replace(/[^\w .()-]/g, "_").trim() || "approval-letter.pdf").slice(0, 120);
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM project_district_approvals WHERE id = ${input.approvalId}::uuid FOR UPDATE`;
    const a = await ownApproval(tx, actor, input.approvalId);
    if (a.projectStatus === "closed") throw new AppError("CONFLICT", "This project is closed.");
    if (a.status === "not_needed") throw new AppError("CONFLICT", "This district said the study needs no approval.");
    if (a.status === "approved" && (!a.expiresOn || dayOf(a.expiresOn) >= dayOf(now)))
      throw new AppError("CONFLICT", "This district already approved the study.");
    const waiting = await tx.districtApprovalLetter.findFirst({ where: { approvalId: a.id, status: "pending" }, select: { id: true } });
    if (waiting) throw new AppError("CONFLICT", "A letter for this district is already waiting for our check.");
    const letter = await tx.districtApprovalLetter.create({
      data: {
        approvalId: a.id,
        fileName,
        sha256: sha256Hex(input.bytes),
        sizeBytes: input.bytes.byteLength,
        content: Buffer.from(input.bytes),
        statedExpiresOn: new Date(`${input.expiresOn}T00:00:00Z`),
        uploadedById: actor.userId,
      },
      select: { id: true, status: true },
    });
    // The researcher who uploads the letter hears of its check and of every later step (the reminder before it ends).
    if (!a.requestedById) await tx.projectDistrictApproval.update({ where: { id: a.id }, data: { requestedById: actor.userId } });
    await recordApprovalStep(tx, {
      approvalId: a.id,
      kind: "letter_uploaded",
      side: "researcher",
      actorUserId: actor.userId,
      note: `${fileName}, approved until ${input.expiresOn}`,
    });
    return letter;
  }, LOCKED_TX_OPTIONS);
}

export type LetterQueueItem = {
  id: string;
  fileName: string;
  sizeBytes: number;
  statedExpiresOn: string;
  uploadedAt: Date;
  projectTitle: string;
  organization: string;
  district: string;
  state: string;
};

/** The admin's queue: letters waiting for a check, oldest first. */
export async function pendingApprovalLetters(actor: Actor | null): Promise<LetterQueueItem[]> {
  requirePermission(actor, "manage:platform:any");
  const letters = await db().districtApprovalLetter.findMany({
    where: { status: "pending" },
    orderBy: { createdAt: "asc" },
    take: 200,
    select: { id: true, approvalId: true, fileName: true, sizeBytes: true, statedExpiresOn: true, createdAt: true },
  });
  const approvals = await db().projectDistrictApproval.findMany({
    where: { id: { in: letters.map((l) => l.approvalId) } },
    select: { id: true, leaid: true, projectId: true },
  });
  const [projects, districts] = await Promise.all([
    db().project.findMany({
      where: { id: { in: approvals.map((a) => a.projectId) } },
      select: { id: true, title: true, organization: { select: { name: true } } },
    }),
    db().district.findMany({ where: { leaid: { in: approvals.map((a) => a.leaid) } }, select: { leaid: true, name: true, state: true } }),
  ]);
  const approval = new Map(approvals.map((a) => [a.id, a]));
  const project = new Map(projects.map((p) => [p.id, p]));
  const district = new Map(districts.map((d) => [d.leaid, d]));
  return letters.map((l) => {
    const a = approval.get(l.approvalId)!;
    const p = project.get(a.projectId);
    const d = district.get(a.leaid);
    return {
      id: l.id,
      fileName: l.fileName,
      sizeBytes: l.sizeBytes,
      statedExpiresOn: dayOf(l.statedExpiresOn),
      uploadedAt: l.createdAt,
      projectTitle: p?.title ?? "",
      organization: p?.organization.name ?? "",
      district: d?.name ?? a.leaid,
      state: d?.state ?? "",
    };
  });
}

export type LetterDecision = { decision: "accept" | "reject"; reason?: string };

/**
 * An admin accepts the letter (the district counts as approved until the day it states) or
 * rejects it with a reason. Deciding the same way twice changes nothing; the other way is refused.
 */
export async function reviewApprovalLetter(actor: Actor | null, letterId: string, input: LetterDecision, now: Date = new Date()) {
  requirePermission(actor, "manage:platform:any");
  const reason = input.reason?.trim() || null;
  if (input.decision === "reject" && !reason) throw fail("Say why the letter cannot be accepted.", "reason");
  return db().$transaction(async (tx) => {
    const found = await tx.districtApprovalLetter.findUnique({ where: { id: letterId }, select: { approvalId: true } });
    if (!found) throw LETTER_NOT_FOUND();
    // The approval first, then the letter: the same order as an upload, so the two never wait on each other.
    await tx.$queryRaw`SELECT id FROM project_district_approvals WHERE id = ${found.approvalId}::uuid FOR UPDATE`;
    await tx.$queryRaw`SELECT id FROM district_approval_letters WHERE id = ${letterId}::uuid FOR UPDATE`;
    const letter = await tx.districtApprovalLetter.findUniqueOrThrow({ where: { id: letterId } });
    const status = input.decision === "accept" ? "accepted" : "rejected";
    if (letter.status === status) return { changed: false, status };
    if (letter.status !== "pending") throw new AppError("CONFLICT", `This letter was already checked: ${letter.status}.`);
    if (status === "accepted") {
      if (dayOf(letter.statedExpiresOn) < dayOf(now))
        throw new AppError("CONFLICT", "The letter's approval has already ended: reject it and ask for a current one.");
      await tx.projectDistrictApproval.update({
        where: { id: letter.approvalId },
        data: {
          status: "approved",
          answeredAt: now,
          expiresOn: letter.statedExpiresOn,
          conditions: "Approved by the district's signed letter, checked by K12 Experts.",
          declineReason: null,
        },
      });
    }
    await tx.districtApprovalLetter.update({
      where: { id: letter.id },
      data: { status, reviewedById: actor!.realUserId, reviewedAt: now, rejectReason: status === "rejected" ? reason : null },
    });
    await recordApprovalStep(tx, {
      approvalId: letter.approvalId,
      kind: status === "accepted" ? "letter_accepted" : "letter_rejected",
      side: "admin",
      actorUserId: actor!.realUserId,
      note: status === "rejected" ? reason : letter.fileName,
    });
    return { changed: true, status };
  }, LOCKED_TX_OPTIONS);
}

/** A letter's bytes for an admin or a member of the study's organization; anyone else: not found. */
export async function readApprovalLetter(actor: Actor | null, letterId: string) {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  const letter = await db().districtApprovalLetter.findUnique({
    where: { id: letterId },
    select: { approvalId: true, fileName: true, content: true },
  });
  if (!letter) throw LETTER_NOT_FOUND();
  if (!can(actor, "manage:platform:any")) {
    const a = await db().projectDistrictApproval.findUniqueOrThrow({ where: { id: letter.approvalId }, select: { projectId: true } });
    const mayRead =
      can(actor, "read:project:org") &&
      (await db().project.findFirst({ where: { id: a.projectId, ...orgScope(actor, "read:project:org") }, select: { id: true } }));
    if (!mayRead) throw LETTER_NOT_FOUND();
  }
  return { fileName: letter.fileName, content: letter.content };
}

/**
 * The letters of a study's district rows, newest first per row, for the project's district
 * section. The caller has read the rows with the project's own access check.
 */
export async function lettersOfApprovals(approvalIds: string[]) {
  const letters = await db().districtApprovalLetter.findMany({
    where: { approvalId: { in: approvalIds } },
    orderBy: { createdAt: "desc" },
    select: { id: true, approvalId: true, fileName: true, status: true, statedExpiresOn: true, rejectReason: true, createdAt: true },
  });
  const by = new Map<string, typeof letters>();
  for (const l of letters) by.set(l.approvalId, [...(by.get(l.approvalId) ?? []), l]);
  return by;
}
