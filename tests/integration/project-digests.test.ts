// A project's e-mail about applications, seats and responses: each event, or an hourly or daily
// digest with counts and one link. The bell keeps every event; a digest period is e-mailed once
// however often the job runs; only the roles that manage the project, in its organization, change
// the setting.
import { describe, expect, it } from "vitest";
import type { JobHelpers } from "graphile-worker";
import { db } from "@/lib/platform/db";
import { applyToOpportunity } from "@/lib/engagements/transitions";
import { BUSY_DAY_EVENTS, getProjectMailSetting, periodEndOf, sendDueDigests, setProjectMailMode } from "@/lib/engagements/mail-digests";
import { jobTaskList } from "@/lib/jobs/tasks";
import { JOB_CRONTAB } from "@/lib/platform/jobs/payloads";
import { actorFor, createClient, createExpert, organizationOf } from "../factories";
import { createStudy } from "../studies";
import { queuedMailsTo } from "../helpers/mail";

const HOUR = 3_600_000;

/** `n` verified experts apply to the study's opportunity. */
async function applications(study: Awaited<ReturnType<typeof createStudy>>, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { user } = await createExpert();
    const r = await applyToOpportunity(actorFor(user, ["expert"]), {
      opportunityId: study.opportunity!.id,
      outsideActivityConfirmed: true,
    });
    ids.push(r.engagementId);
  }
  return ids;
}

const applicationMails = async (email: string) => (await queuedMailsTo(email)).filter((m) => / applied to /.test(m.subject));
const digestMails = async (email: string) => (await queuedMailsTo(email)).filter((m) => /digest for/.test(m.subject));
const bellOf = (userId: string) => db().notification.count({ where: { userId, kind: "applied" } });

/** Runs the digest task as the worker's cron would. */
async function runDigestJob() {
  const task = jobTaskList()["send-project-digests"]!;
  await (task as (payload: unknown, helpers: JobHelpers) => Promise<void>)({}, { job: { attempts: 1 } } as unknown as JobHelpers);
}

