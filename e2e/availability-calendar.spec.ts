import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO, createAccount, e2eDb, signInAs } from "./helpers";
import { formatDayHeading } from "../lib/platform/format";
import { dayIn } from "../lib/platform/zoned-time";

// The expert's month calendar: reached and used by keyboard, days with slots marked,
// times in the expert's own profile zone and named. Each test has its own expert, so slots left
// by an earlier run or a parallel spec never collide.

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

async function expertIn(zone: string) {
  const account = await createAccount("expert");
  const db = await e2eDb();
  try {
    await db.query("UPDATE experts SET time_zone = $2 WHERE user_id = $1", [account.userId, zone]);
  } finally {
    await db.end();
  }
  return account;
}

/** The grid, once react-day-picker has loaded after the page. */
const grid = (page: Page) => page.getByRole("grid");
const dayHeading = (page: Page) => page.locator("#slot-day-heading");

test("month calendar by keyboard: move to a day, open it, add a slot, see the day marked, remove it", async ({ page }) => {
  const expert = await expertIn("America/Chicago");
  await signInAs(page, expert.email, expert.password);
  await page.goto("/dashboard");
  await expect(
    page.getByText("Times are in Central time (America/Chicago), your profile time zone.").filter({ visible: true }),
  ).toBeVisible();
  await expect(grid(page)).toBeVisible();

  // Today is chosen and holds the grid's focus stop; PageDown moves a month on, arrows by a week
  // and a day (the grid follows focus into the next month if the day lies there).
  const toTarget = async () => {
    await page.getByRole("button", { name: /^Today, .*selected/ }).focus();
    for (const key of ["PageDown", "ArrowDown", "ArrowRight"]) await page.keyboard.press(key);
  };
  await toTarget();
  const focused = page.locator(":focus");
  const target = (await focused.getAttribute("aria-label"))!;
  const iso = (await focused.locator("xpath=..").getAttribute("data-day"))!;
  expect(target).not.toMatch(/^Today/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `${target}, selected` })).toBeFocused();
  // The day's own slot list opens beside the grid, named by its full date.
  await expect(dayHeading(page)).toHaveText(`Time slots for ${target}`);
  await expect(page.getByText("No time slots for this day yet.")).toBeVisible();
  await expect(page.locator(`[data-day="${iso}"]`)).not.toHaveClass(/has-slots/);

  // Adding is checked in the browser first, then stored in the expert's zone and named.
  await page.getByLabel("Start time").selectOption("11:00");
  await page.getByLabel("End time").selectOption("10:00");
  await page.getByRole("button", { name: "Add Time Slot" }).click();
  await expect(page.getByText("End time must be after the start time.")).toBeVisible();
  await page.getByLabel("End time").selectOption("12:00");
  await page.getByRole("button", { name: "Add Time Slot" }).click();
  await expect(toast(page, "Availability Added")).toContainText("Your availability has been updated successfully.");
  await expect(page.getByTestId("slot-row")).toHaveText(/11:00 AM – 12:00 PM C[SD]T/);
  await expect(page.getByRole("button", { name: `${target}, selected, 1 time slot` })).toBeVisible();
  await expect(page.locator(`[data-day="${iso}"]`)).toHaveClass(/has-slots/);

  // An overlap is refused with the server's words, said once: beside the start time, no toast.
  await page.getByLabel("Start time").selectOption("11:30");
  await page.getByLabel("End time").selectOption("12:30");
  await page.getByRole("button", { name: "Add Time Slot" }).click();
  await expect(page.getByText("This overlaps your 11:00-12:00 slot on that day.")).toBeVisible();
  await expect(page.getByLabel("Start time")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

  // After a reload the mark is read from the server: the same keys reach the day, marked.
  await page.reload();
  await expect(grid(page)).toBeVisible();
  await toTarget();
  await expect(page.locator(":focus")).toHaveAttribute("aria-label", `${target}, 1 time slot`);
  await expect(page.locator(`[data-day="${iso}"]`)).toHaveClass(/has-slots/);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("slot-row")).toHaveText(/11:00 AM – 12:00 PM/);

  // Week navigation moves the chosen day by seven, and back.
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(dayHeading(page)).not.toHaveText(`Time slots for ${target}`);
  await page.getByRole("button", { name: "Previous week" }).click();
  await expect(dayHeading(page)).toHaveText(`Time slots for ${target}`);

  await page.getByRole("button", { name: "Remove 11:00 AM to 12:00 PM" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove slot", exact: true }).click();
  await expect(toast(page, "Availability Removed")).toContainText("The availability slot has been removed.");
  await expect(page.getByText("No time slots for this day yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: `${target}, selected` })).toBeVisible();
  await expect(page.locator(`[data-day="${iso}"]`)).not.toHaveClass(/has-slots/);
});

test("an expert outside New York sees their own zone named on the dashboard", async ({ page }) => {
  const expert = await expertIn("America/Phoenix");
  const db = await e2eDb();
  // A slot on the 15th of next month (as Phoenix counts months) at 4:30 PM there: no daylight
  // saving in Phoenix, so always MST.
  const [y, m] = dayIn(new Date(), "America/Phoenix").split("-").map(Number);
  const day = `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, "0")}-15`;
  try {
    await db.query(
      "INSERT INTO availability_slots (id, expert_id, date, start_time, end_time, timezone) SELECT gen_random_uuid(), id, $2, '16:30', '17:30', 'America/Phoenix' FROM experts WHERE user_id = $1",
      [expert.userId, day],
    );
  } finally {
    await db.end();
  }
  await signInAs(page, expert.email, expert.password);
  await page.goto("/dashboard");
  await expect(page.getByText("Times are in America/Phoenix, your profile time zone.").filter({ visible: true })).toBeVisible();
  await expect(grid(page)).toBeVisible();
  await page.getByRole("button", { name: "Next month" }).click();
  await page.getByRole("button", { name: `${formatDayHeading(day)}, 1 time slot` }).click();
  await expect(page.getByTestId("slot-row")).toHaveText("4:30 PM – 5:30 PM MST");
});

test("the calendar passes axe in both colour schemes and fits 375 px", async ({ page }) => {
  const expert = await expertIn("America/New_York");
  await signInAs(page, expert.email, expert.password);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/dashboard");
      await expect(grid(page)).toBeVisible();
      const card = page.locator("[data-slot=card]").filter({ has: page.getByRole("heading", { name: "Availability Calendar" }) });
      const results = await new AxeBuilder({ page })
        .include(await card.evaluate((el) => ((el.id ||= "availability-card"), `#${el.id}`)))
        .analyze();
      expect(
        results.violations.map((v) => `${colorScheme} ${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${colorScheme} ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      // The seven day columns fit the card: no day button spills over its neighbour.
      const spill = await grid(page).evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(spill, `${colorScheme} ${width}px grid wider than its card`).toBeLessThanOrEqual(0);
      await card.screenshot({ path: `test-results/screenshots/availability-calendar-${colorScheme}-${width}.png` });
    }
  }
});

test("an admin sees times in the zone their browser reports, named", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "Pacific/Honolulu" });
  const page = await context.newPage();
  const detail = `zone-check-${Date.now()}`;
  const db = await e2eDb();
  try {
    // 20:30 UTC is 10:30 AM in Honolulu (no daylight saving there). Tomorrow's, so it is the newest
    // event whenever the suite runs (today's 20:30 falls behind the other tests' events after 20:30 UTC).
    await db.query(
      "INSERT INTO impersonation_events (id, admin_user_id, target_user_id, action, detail, created_at) SELECT gen_random_uuid(), a.id, t.id, 'read', $1, (now() + interval '1 day')::date + interval '20 hours 30 minutes' FROM users a, users t WHERE a.email = $2 AND t.email = $3",
      [detail, DEMO.admin, DEMO.expert],
    );
  } finally {
    await db.end();
  }
  try {
    await signInAs(page, DEMO.admin);
    await page.goto("/admin/users");
    // The first visit reports the zone and refreshes once; the server renders in it from then on.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "tz")?.value)
      .toBe(encodeURIComponent("Pacific/Honolulu"));
    const row = page.getByTestId("impersonation-event").filter({ visible: true }).filter({ hasText: detail });
    await expect(row).toContainText("10:30 AM HST");
    await page.reload();
    await expect(row).toContainText("10:30 AM HST");
  } finally {
    await context.close();
  }
});
