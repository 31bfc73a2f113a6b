import { z } from "zod";

/**
 * Every background task's name and payload. Payloads are checked when a job is enqueued and
 * again when it runs: a job row may have been written by older code or by hand in SQL.
 * Handlers live in lib/jobs/tasks.ts; this file imports nothing so any service can enqueue.
 */
export const JOB_PAYLOADS = {
  /** One e-mail; `attachments[].content` is base64 so the payload stays JSON. */
  "send-mail": z.object({
    to: z.email(),
    subject: z.string().min(1).max(500),
    text: z.string(),
    html: z.string().optional(),
    replyTo: z.email().optional(),
    attachments: z
      .array(
        z.object({
          filename: z.string().min(1).max(255),
          content: z.base64(),
          contentType: z.string().max(255).optional(),
        }),
      )
      .max(10)
      .optional(),
  }),
  /** Mails a stored contact message to support (lib/services/contact.ts). */
  "deliver-contact-message": z.object({ messageId: z.uuid() }),
  /** Hourly (JOB_CRONTAB): deletes abuse-limit hits and sign-in attempts no window counts any more. */
  "prune-abuse-counters": z.object({}),
} as const;

/** Recurring jobs, in graphile-worker's crontab syntax: one run per slot across all instances. */
export const JOB_CRONTAB = "0 * * * * prune-abuse-counters";

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<T extends JobName> = z.infer<(typeof JOB_PAYLOADS)[T]>;

/** Tasks that send mail: when one succeeds after an outage, their waiting retries are pulled forward. */
export const MAIL_JOBS: readonly JobName[] = ["send-mail", "deliver-contact-message"];
