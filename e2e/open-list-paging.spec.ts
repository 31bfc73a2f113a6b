import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./helpers";
import { createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// The expert's Open list comes a page at a time by deadline: a search by title words and format,
// kept in the address with the page, and Sooner / Later deadlines links. The studies are this spec's own.
test.describe.configure({ timeout: 120_000 });

const cards = (page: Page) => page.getByTestId("opportunity").filter({ visible: true });

test("an expert searches the Open list and walks its pages, at phone width, with the search kept", async ({ page }) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const word = `Pagewalk${randomBytes(3).toString("hex")}`;
  // One more than a page.
  for (let i = 0; i < 26; i++) await createStudy(client, { title: `${word} study ${i}` });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, expert.email, expert.password);
  await page.goto("/dashboard?tab=opportunities");

  await page.getByLabel("Search open studies").fill(word);
  await page.getByLabel("Format").selectOption("interview");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(page).toHaveURL(/[?&]tab=opportunities/);
  await expect(page.getByTestId("open-filter-count").filter({ visible: true })).toHaveText(`26 matching “${word}”`);
  await expect(page.getByRole("tab", { name: "Open (26)" })).toHaveAttribute("aria-selected", "true");
  await expect(cards(page)).toHaveCount(25);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  const pages = page.getByRole("navigation", { name: "Pages of open studies" }).filter({ visible: true });
  await pages.getByRole("link", { name: "Later deadlines" }).click();
  await expect(page).toHaveURL(/[?&]after=/);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(page).toHaveURL(/[?&]format=interview/);
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByLabel("Search open studies")).toHaveValue(word);

  await pages.getByRole("link", { name: "Sooner deadlines" }).click();
  await expect(cards(page)).toHaveCount(25);
  await expect(pages.getByRole("link", { name: "Sooner deadlines" })).toHaveCount(0);

  // A format with none of them: the list says so.
  await page.getByLabel("Format").selectOption("survey");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText(`No open studies match “${word}”.`).filter({ visible: true })).toBeVisible();
});
