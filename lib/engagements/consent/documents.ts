import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { orgScope } from "@/lib/organizations/membership";
import type { StudyDocumentKind } from "@/lib/generated/prisma/enums";
import { isPdf, sha256Hex, STUDY_DOCUMENT_MAX_BYTES } from "./pdf";
import { DOCUMENT_NOT_FOUND, PROJECT_NOT_FOUND, readerOf } from "./access";

// A study's consent form and IRB approval letter: each upload is the next version, kept with its
// SHA-256 and never changed, so every signature names the exact bytes its signer read.

export const DOCUMENT_KIND_LABELS: Record<StudyDocumentKind, string> = {
  consent: "Consent form",
  irb_approval: "IRB approval letter",
};

export type StudyDocumentUpload = {
  projectId: string;
  kind: StudyDocumentKind;
  fileName: string;
  bytes: Uint8Array;
  /** An IRB letter's expiry, "YYYY-MM-DD"; required for a letter, refused for a consent form. */
  expiresOn?: string | null;
};

const fail = (message: string, field = "file") => new AppError("BAD_REQUEST", message, { [field]: [message] });

/** The client uploads a new version of the study's consent form or IRB letter. */
export async function uploadStudyDocument(actor: Actor | null, input: StudyDocumentUpload) {
  requirePermission(actor, "manage:project:org");
  if (input.bytes.byteLength === 0) throw fail("Choose a PDF file to upload.");
  if (input.bytes.byteLength > STUDY_DOCUMENT_MAX_BYTES) throw fail("The file is larger than 10 MB. Upload a smaller PDF.");
  if (!isPdf(input.bytes)) throw fail("This file is not a PDF. Upload the document as a PDF.");
  if (input.kind === "irb_approval" && !input.expiresOn) throw fail("Enter the date the IRB approval expires.", "expiresOn");
  const expiresOn = input.kind === "irb_approval" && input.expiresOn ? new Date(`${input.expiresOn}T00:00:00Z`) : null;
  const fileName = (input.fileName.replace(/[^\w .()-]/g, "_").trim() || "document.pdf").slice(0, 120);
  return db().$transaction(async (tx) => {
    const project = await tx.project.findFirst({
      where: { id: input.projectId, ...orgScope(actor, "manage:project:org") },
      select: { id: true },
    });
    if (!project) throw PROJECT_NOT_FOUND();
    // One version number per upload, even when two members upload at once.
    await tx.$queryRaw`SELECT id FROM projects WHERE id = ${project.id}::uuid FOR UPDATE`;
    const last = await tx.studyDocument.findFirst({
      where: { projectId: project.id, kind: input.kind },
      orderBy: { version: "desc" },
      select: { version: true },
    });
    return tx.studyDocument.create({
      data: {
        projectId: project.id,
        kind: input.kind,
        version: (last?.version ?? 0) + 1,
        fileName,
        sha256: sha256Hex(input.bytes),
        sizeBytes: input.bytes.byteLength,
        content: Buffer.from(input.bytes),
        expiresOn,
        uploadedById: actor.userId,
      },
      select: { id: true, kind: true, version: true, sha256: true },
    });
  });
}

const DOCUMENT_FIELDS = {
  id: true,
  kind: true,
  version: true,
  fileName: true,
  sha256: true,
  sizeBytes: true,
  expiresOn: true,
  createdAt: true,
} as const;

/** The study's current consent form (its newest version), or null when it has none. */
export function currentConsent(tx: Tx, projectId: string) {
  return tx.studyDocument.findFirst({
    where: { projectId, kind: "consent" },
    orderBy: { version: "desc" },
    select: DOCUMENT_FIELDS,
  });
}

/** The study's current IRB approval letter, or null. */
export function currentIrbLetter(tx: Tx, projectId: string) {
  return tx.studyDocument.findFirst({
    where: { projectId, kind: "irb_approval" },
    orderBy: { version: "desc" },
    select: DOCUMENT_FIELDS,
  });
}

export type StudyDocumentView = Awaited<ReturnType<typeof currentConsent>> & {};

/** Every version of the study's documents, newest first, for its organization. */
export async function studyDocumentsFor(actor: Actor | null, projectId: string): Promise<StudyDocumentView[]> {
  requirePermission(actor, "read:project:org");
  const project = await db().project.findFirst({ where: { id: projectId, ...orgScope(actor, "read:project:org") }, select: { id: true } });
  if (!project) throw PROJECT_NOT_FOUND();
  return db().studyDocument.findMany({
    where: { projectId },
    orderBy: [{ kind: "asc" }, { version: "desc" }],
    select: DOCUMENT_FIELDS,
  });
}

/** A document's bytes for someone the study reaches; anyone else is told it does not exist. */
export async function readStudyDocument(actor: Actor | null, documentId: string) {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  const tx = db();
  const doc = await tx.studyDocument.findUnique({
    where: { id: documentId },
    select: { projectId: true, fileName: true, content: true, sha256: true, kind: true, version: true },
  });
  if (!doc || !(await readerOf(tx, actor, doc.projectId))) throw DOCUMENT_NOT_FOUND();
  return doc;
}
