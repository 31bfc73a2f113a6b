import "server-only";
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { consumeRateLimits, SMS_CODES_PER_ACCOUNT } from "@/lib/platform/security/rate-limit";
import type { Actor } from "@/lib/accounts/actor";
import { SMS_CONSENT_TEXT, STOP_LINE } from "@/lib/sms/consent";
import { toE164 } from "@/lib/sms/phone";
import { queueText } from "@/lib/sms/messages";

// Opting in to text reminders: the person gives a number and agrees to the consent wording; a
// 6-digit code texted to the number proves it is theirs (10 minutes, 5 tries, 5 codes an hour).
// Confirming records the consent's words and time. Texts then go until the person turns them off
// here or replies STOP (the provider tells us; texts stop at once), and START turns them on again.

export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
const NOT_WHILE_VIEWING_AS = "Stop viewing as another user to manage their text messages.";

const codeHash = (userId: string, code: string) => createHash("sha256").update(`${userId}:${code}`).digest("hex");
const own = (actor: Actor) => {
  if (actor.impersonating) throw new AppError("FORBIDDEN", NOT_WHILE_VIEWING_AS);
};

export type SmsSettings = {
  phone: string | null;
  /** The number waiting for its code. */
  pendingPhone: string | null;
  state: "off" | "code_sent" | "on" | "stopped";
  stoppedBy: string | null;
  stoppedAt: Date | null;
  consentAt: Date | null;
  /** A number to suggest: the one given at registration. */
  suggestedPhone: string | null;
};

export async function getSmsSettings(actor: Actor, now: Date = new Date()): Promise<SmsSettings> {
  const [sub, expert, client] = await Promise.all([
    db().smsSubscription.findUnique({ where: { userId: actor.userId } }),
    db().expert.findUnique({ where: { userId: actor.userId }, select: { phone: true } }),
    db().clientProfile.findUnique({ where: { userId: actor.userId }, select: { phone: true } }),
  ]);
  const registered = expert?.phone ?? client?.phone ?? null;
  const suggestedPhone = registered ? toE164(registered) : null;
  if (!sub) return { phone: null, pendingPhone: null, state: "off", stoppedBy: null, stoppedAt: null, consentAt: null, suggestedPhone };
  const codeLive = !sub.verifiedAt && !!sub.codeHash && !!sub.codeExpiresAt && sub.codeExpiresAt > now;
  return {
    phone: sub.verifiedAt ? sub.phone : null,
    pendingPhone: codeLive ? sub.phone : null,
    state: sub.verifiedAt ? (sub.stoppedAt ? "stopped" : "on") : codeLive ? "code_sent" : "off",
    stoppedBy: sub.stoppedBy,
    stoppedAt: sub.stoppedAt,
    consentAt: sub.consentAt,
    suggestedPhone,
  };
}

/** Texts a new code to the number (replacing any earlier code). The number is not used for anything else until confirmed. */
export async function startSmsOptIn(actor: Actor, input: { phone: string; timeZone: string }, now: Date = new Date()) {
  own(actor);
  const phone = toE164(input.phone);
  if (!phone)
    throw new AppError("BAD_REQUEST", "Enter a mobile number: 10 digits for the US or Canada, or + and the country code", {
      phone: ["Enter a mobile number: 10 digits for the US or Canada, or + and the country code"],
    });
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db().$transaction(async (tx) => {
    await consumeRateLimits([{ rule: SMS_CODES_PER_ACCOUNT, key: actor.userId }], tx);
    const current = await tx.smsSubscription.findUnique({ where: { userId: actor.userId } });
    const fields = {
      codeHash: codeHash(actor.userId, code),
      codeExpiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
      codeAttempts: 0,
      timeZone: input.timeZone,
    };
    if (!current) await tx.smsSubscription.create({ data: { userId: actor.userId, phone, ...fields } });
    // A new number gets no texts until its own code comes back.
    else
      await tx.smsSubscription.update({
        where: { userId: actor.userId },
        data: { ...fields, phone, ...(current.phone !== phone ? { verifiedAt: null } : {}) },
      });
    await queueText(tx, {
      userId: actor.userId,
      key: `code:${actor.userId}:${now.getTime()}`,
      kind: "code",
      phone,
      body: `K12 Experts: your code is ${code}. It works for ${CODE_MINUTES} minutes. ${STOP_LINE}`,
      at: now,
      anyHour: true,
    });
  });
  return { phone, expiresInMinutes: CODE_MINUTES };
}

