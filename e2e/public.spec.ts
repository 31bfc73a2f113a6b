import { expect, test } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { waitForMail } from "./helpers";
import { COOKIE_POLICY_VERSION } from "../lib/accounts/policy-versions";

const PAGES: [string, string][] = [
  ["/", "K12 Experts — Get paid to shape K-12 education research"],
  ["/how-it-works", "How It Works | K12 Experts"],
  ["/help", "Help | K12 Experts"],
  ["/help-center", "Help Center | K12 Experts"],
  ["/privacy-data", "Privacy & Data Policy | K12 Experts"],
  ["/terms", "Terms of Service | K12 Experts"],
  ["/payment-policy", "Payment Policy | K12 Experts"],
  ["/cookies", "Cookie Policy | K12 Experts"],
  ["/contact", "Contact Us | K12 Experts"],
  ["/sitemap", "Sitemap | K12 Experts"],
  ["/api-status", "System Status | K12 Experts"],
  ["/404-test", "404 Test | K12 Experts"],
  ["/500", "Server Error | K12 Experts"],
];

for (const [path, title] of PAGES) {
  test(`${path} answers with its own title, a description and one h1, and axe finds nothing`, async ({ page }) => {
    const res = await page.goto(path);
    // Next serves the /500 page with the status it describes.
    expect(res?.status()).toBe(path === "/500" ? 500 : 200);
    await expect(page).toHaveTitle(title);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(30);
    await expect(page.locator("h1")).toHaveCount(1);
    if (path !== "/404-test") {
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });
}

test("every public page has a description of its own", async ({ request }) => {
  const seen = new Map<string, string>();
  for (const [path] of PAGES) {
    const html = await (await request.get(path)).text();
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
    expect(description, path).toBeTruthy();
    expect(seen.get(description!), `${path} repeats another page's description`).toBeUndefined();
    seen.set(description!, path);
  }
});

test("help center search filters questions and answers, with a no-results state", async ({ page }) => {
  await page.goto("/help-center");
  const search = page.getByRole("searchbox", { name: "Search help articles" });
  await search.fill("W-9");
  await expect(page.locator("summary", { hasText: "Do I need to fill out tax forms?" })).toBeVisible();
  await expect(page.locator("summary", { hasText: "Who can join K12 Experts as an expert?" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "For Research Clients" })).toBeHidden();
  // Matches are opened so the answer is readable.
  await expect(page.getByText(/we ask for your W-9/)).toBeVisible();
  await search.fill("pending qc");
  await expect(page.getByText("Pending QC → Available → Processing → Paid")).toBeVisible();
  await search.fill("zebra crossing");
  await expect(page.getByTestId("faq-empty")).toContainText("No results found");
  await search.fill("");
  await expect(page.getByRole("heading", { name: "Payments", level: 2 })).toBeVisible();
  // The accordion works from the keyboard.
  await expect(page.getByText("after its estimated payout date")).toBeHidden();
  const q = page.locator("summary", { hasText: "My payment has not arrived. What should I do?" });
  await q.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("after its estimated payout date")).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
});

