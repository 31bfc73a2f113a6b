// "New matching projects": a project opened to verified experts is announced once to those whose
// research preferences fit, in the menu, and by e-mail only to those who want opportunity e-mails.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { announceProject } from "@/lib/projects/announcements";
import { limitOf, OPEN_PROJECTS_PER_ACCOUNT } from "@/lib/platform/security/rate-limit";
import { createClient, createExpert } from "../factories";
import { createStudy } from "../studies";

const mailsTo = async (to: string) =>
  (await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'to' = ${to}`)[0].n;

describe("announcing a new project", () => {
  it("tells matching verified experts once; not pending ones, not other or no research types; e-mail only when wanted", async () => {
    const surveys = await createExpert({ researchTypes: ["online_surveys"] });
    const focus = await createExpert({ researchTypes: ["focus_groups"] });
    const anything = await createExpert({ researchTypes: [] });
    const pending = await createExpert({ verificationStatus: "pending", researchTypes: ["online_surveys"] });
    const quiet = await createExpert({ researchTypes: ["online_surveys"] });
    await db().notificationPreference.create({ data: { userId: quiet.user.id, emailOpportunities: false } });
    const paused = await createExpert({ researchTypes: ["online_surveys"], invitesPausedUntil: new Date(Date.now() + 5 * 86_400_000) });

    const study = await createStudy({ type: "survey", title: "Survey on family engagement" });
    const told = await announceProject(study.project.id);
    expect(told).toBeGreaterThanOrEqual(2);
    const notified = async (userId: string) => db().notification.count({ where: { userId, kind: "new_project" } });
    expect(await notified(surveys.user.id)).toBe(1);
    expect(await notified(anything.user.id)).toBe(0); // chose no research types: matches nothing
    expect(await notified(quiet.user.id)).toBe(1);
    expect(await notified(focus.user.id)).toBe(0);
    expect(await notified(pending.user.id)).toBe(0);
    expect(await notified(paused.user.id)).toBe(0);
    expect(await mailsTo(surveys.user.email)).toBe(1);
    expect(await mailsTo(quiet.user.email)).toBe(0);

    // Once only, and never for an invite-only or closed project.
    expect(await announceProject(study.project.id)).toBe(0);
    expect(await notified(surveys.user.id)).toBe(1);
    const inviteOnly = await createStudy({ type: "survey", visibility: "invite_only" });
    expect(await announceProject(inviteOnly.project.id)).toBe(0);
  });

  it("gives the deadline (23:59 in the project's zone) to each expert in their own zone, named", async () => {
    const east = await createExpert({ researchTypes: ["online_surveys"], timeZone: "America/New_York" });
    const hawaii = await createExpert({ researchTypes: ["online_surveys"], timeZone: "Pacific/Honolulu" });
    const study = await createStudy({ type: "survey", timeZone: "America/New_York" });
    await announceProject(study.project.id);
    const body = async (userId: string) => (await db().notification.findFirstOrThrow({ where: { userId, kind: "new_project" } })).body;
    const eastDay = /apply by (\w{3} \d{1,2}, \d{4}), 11:59 PM E[SD]T/.exec(await body(east.user.id))?.[1];
    expect(eastDay).toBeTruthy();
    // The same instant is 5 or 6 hours earlier in Honolulu, on the same day: never a UTC day later.
    expect(await body(hawaii.user.id)).toMatch(new RegExp(`apply by ${eastDay}, (5|6):59 PM HST`));
  });

  it("creating an open project queues its announcement in the same transaction", async () => {
    const study = await createStudy({ type: "interview" });
    const [job] = await db().$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE key = ${`announce-project:${study.project.id}`}`;
    expect(job.n).toBe(1);
  });
});

describe("the limit on projects opened to every expert", () => {
  const announcements = async (clientUserId: string) =>
    (
      await db().$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN projects p ON j.key = 'announce-project:' || p.id::text WHERE p.client_user_id = ${clientUserId}::uuid`
    )[0].n;

  it("refuses the next open project of an account with 429 and Retry-After, creating and announcing nothing; invite-only projects and other accounts go on", async () => {
    const max = limitOf(OPEN_PROJECTS_PER_ACCOUNT);
    expect(max).toBe(5);
    const client = await createClient();
    for (let i = 0; i < max; i++) await createStudy({ title: `Open study ${i}` }, client);
    expect(await announcements(client.id)).toBe(max);

    const refused = await createStudy({ title: "One too many" }, client).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "THROTTLED",
      status: 429,
      message: expect.stringMatching(
        /^Too many projects opened to all experts in the last 24 hours .* Try again in \d+ hours, or make this project invite-only\.$/,
      ),
    });
    expect((refused as AppError).retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(await db().project.count({ where: { clientUserId: client.id, title: "One too many" } })).toBe(0);
    expect(await announcements(client.id)).toBe(max);

    // An invite-only project e-mails nobody: not counted, not refused.
    await expect(createStudy({ title: "Invite-only", visibility: "invite_only" }, client)).resolves.toMatchObject({
      project: { visibility: "invite_only" },
    });
    await expect(createStudy({ title: "Someone else's" })).resolves.toMatchObject({ project: { visibility: "open" } });
  });
});
