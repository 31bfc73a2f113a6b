// The e-mail that brings a contact-form message to support. Its Reply-To is the sender, so
// support answers by replying; the sender's own words come last, as they wrote them.

import { formatDateTime } from "@/lib/platform/format";
import { composeMail, line, textBlock } from "@/lib/platform/mail/content";

const ROLE_LABEL = { expert: "Education expert", client: "Research client", other: "Other" } as const;

export type ContactMailFacts = {
  id: string;
  name: string;
  email: string;
  role: keyof typeof ROLE_LABEL;
  subject: string;
  message: string;
  createdAt: Date;
  attachmentName: string | null;
  attachmentSize: number | null;
};

export function contactMail(m: ContactMailFacts) {
  return composeMail({
    subject: `[Contact] ${m.subject}`,
    firstName: null,
    body: [
      line`New contact message (${m.id})`,
      textBlock(
        [
          `From: ${m.name} <${m.email}>`,
          `Role: ${ROLE_LABEL[m.role]}`,
          `Received: ${formatDateTime(m.createdAt, "UTC")}`,
          `Subject: ${m.subject}`,
          m.attachmentName ? `Attachment: ${m.attachmentName} (${m.attachmentSize ?? 0} bytes)` : "Attachment: none",
        ].join("\n"),
      ),
      textBlock(m.message),
    ],
    why: "This is the support address of K12 Experts, and someone wrote to it through the contact form.",
  });
}
