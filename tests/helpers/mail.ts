import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startSmtpCapture } from "../../scripts/lib/smtp-capture.mjs";

export type CapturedMail = { from: string | null; to: string[]; raw: string; text: string; subject: string };

/** Undoes quoted-printable soft breaks and escapes so links can be read from the raw message. */
export function decodeBody(raw: string) {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The Subject header as a person reads it: folded lines joined and RFC 2047 encoded words
 * ("=?UTF-8?Q?…?=" / "=?UTF-8?B?…?=", used for quotes and non-ASCII) decoded.
 */
export function decodeSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  const unfolded = header.replace(/\r?\n[ \t]/g, " ").replace(/\?=\s+=\?/g, "?==?");
  return unfolded.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) => {
    if (enc.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
    const bytes = text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
    try {
      return decodeURIComponent(bytes);
    } catch {
      return bytes;
    }
  });
}

export function readMailDir(dir: string): CapturedMail[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const m = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { from: string | null; to: string[]; raw: string };
      const text = decodeBody(m.raw);
      return { ...m, text, subject: decodeSubject(m.raw) };
    });
}

export function firstLink(mail: CapturedMail) {
  return /https?:\/\/[^\s"<>]+/.exec(mail.text)?.[0] ?? null;
}

/** A real SMTP server on loopback for this test file; sets SMTP_URL before the app reads it. */
export async function startTestSmtp() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "k12-mail-"));
  const server = await startSmtpCapture({ dir });
  process.env.SMTP_URL = server.url;
  return { ...server, dir, messages: () => readMailDir(dir) };
}

/** The mails queued for `to` (send-mail jobs not yet run), as subject and text, oldest first. */
export async function queuedMailsTo(to: string) {
  const { db } = await import("@/lib/platform/db");
  return db().$queryRaw<{ subject: string; text: string; key: string | null }[]>`
    SELECT j.payload->>'subject' AS subject, j.payload->>'text' AS text, j.key
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${to} ORDER BY j.id`;
}
