import "server-only";
import { deliverUnsentContactMessages } from "@/lib/services/contact";

// Cheap when nothing waits (one indexed count), so an outage's backlog leaves within a minute.
const EVERY_MS = 30_000;
const state = globalThis as unknown as { __k12ContactRetry?: NodeJS.Timeout };

/**
 * The periodic half of "never lose a contact message": every 30 seconds, mail whatever an SMTP
 * outage left stored as unsent. (The other half: each successful send flushes the backlog.)
 * Several instances may run it at once; row locks stop a message going out twice.
 */
export function startContactRetryJob() {
  if (state.__k12ContactRetry) return;
  state.__k12ContactRetry = setInterval(() => {
    deliverUnsentContactMessages().then(
      ({ sent, remaining }) => {
        if (sent || remaining) console.log(`[contact] retry round: ${sent} sent, ${remaining} still unsent`);
      },
      (e) => console.warn("[contact] retry round failed:", e instanceof Error ? e.message : e),
    );
  }, EVERY_MS);
  state.__k12ContactRetry.unref();
}
