import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO, createAccount, e2eDb, pathOf, signInAs, waitForMail } from "./helpers";

// School e-mail: an expert of this spec's own verifies a school e-mail in Settings by the link
// in the captured mail; a signed-in client then sees the badge on the profile, a visitor does not.
// A domain the district directory cannot vouch for (several districts share it) waits for the
// admin's review with the reason, on the confirmation page, in Settings and on the review page.

const workEmailCard = (page: Page) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: "School E-mail", exact: true }) });
const BADGE = /School e-mail verified \(\d{4}–\d{2}\)/;
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

test("an expert verifies a school e-mail by link and a signed-in client sees the badge (never the address)", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { email, password, userId } = await createAccount("expert");
  const db = await e2eDb();
  let expertId: string;
  try {
    // Listed, so the client may open the profile.
    const { rows } = await db.query<{ id: string }>(
      "UPDATE experts SET verification_status = 'verified', is_public_profile = true WHERE user_id = $1 RETURNING id",
      [userId],
    );
    expertId = rows[0].id;
  } finally {
    await db.end();
  }
  const address = `e2e-${randomBytes(4).toString("hex")}@springfield.k12.il.us`;

  await signInAs(page, email, password);
  await page.goto("/dashboard?tab=settings");
  const card = workEmailCard(page);
  await expect(card).toBeVisible();
  await expect(card.getByText("Not verified yet.")).toBeVisible();

  // A personal address is refused at the field, with the reason.
  const field = card.getByLabel("School or district e-mail");
  await field.fill("someone@gmail.com");
  await card.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(card.getByRole("alert")).toHaveText(
    "Use the e-mail address your school or district gave you; personal and disposable addresses can't be verified.",
  );
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill(address);
  await field.press("Enter");
  await expect(card.getByText(`We sent a confirmation link to ${address}.`)).toBeVisible();

  const { link } = await waitForMail(address, "Confirm your school e-mail");
  expect(link).toContain("/verify-work-email?token=");
  // Opening the link changes nothing until the button is pressed (mail scanners open links).
  await page.goto(pathOf(link));
  await page.getByRole("button", { name: "Confirm my school e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: "School e-mail verified" })).toBeVisible();
  // Single use: the same link a second time is refused.
  await page.goto(pathOf(link));
  await page.getByRole("button", { name: "Confirm my school e-mail" }).click();
  await expect(page.getByText(/invalid, already used or has expired/)).toBeVisible();

  await page.goto("/dashboard?tab=settings");
  await expect(workEmailCard(page).getByText(BADGE)).toBeVisible();

  const client = await browser.newContext();
  const clientPage = await client.newPage();
  try {
    await signInAs(clientPage, DEMO.client);
    await clientPage.goto(`/experts/${expertId}`);
    await expect(clientPage.getByTestId("work-email-badge")).toHaveText(BADGE);
    await expect(clientPage.locator("body")).not.toContainText(address);

    // Client search: the filter is a checkbox in the URL, and the expert's card carries the badge.
    await clientPage.goto("/client/experts");
    // Controlled by the URL: the click navigates, and the new page shows it checked.
    await clientPage.getByRole("checkbox", { name: "School e-mail verified this school year" }).click();
    await expect(clientPage).toHaveURL(/schoolEmail=verified/);
    await expect(clientPage.getByRole("checkbox", { name: "School e-mail verified this school year" })).toBeChecked();
    const card = clientPage.getByTestId("expert-card").filter({ has: clientPage.locator(`a[href="/experts/${expertId}"]`) });
    await expect(card.getByTestId("work-email-badge")).toHaveText(BADGE);
  } finally {
    await client.close();
  }

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  try {
    await visitorPage.goto(`/experts/${expertId}`);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitorPage.getByTestId("work-email-badge")).toHaveCount(0);
    await expect(visitorPage.locator("body")).not.toContainText(address);
  } finally {
    await visitor.close();
  }
});

