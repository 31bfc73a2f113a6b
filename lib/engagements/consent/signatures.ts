import "server-only";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import type { RequestMeta } from "@/lib/platform/request";
import { queueMail } from "@/lib/platform/mail/queue";
import { env } from "@/lib/platform/env";
import { fullName } from "@/lib/platform/format";
import { FINAL_STATES } from "@/lib/engagements/states";
import { readerOf } from "./access";
import { currentConsent, currentIrbLetter } from "./documents";
import { nameMatches } from "./pdf";
import { consentReceiptMail } from "./mail";

// An expert's signature on a study's consent: the typed full name, the exact version and its
// hash, the time, the IP and the browser, and the engagement once there is one. Signing is its own
// step (the start paths then check it, lib/engagements/consent/gate.ts), so the same page serves
// a first signature and a new version's.

export const NAME_MISMATCH = "Type your full name exactly as it is on your account (first and last name).";
export const OLD_VERSION =
  "A newer version of this consent form was uploaded while you were reading. Please read the new version and sign it.";

const NOT_FOUND = () => new AppError("NOT_FOUND", "This study could not be found.");

/** What the consent page shows an expert: the current form, the IRB letter, and whether they signed it. */
export async function consentForExpert(actor: Actor | null, projectId: string) {
  requirePermission(actor, "update:expert:own");
  const tx = db();
  const reader = await readerOf(tx, actor, projectId);
  if (!reader || reader.side !== "expert") throw NOT_FOUND();
  const [project, consent, irb, user] = await Promise.all([
    tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { id: true, title: true } }),
    currentConsent(tx, projectId),
    currentIrbLetter(tx, projectId),
    tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { firstName: true, lastName: true } }),
  ]);
  const signature = consent
    ? await tx.consentSignature.findUnique({
        where: { documentId_expertId: { documentId: consent.id, expertId: reader.expertId } },
        select: { id: true, signedAt: true },
      })
    : null;
  return { project, consent, irb, signature, accountName: fullName(user.firstName, user.lastName) };
}

export type SignInput = { projectId: string; documentId: string; typedName: string };

/**
 * The expert signs the study's current consent with their typed full name. Signing the same
 * version again returns the first signature (`created: false`); an older version is refused.
 */
export async function signStudyConsent(actor: Actor | null, input: SignInput, meta?: RequestMeta | null, now: Date = new Date()) {
  requirePermission(actor, "update:expert:own");
  const result = await db().$transaction(async (tx) => {
    const reader = await readerOf(tx, actor, input.projectId);
    if (!reader || reader.side !== "expert") throw NOT_FOUND();
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`consent:${input.projectId}:${reader.expertId}`}))`;
    const current = await currentConsent(tx, input.projectId);
    if (!current) throw new AppError("CONFLICT", "This study has no consent form to sign.");
    if (current.id !== input.documentId) {
      const known = await tx.studyDocument.findFirst({ where: { id: input.documentId, projectId: input.projectId }, select: { id: true } });
      if (!known) throw NOT_FOUND();
      throw new AppError("CONFLICT", OLD_VERSION, { documentId: [OLD_VERSION] });
    }
    const existing = await tx.consentSignature.findUnique({
      where: { documentId_expertId: { documentId: current.id, expertId: reader.expertId } },
      select: { id: true },
    });
    if (existing) return { signatureId: existing.id, created: false };
    if (reader.engagementId) {
      const e = await tx.engagement.findUniqueOrThrow({
        where: { id: reader.engagementId },
        select: { state: true, withdrawal: { select: { withdrawnAt: true } } },
      });
      if (e.withdrawal) throw new AppError("CONFLICT", "You withdrew from this study, so its consent cannot be signed again.");
      if (FINAL_STATES.includes(e.state)) throw new AppError("CONFLICT", "Your part in this study has ended: there is nothing to sign.");
    }
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { firstName: true, lastName: true, email: true } });
    const typedName = input.typedName.replace(/\s+/g, " ").trim();
    if (!nameMatches(typedName, user.firstName, user.lastName))
      throw new AppError("BAD_REQUEST", NAME_MISMATCH, { typedName: [NAME_MISMATCH] });
    const signature = await tx.consentSignature.create({
      data: {
        projectId: input.projectId,
        engagementId: reader.engagementId,
        expertId: reader.expertId,
        documentId: current.id,
        documentVersion: current.version,
        documentSha256: current.sha256,
        typedName,
        signedAt: now,
        ipAddress: meta?.ip ?? null,
        userAgent: meta?.userAgent?.slice(0, 500) ?? null,
      },
      select: { id: true },
    });
    const { title } = await tx.project.findUniqueOrThrow({ where: { id: input.projectId }, select: { title: true } });
    const base = env().APP_URL;
    await queueMail(
      {
        to: user.email,
        ...consentReceiptMail({
          firstName: user.firstName,
          projectTitle: title,
          version: current.version,
          sha256: current.sha256,
          signedAt: now,
          documentUrl: `${base}/api/study-documents/${current.id}?download=1`,
          receiptUrl: `${base}/dashboard/consent/receipt/${signature.id}`,
        }),
      },
      tx,
    );
    return { signatureId: signature.id, created: true };
  });
  return result;
}

/** A signature's receipt, for the expert who signed it only. */
export async function consentReceipt(actor: Actor | null, signatureId: string) {
  requirePermission(actor, "update:expert:own");
  const s = await db().consentSignature.findFirst({
    where: { id: signatureId, expert: { userId: actor.userId } },
    select: {
      id: true,
      typedName: true,
      signedAt: true,
      ipAddress: true,
      userAgent: true,
      documentId: true,
      documentVersion: true,
      documentSha256: true,
      engagementId: true,
      expert: { select: { timeZone: true } },
      document: { select: { fileName: true, project: { select: { id: true, title: true } } } },
      engagement: { select: { withdrawal: { select: { withdrawnAt: true } } } },
    },
  });
  if (!s) throw new AppError("NOT_FOUND", "Receipt not found");
  const { engagement, ...record } = s;
  return { ...record, withdrawnAt: engagement?.withdrawal?.withdrawnAt ?? null };
}
