// The consent a person gives before any text is sent (TCPA): these words, stored word for word
// with the time they confirmed their number. Changing the wording changes what is recorded for
// people who agree from then on; earlier records keep the words they agreed to.

export const SMS_CONSENT_TEXT =
  "I agree to receive text messages from K12 Experts at this number about my sessions: a confirmation when one is booked, " +
  "reminders 24 hours and 1 hour before, changes and cancellations, and focus-group seat offers. Up to 8 messages a day. " +
  "Message and data rates may apply. Consent is not a condition of using K12 Experts. Reply STOP to stop, HELP for help.";

/** The line every text ends with. */
export const STOP_LINE = "Reply STOP to stop.";

export const HELP_REPLY = "K12 Experts session reminders. Manage texts in Settings › Calendar and Text Reminders. Reply STOP to stop.";
