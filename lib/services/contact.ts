import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { throttledError } from "@/lib/errors";
import { sendMail } from "@/lib/mail/send";
import { CONTACT_MESSAGES, CONTACT_THROTTLE_MAX, CONTACT_THROTTLE_WINDOW_MINUTES } from "@/lib/validation/contact-rules";
import type { CheckedAttachment, ContactFields } from "@/lib/validation/contact";

/** After this many failed deliveries a message is left for a person to look at (it stays stored). */
export const CONTACT_MAX_DELIVERY_ATTEMPTS = 20;

const ROLE_LABEL = { expert: "Education expert", client: "Research client", other: "Other" } as const;

/**
 * Stores the message first (so it can never be lost), then tries to mail it to SUPPORT_EMAIL.
 * A mail failure leaves it stored as unsent for `deliverUnsentContactMessages` to retry; the
 * sender still gets success because we have their message. At most 5 per IP per 10 minutes
 * (LIMIT_CONTACT_PER_IP): the 429 says when to come back (Retry-After).
 */
export async function receiveContactMessage(
  fields: ContactFields,
  attachment: CheckedAttachment | null,
  meta: { ip: string },
  now = new Date(),
): Promise<{ id: string; delivered: boolean }> {
  const windowMs = CONTACT_THROTTLE_WINDOW_MINUTES * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const max = env().LIMIT_CONTACT_PER_IP ?? CONTACT_THROTTLE_MAX;
  const stored = await db().$transaction(async (tx) => {
    // One lock per IP makes "count, then insert" exact when several requests arrive at once.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`contact:${meta.ip}`}))`;
    const recent = await tx.contactMessage.findMany({
      where: { ipAddress: meta.ip, createdAt: { gte: since } },
      orderBy: { createdAt: "desc" },
      take: max,
      select: { createdAt: true },
    });
    if (recent.length >= max) {
      const message = max === CONTACT_THROTTLE_MAX ? CONTACT_MESSAGES.throttled : CONTACT_MESSAGES.throttled.replace(String(CONTACT_THROTTLE_MAX), String(max));
      throw throttledError(message, (recent.at(-1)!.createdAt.getTime() + windowMs - now.getTime()) / 1000);
    }
    return tx.contactMessage.create({
      data: {
        ...fields,
        ipAddress: meta.ip,
        createdAt: now,
        ...(attachment
          ? { attachmentName: attachment.name, attachmentType: attachment.mimeType, attachmentSize: attachment.size, attachmentData: new Uint8Array(attachment.data) }
          : {}),
      },
      select: { id: true },
    });
  });
  const delivered = (await deliverContactMessage(stored.id)) === "sent";
  // The transport works again: anything an earlier outage left behind goes out now too
  // (not awaited by the sender).
  if (delivered) void deliverUnsentContactMessages().catch((e) => console.error("[contact] retry failed:", e));
  return { id: stored.id, delivered };
}

/**
 * Mails one stored message while holding its row lock (FOR UPDATE SKIP LOCKED), so a retry on
 * another request or instance skips a message that is being sent right now instead of sending
 * it twice ("busy"). A crash mid-send rolls back and leaves it unsent for the next retry.
 */
export async function deliverContactMessage(id: string): Promise<"sent" | "busy" | "failed"> {
  return db().$transaction(
    async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM contact_messages WHERE id = ${id}::uuid AND status <> 'sent' FOR UPDATE SKIP LOCKED`;
      if (locked.length === 0) return "busy"; // being sent elsewhere, or already sent
      const message = await tx.contactMessage.findUniqueOrThrow({ where: { id } });
      try {
        await sendMail({
          to: env().SUPPORT_EMAIL,
          replyTo: message.email,
          subject: `[Contact] ${message.subject}`,
          text: [
            `New contact message (${message.id})`,
            ``,
            `From: ${message.name} <${message.email}>`,
            `Role: ${ROLE_LABEL[message.role]}`,
            `Received: ${message.createdAt.toISOString()}`,
            `Subject: ${message.subject}`,
            message.attachmentName ? `Attachment: ${message.attachmentName} (${message.attachmentSize} bytes)` : `Attachment: none`,
            ``,
            message.message,
          ].join("\n"),
          ...(message.attachmentData && message.attachmentName
            ? { attachments: [{ filename: message.attachmentName, content: Buffer.from(message.attachmentData), contentType: message.attachmentType ?? undefined }] }
            : {}),
        });
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        await tx.contactMessage.update({ where: { id }, data: { status: "failed", attempts: { increment: 1 }, lastError: reason.slice(0, 500) } });
        console.warn(`[contact] message ${id} stored but not mailed yet: ${reason}`);
        return "failed";
      }
      await tx.contactMessage.update({ where: { id }, data: { status: "sent", attempts: { increment: 1 }, sentAt: new Date(), lastError: null } });
      return "sent";
    },
    // The SMTP exchange happens inside; nodemailer's own timeouts end it well before this.
    { timeout: 30_000, maxWait: 10_000 },
  );
}

const BATCH = 25;
const flushState = globalThis as unknown as { __k12ContactFlush?: Promise<{ sent: number; remaining: number }> };

/**
 * Retries every stored, unsent message, oldest first, in batches until none is left or the
 * transport fails again. One flush at a time per process: a call during a flush joins it.
 */
export function deliverUnsentContactMessages(): Promise<{ sent: number; remaining: number }> {
  flushState.__k12ContactFlush ??= flushUnsent().finally(() => {
    flushState.__k12ContactFlush = undefined;
  });
  return flushState.__k12ContactFlush;
}

async function flushUnsent(): Promise<{ sent: number; remaining: number }> {
  let sent = 0;
  const busy = new Set<string>(); // held by another sender right now: not ours to wait for
  flush: for (;;) {
    const batch = await db().contactMessage.findMany({
      where: { status: { not: "sent" }, attempts: { lt: CONTACT_MAX_DELIVERY_ATTEMPTS }, id: { notIn: [...busy] } },
      orderBy: { createdAt: "asc" },
      take: BATCH,
      select: { id: true },
    });
    if (batch.length === 0) break;
    for (const { id } of batch) {
      const outcome = await deliverContactMessage(id);
      if (outcome === "failed") break flush; // still down: the rest waits for the next round
      if (outcome === "sent") sent += 1;
      else busy.add(id);
    }
  }
  return { sent, remaining: await countUnsentContactMessages() };
}

export async function countUnsentContactMessages(): Promise<number> {
  return db().contactMessage.count({ where: { status: { not: "sent" } } });
}
