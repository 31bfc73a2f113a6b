import { expect, test, type Browser, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { signInAs, waitForMail, withDb } from "./helpers";
import { createInviteEngagement, newClient, newVerifiedExpert } from "./support/engagements";

// A focus group end to end, each person in their own browser: the client creates it with its
// first session (two seats and a backup seat), experts take the seats and the backup seat, the
// next one joins the waitlist; a seated expert cancels and the first person waiting is offered
// the seat by e-mail and takes it; after the session the client records every seat on one
// screen, and the unneeded backup seat is paid the backup fee.

/** What axe finds on the page as it stands (a dialog open, a form half-filled), toasts aside. */
const axeViolations = async (page: Page) =>
  (
    await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
      .exclude("[data-sonner-toaster]")
      .analyze()
  ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const opportunity = (page: Page, title: string) =>
  page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const pipelineCard = (page: Page, column: string, name: string) =>
  page.getByTestId(`column-${column}`).getByTestId("engagement-card").filter({ hasText: name, visible: true });

async function signedIn(browser: Browser, email: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, password);
  return { page, close: () => context.close() };
}

async function named(first: string, last: string) {
  const expert = await newVerifiedExpert();
  await withDb((db) => db.query("UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1", [expert.userId, first, last]));
  return { ...expert, name: `${first} ${last}` };
}

/** The expert's invited card, opened from the Invited tab. */
async function invitedCard(page: Page, title: string) {
  await page.goto("/dashboard?tab=opportunities");
  await page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  return opportunity(page, title);
}

async function choose(page: Page, title: string, button: RegExp, toastTitle: string) {
  const card = await invitedCard(page, title);
  await card.getByRole("button", { name: "Choose a seat" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose a seat" });
  await dialog.getByRole("button", { name: button }).click();
  await expect(toast(page, toastTitle)).toBeVisible();
}

test("a focus group fills its seats, promotes the waitlist after a cancel, and records attendance per seat", async ({ browser }) => {
  test.setTimeout(240_000);
  const clientAccount = await newClient();
  const [ana, ben, cal, dee] = [
    await named("Ana", "Attends"),
    await named("Ben", "Bows-out"),
    await named("Cal", "Waits"),
    await named("Dee", "Backup"),
  ];
  const client = await signedIn(browser, clientAccount.email, clientAccount.password);
  const people = await Promise.all([ana, ben, cal, dee].map((x) => signedIn(browser, x.email, x.password)));
  const [a, b, c, d] = people;
  try {
    // ── The client creates the focus group with its first session.
    await client.page.goto("/client/projects");
    await client.page.getByRole("button", { name: "Create Project" }).click();
    const dialog = client.page.getByRole("dialog", { name: "Create Project" });
    const title = `Retention focus group ${Date.now()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("A 60-minute conversation about keeping early-career teachers.");
    await dialog.getByLabel("Research type").selectOption("focus_groups");
    await expect(dialog.getByLabel("Type", { exact: true })).toHaveValue("focus_group");
    await dialog.getByLabel("Incentive per seat ($)").fill("150");
    await dialog.getByLabel("Session length (minutes)").fill("60");
    await dialog.getByLabel("Backup seat fee ($)").fill("30");
    await dialog.getByLabel("Time zone").selectOption("America/New_York");
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel(/^Starts/).fill(`${day}T16:00`);
    await dialog.getByLabel("Seats", { exact: true }).fill("2");
    await dialog.getByLabel("Backup seats", { exact: true }).fill("1");
    await dialog.getByLabel("Deadline").fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByLabel(/This is research, not a sales contact/).check();
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(toast(client.page, "Project Created")).toBeVisible();
    await expect(client.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const projectUrl = client.page.url();
    const projectId = projectUrl.split("/").pop()!;
    // A focus group counts and pays in seats.
    await expect(client.page.getByTestId("project-quota").filter({ visible: true })).toHaveText("0 of 5 seats");
    await expect(client.page.getByText("$150.00 per seat").first()).toBeVisible();
    const sessions = client.page.getByTestId("study-sessions");
    await expect(sessions.getByTestId("study-session")).toHaveCount(1);
    await expect(sessions.getByTestId("study-session-places")).toHaveText("0 of 2 seats taken · 0 of 1 backup seats · 0 on the waitlist");
    await sessions.getByLabel("Meeting link").fill("https://meet.example.org/retention");
    await sessions.getByRole("button", { name: "Save link" }).click();
    await expect(toast(client.page, "Meeting link saved")).toBeVisible();
    // A second session added from the form: once added, its emptied fields are not marked invalid.
    const addForm = client.page.getByRole("form", { name: "Add a session" });
    await addForm.getByLabel(/^Starts/).fill(`${new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)}T10:00`);
    await addForm.getByLabel("Seats", { exact: true }).fill("3");
    await addForm.getByRole("button", { name: "Add session" }).click();
    await expect(toast(client.page, "Session added")).toBeVisible();
    await expect(sessions.getByTestId("study-session")).toHaveCount(2);
    await expect(addForm.getByLabel(/^Starts/)).toHaveValue("");
    for (const label of [/^Starts/, /^Seats$/, /^Backup seats$/])
      await expect(addForm.getByLabel(label)).not.toHaveAttribute("aria-invalid", "true");
    // Removed again, so the group runs with its one session.
    await sessions
      .getByRole("button", { name: /^Remove the session of/ })
      .last()
      .click();
    await client.page
      .getByRole("alertdialog", { name: "Remove this session?" })
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(sessions.getByTestId("study-session")).toHaveCount(1);
    for (const x of [ana, ben, cal, dee]) await createInviteEngagement({ projectId }, x, clientAccount, "accepted");

    // ── Seats go first come, first served; then the backup seat; then the waitlist.
    await choose(a.page, title, /^Take a seat/, "Seat taken");
    await choose(b.page, title, /^Take a seat/, "Seat taken");
    await choose(d.page, title, /^Take a backup seat/, "Backup seat taken");
    const full = await invitedCard(c.page, title);
    await full.getByRole("button", { name: "Choose a seat" }).click();
    const choice = c.page.getByRole("dialog", { name: "Choose a seat" });
    await expect(choice.getByTestId("seat-choice")).toContainText("Full · 0 on the waitlist");
    await expect(choice.getByRole("button", { name: /^Take a seat/ })).toHaveCount(0);
    expect(await axeViolations(c.page)).toEqual([]);
    await choice.getByRole("button", { name: /^Join the waitlist/ }).click();
    await expect(toast(c.page, "On the waitlist")).toBeVisible();
    await expect((await invitedCard(c.page, title)).getByTestId("next-step")).toHaveText(/^On the waitlist \(1st\), \w{3}, /);

    await a.page.goto("/dashboard?tab=opportunities");
    await a.page.getByRole("tab", { name: /^Scheduled \(\d+\)$/ }).click();
    await expect(opportunity(a.page, title).getByTestId("next-step")).toHaveText(/^Seat 1 of 2, \w{3}, \w{3} \d+, 4:00 PM EST$/);
    await waitForMail(clientAccount.email, (m) => m.subject === `Cal Waits is on the waitlist: "${title}"`);

    await client.page.reload();
    await expect(sessions.getByTestId("study-session-places")).toHaveText("2 of 2 seats taken · 1 of 1 backup seats · 1 on the waitlist");
    await expect(pipelineCard(client.page, "scheduled", ana.name)).toContainText("Seat 1 of 2");
    await expect(pipelineCard(client.page, "scheduled", dee.name)).toContainText("Backup seat 1 of 1");
    await expect(pipelineCard(client.page, "waitlisted", cal.name)).toContainText("On the waitlist (1st)");
    await expect(client.page.getByTestId("column-scheduled").getByRole("heading", { name: /^Seated/ })).toBeVisible();
    expect(await axeViolations(client.page)).toEqual([]);

    // ── Ben cancels: the seat is offered to Cal, by e-mail, held for Cal alone.
    await b.page.goto("/dashboard?tab=opportunities");
    await b.page.getByRole("tab", { name: /^Scheduled \(\d+\)$/ }).click();
    // One seat-holder gives up their own seat: nothing on the card reads as cancelling the group.
    await expect(opportunity(b.page, title).getByRole("button", { name: "Cancel Session" })).toHaveCount(0);
    await opportunity(b.page, title).getByRole("button", { name: "Give up your seat" }).click();
    const cancel = b.page.getByRole("alertdialog", { name: "Give up your seat?" });
    await expect(cancel).toContainText("the group still meets, and your seat is offered to the next person waiting");
    await cancel.getByLabel(/Reason/).fill("A board meeting moved to that afternoon.");
    await cancel.getByRole("button", { name: "Give up seat" }).click();
    await expect(toast(b.page, "Seat Given Up")).toBeVisible();
    const offer = await waitForMail(cal.email, (m) => m.subject === `A seat is free for you: "${title}"`);
    expect(offer.mail.text).toContain("It is held for you until");
    const offered = await invitedCard(c.page, title);
    await expect(offered.getByTestId("next-step")).toContainText("A seat is free for you in the session of");
    await offered.getByRole("button", { name: "Take the seat" }).click();
    await expect(toast(c.page, "Seat taken")).toBeVisible();
    await c.page.getByRole("tab", { name: /^Scheduled \(\d+\)$/ }).click();
    await expect(opportunity(c.page, title).getByTestId("next-step")).toHaveText(/^Seat 2 of 2, /);

    // ── The session has started: the client records every seat on one screen.
    await withDb(async (db) => {
      await db.query(
        "UPDATE study_sessions SET starts_at = now() - interval '90 minutes', ends_at = now() - interval '30 minutes' WHERE project_id = $1",
        [projectId],
      );
      await db.query(
        `UPDATE engagement_sessions s SET starts_at = now() - interval '90 minutes', ends_at = now() - interval '30 minutes'
         FROM engagements e WHERE e.id = s.engagement_id AND e.project_id = $1`,
        [projectId],
      );
    });
    await client.page.goto(projectUrl);
    await sessions.getByRole("link", { name: /^Take attendance/ }).click();
    await expect(client.page.getByRole("heading", { level: 1, name: "Attendance" })).toBeVisible();
    const rows = client.page.getByTestId("attendance-row");
    await expect(rows).toHaveCount(3);
    await client.page.getByRole("button", { name: "Record attendance" }).click();
    await expect(client.page.getByText("Mark every seat: attended or no-show.")).toBeVisible();
    expect(await axeViolations(client.page)).toEqual([]);
    await rows.filter({ hasText: ana.name }).getByLabel("Attended").check();
    await rows.filter({ hasText: cal.name }).getByLabel("No-show").check();
    await expect(rows.filter({ hasText: dee.name }).getByLabel(/^Not needed/)).toBeChecked();
    await client.page.getByRole("button", { name: "Record attendance" }).click();
    // A no-show costs the expert their pay: confirmed first, with the amount.
    const noShowConfirm = client.page.getByRole("alertdialog", { name: `Record ${cal.name} as a no-show?` });
    await expect(noShowConfirm.getByTestId("no-show-amount")).toHaveText("This expert will not be paid $150.00.");
    expect(await axeViolations(client.page)).toEqual([]);
    await noShowConfirm.getByRole("button", { name: "Record attendance" }).click();
    await expect(toast(client.page, "Attendance recorded")).toBeVisible();
    const recorded = client.page.getByTestId("attendance-recorded");
    await expect(recorded).toContainText(`${ana.name} · Seat 1 of 2 · Attended`);
    await expect(recorded).toContainText(`${cal.name} · Seat 2 of 2 · No-show`);
    await expect(recorded).toContainText(`${dee.name} · Backup seat 1 of 1 · Not needed (backup fee)`);
    await expect(client.page.getByTestId("attendance-correctable")).toBeVisible();

    // ── Corrections within 48 hours: Cal did attend after all; Ana is corrected to a no-show and back.
    await client.page.getByLabel(`Correct ${cal.name}'s attendance`).selectOption("attended");
    await recorded.getByRole("listitem").filter({ hasText: cal.name }).getByRole("button", { name: "Save correction" }).click();
    await expect(toast(client.page, "Attendance corrected")).toBeVisible();
    await expect(recorded).toContainText(`${cal.name} · Seat 2 of 2 · Attended`);
    await waitForMail(cal.email, (m) => m.subject === `Attendance corrected: "${title}"`);
    await client.page.getByLabel(`Correct ${ana.name}'s attendance`).selectOption("no_show");
    await recorded.getByRole("listitem").filter({ hasText: ana.name }).getByRole("button", { name: "Save correction" }).click();
    const correction = client.page.getByRole("alertdialog", { name: `Correct ${ana.name} to a no-show?` });
    await expect(correction.getByTestId("no-show-amount")).toHaveText("This expert will not be paid $150.00.");
    await correction.getByRole("button", { name: "Go back" }).click();
    await expect(recorded).toContainText(`${ana.name} · Seat 1 of 2 · Attended`);

    // ── Money: nothing is booked until the correction window closes, then Ana's and Cal's incentives and Dee's backup fee wait in review.
    await waitForMail(dee.email, (m) => m.subject === `Backup seat not needed: "${title}"`);
    await withDb(async (db) => {
      await db.query("UPDATE study_sessions SET attendance_taken_at = now() - interval '49 hours' WHERE project_id = $1", [projectId]);
      await db.query("SELECT graphile_worker.add_job('settle-due-money', '{}'::json)");
    });
    await expect
      .poll(
        () =>
          withDb(async (db) => (await db.query("SELECT count(*)::int AS n FROM earnings WHERE project_id = $1", [projectId])).rows[0].n),
        { timeout: 30_000 },
      )
      .toBe(3);
    await d.page.goto("/dashboard?tab=wallet");
    await expect(d.page.getByTestId("wallet-pending").filter({ visible: true })).toHaveText("$30.00");
    await a.page.goto("/dashboard?tab=wallet");
    await expect(a.page.getByTestId("wallet-pending").filter({ visible: true })).toHaveText("$150.00");
    await client.page.goto(projectUrl);
    await expect(pipelineCard(client.page, "completed", ana.name)).toBeVisible();
    await expect(pipelineCard(client.page, "completed", cal.name)).toBeVisible();
  } finally {
    await Promise.all([client.close(), ...people.map((p) => p.close())]);
  }
});