describe("a project's e-mail setting", () => {
  it("every event: one e-mail per application, as before", async () => {
    const study = await createStudy({ title: "Every event study" });
    await setProjectMailMode(study.client, study.project.id, "every_event");
    await applications(study, 3);
    expect(await applicationMails(study.clientUser.email)).toHaveLength(3);
    expect(await bellOf(study.clientUser.id)).toBe(3);
  });

  it("hourly digest: the bell gets each application, the e-mail waits; the digest counts them once, with one link, however often the job runs", async () => {
    expect(JOB_CRONTAB).toMatch(/^\S+ \* \* \* \* send-project-digests$/m);
    const study = await createStudy({ title: "Hourly study" });
    await db().clientProfile.update({ where: { userId: study.clientUser.id }, data: { timeZone: "America/Chicago" } });
    await setProjectMailMode(study.client, study.project.id, "hourly");
    await applications(study, 3);
    expect(await applicationMails(study.clientUser.email)).toEqual([]);
    expect(await bellOf(study.clientUser.id)).toBe(3);

    // Before the hour ends nothing goes.
    expect(await sendDueDigests(new Date())).toBe(0);
    const due = periodEndOf(new Date(), "hourly");
    const after = new Date(due.getTime() + 5 * 60_000);
    expect(await sendDueDigests(after)).toBe(1);
    // The job running again (twice in one slot, or a retry) sends nothing more.
    expect(await sendDueDigests(after)).toBe(0);
    expect(await sendDueDigests(new Date(after.getTime() + HOUR))).toBe(0);

    const [mail, ...more] = await digestMails(study.clientUser.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Hourly digest for "Hourly study": 3 applications');
    expect(mail.text).toContain("• 3 applications");
    // The period in the recipient's zone, named; one link, to the project.
    expect(mail.text).toMatch(/from \w{3}, \w{3} \d+, \d+:00 [AP]M CST to \w{3}, \w{3} \d+, \d+:00 [AP]M CST/);
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([expect.stringMatching(new RegExp(`/client/projects/${study.project.id}$`))]);
    const digests = await db().projectMailDigest.findMany({ where: { projectId: study.project.id } });
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ frequency: "hourly", periodEnd: due, counts: expect.objectContaining({ applications: 3 }) });
    expect(digests[0].periodStart.getTime()).toBe(due.getTime() - HOUR);
    expect(await db().notification.count({ where: { digestId: digests[0].id } })).toBe(3);
  });

  it("the digest job sent twice at once sends one e-mail", async () => {
    const study = await createStudy({ title: "Twice study" });
    await setProjectMailMode(study.client, study.project.id, "daily");
    await applications(study, 2);
    const after = new Date(periodEndOf(new Date(), "daily").getTime() + 60_000);
    const sent = await Promise.all([sendDueDigests(after), sendDueDigests(after)]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await digestMails(study.clientUser.email)).toHaveLength(1);
  });

  it("a notice that arrives after its period's digest went waits for the next one rather than being lost", async () => {
    const study = await createStudy({ title: "Straggler study" });
    await setProjectMailMode(study.client, study.project.id, "hourly");
    await applications(study, 1);
    const due = periodEndOf(new Date(), "hourly");
    await sendDueDigests(new Date(due.getTime() + 60_000));
    // A late commit into the period already sent.
    await applications(study, 1);
    await db().notification.updateMany({ where: { userId: study.clientUser.id, digestId: null }, data: { digestDueAt: due } });
    expect(await sendDueDigests(new Date(due.getTime() + 2 * 60_000))).toBe(0);
    expect(await sendDueDigests(new Date(due.getTime() + HOUR + 60_000))).toBe(1);
    const mails = await digestMails(study.clientUser.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Hourly digest for "Straggler study": 1 application',
      'Hourly digest for "Straggler study": 1 application',
    ]);
  });

  it("by default mails each event until the project passes 10 in a day, then holds the rest for the daily digest", async () => {
    const study = await createStudy({ title: "Busy study", quota: 30 });
    await applications(study, BUSY_DAY_EVENTS + 2);
    expect(await applicationMails(study.clientUser.email)).toHaveLength(BUSY_DAY_EVENTS);
    expect(await bellOf(study.clientUser.id)).toBe(BUSY_DAY_EVENTS + 2);
    const setting = await getProjectMailSetting(study.client, study.project.id);
    expect(setting).toMatchObject({ mode: null, eventsToday: BUSY_DAY_EVENTS + 2, mayChange: true });
    await runDigestJob(); // not due yet
    expect(await digestMails(study.clientUser.email)).toEqual([]);
    await sendDueDigests(new Date(periodEndOf(new Date(), "daily").getTime() + 60_000));
    const [mail] = await digestMails(study.clientUser.email);
    expect(mail.subject).toBe('Daily digest for "Busy study": 2 applications');
  });

  it("a viewer, a finance member and another organization's owner cannot change it; a researcher can", async () => {
    const study = await createStudy();
    const organizationId = await organizationOf(study.clientUser.id);
    const viewer = actorFor(await createClient({ role: "viewer", organizationId }), ["client"]);
    const finance = actorFor(await createClient({ role: "finance", organizationId }), ["client"]);
    const researcher = actorFor(await createClient({ role: "researcher", organizationId }), ["client"]);
    const stranger = actorFor(await createClient(), ["client"]);

    await expect(setProjectMailMode(viewer, study.project.id, "daily")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setProjectMailMode(finance, study.project.id, "daily")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setProjectMailMode(stranger, study.project.id, "daily")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getProjectMailSetting(stranger, study.project.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db().project.findUniqueOrThrow({ where: { id: study.project.id } })).mailMode).toBeNull();
    // The viewer reads it and is told it is not theirs to change.
    expect(await getProjectMailSetting(viewer, study.project.id)).toMatchObject({ mode: null, mayChange: false });

    await setProjectMailMode(researcher, study.project.id, "hourly");
    expect((await db().project.findUniqueOrThrow({ where: { id: study.project.id } })).mailMode).toBe("hourly");
  });
});
