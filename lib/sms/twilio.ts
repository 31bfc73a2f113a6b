import { createHmac, timingSafeEqual } from "node:crypto";
import { fetchWithRetries, readJson, type RetryOptions } from "@/lib/platform/http-retry";
import { SmsProviderError, type SmsProvider } from "@/lib/sms/provider";

// Twilio's Programmable Messaging (https://www.twilio.com/docs/messaging/api/message-resource):
// POST /Accounts/{AccountSid}/Messages.json with HTTP Basic auth (the account SID and auth
// token), form-encoded To, From (or MessagingServiceSid), Body and StatusCallback. A 429 or 5xx
// is retried with Retry-After; a 4xx is Twilio's refusal (a bad number, an opted-out recipient:
// error 21610) and is not.
//
// Twilio signs each webhook it sends (status callbacks, incoming messages): X-Twilio-Signature is
// base64(HMAC-SHA1(auth token, the full URL + each POST parameter's name and value, sorted by
// name)) (https://www.twilio.com/docs/usage/security#validating-requests).

export type TwilioConfig = { accountSid: string; authToken: string; from: string; apiUrl: string } & RetryOptions;

export function createTwilioProvider(config: TwilioConfig): SmsProvider {
  const url = `${config.apiUrl.replace(/\/+$/, "")}/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send(text) {
      const form = new URLSearchParams({ To: text.to, Body: text.body });
      if (/^MG[0-9a-f]{32}$/i.test(config.from)) form.set("MessagingServiceSid", config.from);
      else form.set("From", config.from);
      if (text.statusCallbackUrl) form.set("StatusCallback", text.statusCallbackUrl);
      const answer = await fetchWithRetries(
        url,
        { method: "POST", headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" }, body: form },
        config,
      );
      if ("problem" in answer) throw new SmsProviderError(`Twilio ${answer.problem}`, true);
      const body = await readJson<{ sid?: string; code?: number; message?: string }>(answer.res);
      if (answer.res.status === 201 && body?.sid) return { providerId: body.sid };
      throw new SmsProviderError(
        `Twilio refused the message (HTTP ${answer.res.status}${body?.code ? `, error ${body.code}` : ""})${body?.message ? `: ${body.message}` : ""}`,
        false,
      );
    },
  };
}

/** Twilio's signature of a webhook request: the URL it called and its POST parameters. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Whether a webhook really came from Twilio (constant-time comparison). */
export function isValidTwilioSignature(authToken: string, url: string, params: Record<string, string>, signature: string | null): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What an incoming text asks for: Twilio's standard opt-out, opt-in and help keywords (the whole message, any case). */
export function keywordOf(body: string): "stop" | "start" | "help" | null {
  const word = body.trim().toUpperCase();
  if (["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"].includes(word)) return "stop";
  if (["START", "YES", "UNSTOP"].includes(word)) return "start";
  if (["HELP", "INFO"].includes(word)) return "help";
  return null;
}

/** A TwiML answer to an incoming text: a reply, or nothing. */
export function twiml(reply: string | null): string {
  const escaped = reply?.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${escaped ? `<Message>${escaped}</Message>` : ""}</Response>`;
}

/** Twilio's delivery states as ours: delivered, failed (undelivered or failed), or still on its way. */
export function deliveryOf(status: string): "delivered" | "failed" | "sent" | null {
  if (status === "delivered" || status === "read") return "delivered";
  if (status === "undelivered" || status === "failed") return "failed";
  if (["queued", "accepted", "sending", "sent", "scheduled"].includes(status)) return "sent";
  return null;
}
