import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInAs } from "./helpers";
import { newVerifiedExpert } from "./support/engagements";
import { MONTHLY_GOAL_MESSAGE } from "../lib/experts/schemas/dashboard";

// The impact panel's monthly goal is the expert's own setting, not a constant 8.

test("an expert sets their monthly goal in Settings and the Impact tab counts toward it", async ({ page }) => {
  const expert = await newVerifiedExpert();
  await signInAs(page, expert.email, expert.password);

  await page.goto("/dashboard?tab=impact");
  // The panel, not the page: while a streamed page reveals itself it briefly holds a hidden copy.
  await expect(page.getByRole("tabpanel", { name: "Impact" }).getByText("0 of 8 engagements completed this month")).toBeVisible();

  await page.getByRole("tab", { name: "Settings", exact: true }).click();
  const goal = page.getByLabel("Engagements per month");
  await expect(goal).toHaveValue("8");
  const card = page.locator("[data-slot=card]", { has: goal });
  expect((await new AxeBuilder({ page }).include("[data-slot=card]:has(input[name=monthlyGoal])").analyze()).violations).toEqual([]);

  // Out of range: the message sits beside the field, which keeps the focus; nothing is saved.
  await goal.fill("51");
  await card.getByRole("button", { name: "Save goal" }).click();
  await expect(card.getByText(MONTHLY_GOAL_MESSAGE)).toBeVisible();
  await expect(goal).toBeFocused();
  await expect(goal).toHaveAttribute("aria-invalid", "true");

  await goal.fill("12");
  await card.getByRole("button", { name: "Save goal" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Monthly Goal Updated" })).toBeVisible();
  await expect(card.getByText(MONTHLY_GOAL_MESSAGE)).toBeHidden();

  await page.getByRole("tab", { name: "Impact", exact: true }).click();
  await expect(page.getByRole("tabpanel", { name: "Impact" }).getByText("0 of 12 engagements completed this month")).toBeVisible();

  // Stored on the expert's own row: a reload shows it.
  await page.goto("/dashboard?tab=settings");
  await expect(page.getByLabel("Engagements per month")).toHaveValue("12");
});
