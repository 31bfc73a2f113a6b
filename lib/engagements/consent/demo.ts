import "server-only";
import type { Tx } from "@/lib/platform/db";
import { sha256Hex, simplePdf } from "./pdf";

// The demo survey's own consent form: a one-page PDF made here (no file is copied in), stored
// as version 1 once, so a demo expert reads and signs it before starting the survey.

const DEMO_CONSENT_LINES = [
  "Informed consent to take part in research",
  "",
  "Study: School Safety Technology Survey (SafeSchools Research Institute)",
  "",
  "What you will do: answer a 15-minute online survey about visitor management,",
  "emergency alerts and how your campus evaluates safety vendors.",
  "",
  "Risks: none beyond those of everyday life. Benefits: none directly to you.",
  "Payment: the incentive shown on the study's card, paid through K12 Experts.",
  "",
  "Your answers are kept under a participant id that does not name you.",
  "Taking part is voluntary. You may withdraw at any time from the study's card;",
  "anything you have earned stays yours, and your data will be deleted.",
  "",
  "Questions: contact the research team through the study's conversation.",
  "This is demo text for the K12 Experts demo; it was approved by no IRB.",
];

/** Stores the demo consent form as version 1 of the project's consent, unless it has one. */
export async function seedDemoConsent(tx: Tx, projectId: string, documentId: string, uploadedById: string) {
  const bytes = simplePdf(DEMO_CONSENT_LINES);
  const existing = await tx.studyDocument.findFirst({ where: { projectId, kind: "consent" }, select: { id: true } });
  if (existing) return;
  await tx.studyDocument.create({
    data: {
      id: documentId,
      projectId,
      kind: "consent",
      version: 1,
      fileName: "school-safety-survey-consent.pdf",
      sha256: sha256Hex(bytes),
      sizeBytes: bytes.byteLength,
      content: Buffer.from(bytes),
      uploadedById,
    },
  });
}
