import "server-only";
import type { JobHelpers, TaskList } from "graphile-worker";
import { JOB_PAYLOADS, MAIL_JOBS, type JobName, type JobPayload } from "@/lib/platform/jobs/payloads";
import { sendMail } from "@/lib/platform/mail/send";
import { deliverContactMessage } from "@/lib/site/contact";
import { pruneRateLimitHits } from "@/lib/platform/security/rate-limit";
import { pruneSignInAttempts } from "@/lib/accounts/sign-in";
import { sendSessionReminder } from "@/lib/engagements/reminder-job";
import { runMeetingSync } from "@/lib/engagements/meeting-links";
import { deliverSessionText } from "@/lib/engagements/session-texts";
import { closeDueProjects } from "@/lib/projects/projects";
import { announceProject } from "@/lib/projects/announcements";
import { releaseDueEarnings, releaseEarning } from "@/lib/engagements/earnings-review";
import { completeOverdueSessions } from "@/lib/engagements/transitions";
import { settleDueAttendance } from "@/lib/engagements/focus-groups";
import { expireSurveyGrace } from "@/lib/engagements/surveys";
import { expireSeatOffers, settleSeatOffer } from "@/lib/engagements/seats";
import { sendMessageMail } from "@/lib/engagements/messages";
import { requestWorkEmailReconfirmations } from "@/lib/experts/work-email";
import { rereviewSchoolBadges } from "@/lib/experts/work-email-rereview";
import { sendAdminDigest } from "@/lib/admin/digest";
import { sendDueDigests } from "@/lib/engagements/mail-digests";
import { runDistrictUpload } from "@/lib/districts/uploads";
import { runInvariantChecks } from "@/lib/money/invariant-runs";
import { sendApprovalExpiryReminders } from "@/lib/projects/district-reminders";
import { sendOfficerDigests } from "@/lib/projects/district-digest";
import { loggerFor } from "@/lib/platform/log.mjs";

const log = loggerFor("jobs");

type Handler<T extends JobName> = (payload: JobPayload<T>, helpers: JobHelpers) => Promise<void>;

