import "server-only";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env, isDemoMode } from "@/lib/platform/env";
import { loggerFor } from "@/lib/platform/log.mjs";
import type { MailLayout } from "@/lib/platform/mail/content";
import { renderMailHtml } from "@/lib/platform/mail/layout";

const log = loggerFor("mail");

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (SMTP only; the mail folder keeps the text part). */
  html?: string;
  /** What the mail says: its HTML part is rendered from it by the one layout (SMTP only). */
  layout?: MailLayout;
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
};

let transporter: Transporter | undefined;
function smtp() {
  transporter ??= nodemailer.createTransport(env().SMTP_URL!, {
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  } as object);
  return transporter;
}

/**
 * Sends through SMTP_URL. Without it (a newcomer's machine), the message is written to
 * MAIL_DIR, readable by this user only (it holds sign-in links), and in demo mode its links
 * are printed too, so accounts can be verified locally. Outside demo mode links never reach
 * the log.
 * Throws when the SMTP server refuses or cannot be reached.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const { SMTP_URL, MAIL_FROM, MAIL_DIR } = env();
  if (SMTP_URL) {
    const { layout, ...rest } = message;
    await smtp().sendMail({ from: MAIL_FROM, ...rest, ...(layout ? { html: await renderMailHtml(layout) } : {}) });
    return;
  }
  mkdirSync(MAIL_DIR, { recursive: true, mode: 0o700 });
  const file = path.join(MAIL_DIR, `${Date.now()}-${message.to.replace(/[^a-z0-9@.]/gi, "_")}.txt`);
  writeFileSync(file, `To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`, { mode: 0o600 });
  const links = isDemoMode() ? (message.text.match(/https?:\/\/\S+/g) ?? []) : [];
  // The folder, not the file: the file's name holds the address, and log lines carry no e-mail.
  log.info({ subject: message.subject, dir: MAIL_DIR, ...(links.length ? { links } : {}) }, "mail saved");
}

/** True when the mail transport answers (used by the status page). */
export async function mailTransportReachable(): Promise<boolean> {
  if (!env().SMTP_URL) return true;
  try {
    await smtp().verify();
    return true;
  } catch {
    return false;
  }
}
