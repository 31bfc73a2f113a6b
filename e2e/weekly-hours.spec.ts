import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, signInAs, withDb } from "./helpers";
import { createInviteEngagement, createStudy, newClient } from "./support/engagements";
import { formatDateTime } from "../lib/platform/format";
import { dayIn, fromWallClock } from "../lib/platform/zoned-time";

// A brand-new expert's weekly grid from onboarding becomes time a study can be booked in, on a
// phone: Pick Time offers the grid's hours for the next weeks in the expert's zone, after school
// first, never on a blackout day or over a session already booked, and books one. With nothing
// free, Pick Time's message is a link to the Availability Calendar, where the weekly hours can be
// edited and are offered at once.

const ZONE = "America/Chicago";
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

test.use({ viewport: { width: 390, height: 844 } });

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const card = (page: Page, title: string) =>
  page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
/** A time as Pick Time prints it: the expert's zone, named. */
const label = (day: string, time: string) => formatDateTime(fromWallClock(`${day}T${time}`, ZONE)!, ZONE, { weekday: true });
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The first `weekday` (0 = Sunday) strictly after `day`. */
function nextWeekday(day: string, weekday: number) {
  let d = shift(day, 1);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = shift(d, 1);
  return d;
}

/** A verified expert in Chicago whose onboarding still lacks its preferences step. */
async function newExpertAtStepFour() {
  const account = await createAccount("expert");
  const expertId = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "UPDATE experts SET step_preferences = false, verification_status = 'verified', time_zone = $2, research_types = '{}', interview_preferences = '{}' WHERE user_id = $1 RETURNING id",
      [account.userId, ZONE],
    );
    return rows[0].id;
  });
  return { ...account, expertId };
}