test("an address on a domain the platform does not know waits for review; an admin accepts the domain and the badge appears", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email, password } = await createAccount("expert");
  const domain = `review-${randomBytes(4).toString("hex")}.dev`;
  const address = `teacher@${domain}`;

  await signInAs(page, email, password);
  await page.goto("/dashboard?tab=settings");
  const card = workEmailCard(page);
  await card.getByLabel("School or district e-mail").fill(address);
  await card.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(card.getByText(`We sent a confirmation link to ${address}.`)).toBeVisible();
  const { link } = await waitForMail(address, "Confirm your school e-mail");
  await page.goto(pathOf(link));
  await page.getByRole("button", { name: "Confirm my school e-mail" }).click();
  const outcome = page.getByRole("status").filter({ hasText: "domain awaiting review" });
  await expect(outcome).toContainText(`${domain} is not on our list of school and district domains yet`);

  await page.goto("/dashboard?tab=settings");
  await expect(workEmailCard(page).getByTestId("work-email-domain-review")).toContainText("Domain awaiting review.");
  await expect(workEmailCard(page).getByText(BADGE)).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signInAs(admin, DEMO.admin);
    await admin.goto("/admin/trust");
    const item = admin.getByTestId("work-domain-review").filter({ hasText: domain });
    await expect(item).toContainText("1 expert confirmed an address on it");
    // The district's name and state start from the expert's profile (createAccount: Session District, OH).
    await item.getByRole("button", { name: `Accept ${domain} as Session District, OH` }).click();
    await expect(admin.locator("[data-sonner-toast]").filter({ hasText: "District domain added" })).toContainText(
      "1 expert confirmed on it now shows the badge.",
    );
    await expect(item).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  await page.goto("/dashboard?tab=settings");
  await expect(workEmailCard(page).getByText(BADGE)).toBeVisible();
  await expect(workEmailCard(page).getByTestId("work-email-domain-review")).toHaveCount(0);
});

test("an address on a domain several districts share waits for review with the reason; the admin links the expert to one and the badge appears", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email, password } = await createAccount("expert");
  const tag = randomBytes(3).toString("hex");
  const domain = `shared-${tag}.org`;
  const address = `teacher@${domain}`;
  // Two open districts of this test's own list the same website (LEAIDs no real state uses).
  const leaids = [`59${String(parseInt(tag, 16) % 100_000).padStart(5, "0")}`, `58${String(parseInt(tag, 16) % 100_000).padStart(5, "0")}`];
  const db = await e2eDb();
  try {
    for (const [i, leaid] of leaids.entries())
      await db.query(
        `INSERT INTO districts (leaid, name, state, website, website_domain, status, updated_at)
         VALUES ($1, $2, 'OH', $3, $4, 'open', now()) ON CONFLICT (leaid) DO NOTHING`,
        [leaid, `Shared Sample ${tag} ${i + 1}`, `https://www.${domain}/`, domain],
      );
  } finally {
    await db.end();
  }

  await signInAs(page, email, password);
  await page.goto("/dashboard?tab=settings");
  const card = workEmailCard(page);
  await card.getByLabel("School or district e-mail").fill(address);
  await card.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(card.getByText(`We sent a confirmation link to ${address}.`)).toBeVisible();
  const { link } = await waitForMail(address, "Confirm your school e-mail");
  await page.goto(pathOf(link));
  await page.getByRole("button", { name: "Confirm my school e-mail" }).click();
  const why = `${domain} is the website domain of 2 school districts, so it does not show which one is yours`;
  await expect(page.getByRole("status").filter({ hasText: "domain awaiting review" })).toContainText(why);

  await page.goto("/dashboard?tab=settings");
  const review = workEmailCard(page).getByTestId("work-email-domain-review");
  await expect(review).toContainText("Domain awaiting review.");
  await expect(review).toContainText(why);
  await expect(workEmailCard(page).getByText(BADGE)).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signInAs(admin, DEMO.admin);
    await admin.goto("/admin/trust");
    const item = admin.getByTestId("work-domain-review").filter({ visible: true }).filter({ hasText: domain });
    await expect(item).toContainText("several districts");
    await expect(item.getByTestId("work-domain-held-because")).toHaveText(`No automatic badge: ${why}.`);
    await item.getByRole("button", { name: new RegExp(`^Link to Shared Sample ${tag} 2, OH`) }).click();
    await expect(admin.locator("[data-sonner-toast]").filter({ hasText: "District linked" })).toBeVisible();
    await expect(item).toHaveCount(0);
    const axe = await new AxeBuilder({ page: admin }).withTags(AXE_TAGS).exclude("[data-sonner-toaster]").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
  } finally {
    await adminContext.close();
  }

  await page.goto("/dashboard?tab=settings");
  await expect(workEmailCard(page).getByText(BADGE)).toBeVisible();
  await expect(workEmailCard(page).getByTestId("work-email-domain-review")).toHaveCount(0);
});
