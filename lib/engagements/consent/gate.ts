import "server-only";
import type { Tx } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { currentConsent } from "./documents";

// The one rule every start path asks: a study with a consent form lets an expert start (apply,
// accept an invite, take a seat or pick a time, start the survey) only once they have signed
// its current version. A version uploaded mid-study asks them again before their next step.

export const CONSENT_REQUIRED = "Please read this study's consent form and sign it with your full name before you go on.";
export const CONSENT_RENEWAL = "This study's consent form has changed. Please read the new version and sign it before you go on.";

/**
 * Throws CONFLICT (field `studyConsent`) unless the expert signed the study's current consent.
 * With an engagement, a signature made before it existed (signed, then applied) is linked to it.
 */
export async function requireStudyConsent(tx: Tx, facts: { projectId: string; expertId: string; engagementId?: string | null }) {
  const current = await currentConsent(tx, facts.projectId);
  if (!current) return;
  const signed = await tx.consentSignature.findUnique({
    where: { documentId_expertId: { documentId: current.id, expertId: facts.expertId } },
    select: { id: true, engagementId: true },
  });
  if (!signed) {
    const earlier = await tx.consentSignature.findFirst({
      where: { projectId: facts.projectId, expertId: facts.expertId },
      select: { id: true },
    });
    const message = earlier ? CONSENT_RENEWAL : CONSENT_REQUIRED;
    throw new AppError("CONFLICT", message, { studyConsent: [message] });
  }
  if (facts.engagementId && !signed.engagementId)
    await tx.consentSignature.updateMany({
      where: { projectId: facts.projectId, expertId: facts.expertId, engagementId: null },
      data: { engagementId: facts.engagementId },
    });
}
