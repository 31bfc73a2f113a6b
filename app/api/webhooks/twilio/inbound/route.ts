import { apiRoute } from "@/lib/accounts/api-handler";
import { receiveTwilioInbound } from "@/lib/sms/webhooks";

/**
 * POST /api/webhooks/twilio/inbound — Twilio only, proven by X-Twilio-Signature: a text sent to
 * our number. STOP turns that number's texts off at once, START on again, HELP is answered (TwiML).
 */
export const POST = apiRoute({ roles: null, failure: "Failed to read the incoming text." }, async ({ request }) => {
  const reply = await receiveTwilioInbound(new URL(request.url).pathname, await request.text(), request.headers.get("x-twilio-signature"));
  return new Response(reply, { headers: { "Content-Type": "text/xml; charset=utf-8" } });
});
