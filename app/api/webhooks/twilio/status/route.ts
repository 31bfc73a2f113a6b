import { apiRoute } from "@/lib/accounts/api-handler";
import { receiveTwilioStatus } from "@/lib/sms/webhooks";

/**
 * POST /api/webhooks/twilio/status — Twilio only, proven by X-Twilio-Signature: a text message's
 * delivery status (delivered, undelivered, failed). 404 when Twilio is not the SMS provider.
 */
export const POST = apiRoute({ roles: null, failure: "Failed to record the delivery report." }, async ({ request }) =>
  receiveTwilioStatus(new URL(request.url).pathname, await request.text(), request.headers.get("x-twilio-signature")),
);
