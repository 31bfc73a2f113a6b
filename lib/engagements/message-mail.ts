// The e-mail that brings a burst of unread messages of one conversation (messages.ts queues it).

import { composeMail, escapeHtml, line, textBlock, type Line } from "@/lib/platform/mail/content";

export function unreadMessagesMail(input: {
  firstName: string;
  projectTitle: string;
  /** Each unread message: its sender and time as the reader reads them, and its words. */
  messages: { who: string; body: string }[];
  link: string;
}) {
  const count = input.messages.length === 1 ? "New message" : `${input.messages.length} new messages`;
  // Each message as its sender wrote it: the words escaped, its line breaks kept in the HTML copy.
  const said = input.messages.map(({ who, body }): Line => {
    const words = textBlock(body);
    return { text: `${who}:\n${words.text}`, html: `<span style="color:#4b5563">${escapeHtml(who)}:</span><br>${words.html}` };
  });
  return composeMail({
    subject: `${count} about "${input.projectTitle}"`,
    firstName: input.firstName,
    body: [...said, line`Replies to this e-mail are not read: answer on K12 Experts.`],
    action: { label: "Reply on K12 Experts", href: input.link },
    why: `You take part in "${input.projectTitle}" on K12 Experts, and the other side wrote to you about it.`,
  });
}
