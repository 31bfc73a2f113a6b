import { composeMail, line, linkLine } from "@/lib/platform/mail/content";
import { formatDateTime } from "@/lib/platform/format";

// The expert's copy of what they signed: the study, the version and its hash, the time in UTC,
// a link to the PDF itself and one to the receipt page with the whole record.

export function consentReceiptMail(facts: {
  firstName: string;
  projectTitle: string;
  version: number;
  sha256: string;
  signedAt: Date;
  documentUrl: string;
  receiptUrl: string;
}) {
  return composeMail({
    subject: `Your signed consent: "${facts.projectTitle}"`,
    firstName: facts.firstName,
    body: [
      line`You signed version ${String(facts.version)} of the consent form for "${facts.projectTitle}" on ${formatDateTime(facts.signedAt, "UTC")}.`,
      line`The form you signed (PDF): ${linkLine(facts.documentUrl)}`,
      line`Its SHA-256 fingerprint: ${facts.sha256}`,
      line`You can withdraw your consent at any time from the study's card on your dashboard.`,
    ],
    action: { label: "View your receipt", href: facts.receiptUrl },
    why: "You signed a study's consent form on K12 Experts, and this is your copy of the record.",
  });
}
