import { expect, test, type Browser, type Page } from "@playwright/test";
import { createAccount, signInAs, waitForMail, withDb } from "./helpers";
import { openListOf } from "./support/engagements";
import { formatDateTime } from "../lib/platform/format";
import { fromWallClock } from "../lib/platform/zoned-time";

// A study end to end, the way its two people run it, each in their own browser:
// the client (in Los Angeles) creates a project with a screener, the expert (whose profile says
// Chicago, on a laptop set to London) applies and qualifies, the client accepts, the expert picks
// a time, both calendars show it in their own zones, the .ics downloads with a stable UID, the
// client proposes a new time that the expert accepts and, once the session has happened, marks it completed. A second path: an
// invite declined by the expert after a confirmation, shown as declined to the client.

const CLIENT_ZONE = "America/Los_Angeles";
const EXPERT_ZONE = "America/Chicago";

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const opportunity = (page: Page, title: string) =>
  page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
// Visible cards only: while a refreshed pipeline streams in, React holds the new rows in a hidden
// container for a moment before it swaps them in.
const pipelineCard = (page: Page, state: string, name: string) =>
  page.getByTestId(`column-${state}`).getByTestId("engagement-card").filter({ hasText: name, visible: true });

/** A Wednesday at least `days` ahead, "YYYY-MM-DD". */
function wednesdayAhead(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function newExpert(first: string, last: string) {
  const account = await createAccount("expert");
  const expertId = await withDb(async (db) => {
    await db.query("UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1", [account.userId, first, last]);
    const { rows } = await db.query<{ id: string }>(
      "UPDATE experts SET verification_status = 'verified', is_public_profile = true, time_zone = $2, research_types = '{}' WHERE user_id = $1 RETURNING id",
      [account.userId, EXPERT_ZONE],
    );
    return rows[0].id;
  });
  return { ...account, expertId, name: `${first} ${last}` };
}

async function contextIn(browser: Browser, timezoneId: string) {
  const context = await browser.newContext({ timezoneId });
  return { context, page: await context.newPage() };
}

/** The board's list `tab`; the Open list searched for `title` (it comes a page at a time among every spec's studies). */
async function openBoard(page: Page, tab: "Open" | "Invited" | "Scheduled", title?: string) {
  await page.goto(title ? openListOf(title) : "/dashboard?tab=opportunities");
  await page.getByRole("tab", { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).click();
}

test("a study runs from project to completed session, in two browsers and two time zones", async ({ browser }) => {
  test.setTimeout(180_000);
  const expert = await newExpert("Olivia", "Loopwright");
  const clientAccount = await createAccount("client");
  // After school in Chicago: 4:30 PM there is 2:30 PM in Los Angeles.
  const day = wednesdayAhead(9);
  const slotId = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO availability_slots (id, expert_id, date, start_time, end_time, timezone) VALUES (gen_random_uuid(), $1, $2, '16:30', '17:30', $3) RETURNING id",
      [expert.expertId, day, EXPERT_ZONE],
    );
    return rows[0].id;
  });
  const slotStart = fromWallClock(`${day}T16:30`, EXPERT_ZONE)!;

  const client = await contextIn(browser, CLIENT_ZONE);
  const mine = await contextIn(browser, "Europe/London");
  try {
    // ── The client: the dashboard saves the browser's zone, then a project with a screener.
    await signInAs(client.page, clientAccount.email, clientAccount.password);
    await client.page.goto("/client/dashboard");
    await expect
      .poll(() =>
        withDb(
          async (db) =>
            (await db.query("SELECT time_zone FROM client_profiles WHERE user_id = $1", [clientAccount.userId])).rows[0].time_zone,
        ),
      )
      .toBe(CLIENT_ZONE);
    await client.page.goto("/client/projects");
    await client.page.getByRole("button", { name: "Create Project" }).click();
    const dialog = client.page.getByRole("dialog", { name: "Create Project" });
    const title = `Loop study ${Date.now()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Forty-five minute interviews about after-school tutoring.");
    await dialog.getByLabel("Type", { exact: true }).selectOption("interview");
    await dialog.getByLabel("Incentive per session ($)").fill("120");
    await dialog.getByLabel("Session length (minutes)").fill("45");
    await dialog.getByLabel("Sessions wanted").fill("2");
    await dialog.getByLabel("Deadline").fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await expect(dialog.getByLabel("Time zone")).toHaveValue(CLIENT_ZONE);
    await dialog.getByLabel("Screen applicants with questions (optional)").check();
    await dialog.getByLabel("Question 1 text").fill("Do you work in a K-12 school or district?");
    await dialog.getByLabel("Question 1, option 1", { exact: true }).fill("Yes");
    await dialog.getByLabel("Question 1, option 2", { exact: true }).fill("No");
    await dialog.getByLabel("Question 1, option 2 effect").selectOption("disqualify");
    await dialog.getByLabel(/This is research, not a sales contact/).check();
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(client.page.getByText("Project Created")).toBeVisible();
    // Creating opens the new project.
    await expect(client.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const projectUrl = client.page.url();

    // ── The expert: applies, answering the screener, and qualifies.
    await signInAs(mine.page, expert.email, expert.password);
    await openBoard(mine.page, "Open", title);
    await opportunity(mine.page, title).getByRole("button", { name: "Apply" }).click();
    const apply = mine.page.getByRole("dialog", { name: `Apply to ${title}` });
    await apply.getByRole("radio", { name: "Yes" }).check();
    await apply.getByLabel(/outside-activity policy/).check();
    await apply.getByRole("button", { name: "Submit Application" }).click();
    await expect(toast(mine.page, "Application Submitted")).toContainText("Your application has been submitted successfully!");
    await expect(opportunity(mine.page, title).getByRole("button", { name: "Application Pending" })).toBeDisabled();
    await waitForMail(clientAccount.email, "applied to");

    // ── The client: the applicant with the answer, accepted.
    await client.page.goto(projectUrl);
    const applicant = pipelineCard(client.page, "applied", expert.name);
    await expect(applicant).toContainText("Do you work in a K-12 school or district?");
    await expect(applicant).toContainText("Yes");
    await applicant.getByRole("button", { name: `Accept ${expert.name}` }).click();
    await expect(pipelineCard(client.page, "accepted", expert.name)).toBeVisible();

    // ── The expert: Pick Time from their own after-school slot.
    await openBoard(mine.page, "Invited");
    const invited = opportunity(mine.page, title);
    await expect(invited.getByTestId("counterpart")).toContainText("Session Research");
    await invited.getByRole("button", { name: "Pick Time" }).click();
    const pick = mine.page.getByRole("dialog", { name: "Pick Time" });
    await expect(pick.getByRole("radio").first()).toHaveAccessibleName(/4:30\sPM\sC[SD]T/);
    await pick.getByRole("button", { name: "Confirm Time" }).click();
    await expect(toast(mine.page, "Time Scheduled")).toBeVisible();
    await mine.page.getByRole("tab", { name: "Scheduled (1)" }).click();
    // In the profile's zone (Chicago), not the laptop's (London).
    await expect(opportunity(mine.page, title).getByTestId("session-time")).toContainText(
      formatDateTime(slotStart, EXPERT_ZONE, { weekday: true }),
    );
    await expect(opportunity(mine.page, title).getByTestId("session-time")).toContainText(/4:30\sPM\sC[SD]T/);
    // The client's "scheduled" notice carries the calendar file.
    await waitForMail(clientAccount.email, (m) => /text\/calendar/i.test(m.raw));

    // ── The client's calendar: the same session at 2:30 PM Pacific.
    await client.page.goto("/client/calendar");
    // Visible ones only: while a refreshed page reveals itself React briefly holds a hidden copy.
    const session = client.page.getByTestId("calendar-session").filter({ hasText: title, visible: true });
    await expect(session).toContainText(/2:30\sPM\sP[SD]T/);
    await expect(session).toContainText(expert.name);

    // ── The .ics downloads (both sides get the same event), with a stable UID.
    const engagementId = await withDb(
      async (db) =>
        (
          await db.query<{ id: string }>("SELECT e.id FROM engagements e JOIN projects p ON p.id = e.project_id WHERE p.title = $1", [
            title,
          ])
        ).rows[0].id,
    );
    const icsLink = session.getByRole("link", { name: /Add to calendar/ });
    await expect(icsLink).toHaveAttribute("href", `/api/engagements/${engagementId}/calendar`);
    const first = await (await client.page.request.get(`/api/engagements/${engagementId}/calendar`)).text();
    expect(first).toContain("BEGIN:VCALENDAR");
    const uid = /UID:(\S+)/.exec(first)![1];
    expect(first).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(await (await mine.page.request.get(`/api/engagements/${engagementId}/calendar`)).text()).toContain(`UID:${uid}`);

    // ── The client proposes 3:30 PM Pacific the next day, with a reason: the current time stands.
    await client.page.goto(projectUrl);
    const scheduled = pipelineCard(client.page, "scheduled", expert.name);
    await scheduled.getByRole("button", { name: `Propose a new time to ${expert.name}` }).click();
    const reschedule = client.page.getByRole("dialog", { name: `Propose a new time to ${expert.name}` });
    const nextDay = new Date(`${day}T12:00:00Z`);
    nextDay.setUTCDate(nextDay.getUTCDate() + 1);
    const moved = `${nextDay.toISOString().slice(0, 10)}T15:30`;
    await reschedule.getByLabel("New time").fill(moved);
    await reschedule.getByLabel("Reason").fill("Our interviewer is travelling that day.");
    await reschedule.getByRole("button", { name: "Propose new time" }).click();
    await expect(client.page.getByText(`New time proposed to ${expert.name}`)).toBeVisible();
    const movedAt = fromWallClock(moved, CLIENT_ZONE)!;
    await expect(pipelineCard(client.page, "scheduled", expert.name).getByTestId("session-time-status")).toContainText(
      `New time proposed by you: ${formatDateTime(movedAt, CLIENT_ZONE, { weekday: true })}`,
    );
    await expect(pipelineCard(client.page, "scheduled", expert.name).getByTestId("session-time-status")).toContainText(
      `Waiting for ${expert.name} to accept it.`,
    );
    // Until the expert accepts, the calendar file keeps the old time and sequence.
    const pending = await (await client.page.request.get(`/api/engagements/${engagementId}/calendar`)).text();
    expect(/DTSTART:(\S+)/.exec(pending)![1]).toBe(/DTSTART:(\S+)/.exec(first)![1]);
    expect(/SEQUENCE:(\d+)/.exec(pending)?.[1]).toBe(/SEQUENCE:(\d+)/.exec(first)?.[1]);
    await waitForMail(expert.email, "New time proposed");

    // ── The expert accepts the new time (in Chicago: 5:30 PM), after a confirmation.
    await openBoard(mine.page, "Scheduled");
    const proposal = opportunity(mine.page, title).getByTestId("session-time-status");
    await expect(proposal).toContainText(`New time proposed by the client: ${formatDateTime(movedAt, EXPERT_ZONE, { weekday: true })}`);
    await expect(proposal).toContainText("Our interviewer is travelling that day.");
    await proposal.getByRole("button", { name: "Accept new time" }).click();
    const acceptNew = mine.page.getByRole("alertdialog", { name: /Move the session to/ });
    await acceptNew.getByRole("button", { name: "Accept new time" }).click();
    await expect(toast(mine.page, "New Time Accepted")).toBeVisible();
    await expect(opportunity(mine.page, title).getByTestId("session-time-status")).toHaveCount(0);
    const second = await (await client.page.request.get(`/api/engagements/${engagementId}/calendar`)).text();
    expect(second).toContain(`UID:${uid}`);
    expect(Number(/SEQUENCE:(\d+)/.exec(second)![1])).toBeGreaterThan(Number(/SEQUENCE:(\d+)/.exec(first)?.[1] ?? "0"));
    // The expert's slot is free again; the expert sees the new time in Chicago and the reason.
    expect(
      await withDb(
        async (db) => (await db.query("SELECT is_available FROM availability_slots WHERE id = $1", [slotId])).rows[0].is_available,
      ),
    ).toBe(true);
    await expect(opportunity(mine.page, title).getByTestId("session-time")).toContainText(
      formatDateTime(movedAt, EXPERT_ZONE, { weekday: true }),
    );
    await opportunity(mine.page, title).getByText("History").click();
    await expect(opportunity(mine.page, title).getByRole("list", { name: "History" })).toContainText(
      "Our interviewer is travelling that day.",
    );
    // Both sides' "new time" notices carry the updated calendar file.
    await waitForMail(expert.email, (m) => /text\/calendar/i.test(m.raw));
    await waitForMail(clientAccount.email, (m) => m.subject.startsWith("New time for") && /text\/calendar/i.test(m.raw));

    // ── Time passes: the session has happened. The client marks it completed.
    await withDb((db) =>
      db.query(
        "UPDATE engagement_sessions SET starts_at = now() - interval '2 hours', ends_at = now() - interval '75 minutes' WHERE engagement_id = $1",
        [engagementId],
      ),
    );
    await client.page.goto(projectUrl);
    await pipelineCard(client.page, "scheduled", expert.name)
      .getByRole("button", { name: `Mark the session with ${expert.name} completed` })
      .click();
    const confirm = client.page.getByRole("alertdialog", { name: `Mark the session with ${expert.name} completed?` });
    await confirm.getByRole("button", { name: "Mark completed" }).click();
    await expect(pipelineCard(client.page, "completed", expert.name)).toBeVisible();
    await expect(client.page.getByTestId("project-quota")).toContainText("1 of 2 sessions");
    const row = await withDb(
      async (db) => (await db.query("SELECT state, completed_at FROM engagements WHERE id = $1", [engagementId])).rows[0],
    );
    expect(row.state).toBe("completed");
    expect(row.completed_at).toBeInstanceOf(Date);
    // The expert's board no longer lists it as scheduled.
    await openBoard(mine.page, "Scheduled");
    await expect(opportunity(mine.page, title)).toHaveCount(0);
  } finally {
    await client.context.close();
    await mine.context.close();
  }
});

test("an invite declined by the expert, after a confirmation, shows as declined to the client", async ({ browser }) => {
  test.setTimeout(120_000);
  const expert = await newExpert("Declan", "Inviteson");
  const clientAccount = await createAccount("client");
  const projectTitle = `Invite-only study ${Date.now()}`;
  const projectId = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO projects (id, organization_id, client_user_id, title, description, project_type, compensation_cents, estimated_duration_minutes, location_type, deadline, status, quota, time_zone, visibility, updated_at)
       VALUES (gen_random_uuid(), (SELECT organization_id FROM organization_members WHERE user_id = $1), $1, $2, 'Invite-only interviews with district leaders.', 'interview', 15000, 30, 'video', now() + interval '20 days', 'open', 1, $3, 'invite_only', now()) RETURNING id`,
      [clientAccount.userId, projectTitle, CLIENT_ZONE],
    );
    await db.query(
      `INSERT INTO opportunities (id, title, client_organization, description, compensation_cents, opportunity_type, estimated_duration_minutes, location_type, deadline, status, project_id, updated_at)
       VALUES (gen_random_uuid(), $1, 'Session Research', 'Invite-only interviews with district leaders.', 15000, 'interview', 30, 'video', now() + interval '20 days', 'closed', $2, now())`,
      [projectTitle, rows[0].id],
    );
    return rows[0].id;
  });

  const client = await contextIn(browser, CLIENT_ZONE);
  const mine = await contextIn(browser, EXPERT_ZONE);
  try {
    // The client invites from the expert's public profile.
    await signInAs(client.page, clientAccount.email, clientAccount.password);
    await client.page.goto(`/experts/${expert.expertId}`);
    await client.page.getByRole("button", { name: "Send Interview Request" }).click();
    const invite = client.page.getByRole("dialog");
    await invite.getByLabel("Project").selectOption({ label: projectTitle });
    await invite.getByLabel("Message (optional)").fill("Your district's tutoring model is exactly what we study.");
    await invite.getByRole("button", { name: "Send Invite" }).click();
    await expect(client.page.getByText("Invite Sent")).toBeVisible();
    await waitForMail(expert.email, "You're invited");

    // The expert: the invite with its note; Decline asks first, with the reassurance.
    await signInAs(mine.page, expert.email, expert.password);
    await openBoard(mine.page, "Invited");
    const item = opportunity(mine.page, projectTitle);
    await expect(item).toContainText("Your district's tutoring model is exactly what we study.");
    await item.getByRole("button", { name: "Decline" }).click();
    const confirm = mine.page.getByRole("alertdialog", { name: "Decline this invitation?" });
    await expect(confirm).toContainText("doesn't affect your standing");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(mine.page.getByRole("tab", { name: "Invited (1)" })).toBeVisible();
    await item.getByRole("button", { name: "Decline" }).click();
    await mine.page
      .getByRole("alertdialog", { name: "Decline this invitation?" })
      .getByRole("button", { name: "Decline Invitation" })
      .click();
    await expect(toast(mine.page, "Invitation Declined")).toBeVisible();
    await expect(mine.page.getByRole("tab", { name: "Invited (0)" })).toBeVisible();

    // The client: declined, with the history, and an e-mail saying so.
    await client.page.goto(`/client/projects/${projectId}`);
    const declined = pipelineCard(client.page, "declined", expert.name);
    await expect(declined).toBeVisible();
    await declined.getByText("History").click();
    await expect(declined.getByRole("list", { name: "History" })).toContainText("Declined");
    await waitForMail(clientAccount.email, "can't take part");
  } finally {
    await client.context.close();
    await mine.context.close();
  }
});
