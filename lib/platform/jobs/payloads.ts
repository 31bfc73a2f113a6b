import { z } from "@/lib/platform/validation/zod";

const mailLine = z.object({ text: z.string(), html: z.string() });
const mailLink = z.object({ label: z.string().min(1), href: z.string().min(1) });

/** What an e-mail says (lib/platform/mail/content.ts `MailLayout`): its HTML part is rendered from it when sent. */
const mailLayout = z.object({
  subject: z.string(),
  preview: z.string(),
  greeting: mailLine,
  body: z.array(mailLine),
  action: mailLink.nullable(),
  why: z.string().min(1),
  unsubscribe: mailLink.nullable(),
});

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
    layout: mailLayout.optional(),
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
  /** Makes, moves or cancels a session's video meeting at Zoom or Teams (lib/engagements/meeting-links.ts); keyed per session. */
  "sync-meeting": z.object({ kind: z.enum(["engagement", "study"]), id: z.uuid() }),
  /** One text message (lib/sms/messages.ts): checked again when it runs (texts on, still true, quiet hours, daily cap). */
  "send-sms": z.object({ messageId: z.uuid() }),
  /** Mails a stored contact message to support (lib/site/contact.ts). */
  "deliver-contact-message": z.object({ messageId: z.uuid() }),
  /** 24 h or 1 h before a session (lib/engagements/reminders.ts); skipped if the session moved or ended. */
  "session-reminder": z.object({ sessionId: z.uuid(), which: z.enum(["24h", "1h"]), startsAt: z.iso.datetime() }),
  /** A focus-group seat held for someone on the waitlist (lib/engagements/seats.ts): the reminder half-way, and its end. Skipped if the offer changed. */
  "seat-offer": z.object({ seatId: z.uuid(), which: z.enum(["reminder", "expiry"]), offeredUntil: z.iso.datetime() }),
  /** A few minutes after the last of a burst of messages (keyed per thread and side, so the burst is one e-mail): the unread ones, mailed. */
  "message-mail": z.object({ engagementId: z.uuid(), to: z.enum(["expert", "client"]) }),
  /** At a project's deadline (keyed per project, moved when the deadline changes) and every 15 minutes as a sweep. */
  "close-due-projects": z.object({ projectId: z.uuid().optional() }),
  /** After a project opens to verified experts: tells the matching ones once (lib/projects/announcements.ts). */
  "announce-project": z.object({ projectId: z.uuid() }),
  /** At the end of an earning's QC window (lib/money/earnings.ts): Pending QC → Available unless disputed. */
  "release-earning": z.object({ earningId: z.uuid() }),
  /** Every 15 minutes (JOB_CRONTAB): releases earnings whose window closed and completes sessions the client left unmarked for 7 days. */
  "settle-due-money": z.object({}),
  /** Hourly (JOB_CRONTAB): deletes abuse-limit hits and sign-in attempts no window counts any more. */
  "prune-abuse-counters": z.object({}),
  /** Hourly (JOB_CRONTAB), so each zone is asked soon after its own midnight: from July 1 in each expert's zone, asks for the school year's work e-mail re-confirmation (lib/experts/work-email.ts). */
  "request-work-email-reconfirmations": z.object({}),
  /** Hourly (JOB_CRONTAB), so within the hour of a deploy or a district import: school e-mail badges and district links today's rule would not give go back to the admin's review, and the expert is told (lib/experts/work-email-rereview.ts). */
  "rereview-school-badges": z.object({}),
  /** An admin's upload of the district files (lib/districts/uploads.ts): one run, never retried (a failure is recorded on the run). */
  "import-districts": z.object({ importId: z.uuid() }),
  /** Daily (JOB_CRONTAB): e-mails the admins the payouts due tomorrow or overdue and the verifications waiting too long (lib/admin/digest.ts). */
  "admin-digest": z.object({}),
  /** Hourly (JOB_CRONTAB), a few minutes past the hour so the period's last notices have committed: sends each project's hourly or daily digest whose period ended (lib/engagements/mail-digests.ts). */
  "send-project-digests": z.object({}),
  /** Nightly (JOB_CRONTAB): checks the money's invariants and e-mails the admins any breach (lib/money/invariant-runs.ts). */
  "check-money-invariants": z.object({}),
  /** Daily (JOB_CRONTAB): tells each researcher once, 14 days ahead, that a district's approval of their study ends (lib/projects/district-reminders.ts). */
  "district-approval-reminders": z.object({}),
  /** Daily (JOB_CRONTAB): e-mails each district research officer the requests new since their last digest, only when there are some (lib/projects/district-digest.ts). */
  "district-officer-digest": z.object({}),
} as const;

/** Recurring jobs, in graphile-worker's crontab syntax: one run per slot across all instances. */
export const JOB_CRONTAB = [
  "0 * * * * prune-abuse-counters",
  "*/15 * * * * close-due-projects",
  "*/15 * * * * settle-due-money",
  "15 * * * * request-work-email-reconfirmations",
  "40 * * * * rereview-school-badges",
  "0 13 * * * admin-digest",
  "5 * * * * send-project-digests",
  "30 2 * * * check-money-invariants",
  "20 12 * * * district-approval-reminders",
  "0 14 * * * district-officer-digest",
].join("\n");

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<T extends JobName> = z.infer<(typeof JOB_PAYLOADS)[T]>;

/** Tasks that send mail: when one succeeds after an outage, their waiting retries are pulled forward. */
export const MAIL_JOBS: readonly JobName[] = ["send-mail", "deliver-contact-message"];