test("legal ToC scrolls to a section and marks it current", async ({ page }) => {
  await page.goto("/terms");
  const toc = page.getByRole("navigation", { name: "On this page" });
  await toc.getByRole("link", { name: "Termination" }).click();
  await expect(page).toHaveURL(/#termination$/);
  await expect(page.getByRole("heading", { name: "Termination" })).toBeInViewport();
  await expect(toc.getByRole("link", { name: "Termination" })).toHaveAttribute("aria-current", "location");
  await expect(page.getByText("30 days' written notice")).toBeVisible();

  await page.goto("/cookies");
  // The policy's own version date, not the day it is read.
  await expect(page.getByTestId("last-updated")).toHaveText(
    `Version ${COOKIE_POLICY_VERSION.version} · Last updated: ${COOKIE_POLICY_VERSION.effective}`,
  );
  for (const h of ["What Are Cookies", "How We Use Cookies", "Types of Cookies", "Managing Cookies", "Third-Party Cookies"]) {
    await expect(page.getByRole("heading", { name: h, level: 2 })).toBeVisible();
  }
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Third-Party Cookies" }).click();
  await expect(page.getByRole("heading", { name: "Third-Party Cookies" })).toBeInViewport();
});

test("contact form: spec errors, then success screen, and the message reaches support", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Missing required fields")).toBeVisible();
  await expect(page.getByText("Please fill in all required fields.")).toBeVisible();

  const subject = `E2E question ${Date.now()}`;
  await page.getByLabel("Name").fill("Pat Okafor");
  await page.getByLabel("Email").fill("pat.okafor@example.org");
  await page.getByLabel("Subject").fill(subject);
  await page.locator("#message").fill("When will my focus group payment move from Pending QC?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please select your role")).toBeVisible();
  await expect(page.getByText("Role selection is required.").first()).toBeVisible();

  await page.getByLabel("I am a").selectOption("expert");
  // Content must match the name: a fake PDF is refused by the server.
  await page
    .getByLabel("Attachment (optional)")
    .setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ not a pdf") });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Error sending message")).toBeVisible();
  await expect(page.locator("#attachment-error")).toHaveText("Attachment content does not match its .pdf file type");

  await page
    .getByLabel("Attachment (optional)")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Activity: focus group, March 3") });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
  await expect(page.getByText("Message sent successfully!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  // Stored, then mailed to the support inbox with the checked attachment.
  const { mail } = await waitForMail("support@k12experts.example", subject);
  expect(mail.text).toContain("When will my focus group payment move from Pending QC?");
  expect(mail.raw).toContain("notes.txt");
  await page.getByRole("button", { name: "Send Another Message" }).click();
  await expect(page.getByLabel("Name")).toBeVisible();
});

test("/404-test redirects after 2 s to a missing path, and the 404 page shows it", async ({ page }) => {
  await page.goto("/404-test");
  const started = Date.now();
  await expect(page).toHaveURL(/\/this-page-does-not-exist$/, { timeout: 6_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
  await expect(page.getByTestId("missing-path")).toHaveText("/this-page-does-not-exist");
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("missing-path")).toHaveText("/no/such/page");
  for (const name of ["Home", "Help Center", "Sitemap"])
    await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();
});

test("/500 shows an error id derived from the time, with its actions", async ({ page }) => {
  const before = Date.now();
  await page.goto("/500");
  await expect(page.getByTestId("error-id")).toHaveText(/ERR-[0-9A-Z]+/);
  const text = await page.getByTestId("error-id").textContent();
  const id = /ERR-([0-9A-Z]+)/.exec(text ?? "")?.[1];
  expect(id).toBeTruthy();
  const stamp = parseInt(id!, 36);
  expect(stamp).toBeGreaterThanOrEqual(before - 60_000);
  expect(stamp).toBeLessThanOrEqual(Date.now() + 1_000);
  for (const name of ["Refresh Page"]) await expect(page.getByRole("button", { name })).toBeVisible();
  for (const name of ["Home", "Contact Us"]) await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeVisible();
});

test("/api-status shows live values and the spec's cards and links", async ({ page }) => {
  await page.goto("/api-status");
  for (const h of ["API Services", "Database", "Authentication", "Expert Matching", "Payment Processing", "Notifications"]) {
    await expect(page.getByRole("heading", { name: h, level: 2 })).toBeVisible();
  }
  await expect(page.getByTestId("overall-status")).toContainText("All systems operational");
  await expect(page.getByText(/^\d+(\.\d+)? ms$/).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Report an Issue" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("link", { name: "Support Center" })).toHaveAttribute("href", "/help-center");
});

test("public pages fit a 375 px screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/", "/help-center", "/contact", "/terms", "/cookies", "/api-status", "/sitemap"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
