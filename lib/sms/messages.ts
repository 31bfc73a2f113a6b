import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import { smsProvider } from "@/lib/sms/configured";
import { SmsProviderError, type SmsProvider } from "@/lib/sms/provider";
import { afterQuietHours, isQuietHour, startOfLocalDay } from "@/lib/sms/timing";

// Every text goes through here: a row per message (its key is unique, so the same reminder is
// queued once however often it is asked for) and a `send-sms` job at the time it may go. When the
// job runs it checks again: texts still on (a STOP since then stops it), still relevant (the
// caller's check: the session has not moved or been cancelled), not in quiet hours, and under the
// person's daily cap. Then the provider sends it; a provider failure worth retrying is thrown, and
// the queue tries again with backoff.

export type TextKind = "code" | "booking" | "reminder_24h" | "reminder_1h" | "changed" | "cancelled" | "seat_offer";

/** Kinds sent whatever the hour: the code the person is waiting for, and the 1-hour reminder. */
const ANY_HOUR: readonly TextKind[] = ["code", "reminder_1h"];

export type TextInput = {
  userId: string;
  key: string;
  kind: TextKind;
  body: string;
  /** When it is due; it waits for 08:00 if that is in the receiver's quiet hours. */
  at: Date;
  /** The number to use when the person has not confirmed one yet (the confirmation code only). */
  phone?: string;
  anyHour?: boolean;
};

/** Queues a text to a person whose texts are on (or a code to the number being confirmed). Returns whether one was queued. */
export async function queueText(tx: Tx, input: TextInput): Promise<boolean> {
  const sub = await tx.smsSubscription.findUnique({ where: { userId: input.userId } });
  if (!sub) return false;
  const active = !!sub.verifiedAt && !sub.stoppedAt;
  if (input.kind !== "code" && !active) return false;
  const phone = input.kind === "code" ? (input.phone ?? sub.phone) : sub.phone;
  const runAt = input.anyHour || ANY_HOUR.includes(input.kind) ? input.at : afterQuietHours(input.at, sub.timeZone);
  const created = await tx.smsMessage.createManyAndReturn({
    data: [{ userId: input.userId, key: input.key, kind: input.kind, phone, body: input.body }],
    skipDuplicates: true,
    select: { id: true },
  });
  if (!created.length) return false;
  await enqueueJob("send-sms", { messageId: created[0].id }, { runAt, maxAttempts: 6 }, tx);
  return true;
}

export type DeliveryOutcome = "sent" | "skipped" | "deferred" | "failed" | "done";

/**
 * Sends one queued text, or records why not. `stillRelevant` is the caller's check that the
 * text still says something true (the session is where the text says).
 */
export async function deliverText(
  messageId: string,
  stillRelevant: (message: { kind: string; key: string }) => Promise<boolean>,
  now: Date = new Date(),
  provider: SmsProvider = smsProvider(),
): Promise<DeliveryOutcome> {
  const message = await db().smsMessage.findUnique({ where: { id: messageId }, include: { user: { select: { smsSubscription: true } } } });
  if (!message || message.status !== "queued") return "done";
  const sub = message.user.smsSubscription;
  const skip = async (note: string) => {
    await db().smsMessage.update({ where: { id: messageId }, data: { status: "skipped", note } });
    return "skipped" as const;
  };
  if (!sub || (message.kind !== "code" && (!sub.verifiedAt || sub.stoppedAt || sub.phone !== message.phone)))
    return skip("texts are off for this number");
  if (message.kind === "code" && sub.phone !== message.phone) return skip("a newer number is being confirmed");
  if (!(await stillRelevant(message))) return skip("no longer true (the session moved, ended or was cancelled)");
  if (!ANY_HOUR.includes(message.kind as TextKind) && isQuietHour(now, sub.timeZone)) {
    // Late from a retry or a busy queue: it waits for the morning.
    await enqueueJob("send-sms", { messageId }, { runAt: afterQuietHours(now, sub.timeZone), maxAttempts: 6 });
    return "deferred";
  }
  if (message.kind !== "code") {
    const today = await db().smsMessage.count({
      where: {
        userId: message.userId,
        kind: { not: "code" },
        sentAt: { gte: startOfLocalDay(now, sub.timeZone) },
        status: { in: ["sent", "delivered"] },
      },
    });
    if (today >= env().SMS_DAILY_CAP) return skip(`daily limit of ${env().SMS_DAILY_CAP} texts reached`);
  }
  try {
    const sent = await provider.send({ to: message.phone, body: message.body, statusCallbackUrl: statusCallbackUrl(provider) });
    await db().smsMessage.update({
      where: { id: messageId },
      data: { status: "sent", providerId: sent.providerId, sentAt: now, note: null },
    });
    return "sent";
  } catch (e) {
    if (!(e instanceof SmsProviderError)) throw e;
    if (e.retry) {
      await db().smsMessage.update({ where: { id: messageId }, data: { note: e.message.slice(0, 500) } });
      throw e;
    }
    await db().smsMessage.update({ where: { id: messageId }, data: { status: "failed", note: e.message.slice(0, 500) } });
    return "failed";
  }
}

const statusCallbackUrl = (provider: SmsProvider) =>
  provider.name === "twilio" ? new URL("/api/webhooks/twilio/status", env().APP_URL).toString() : undefined;

/** What the provider reports later: delivered, or failed with its error code. An unknown message id changes nothing. */
export async function recordDeliveryStatus(providerId: string, status: "delivered" | "failed" | "sent", errorCode: string | null) {
  const { count } = await db().smsMessage.updateMany({
    where: { providerId, status: { in: ["sent", "delivered", "failed"] } },
    data: { status, ...(status === "failed" ? { note: `the carrier did not deliver it${errorCode ? ` (error ${errorCode})` : ""}` } : {}) },
  });
  return count > 0;
}
