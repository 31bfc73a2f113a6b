import "server-only";
import type { Tx } from "@/lib/platform/db";
import { enqueueJob } from "@/lib/platform/jobs/enqueue";
import type { JobPayload } from "@/lib/platform/jobs/payloads";

/** Tries before a mail is left failed; the queue backs off between them and retries sooner once SMTP is back. */
const MAIL_ATTEMPTS = 10;

/**
 * The one way the app's own mail leaves (verification and reset links, account notices): a
 * send-mail job on the queue, in `tx` when the mail belongs to a write, so it exists only if
 * the write commits and an SMTP outage is retried instead of logged and lost. A `jobKey` makes a
 * mail that must go once per key (a daily digest) replace its unsent twin instead of repeating it.
 */
export function queueMail(message: JobPayload<"send-mail">, tx?: Tx, jobKey?: string) {
  return enqueueJob("send-mail", message, { maxAttempts: MAIL_ATTEMPTS, ...(jobKey ? { jobKey } : {}) }, tx);
}
