import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./helpers";
import {
  addProposal,
  addSlot,
  bookSession,
  createInviteEngagement,
  createStudy,
  engagementOf,
  engagementRow,
  eventReasons,
  EXPERT_ZONE,
  newClient,
  newVerifiedExpert,
  openListOf,
  schoolDayAhead,
  setMeetingUrl,
  setVerification,
  slotAvailable,
  startedAnHourAgo,
  type ScreenerQuestionRow,
} from "./support/engagements";
import { formatDateTime } from "../lib/platform/format";
import { SCREENED_OUT_MESSAGE } from "../lib/engagements/states";
import { POLICY } from "../lib/money/policy";

// The expert's side of the engagement loop on the dashboard's Opportunities card: apply (with a
// screener), answer an invite, pick a time, the calendar file, propose a new time, cancel, and
// record a client no-show after the start. Each test
// has its own expert, client and study, so the tests run in parallel with the rest of the suite.
// Each is a multi-step flow through dialogs: more time than a page check on a busy machine.
test.describe.configure({ timeout: 120_000 });

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const card = (page: Page, title: string) =>
  page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
/** The time as the card prints it: the expert's zone, named. */
const local = (d: Date) => formatDateTime(d, EXPERT_ZONE, { weekday: true });

/** The board's list `tab`; the Open list searched for `title` (it comes a page at a time among every spec's studies). */
async function openBoard(page: Page, tab: "Open" | "Invited" | "Scheduled", title?: string) {
  await page.goto(title ? openListOf(title) : "/dashboard");
  await page.getByRole("tab", { name: "Opportunities", exact: true }).click();
  await page.getByRole("tab", { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).click();
}

const SCREENER: ScreenerQuestionRow[] = [
  {
    id: "role",
    text: "Which best describes your current role?",
    kind: "single",
    options: [
      { id: "principal", label: "School principal", effect: "qualify" },
      { id: "student", label: "Student", effect: "disqualify" },
    ],
  },
  {
    id: "tools",
    text: "Which tools does your school use?",
    kind: "multiple",
    options: [
      { id: "lms", label: "Learning management system", effect: "neutral" },
      { id: "sis", label: "Student information system", effect: "neutral" },
    ],
  },
];

test("apply with a screener: every question required, qualifying answers → Application Pending", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client, { screener: SCREENER });
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, "Open", study.title);

  await card(page, study.title).getByRole("button", { name: "Apply" }).click();
  const dialog = page.getByRole("dialog", { name: `Apply to ${study.title}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(dialog.getByText("Please choose an answer.")).toBeVisible();
  await expect(dialog.getByText("Please choose at least one answer.")).toBeVisible();
  // The questions are labelled groups, usable from the keyboard.
  const role = dialog.getByRole("group", { name: /Which best describes your current role\?/ });
  await expect(role.getByRole("radio", { name: "School principal" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(role.getByRole("radio", { name: "School principal" })).toBeChecked();
  await dialog
    .getByRole("group", { name: /Which tools does your school use\?/ })
    .getByRole("checkbox", { name: "Learning management system" })
    .check();
  await dialog.getByLabel(/outside-activity policy/).check();
  await dialog.getByRole("button", { name: "Submit Application" }).click();

  await expect(toast(page, "Application Submitted")).toContainText("Your application has been submitted successfully!");
  await expect(dialog).toBeHidden();
  await expect(card(page, study.title).getByRole("button", { name: "Application Pending" })).toBeDisabled();
  await page.reload();
  await page.getByRole("tab", { name: "Opportunities", exact: true }).click();
  await expect(card(page, study.title).getByRole("button", { name: "Application Pending" })).toBeDisabled();
  expect((await engagementOf(study.projectId, expert.expertId))?.state).toBe("applied");
});

test("apply with a disqualifying answer: the polite message, never which answer", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client, { screener: SCREENER });
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, "Open", study.title);

  await card(page, study.title).getByRole("button", { name: "Apply" }).click();
  const dialog = page.getByRole("dialog", { name: `Apply to ${study.title}` });
  await dialog.getByRole("radio", { name: "Student" }).check();
  await dialog.getByRole("checkbox", { name: "Student information system" }).check();
  await dialog.getByLabel(/outside-activity policy/).check();
  await dialog.getByRole("button", { name: "Submit Application" }).click();

  // The polite message instead of the success toast; the card leaves the Open list.
  const polite = page.locator("[data-sonner-toast]").filter({ hasText: SCREENED_OUT_MESSAGE });
  await expect(polite).toBeVisible();
  await expect(polite).toHaveText(SCREENED_OUT_MESSAGE);
  await expect(toast(page, "Application Submitted")).toHaveCount(0);
  await expect(dialog).toBeHidden();
  await expect(card(page, study.title)).toHaveCount(0);
  expect((await engagementOf(study.projectId, expert.expertId))?.state).toBe("screened_out");
});

test("an expert under review sees why the Open list is empty", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  await setVerification(expert.expertId, "pending");
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, "Open");
  await expect(page.getByTestId("opportunities-notice")).toHaveText(
    "Your profile is still being verified. You can apply to studies once it is approved.",
  );
  await expect(card(page, study.title)).toHaveCount(0);
});

test("accept an invite: the client's message, then Pick Time and who the client is", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  await createInviteEngagement(study, expert, client, "invited", "Your district's block schedule is exactly what we study.");
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, "Invited");

  const item = card(page, study.title);
  await expect(item).toContainText("Your district's block schedule is exactly what we study.");
  await expect(item.getByTestId("counterpart")).toHaveCount(0);
  await item.getByRole("button", { name: "Accept" }).click();
  // The outside-activity confirmation is required before accepting.
  const confirm = page.getByRole("alertdialog", { name: "Accept this invitation?" });
  await confirm.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(confirm.getByText("Please confirm your employer's outside-activity policy permits this work.")).toBeVisible();
  await confirm.getByLabel(/outside-activity policy/).check();
  await confirm.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(toast(page, "Invitation Accepted")).toBeVisible();
  await expect(item.getByRole("button", { name: "Pick Time" })).toBeVisible();
  await expect(item.getByTestId("counterpart")).toHaveText(`Client:${client.name}, ${client.organization}`);
  await item.getByText("History").click();
  await expect(item.getByRole("list", { name: "History" })).toContainText("Accepted");
});

test("decline an invite: confirmed first, with the reassurance and an optional reason", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  const engagementId = await createInviteEngagement(study, expert, client, "invited");
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, "Invited");

  await card(page, study.title).getByRole("button", { name: "Decline" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Decline this invitation?" });
  await expect(confirm).toContainText("Declining invites doesn't affect your standing.");
  // Backing out changes nothing.
  await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(confirm).toBeHidden();
  expect((await engagementRow(engagementId)).state).toBe("invited");

  await card(page, study.title).getByRole("button", { name: "Decline" }).click();
  await confirm.getByLabel("Reason (optional, shared with the client)").fill("Testing season this month.");
  await confirm.getByRole("button", { name: "Decline Invitation" }).click();
  await expect(toast(page, "Invitation Declined")).toBeVisible();
  await expect(card(page, study.title)).toHaveCount(0);
  expect((await engagementRow(engagementId)).state).toBe("declined");
  expect(await eventReasons(engagementId)).toContainEqual({ kind: "declined", reason: "Testing season this month." });
});

test("Pick Time with an own slot (after school first) → Scheduled, in the expert's zone", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  const day = schoolDayAhead(9);
  await addSlot(expert.expertId, day, "10:00", "11:00");
  await addSlot(expert.expertId, day, "16:30", "17:30");
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, "Invited");

  await card(page, study.title).getByRole("button", { name: "Pick Time" }).click();
  const dialog = page.getByRole("dialog", { name: "Pick Time" });
  const radios = dialog.getByRole("group", { name: "Your available times" }).getByRole("radio");
  await expect(radios).toHaveCount(2);
  // The after-school slot is listed (and chosen) first; the one in school hours says so.
  await expect(radios.first()).toBeChecked();
  await expect(radios.first()).toHaveAccessibleName(/4:30\sPM\sE[SD]T/);
  await expect(radios.nth(1)).toHaveAccessibleName(/10:00\sAM\sE[SD]T.*During school hours/);
  await dialog.getByRole("button", { name: "Confirm Time" }).click();
  await expect(toast(page, "Time Scheduled")).toBeVisible();

  const row = await engagementRow(engagementId);
  expect(row.state).toBe("scheduled");
  await expect(page.getByRole("tab", { name: "Scheduled (1)" })).toBeVisible();
  await page.getByRole("tab", { name: "Scheduled (1)" }).click();
  const item = card(page, study.title);
  await expect(item.getByTestId("session-time")).toHaveText(`Session:${local(row.starts_at!)}`);
  await expect(item.getByTestId("session-time")).toContainText(/4:30\sPM\sE[SD]T/);
  await expect(item.getByTestId("counterpart")).toContainText(client.organization);
});

test("the calendar file downloads from the Scheduled tab", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  await bookSession(engagementId, await addSlot(expert.expertId, schoolDayAhead(12), "16:00", "17:00"), study.minutes, expert.userId);
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, "Scheduled");

  const link = card(page, study.title).getByRole("link", { name: "Add to calendar (.ics)" });
  await expect(link).toHaveAttribute("href", `/api/engagements/${engagementId}/calendar`);
  await expect(link).toHaveAttribute("download", "");
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = readFileSync((await download.path())!, "utf8");
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain(study.title);
});

test("propose another own slot, with a required reason: the current time stands until the client accepts", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  const day = schoolDayAhead(10);
  const before = await bookSession(engagementId, await addSlot(expert.expertId, day, "16:00", "17:00"), study.minutes, expert.userId);
  const later = await addSlot(expert.expertId, day, "17:30", "18:30");
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, "Scheduled");

  const item = card(page, study.title);
  await expect(item.getByTestId("session-time")).toContainText(local(before));
  await item.getByRole("button", { name: "Propose New Time" }).click();
  const dialog = page.getByRole("dialog", { name: "Propose a new time" });
  await expect(dialog.getByRole("radio", { name: /5:30\sPM\sE[SD]T/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Propose New Time" }).click();
  await expect(dialog.getByText("Please give a reason (at least 3 characters)")).toBeVisible();
  await expect(dialog.getByLabel("Reason (shared with the client)")).toBeFocused();
  await dialog.getByLabel("Reason (shared with the client)").fill("A board meeting moved to that hour.");
  await dialog.getByRole("button", { name: "Propose New Time" }).click();
  await expect(toast(page, "New Time Proposed")).toBeVisible();

  // The session keeps its time; the proposal waits for the client and holds the slot.
  const row = await engagementRow(engagementId);
  expect(row.starts_at!.getTime()).toBe(before.getTime());
  await expect(item.getByTestId("session-time")).toHaveText(`Session:${local(before)}`);
  const status = item.getByTestId("session-time-status");
  await expect(status).toContainText("New time proposed by you:");
  await expect(status).toContainText("Waiting for the client to accept it.");
  await expect(status).toContainText("A board meeting moved to that hour.");
  expect(await slotAvailable(later)).toBe(false);
  await item.getByText("History").click();
  await expect(item.getByRole("list", { name: "History" })).toContainText("A board meeting moved to that hour.");

  // Withdrawn (confirmed first), the proposal is gone and the slot free again.
  await status.getByRole("button", { name: "Withdraw proposal" }).click();
  const withdraw = page.getByRole("alertdialog", { name: "Withdraw your proposed time?" });
  await withdraw.getByRole("button", { name: "Withdraw proposal" }).click();
  await expect(toast(page, "Current Time Kept")).toBeVisible();
  await expect(item.getByTestId("session-time-status")).toHaveCount(0);
  expect(await slotAvailable(later)).toBe(true);
});

test("after the start: no cancel and no new time; the expert reports that the client did not attend, and nothing is booked", async ({
  page,
}) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  await bookSession(engagementId, await addSlot(expert.expertId, schoolDayAhead(10), "16:00", "17:00"), study.minutes, expert.userId);
  await startedAnHourAgo(engagementId);
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, "Scheduled");

  const item = card(page, study.title);
  await expect(item.getByRole("button", { name: "Client Did Not Attend" })).toBeVisible();
  await expect(item.getByRole("button", { name: "Cancel Session" })).toHaveCount(0);
  await expect(item.getByRole("button", { name: "Propose New Time" })).toHaveCount(0);
  await item.getByRole("button", { name: "Client Did Not Attend" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Report that the client did not attend?" });
  await expect(confirm).toContainText(POLICY.clientNoShow);
  // A reason is required: the admin decides from it.
  await confirm.getByRole("button", { name: "Send Report" }).click();
  await expect(confirm.getByText("Please give a reason (at least 3 characters)")).toBeVisible();
  await confirm.getByLabel(/What happened/).fill("Nobody joined the call.");
  await confirm.getByRole("button", { name: "Send Report" }).click();
  await expect(toast(page, "Report Sent")).toBeVisible();
  // The expert's word alone changes nothing: the client's record (or an admin) decides.
  expect((await engagementRow(engagementId)).state).toBe("scheduled");
  await expect(item.getByTestId("no-show-reported")).toBeVisible();
  await expect(item.getByRole("button", { name: "Client Did Not Attend" })).toHaveCount(0);
});

test("cancel a scheduled session, with a required reason", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  await bookSession(engagementId, await addSlot(expert.expertId, schoolDayAhead(11), "16:00", "17:00"), study.minutes, expert.userId);
  await signInAs(page, expert.email, expert.password);
  await openBoard(page, "Scheduled");

  await card(page, study.title).getByRole("button", { name: "Cancel Session" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel this session?" });
  // Backing out changes nothing.
  await confirm.getByRole("button", { name: "Keep Session" }).click();
  await expect(confirm).toBeHidden();
  expect((await engagementRow(engagementId)).state).toBe("scheduled");
  await card(page, study.title).getByRole("button", { name: "Cancel Session" }).click();
  await confirm.getByRole("button", { name: "Cancel Session" }).click();
  await expect(confirm.getByText("Please give a reason (at least 3 characters)")).toBeVisible();
  await confirm.getByLabel("Reason (shared with the client)").fill("A family emergency.");
  await confirm.getByRole("button", { name: "Cancel Session" }).click();
  await expect(toast(page, "Session Cancelled")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Scheduled (0)" })).toBeVisible();
  await expect(page.getByText("No scheduled activities.")).toBeVisible();

  const row = await engagementRow(engagementId);
  expect(row).toMatchObject({ state: "cancelled", session_status: "cancelled", cancel_reason: "A family emergency." });
});

/**
 * axe on the card, or on the open dialog (e2e/a11y/a11y.spec.ts sweeps whole pages, but opens
 * neither this tab nor its dialogs), and no sideways scrolling at 375 px for the tabs.
 */
function a11yChecker(page: Page) {
  const problems: string[] = [];
  const check = async (what: string) => {
    const open = async (role: string) => (await page.locator(`[role="${role}"]`).count()) > 0;
    const dialog = (await open("dialog")) ? '[role="dialog"]' : (await open("alertdialog")) ? '[role="alertdialog"]' : null;
    const axe = await new AxeBuilder({ page })
      .withTags(TAGS)
      .include(dialog ?? '[data-testid="opportunities-card"]')
      .analyze();
    for (const v of axe.violations)
      problems.push(
        `${what}: ${v.id} ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
      );
    if (dialog) return;
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${what}: scrolls sideways by ${overflow}px at 375 px`);
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  return { check, problems };
}

test("a11y: the Open tab and the screener dialog", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const screened = await createStudy(client, { screener: SCREENER });
  await signInAs(page, expert.email, expert.password);
  const { check, problems } = a11yChecker(page);

  await openBoard(page, "Open", screened.title);
  await check("Open tab");
  await card(page, screened.title).getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("screener dialog");
  expect(problems).toEqual([]);
});

test("a11y: the Invited tab with proposed times, the decline confirmation and Pick Time", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const [invited, proposed] = await Promise.all([createStudy(client), createStudy(client)]);
  await createInviteEngagement(invited, expert, client, "invited");
  const proposedId = await createInviteEngagement(proposed, expert, client, "accepted");
  const proposal = new Date(`${schoolDayAhead(15)}T21:00:00Z`);
  await addProposal(proposedId, proposal);
  await addSlot(expert.expertId, schoolDayAhead(8), "09:00", "10:00");
  await signInAs(page, expert.email, expert.password);
  const { check, problems } = a11yChecker(page);

  await openBoard(page, "Invited");
  const withProposal = card(page, proposed.title);
  await expect(withProposal.getByRole("list", { name: "The client proposed:" })).toContainText(local(proposal));
  await check("Invited tab");
  await card(page, invited.title).getByRole("button", { name: "Decline" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await check("decline confirmation");
  await page.keyboard.press("Escape");
  await withProposal.getByRole("button", { name: "Pick Time" }).click();
  const dialog = page.getByRole("dialog", { name: "Pick Time" });
  // The client's proposal is chosen first; the expert's own slot in school hours says so.
  await expect(dialog.getByRole("group", { name: "Times the client proposed" }).getByRole("radio")).toBeChecked();
  await expect(dialog.getByRole("group", { name: "Your available times" }).getByRole("radio")).toHaveAccessibleName(/During school hours/);
  await check("Pick Time dialog");
  expect(problems).toEqual([]);
});

test("a11y: the Scheduled tab with a meeting link, Propose New Time and the cancel confirmation", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const booked = await createStudy(client);
  const bookedId = await createInviteEngagement(booked, expert, client, "accepted");
  await bookSession(bookedId, await addSlot(expert.expertId, schoolDayAhead(8), "16:00", "17:00"), booked.minutes, expert.userId);
  await setMeetingUrl(bookedId, "https://meet.example.com/k12-session");
  await addSlot(expert.expertId, schoolDayAhead(8), "17:30", "18:30");
  await signInAs(page, expert.email, expert.password);
  const { check, problems } = a11yChecker(page);

  await openBoard(page, "Scheduled");
  const session = card(page, booked.title);
  await expect(session.getByRole("link", { name: /Meeting link/ })).toHaveAttribute("href", "https://meet.example.com/k12-session");
  await expect(session.getByRole("link", { name: /Meeting link/ })).toHaveAttribute("target", "_blank");
  await check("Scheduled tab");
  await session.getByRole("button", { name: "Propose New Time" }).click();
  await expect(page.getByRole("dialog", { name: "Propose a new time" }).getByRole("radio")).toHaveCount(1);
  await check("Propose a new time dialog");
  await page.keyboard.press("Escape");
  await session.getByRole("button", { name: "Cancel Session" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await check("cancel confirmation");
  expect(problems).toEqual([]);
});
