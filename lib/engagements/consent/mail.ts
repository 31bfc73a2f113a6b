import { composeMail, line } from "@/lib/engagements/mail";
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
  return composeMail(
    facts.firstName,
    {
      subject: `Your signed consent: "${facts.projectTitle}"`,
      body: [
        line`You signed version ${String(facts.version)} of the consent form for "${facts.projectTitle}" on ${formatDateTime(facts.signedAt, "UTC")}.`,
        line`The form you signed (PDF): ${facts.documentUrl}`,
        line`Its SHA-256 fingerprint: ${facts.sha256}`,
        line`You can withdraw your consent at any time from the study's card on your dashboard.`,
      ],
      action: "View your receipt",
    },
    facts.receiptUrl,
  );
}
