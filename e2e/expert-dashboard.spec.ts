import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, e2eDb, signInAs } from "./helpers";
import {
  addSlot,
  bookSession,
  createInviteEngagement,
  createStudy,
  newClient,
  newVerifiedExpert,
  schoolDayAhead,
  setMeetingUrl,
} from "./support/engagements";
import { callAction } from "./support/server-actions";

// The expert finds what needs them, on a phone (390×844, where the defects were seen): a notice
// in the bell opens the Invited list with its invitation marked, the Overview leads with what
// waits on the expert, the tab bar is on the first screen and shows that it scrolls, each tab
// is an address (Back returns to the tab before), and repeated buttons say which study they act on.

const PHONE = { width: 390, height: 844 };
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
test.describe.configure({ timeout: 120_000 });

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const sections = (page: Page) => page.getByRole("tablist", { name: "Dashboard sections" });
const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const card = (scope: Page | Locator, title: string) =>
  scope.getByTestId("opportunity").filter({ has: scope.getByRole("heading", { name: title, exact: true }) });

/** Whether the element lies inside the window, top to bottom (and side to side). */
const inWindow = (l: Locator) =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });

/** A study of a new client's, to which the client invites the expert through the app (so the app writes the notice). */
async function inviteFromNewClient(page: Page, expertId: string) {
  const client = await newClient();
  const study = await createStudy(client, { title: `Bell study ${Date.now()}` });
  const context = await page.context().browser()!.newContext();
  try {
    const clientPage = await context.newPage();
    await signInAs(clientPage, client.email, client.password);
    const sent = await callAction(
      clientPage.request,
      "lib/projects/actions/projects.ts#sendInviteAction",
      { expertId, projectId: study.projectId },
      { via: "/client/experts" },
    );
    expect(sent.result?.ok, sent.raw.slice(0, 300)).toBe(true);
  } finally {
    await context.close();
  }
  return { client, study };
}

