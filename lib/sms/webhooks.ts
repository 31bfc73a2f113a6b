import "server-only";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import { deliveryOf, isValidTwilioSignature, keywordOf, twiml } from "@/lib/sms/twilio";
import { recordDeliveryStatus } from "@/lib/sms/messages";
import { applyInboundKeyword } from "@/lib/sms/subscriptions";
import { HELP_REPLY } from "@/lib/sms/consent";
import { toE164 } from "@/lib/sms/phone";

// Twilio's two webhooks: a message's delivery status, and a text someone sent to our number.
// Each is proven by X-Twilio-Signature over the address Twilio called (our APP_URL and the path:
// behind a proxy the request's own host may differ) and the form fields.

const MAX_BODY = 20_000;

function verified(path: string, body: string, signature: string | null): Record<string, string> {
  const { SMS_PROVIDER, TWILIO_AUTH_TOKEN } = env();
  if (SMS_PROVIDER !== "twilio" || !TWILIO_AUTH_TOKEN) throw new AppError("NOT_FOUND", "Text messages are not sent through Twilio here.");
  if (body.length > MAX_BODY) throw new AppError("BAD_REQUEST", "The webhook body is too large.");
  const params = Object.fromEntries(new URLSearchParams(body));
  const url = new URL(path, env().APP_URL).toString();
  if (!isValidTwilioSignature(TWILIO_AUTH_TOKEN, url, params, signature))
    throw new AppError("FORBIDDEN", "The X-Twilio-Signature header does not match this request.");
  return params;
}

/** A delivery report: the message is marked delivered or failed. */
export async function receiveTwilioStatus(path: string, body: string, signature: string | null) {
  const params = verified(path, body, signature);
  const sid = params.MessageSid ?? params.SmsSid;
  const status = deliveryOf(params.MessageStatus ?? params.SmsStatus ?? "");
  if (!sid || !status) throw new AppError("BAD_REQUEST", "The report names no message or no known status.");
  const known = await recordDeliveryStatus(sid.slice(0, 64), status, params.ErrorCode?.slice(0, 16) ?? null);
  return { received: true as const, known };
}

/** An incoming text: STOP turns texts off at once for that number, START back on, HELP answers. Anything else gets no reply. */
export async function receiveTwilioInbound(path: string, body: string, signature: string | null, now: Date = new Date()): Promise<string> {
  const params = verified(path, body, signature);
  const from = toE164(params.From ?? "");
  const keyword = keywordOf(params.Body ?? "");
  if (!from || !keyword) return twiml(null);
  if (keyword === "help") return twiml(HELP_REPLY);
  await applyInboundKeyword(from, keyword, now);
  // Twilio answers STOP and START itself (its opt-out handling); a second reply would repeat it.
  return twiml(null);
}