/** What each task does. A handler that throws is retried by the queue with exponential backoff. */
const HANDLERS: { [T in JobName]: Handler<T> } = {
  "send-mail": async ({ attachments, ...message }) => {
    await sendMail({
      ...message,
      ...(attachments
        ? {
            attachments: attachments.map((a) => ({
              filename: a.filename,
              content: Buffer.from(a.content, "base64"),
              contentType: a.contentType,
            })),
          }
        : {}),
    });
  },
  "deliver-contact-message": async ({ messageId }) => {
    // The row records the failure (status, attempts, last error); throwing schedules the retry.
    if ((await deliverContactMessage(messageId)) === "failed") throw new Error(`contact message ${messageId} not mailed yet`);
  },
  "session-reminder": async (payload) => {
    await sendSessionReminder(payload);
  },
  "sync-meeting": async (target) => {
    const done = await runMeetingSync(target);
    if (done !== "unchanged") log.info({ ...target, done }, "kept a session's video meeting in step");
  },
  "send-sms": async ({ messageId }) => {
    const outcome = await deliverSessionText(messageId);
    if (outcome === "skipped" || outcome === "failed") log.info({ messageId, outcome }, "a text message was not sent (its row says why)");
  },
  "seat-offer": async (payload) => {
    await settleSeatOffer(payload);
  },
  "message-mail": async (payload) => {
    await sendMessageMail(payload);
  },
  "close-due-projects": async ({ projectId }) => {
    const closed = await closeDueProjects(new Date(), projectId);
    if (closed) log.info({ closed }, "closed projects past their deadline");
  },
  "announce-project": async ({ projectId }) => {
    const told = await announceProject(projectId);
    if (told) log.info({ told, projectId }, "told matching experts about a project");
  },
  "release-earning": async ({ earningId }) => {
    await releaseEarning(earningId, new Date());
  },
  "settle-due-money": async () => {
    const now = new Date();
    const completed = await completeOverdueSessions(now);
    const settled = await settleDueAttendance(now);
    const released = await releaseDueEarnings(now);
    const expired = await expireSurveyGrace(now);
    const lapsed = await expireSeatOffers(now);
    if (completed || settled || released || expired || lapsed)
      log.info(
        { completed, settled, released, expired, lapsed },
        "sessions completed by the 7-day rule, focus-group attendance paid after its correction window, earnings released, closed surveys' places ended, lapsed seat offers passed on",
      );
  },
  "prune-abuse-counters": async () => {
    const [hits, attempts] = [await pruneRateLimitHits(), await pruneSignInAttempts()];
    if (hits || attempts) log.info({ hits, attempts }, "pruned limit hits and sign-in attempts");
  },
  "request-work-email-reconfirmations": async () => {
    const asked = await requestWorkEmailReconfirmations(new Date());
    if (asked) log.info({ asked }, "asked experts to re-confirm their school e-mail");
  },
  "rereview-school-badges": async () => {
    const { held } = await rereviewSchoolBadges();
    if (held) log.info({ held }, "school e-mail badges went back to the admin's review under the unique-open-district rule");
  },
  "import-districts": async ({ importId }) => {
    const run = await runDistrictUpload(importId);
    if (run) log.info({ importId, status: run.status }, "ran an uploaded district import");
  },
  "admin-digest": async () => {
    const told = await sendAdminDigest(new Date());
    if (told) log.info({ told }, "e-mailed the admins the daily digest");
  },
  "send-project-digests": async () => {
    const sent = await sendDueDigests(new Date());
    if (sent) log.info({ sent }, "e-mailed clients the digests of their busy projects");
  },
  "check-money-invariants": async () => {
    const run = await runInvariantChecks("nightly", null);
    if (run.breachCount)
      log.warn({ breaches: run.breachCount, counts: run.counts }, "the money's invariants are breached; the admins are e-mailed");
  },
  "district-approval-reminders": async () => {
    const told = await sendApprovalExpiryReminders(new Date());
    if (told) log.info({ told }, "told researchers that a district's approval of their study ends in 14 days");
  },
  "district-officer-digest": async () => {
    const sent = await sendOfficerDigests(new Date());
    if (sent) log.info({ sent }, "e-mailed district research officers their digest of new requests");
  },
};

// Set when a mail job fails in this process; the next mail that goes through pulls the others'
// retries forward, so an outage's backlog leaves as soon as SMTP is back rather than after
// each job's own backoff (which grows to hours).
let mailFailedSinceFlush = false;

/** Waiting retries of mail jobs run now instead of at their backed-off time. */
async function pullMailRetriesForward(helpers: JobHelpers) {
  const { rows } = await helpers.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM graphile_worker.reschedule_jobs(
       ARRAY(SELECT id FROM graphile_worker.jobs
             WHERE task_identifier = ANY($1::text[]) AND attempts > 0 AND attempts < max_attempts
               AND locked_at IS NULL AND run_at > now()),
       run_at := now())`,
    [MAIL_JOBS],
  );
  if (rows[0].n > 0) log.info({ retries: rows[0].n }, "mail is going out again: waiting retries run now");
}

function task<T extends JobName>(name: T): NonNullable<TaskList[string]> {
  return async (raw, helpers) => {
    // Checked when it runs too: the row may come from older code or from SQL.
    const parsed = JOB_PAYLOADS[name].safeParse(raw);
    if (!parsed.success)
      throw new Error(`invalid ${name} payload: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    const isMail = MAIL_JOBS.includes(name);
    try {
      await HANDLERS[name](parsed.data as JobPayload<T>, helpers);
    } catch (e) {
      if (isMail) mailFailedSinceFlush = true;
      throw e;
    }
    if (isMail && (mailFailedSinceFlush || helpers.job.attempts > 1)) {
      mailFailedSinceFlush = false;
      await pullMailRetriesForward(helpers).catch((e) => log.warn({ err: e }, "could not pull mail retries forward"));
    }
  };
}

/** The task list given to graphile-worker: every name in JOB_PAYLOADS with its handler. */
export function jobTaskList(): TaskList {
  return Object.fromEntries((Object.keys(JOB_PAYLOADS) as JobName[]).map((name) => [name, task(name)]));
}