async function expectInvitedWithCard(page: Page, title: string) {
  await expect(tab(page, "Opportunities")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: /^Invited \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
  const item = card(page, title);
  await expect(item).toHaveAttribute("data-linked", "");
  await expect(item).toHaveAttribute("aria-current", "true");
  await expect(item).toBeFocused();
  await expect.poll(() => inWindow(item.getByRole("heading", { name: title }))).toBe(true);
  return item;
}

test("a notice in the bell opens the Invited list with its invitation marked, on the page and on a fresh load; Accept, Decline and Pick Time name the study", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const expert = await newVerifiedExpert();
  await addSlot(expert.expertId, schoolDayAhead(3), "16:30", "17:30");
  const { study } = await inviteFromNewClient(page, expert.expertId);
  await signInAs(page, expert.email, expert.password);
  await page.goto("/dashboard");
  await expect(tab(page, "Overview")).toHaveAttribute("aria-selected", "true");

  await page.getByTestId("notifications-bell").click();
  await page
    .getByRole("menu", { name: "Notifications" })
    .getByRole("menuitem")
    .filter({ hasText: `New invitation: ${study.title}` })
    .click();
  await expect(page).toHaveURL(/\/dashboard\?tab=opportunities&engagement=[0-9a-f-]{36}$/);
  const item = await expectInvitedWithCard(page, study.title);
  const landed = page.url();

  // The buttons repeated on every card carry the study's title for screen readers; the words on screen stay the same.
  const accept = item.getByRole("button", { name: `Accept — ${study.title}`, exact: true });
  await expect(accept).toHaveText("Accept");
  await expect(item.getByRole("button", { name: `Decline — ${study.title}`, exact: true })).toHaveText("Decline");
  const axe = await new AxeBuilder({ page }).include('[data-testid="opportunities-card"]').withTags(TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Back returns to the Overview the bell was opened on.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(tab(page, "Overview")).toHaveAttribute("aria-selected", "true");

  // The same link opened fresh lands in the same place.
  await page.goto(landed);
  await expectInvitedWithCard(page, study.title);

  // Accepted, the card stays marked where it is and offers Pick Time, named for the study; the booked session moves it to Scheduled, still marked.
  await card(page, study.title)
    .getByRole("button", { name: `Accept — ${study.title}`, exact: true })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Accept this invitation?" });
  await confirm.getByLabel(/outside-activity policy/).check();
  await confirm.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(toast(page, "Invitation Accepted")).toBeVisible();
  const pick = card(page, study.title).getByRole("button", { name: `Pick Time — ${study.title}`, exact: true });
  await expect(pick).toHaveText("Pick Time");
  await pick.click();
  const dialog = page.getByRole("dialog", { name: "Pick Time" });
  await expect(dialog.getByRole("radio").first()).toBeChecked();
  await dialog.getByRole("button", { name: "Confirm Time" }).click();
  await expect(toast(page, "Time Scheduled")).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Scheduled \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
  await expect(card(page, study.title)).toHaveAttribute("data-linked", "");
  await expect(card(page, study.title).getByRole("link", { name: "Add to calendar (.ics)" })).toBeVisible();
});

test("the Overview leads with what needs the demo expert, with the privacy card and the calendar below", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.expert);
  const db = await e2eDb();
  const facts = await db
    .query<{ scheduled_id: string; to_pick: number }>(
      `SELECT (SELECT e.id FROM engagements e JOIN projects p ON p.id = e.project_id WHERE e.expert_id = x.id AND p.title = 'Assessment Calendar Interview') AS scheduled_id,
              (SELECT count(*) FROM engagements e WHERE e.expert_id = x.id AND e.state = 'accepted')::int AS to_pick
       FROM experts x JOIN users u ON u.id = x.user_id WHERE u.email = $1`,
      [DEMO.expert],
    )
    .finally(() => db.end());
  const { scheduled_id: scheduledId, to_pick: toPick } = facts.rows[0];

  await page.goto("/dashboard");
  const overview = page.getByRole("tabpanel", { name: "Overview" });
  const needs = overview.getByRole("region", { name: "Needs your attention" });
  await expect(needs).toBeVisible();
  // First in the panel: above the privacy card and the calendar.
  const top = async (l: Locator) => (await l.boundingBox())!.y;
  const privacy = overview.getByRole("heading", { name: "Your Data & Privacy" });
  const calendar = overview.locator("#availability");
  await expect(calendar.getByRole("heading", { name: "Availability Calendar" })).toBeVisible();
  expect(await top(needs)).toBeLessThan(await top(privacy));
  expect(await top(privacy)).toBeLessThan(await top(calendar));
  expect(await overview.evaluate((el) => el.querySelector("[data-testid]")?.getAttribute("data-testid"))).toBe("attention-panel");

  // The seeded invitation, with its answers right there.
  const invitations = needs.getByTestId("attention-invitations");
  const invite = "Literacy Platform Usability Interview";
  await expect(invitations.getByRole("link", { name: invite, exact: true })).toHaveAttribute(
    "href",
    /\/dashboard\?tab=invited&engagement=[0-9a-f-]{36}$/,
  );
  await expect(invitations.getByRole("button", { name: `Accept — ${invite}`, exact: true })).toBeVisible();
  await expect(invitations.getByRole("button", { name: `Decline — ${invite}`, exact: true })).toBeVisible();
  // Accepted engagements without a time, each with Pick Time.
  const times = needs.getByTestId("attention-times");
  if (toPick > 0) await expect(times.getByRole("button", { name: /^Pick Time — / }).first()).toHaveText("Pick Time");
  else await expect(times).toHaveCount(0);
  // The seeded session three days ahead, with its calendar file.
  const sessions = needs.getByTestId("attention-sessions");
  await expect(sessions.getByRole("link", { name: "Assessment Calendar Interview", exact: true })).toBeVisible();
  await expect(sessions.getByRole("link", { name: "Add to calendar (.ics) for Assessment Calendar Interview" })).toHaveAttribute(
    "href",
    `/api/engagements/${scheduledId}/calendar`,
  );
  // Money in review, the same amount as the Pending QC card above.
  const pending = (await page.getByRole("heading", { name: "Pending QC" }).locator("xpath=../..").locator("p").first().innerText()).trim();
  await expect(needs.getByTestId("attention-payments")).toContainText(`${pending} under quality review`);

  const axe = await new AxeBuilder({ page }).include('[data-testid="attention-panel"]').withTags(TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // An Overview line opens its card in the list it is in, marked.
  await invitations.getByRole("link", { name: invite, exact: true }).click();
  await expectInvitedWithCard(page, invite);
});