/** The code proves the number: texts are on from now, with the consent recorded. */
export async function confirmSmsCode(actor: Actor, code: string, now: Date = new Date()) {
  own(actor);
  // A wrong code is counted in its own committed write, then refused (a refusal thrown inside
  // the transaction would roll the count back and allow unlimited guesses).
  const outcome = await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM sms_subscriptions WHERE user_id = ${actor.userId}::uuid FOR UPDATE`;
    const sub = await tx.smsSubscription.findUnique({ where: { userId: actor.userId } });
    if (!sub?.codeHash || !sub.codeExpiresAt) throw new AppError("CONFLICT", "No code is waiting. Send a code to your phone first.");
    if (sub.codeExpiresAt <= now) throw new AppError("CONFLICT", "This code has expired. Send a new code.");
    if (sub.codeAttempts >= CODE_TRIES) throw new AppError("CONFLICT", "Too many wrong codes. Send a new code.");
    const expected = Buffer.from(sub.codeHash);
    const given = Buffer.from(codeHash(actor.userId, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await tx.smsSubscription.update({ where: { userId: actor.userId }, data: { codeAttempts: { increment: 1 } } });
      return { wrong: true as const, left: CODE_TRIES - sub.codeAttempts - 1 };
    }
    await tx.smsSubscription.update({
      where: { userId: actor.userId },
      data: {
        verifiedAt: now,
        consentText: SMS_CONSENT_TEXT,
        consentAt: now,
        stoppedAt: null,
        stoppedBy: null,
        codeHash: null,
        codeExpiresAt: null,
        codeAttempts: 0,
      },
    });
    return { wrong: false as const, phone: sub.phone };
  });
  if (outcome.wrong) {
    const message =
      outcome.left > 0
        ? `That code is not right. ${outcome.left} ${outcome.left === 1 ? "try" : "tries"} left.`
        : "Too many wrong codes. Send a new code.";
    throw new AppError("BAD_REQUEST", message, { code: [message] });
  }
  return { phone: outcome.phone };
}

/** The person turns texts off in Settings; nothing waiting is sent (each text checks when it goes). */
export async function turnOffSms(actor: Actor, now: Date = new Date()) {
  own(actor);
  const { count } = await db().smsSubscription.updateMany({
    where: { userId: actor.userId, verifiedAt: { not: null }, stoppedAt: null },
    data: { stoppedAt: now, stoppedBy: "settings" },
  });
  return { changed: count > 0 };
}

/** Turns texts back on for a confirmed number whose consent is on record. */
export async function turnOnSms(actor: Actor) {
  own(actor);
  const { count } = await db().smsSubscription.updateMany({
    where: { userId: actor.userId, verifiedAt: { not: null }, consentAt: { not: null }, stoppedAt: { not: null } },
    data: { stoppedAt: null, stoppedBy: null },
  });
  if (!count) throw new AppError("CONFLICT", "Confirm your number first.");
  return { changed: true };
}

/** A keyword texted to us from a number: STOP turns texts off at once for everyone on it, START back on. */
export async function applyInboundKeyword(phone: string, keyword: "stop" | "start", now: Date = new Date()) {
  const where = { phone, verifiedAt: { not: null } };
  const { count } =
    keyword === "stop"
      ? await db().smsSubscription.updateMany({ where: { ...where, stoppedAt: null }, data: { stoppedAt: now, stoppedBy: "stop_reply" } })
      : await db().smsSubscription.updateMany({
          where: { ...where, consentAt: { not: null }, stoppedAt: { not: null } },
          data: { stoppedAt: null, stoppedBy: null },
        });
  return count;
}
