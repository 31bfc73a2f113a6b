import "server-only";
import path from "node:path";
import { env } from "@/lib/platform/env";
import { createLogSmsProvider } from "@/lib/sms/log-provider";
import { createTwilioProvider } from "@/lib/sms/twilio";
import type { SmsProvider } from "@/lib/sms/provider";

/** The provider SMS_PROVIDER names (the env check at boot makes sure Twilio's settings are there). */
export function smsProvider(): SmsProvider {
  const e = env();
  if (e.SMS_PROVIDER === "twilio")
    return createTwilioProvider({
      accountSid: e.TWILIO_ACCOUNT_SID!,
      authToken: e.TWILIO_AUTH_TOKEN!,
      from: e.TWILIO_FROM!,
      apiUrl: e.TWILIO_API_URL,
    });
  return createLogSmsProvider({ dir: path.resolve(e.SMS_DIR) });
}
