// The seam between a text message and whoever delivers it, in the pattern of the money and
// meeting providers: `log` (the default) writes each message to a file beside the mail files;
// Twilio sends it. Configured by SMS_PROVIDER (configured.ts).

export type OutgoingText = {
  /** E.164. */
  to: string;
  body: string;
  /** Where the provider reports what became of the message (Twilio's StatusCallback). */
  statusCallbackUrl?: string;
};

export type SentText = { providerId: string };

export interface SmsProvider {
  readonly name: "log" | "twilio";
  send(text: OutgoingText): Promise<SentText>;
}

/** The provider refused or kept failing; `retry` says whether the queue should try again. */
export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = "SmsProviderError";
  }
}
