import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, signInAs } from "./helpers";

// Charts: they render on the server with their numbers one keyboard press away as a
// table, the bars and the table say the same, and the numbers agree with the page's own figures.
// (Visible matches only: a streamed page holds a hidden copy for a moment.)

const cents = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, "")) * 100);

/** Opens a chart's table by keyboard and reads it: one row per bucket, a column per header. */
async function openTable(chart: Locator) {
  const summary = chart.getByText("Show the numbers as a table");
  const table = chart.getByRole("table");
  // Again if a refresh of the page (the viewer's zone saved on a first visit) closed it meanwhile.
  let headers: string[] = [];
  let rows: string[][] = [];
  // Again if the page was still settling (a refresh, a streamed part being revealed) and the table
  // closed or was swapped meanwhile: the read counts only once the open table has its header row.
  await expect(async () => {
    if (!(await table.isVisible())) {
      await summary.focus();
      await summary.press("Enter");
    }
    await expect(table).toBeVisible({ timeout: 1_000 });
    headers = (await table.locator("thead th").allTextContents()).map((h) => h.trim());
    rows = await table
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent!.trim())));
    expect(headers.length).toBeGreaterThan(0);
    expect(rows.length).toBeGreaterThan(0);
  }).toPass({ timeout: 10_000 });
  return { headers, rows, column: (name: string) => rows.map((r) => r[headers.indexOf(name)]) };
}

/** Every bar's own label ("Nov 2026, Pending QC: $125.00") is a cell of the table. */
async function barsMatchTable(chart: Locator, table: Awaited<ReturnType<typeof openTable>>) {
  const bars = await chart.locator("svg rect title").allTextContents();
  expect(bars.length).toBeGreaterThan(0);
  for (const bar of bars) {
    const [, bucket, series, value] = /^(.+), (.+): (.+)$/.exec(bar)!;
    const row = table.rows.find((r) => r[0] === bucket);
    expect(row, bar).toBeDefined();
    expect(row![table.headers.indexOf(series)], bar).toBe(value);
  }
}

async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .exclude("[data-sonner-toaster]")
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test("/payments: earnings by month, stacked, summing to the wallet's cards", async ({ page }) => {
      await signInAs(page, DEMO.expert);
      await page.goto("/payments");
      const chart = page.getByTestId("chart-earnings-by-month").filter({ visible: true });
      await expect(chart.getByRole("img", { name: /Earnings by month/ })).toBeVisible();
      const table = await openTable(chart);
      expect(table.headers).toEqual(["Month", "Pending QC", "Available", "Paid out", "Total"]);
      expect(table.rows).toHaveLength(12);
      await barsMatchTable(chart, table);
      const sum = (name: string) => table.column(name).reduce((s, v) => s + cents(v), 0);
      const card = async (label: string) =>
        cents(await page.getByRole("heading", { name: label, exact: true }).locator("xpath=../..").locator("p").first().innerText());
      expect(sum("Pending QC")).toBe(await card("Pending QC"));
      expect(sum("Available")).toBe(await card("Available Balance"));
      expect(sum("Total")).toBe(await card("Total Earned"));
      await axeClean(page);
    });

    test("Impact: engagements per month against the monthly goal", async ({ page }) => {
      await signInAs(page, DEMO.expert);
      await page.goto("/dashboard?tab=impact");
      const chart = page.getByTestId("chart-engagements-by-month").filter({ visible: true });
      await expect(chart.getByRole("img", { name: /Engagements per month/ })).toBeVisible();
      await expect(chart.getByTestId("chart-goal")).toHaveCount(1);
      const goal = (
        await page
          .getByText(/engagements completed this month$/)
          .filter({ visible: true })
          .innerText()
      ).match(/of (\d+) engagements/)![1];
      await expect(chart.getByText(`Monthly goal (${goal})`)).toBeVisible();
      const table = await openTable(chart);
      expect(table.headers).toEqual(["Month", "Completed engagements"]);
      await barsMatchTable(chart, table);
      const completed = await page
        .getByRole("heading", { name: "Projects Completed" })
        .locator("xpath=../..")
        .locator("p")
        .first()
        .innerText();
      expect(table.column("Completed engagements").reduce((s, v) => s + Number(v), 0)).toBe(Number(completed));
      await axeClean(page);
    });

    test("admin Trends: experts by status and weekly activity, from the admin nav", async ({ page }) => {
      await signInAs(page, DEMO.admin);
      await page.goto("/admin");
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Trends" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Trends" })).toBeVisible();
      const status = page.getByTestId("chart-experts-by-status").filter({ visible: true });
      const statusTable = await openTable(status);
      expect(statusTable.headers).toEqual(["Week", "Verified", "Pending", "Rejected", "Total"]);
      await barsMatchTable(status, statusTable);
      // Every expert has joined by this week: the demo seed's 15 at least.
      expect(Number(statusTable.rows.at(-1)!.at(-1))).toBeGreaterThanOrEqual(15);
      const activity = page.getByTestId("chart-invites-and-sessions").filter({ visible: true });
      const activityTable = await openTable(activity);
      expect(activityTable.headers).toEqual(["Week", "Invites sent", "Sessions completed"]);
      await barsMatchTable(activity, activityTable);
      await axeClean(page);
    });
  });
}