test("an upcoming session on the Overview carries its join link and calendar file; ?tab=overview#availability lands on the calendar", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client, { title: `Session study ${Date.now()}` });
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  await bookSession(engagementId, await addSlot(expert.expertId, schoolDayAhead(5), "16:00", "17:00"), study.minutes, expert.userId);
  await setMeetingUrl(engagementId, "https://meet.example.com/overview-session");
  await signInAs(page, expert.email, expert.password);

  await page.goto("/dashboard?tab=overview#availability");
  await expect(tab(page, "Overview")).toHaveAttribute("aria-selected", "true");
  await expect.poll(() => page.evaluate(() => document.getElementById("availability")!.getBoundingClientRect().top)).toBeLessThan(200);
  await expect(page.locator("#availability").getByRole("heading", { name: "Availability Calendar" })).toBeInViewport();

  const sessions = page.getByTestId("attention-sessions");
  const join = sessions.getByRole("link", { name: new RegExp(`^Meeting link for ${study.title}`) });
  await expect(join).toHaveAttribute("href", "https://meet.example.com/overview-session");
  await expect(join).toHaveAttribute("target", "_blank");
  await expect(sessions.getByRole("link", { name: `Add to calendar (.ics) for ${study.title}` })).toHaveAttribute(
    "href",
    `/api/engagements/${engagementId}/calendar`,
  );
  // Nothing else waits on this expert.
  await expect(page.getByTestId("attention-invitations")).toHaveCount(0);
  await expect(page.getByTestId("attention-times")).toHaveCount(0);

  // A new-study notice's link (?project=…) opens the Open list with that study marked.
  const fresh = await createStudy(client, { title: `Announced study ${Date.now()}` });
  await page.goto(`/dashboard?tab=opportunities&project=${fresh.projectId}`);
  await expect(page.getByRole("tab", { name: /^Open \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
  await expect(card(page, fresh.title)).toHaveAttribute("data-linked", "");
  await expect(card(page, fresh.title)).toBeFocused();
});

test("at 390 px the tab bar is on the first screen, shows that it scrolls, and every tab is reachable by keyboard", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.expert);
  await page.goto("/dashboard");
  const bar = sections(page);
  await expect(bar).toBeVisible();
  // Within the first screen without scrolling, below the header, greeting and the four summary cards.
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  for (const t of ["Profile Status", "Pending QC", "Available", "Next Payout"])
    await expect(page.getByRole("heading", { name: t, exact: true })).toBeInViewport();

  // Six tabs do not fit: the far edge fades under a chevron; the near edge has none yet.
  expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const after = page.getByTestId("tabs-more-after");
  const before = page.getByTestId("tabs-more-before");
  await expect(after).toBeVisible();
  await expect(before).toHaveCount(0);
  await expect(tab(page, "Settings")).not.toBeInViewport({ ratio: 1 });

  // From the keyboard: arrows and End move along the tabs (each scrolls into view), Enter opens one.
  await tab(page, "Overview").focus();
  await page.keyboard.press("End");
  await expect(tab(page, "Settings")).toBeFocused();
  await expect.poll(() => inWindow(tab(page, "Settings"))).toBe(true);
  await expect(before).toBeVisible();
  await expect(after).toHaveCount(0);
  await expect(tab(page, "Overview")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(tab(page, "Settings")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/dashboard\?tab=settings$/);

  // The chevron scrolls back for a pointer.
  await before.click();
  await expect.poll(() => bar.evaluate((el) => el.scrollLeft)).toBeLessThan(5);
  await expect(after).toBeVisible();

  // A link straight to the last tab shows it selected and in view.
  await page.goto("/dashboard?tab=settings");
  await expect.poll(() => inWindow(tab(page, "Settings"))).toBe(true);
  const axe = await new AxeBuilder({ page }).include('[data-slot="scrollable-tabs-list"]').withTags(TAGS).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("each tab and list is an address: Back returns to the one before, a reload keeps it", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.expert);
  await page.goto("/dashboard");

  await tab(page, "Wallet").click();
  await expect(page).toHaveURL(/\/dashboard\?tab=wallet$/);
  await expect(page.getByRole("tabpanel", { name: "Wallet" }).getByText("Ready for cash out")).toBeVisible();
  await tab(page, "Opportunities").click();
  await expect(page).toHaveURL(/\/dashboard\?tab=opportunities$/);
  await page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=invited$/);
  await expect(page.getByRole("list", { name: "Invitations" })).toBeVisible();

  await page.reload();
  await expect(tab(page, "Opportunities")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: /^Invited \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\?tab=opportunities$/);
  await expect(page.getByRole("tab", { name: /^Open \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\?tab=wallet$/);
  await expect(tab(page, "Wallet")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Wallet" }).getByText("Ready for cash out")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(tab(page, "Overview")).toHaveAttribute("aria-selected", "true");
  await page.goForward();
  await expect(tab(page, "Wallet")).toHaveAttribute("aria-selected", "true");
});