async function accept(page: Page, title: string) {
  await page.goto("/dashboard?tab=opportunities");
  await page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  const item = card(page, title);
  await item.getByRole("button", { name: "Accept" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Accept this invitation?" });
  await confirm.getByLabel(/outside-activity policy/).check();
  await confirm.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(toast(page, "Invitation Accepted")).toBeVisible();
  return item;
}

async function expectAxeClean(page: Page, scope: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    // From the top, as the page sweep checks it: scrolled, the sticky header lies over whatever is under it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const axe = await new AxeBuilder({ page }).withTags(TAGS).include(scope).analyze();
    expect(
      axe.violations.map(
        (v) =>
          `${v.id}: ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(" | ")}`,
      ),
      `axe at ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("a new expert's weekly grid from onboarding is what Pick Time offers: after school first, not on a blackout day or over a booked session, and one is booked", async ({
  page,
}) => {
  // Onboarding, two boards and a booking on a shared 2-core machine.
  test.setTimeout(180_000);
  const expert = await newExpertAtStepFour();
  const client = await newClient();

  // ── Onboarding step 4: the weekly grid, then the last Save & Continue.
  await signInAs(page, expert.email, expert.password);
  await page.goto("/onboarding?step=preferences");
  const prefs = page.locator("section", { has: page.getByRole("heading", { name: "Research Preferences" }) });
  await prefs.getByLabel("Online surveys (5-15 min)").check();
  await prefs.getByLabel("Video calls").check();
  for (const cell of ["Tuesday 10 AM", "Tuesday 4 PM", "Thursday 5 PM", "Saturday 11 AM"]) {
    await prefs.getByRole("button", { name: cell, exact: true }).click();
    await expect(prefs.getByRole("button", { name: cell, exact: true })).toHaveAttribute("aria-pressed", "true");
  }
  await prefs.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  // ── The expert's calendar says what is coming: a blackout on the first Tuesday ahead, and a
  // session of another study already booked at 4 PM on the Tuesday after.
  const today = dayIn(new Date(), ZONE);
  const blackoutTuesday = nextWeekday(today, 2);
  const bookedTuesday = shift(blackoutTuesday, 7);
  const thursday = shift(bookedTuesday, 2);
  const other = await createStudy(client);
  const otherId = await createInviteEngagement(other, expert, client, "accepted");
  await withDb(async (db) => {
    await db.query(
      "INSERT INTO school_blackouts (id, expert_id, starts_on, ends_on, label) VALUES (gen_random_uuid(), $1, $2, $2, 'State testing')",
      [expert.expertId, blackoutTuesday],
    );
    const startsAt = fromWallClock(`${bookedTuesday}T16:00`, ZONE)!;
    await db.query(
      "INSERT INTO engagement_sessions (id, engagement_id, starts_at, ends_at, updated_at) VALUES (gen_random_uuid(), $1, $2, $2::timestamptz + interval '30 minutes', now())",
      [otherId, startsAt],
    );
    await db.query("UPDATE engagements SET state = 'scheduled' WHERE id = $1", [otherId]);
  });

  // ── Invited, accepted, then Pick Time.
  const study = await createStudy(client);
  await createInviteEngagement(study, expert, client, "invited");
  const item = await accept(page, study.title);
  await item.getByRole("button", { name: "Pick Time" }).click();
  const dialog = page.getByRole("dialog", { name: "Pick Time" });
  const radios = dialog.getByRole("radio");
  await expect(radios.first()).toBeVisible();

  // The grid's hours, in the expert's zone with the zone named.
  const option = (day: string, time: string) => dialog.getByRole("radio", { name: label(day, time) });
  await expect(option(thursday, "17:00")).toHaveCount(1);
  await expect(option(bookedTuesday, "10:00")).toHaveCount(1);
  // Not on the blackout day, and not over the session already booked.
  await expect(option(blackoutTuesday, "10:00")).toHaveCount(0);
  await expect(option(blackoutTuesday, "16:00")).toHaveCount(0);
  await expect(option(bookedTuesday, "16:00")).toHaveCount(0);
  // Nothing but the grid: no hour the expert left unticked.
  await expect(option(thursday, "16:00")).toHaveCount(0);

  // After school first: every time with the school-hours note comes after every time without it,
  // and the first after-school time is the one chosen until the expert chooses.
  const names = await radios.evaluateAll((els) => els.map((el) => el.closest("label")?.textContent ?? ""));
  const school = names.map((n) => n.includes("During school hours"));
  expect(school.indexOf(true)).toBeGreaterThan(0);
  expect(school.slice(school.indexOf(true)).every(Boolean)).toBe(true);
  expect(names.filter((_, i) => school[i]).every((n) => n.includes("10:00"))).toBe(true);
  await expect(radios.first()).toBeChecked();
  await expect(option(bookedTuesday, "10:00")).toHaveAccessibleName(/During school hours/);
  await expectAxeClean(page, "[role=dialog]");

  // ── Book the Thursday 5 PM hour.
  await option(thursday, "17:00").check();
  await dialog.getByRole("button", { name: "Confirm Time" }).click();
  await expect(toast(page, "Time Scheduled")).toBeVisible();
  await page.getByRole("tab", { name: /^Scheduled \(\d+\)$/ }).click();
  await expect(card(page, study.title)).toContainText(label(thursday, "17:00"));
  const booked = await withDb(
    async (db) =>
      (
        await db.query<{ starts_at: Date; slot_id: string | null }>(
          "SELECT s.starts_at, s.slot_id FROM engagement_sessions s JOIN engagements e ON e.id = s.engagement_id WHERE e.project_id = $1",
          [study.projectId],
        )
      ).rows[0],
  );
  expect(booked.starts_at.toISOString()).toBe(fromWallClock(`${thursday}T17:00`, ZONE)!.toISOString());
  expect(booked.slot_id).toBeNull();
});

test("with nothing free, Pick Time links to the Availability Calendar, whose weekly hours are then offered", async ({ page }) => {
  test.setTimeout(180_000);
  const expert = await newExpertAtStepFour();
  await withDb((db) => db.query("UPDATE experts SET step_preferences = true WHERE id = $1", [expert.expertId]));
  const client = await newClient();
  const study = await createStudy(client);
  await createInviteEngagement(study, expert, client, "accepted");
  await signInAs(page, expert.email, expert.password);

  await page.goto("/dashboard?tab=opportunities");
  await page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  await card(page, study.title).getByRole("button", { name: "Pick Time" }).click();
  const dialog = page.getByRole("dialog", { name: "Pick Time" });
  await expect(dialog.getByText("You have no free time slots ahead.")).toBeVisible();
  const link = dialog.getByRole("link", { name: "Add some in the Availability Calendar on the Overview tab." });
  await expect(link).toHaveAttribute("href", "/dashboard?tab=overview#availability");
  await expectAxeClean(page, "[role=dialog]");
  await link.click();

  // The Overview tab, scrolled to the calendar, its heading below the sticky header.
  await expect(page).toHaveURL(/\/dashboard\?tab=overview#availability$/);
  await expect(page.getByRole("tab", { name: "Overview", exact: true })).toHaveAttribute("aria-selected", "true");
  const heading = page.getByRole("heading", { name: "Availability Calendar", level: 2 });
  await expect(heading).toBeInViewport();
  const headerBottom = (await page.locator("header").first().boundingBox())!;
  await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);

  // Weekly hours, edited here, are offered at once.
  const weekly = page.getByRole("region", { name: "Weekly Hours" });
  await weekly.getByRole("button", { name: "Wednesday 6 PM", exact: true }).click();
  // Checked before saving: the toast that follows sits over part of the grid at 1280 px.
  await expectAxeClean(page, "#availability");
  await weekly.getByRole("button", { name: "Save Weekly Hours" }).click();
  await expect(toast(page, "Weekly Hours Saved")).toBeVisible();

  await page.goto("/dashboard?tab=opportunities");
  await page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  await card(page, study.title).getByRole("button", { name: "Pick Time" }).click();
  // Every Wednesday at 6 PM from today through the next three weeks that has not begun yet.
  const today = dayIn(new Date(), ZONE);
  const wednesdays = Array.from({ length: 21 }, (_, i) => shift(today, i)).filter(
    (d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 3 && fromWallClock(`${d}T18:00`, ZONE)! > new Date(),
  );
  const again = page.getByRole("dialog", { name: "Pick Time" });
  await expect(again.getByRole("radio", { name: label(nextWeekday(today, 3), "18:00") })).toBeVisible();
  await expect(again.getByRole("radio")).toHaveCount(wednesdays.length);
});
