import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { throttledError } from "@/lib/platform/errors";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import { sendMail } from "@/lib/platform/mail/send";
import { contactMail } from "@/lib/site/contact-mail";
import { CONTACT_MESSAGES, CONTACT_THROTTLE_MAX, CONTACT_THROTTLE_WINDOW_MINUTES } from "@/lib/site/schemas/contact-rules";
import type { CheckedAttachment, ContactFields } from "@/lib/site/schemas/contact";
import { loggerFor } from "@/lib/platform/log.mjs";

const log = loggerFor("contact");

/** After this many failed deliveries (the job's max attempts) a message is left for a person to look at (it stays stored). */
export const CONTACT_MAX_DELIVERY_ATTEMPTS = 20;

/**
 * Stores the message and, in the same transaction, its delivery job (so a stored message always
 * has one, and a refused one never does). The queue's worker mails it to SUPPORT_EMAIL and
 * retries with backoff while SMTP fails; the sender gets success because we have their message.
 * At most 5 per IP per 10 minutes (LIMIT_CONTACT_PER_IP): the 429 says when to come back
 * (Retry-After).
 */
export async function receiveContactMessage(
  fields: ContactFields,
  attachment: CheckedAttachment | null,
  meta: { ip: string },
  now = new Date(),
): Promise<{ id: string }> {
  const windowMs = CONTACT_THROTTLE_WINDOW_MINUTES * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const max = env().LIMIT_CONTACT_PER_IP ?? CONTACT_THROTTLE_MAX;
  return db().$transaction(async (tx) => {
    // One lock per IP makes "count, then insert" exact when several requests arrive at once.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`contact:${meta.ip}`}))`;
    const recent = await tx.contactMessage.findMany({
      where: { ipAddress: meta.ip, createdAt: { gte: since } },
      orderBy: { createdAt: "desc" },
      take: max,
      select: { createdAt: true },
    });
    if (recent.length >= max) {
      const message =
        max === CONTACT_THROTTLE_MAX
          ? CONTACT_MESSAGES.throttled
          : CONTACT_MESSAGES.throttled.replace(String(CONTACT_THROTTLE_MAX), String(max));
      throw throttledError(message, (recent.at(-1)!.createdAt.getTime() + windowMs - now.getTime()) / 1000);
    }
    const stored = await tx.contactMessage.create({
      data: {
        ...fields,
        ipAddress: meta.ip,
        createdAt: now,
        ...(attachment
          ? {
              attachmentName: attachment.name,
              attachmentType: attachment.mimeType,
              attachmentSize: attachment.size,
              attachmentData: new Uint8Array(attachment.data),
            }
          : {}),
      },
      select: { id: true },
    });
    await enqueueContactDelivery(stored.id, tx);
    return stored;
  });
}

// One delivery job per message (the key), tried at most CONTACT_MAX_DELIVERY_ATTEMPTS times.
const enqueueContactDelivery = (messageId: string, tx?: Tx) =>
  enqueueJob(
    "deliver-contact-message",
    { messageId },
    { jobKey: `contact-message:${messageId}`, maxAttempts: CONTACT_MAX_DELIVERY_ATTEMPTS },
    tx,
  );

/**
 * Mails one stored message (the "deliver-contact-message" job) while holding its row lock
 * (FOR UPDATE SKIP LOCKED), so a message being sent right now, or already sent, is skipped
 * ("busy") rather than sent twice. A failure is written to the row (status, attempts, error)
 * and returned as "failed"; the job then throws and the queue retries it. A crash mid-send
 * rolls back and leaves it for the job's retry.
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
          ...contactMail(message),
          ...(message.attachmentData && message.attachmentName
            ? {
                attachments: [
                  {
                    filename: message.attachmentName,
                    content: Buffer.from(message.attachmentData),
                    contentType: message.attachmentType ?? undefined,
                  },
                ],
              }
            : {}),
        });
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        await tx.contactMessage.update({
          where: { id },
          data: { status: "failed", attempts: { increment: 1 }, lastError: reason.slice(0, 500) },
        });
        log.warn({ messageId: id, reason }, "contact message stored but not mailed yet");
        return "failed";
      }
      await tx.contactMessage.update({
        where: { id },
        data: { status: "sent", attempts: { increment: 1 }, sentAt: new Date(), lastError: null },
      });
      return "sent";
    },
    // The SMTP exchange happens inside; nodemailer's own timeouts end it well before this.
    { timeout: 30_000, maxWait: 10_000 },
  );
}

/**
 * Gives every unsent message without a delivery job one: messages stored before the queue
 * existed, or whose job an operator removed. Run when a worker starts; usually finds none.
 */
export async function requeueUndeliveredContactMessages(): Promise<number> {
  const orphans = await db().$queryRaw<{ id: string }[]>`
    SELECT m.id::text AS id FROM contact_messages m
    WHERE m.status <> 'sent' AND m.attempts < ${CONTACT_MAX_DELIVERY_ATTEMPTS}
      AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = 'contact-message:' || m.id::text)`;
  for (const { id } of orphans) await enqueueContactDelivery(id);
  if (orphans.length) log.info({ queued: orphans.length }, "unsent contact messages queued for delivery");
  return orphans.length;
}
