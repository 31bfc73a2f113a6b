import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, e2eDb, signInAs } from "./helpers";

// Settings › School calendar, as an expert of this spec's own (the demo expert is shared).

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const calendarCard = (page: Page) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: "School Calendar", exact: true }) });

/** "YYYY-MM-DD" `days` from now (far enough ahead to be a future day in any US zone). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });

async function openSettings(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Settings", exact: true }).click();
  await expect(calendarCard(page)).toBeVisible();
  return calendarCard(page);
}

test("an expert sets school hours, adds and removes a blackout and pauses invites; all of it persists", async ({ page }) => {
  // Three reloads of the whole dashboard and a dozen saves: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const { email, password, userId } = await createAccount("expert");
  await signInAs(page, email, password);
  let card = await openSettings(page);

  // The spec's existing settings are still there, above the new card.
  await expect(page.getByRole("heading", { name: "Privacy & Visibility" })).toBeVisible();
  await expect(card.getByText("Times are in your profile time zone: Eastern time (America/New York).")).toBeVisible();

  // Defaults: 07:30–15:30, Monday to Friday.
  await expect(card.getByLabel("Start", { exact: true })).toHaveValue("07:30");
  await expect(card.getByLabel("End", { exact: true })).toHaveValue("15:30");
  for (const d of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
    await expect(card.getByRole("checkbox", { name: d })).toBeChecked();
  for (const d of ["Saturday", "Sunday"]) await expect(card.getByRole("checkbox", { name: d })).not.toBeChecked();

  // Hours that end before they start are refused at the field.
  await card.getByLabel("Start", { exact: true }).fill("15:00");
  await card.getByLabel("End", { exact: true }).fill("09:00");
  await card.getByRole("button", { name: "Save school hours" }).click();
  await expect(card.getByText("School hours must end after they start.")).toBeVisible();
  await expect(card.getByLabel("End", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // The Settings tab, with a field error showing, passes axe.
  const axe = await new AxeBuilder({ page }).withTags(TAGS).exclude("[data-sonner-toaster]").analyze();
  expect(
    axe.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
    ),
  ).toEqual([]);

  await card.getByLabel("Start", { exact: true }).fill("08:00");
  await card.getByLabel("End", { exact: true }).fill("14:45");
  await card.getByRole("checkbox", { name: "Friday" }).click();
  await card.getByRole("checkbox", { name: "Saturday" }).click();
  await card.getByRole("button", { name: "Save school hours" }).click();
  await expect(toast(page, "School hours saved")).toContainText("8:00 AM – 2:45 PM");

  // Two blackouts; a reversed range is refused first.
  const first = inDays(20);
  const last = inDays(24);
  await card.getByLabel("Name").fill("Spring testing");
  await card.getByLabel("First day").fill(last);
  await card.getByLabel("Last day").fill(first);
  await card.getByRole("button", { name: "Add blackout" }).click();
  await expect(card.getByText("The last day cannot be before the first day.")).toBeVisible();
  await card.getByLabel("First day").fill(first);
  await card.getByLabel("Last day").fill(last);
  await card.getByRole("button", { name: "Add blackout" }).click();
  await expect(toast(page, "Blackout added")).toBeVisible();
  await expect(card.getByTestId("blackout").filter({ hasText: "Spring testing" })).toContainText(`${shortDay(first)} – ${shortDay(last)}`);

  const breakDay = inDays(40);
  await card.getByLabel("Name").fill("Staff retreat");
  await card.getByLabel("First day").fill(breakDay);
  await card.getByLabel("Last day").fill(breakDay);
  await card.getByRole("button", { name: "Add blackout" }).click();
  await expect(card.getByTestId("blackout")).toHaveCount(2);

  // Removing asks first; Cancel keeps it, confirming removes it.
  await card.getByRole("button", { name: "Remove Staff retreat" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove “Staff retreat”?" });
  await expect(dialog).toContainText(`Clients will be able to propose sessions on ${shortDay(breakDay)} again.`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card.getByTestId("blackout")).toHaveCount(2);
  await card.getByRole("button", { name: "Remove Staff retreat" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove blackout" }).click();
  await expect(toast(page, "Blackout removed")).toBeVisible();
  await expect(card.getByTestId("blackout")).toHaveCount(1);

  // Pause invites.
  const pauseUntil = inDays(10);
  await expect(card.getByTestId("pause-status")).toContainText("You are receiving invites.");
  await card.getByLabel("Pause invites until").fill(pauseUntil);
  await card.getByRole("button", { name: "Pause invites" }).click();
  await expect(toast(page, "Invites paused")).toBeVisible();
  await expect(card.getByTestId("pause-status")).toContainText(`Invites are paused through ${shortDay(pauseUntil)}.`);

  // After a reload, everything is as saved.
  await page.reload();
  card = await openSettings(page);
  await expect(card.getByLabel("Start", { exact: true })).toHaveValue("08:00");
  await expect(card.getByLabel("End", { exact: true })).toHaveValue("14:45");
  for (const d of ["Monday", "Tuesday", "Wednesday", "Thursday", "Saturday"])
    await expect(card.getByRole("checkbox", { name: d })).toBeChecked();
  for (const d of ["Friday", "Sunday"]) await expect(card.getByRole("checkbox", { name: d })).not.toBeChecked();
  await expect(card.getByTestId("blackout")).toHaveCount(1);
  await expect(card.getByTestId("blackout")).toContainText("Spring testing");
  await expect(card.getByTestId("pause-status")).toContainText(`Invites are paused through ${shortDay(pauseUntil)}.`);
  await expect(card.getByLabel("Pause invites until")).toHaveValue(pauseUntil);

  // The database holds the same.
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{ school_hours_start: string; school_hours_end: string; school_days: number[]; paused: string }>(
      "SELECT school_hours_start, school_hours_end, school_days, invites_paused_until::text AS paused FROM experts WHERE user_id = $1",
      [userId],
    );
    expect(rows[0]).toEqual({ school_hours_start: "08:00", school_hours_end: "14:45", school_days: [1, 2, 3, 4, 6], paused: pauseUntil });
    const blackouts = await db.query<{ label: string; starts_on: string; ends_on: string }>(
      "SELECT b.label, b.starts_on::text, b.ends_on::text FROM school_blackouts b JOIN experts e ON e.id = b.expert_id WHERE e.user_id = $1",
      [userId],
    );
    expect(blackouts.rows).toEqual([{ label: "Spring testing", starts_on: first, ends_on: last }]);
  } finally {
    await db.end();
  }

  // Lifting the pause.
  await card.getByRole("button", { name: "Resume invites now" }).click();
  await expect(toast(page, "Invites resumed")).toBeVisible();
  await page.reload();
  card = await openSettings(page);
  await expect(card.getByTestId("pause-status")).toContainText("You are receiving invites.");
});
