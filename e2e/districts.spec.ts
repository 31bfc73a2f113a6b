import { randomBytes } from "node:crypto";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO, createAccount, e2eDb, pathOf, signInAs, waitForMail } from "./helpers";

// Admin › Districts: the admin uploads the sample district files (tests/fixtures/districts), the
// page follows the run on the job queue to its end and shows the counts; an unreadable file fails
// its run with its name. Then an expert confirms a school e-mail on a sample district's domain and
// a signed-in client sees "District verified: <district>, <state>", never the address; a client
// filters the search by the verified district's locale group, and an admin reads the coverage.

test.describe.configure({ mode: "serial" });

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const fixture = (name: string) => path.resolve("tests/fixtures/districts", name);
const FILES = ["ccd_lea_029_2223_w_sample.csv", "EDGE_GEOCODE_PUBLICLEA_2223_sample.csv", "ussd22_sample.txt"];

async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(TAGS).exclude("[data-sonner-toaster]").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
}

test("an admin uploads the district files and follows the import to its counts", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const db = await e2eDb();
  let already: boolean;
  try {
    already = (await db.query("SELECT 1 FROM districts WHERE leaid = '0699001'")).rowCount === 1;
  } finally {
    await db.end();
  }
  await signInAs(page, DEMO.admin);
  await page.goto("/admin");
  await page.getByRole("navigation").getByRole("link", { name: "Districts", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Districts", level: 1 })).toBeVisible();
  // Before the page's script runs, its button cannot send the browser's own GET, which uploads nothing.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const unhydrated = await noScript.newPage();
  await signInAs(unhydrated, DEMO.admin);
  await unhydrated.goto("/admin/districts");
  // The page streams: without a script its content stays in the hidden part the server sent.
  await expect(unhydrated.getByRole("button", { name: "Upload and import", includeHidden: true })).toBeDisabled();
  await noScript.close();

  await page.getByLabel("District files").setInputFiles(FILES.map(fixture));
  await page.getByRole("button", { name: "Upload and import" }).click();
  const run = page.getByTestId("district-import").filter({ hasText: FILES[0] }).first();
  // The bar shows while the job runs; the run ends done, with its counts.
  await expect(run.getByTestId("district-import-status")).toHaveText("Done", { timeout: 60_000 });
  await expect(run.getByTestId("district-import-progress")).toHaveCount(0);
  await expect(run.getByTestId("district-import-counts")).toHaveText(
    already ? /^0 added · 0 changed · 0 closed · \d+ unmatched$/ : /^(2\d|3\d) added · 0 changed · \d+ closed · [1-9]\d* unmatched$/,
  );
  await expect(run).toContainText("ccd_lea_029_2223_w_sample.csv (ccd-directory, 2022-2023)");

  // An unreadable file fails its run, named, and changes nothing.
  await page
    .getByLabel("District files")
    .setInputFiles({ name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from("hello,world\n1,2\n") });
  await page.getByRole("button", { name: "Upload and import" }).click();
  const failed = page.getByTestId("district-import").filter({ hasText: "notes.csv" }).first();
  await expect(failed.getByTestId("district-import-status")).toHaveText("Failed", { timeout: 60_000 });
  await expect(failed.getByRole("alert")).toContainText("notes.csv: not a CCD LEA directory or membership file");

  // Survives a reload: the list of past imports comes from the server.
  await page.reload();
  await expect(
    page.getByTestId("district-import").filter({ hasText: FILES[0] }).first().getByTestId("district-import-counts"),
  ).toBeVisible();
  await axeClean(page);
});

test("an expert's school e-mail on a district's domain shows 'District verified' to a client, never the address", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email, password, userId } = await createAccount("expert");
  const db = await e2eDb();
  let expertId: string;
  try {
    const { rows } = await db.query<{ id: string }>(
      "UPDATE experts SET verification_status = 'verified', is_public_profile = true WHERE user_id = $1 RETURNING id",
      [userId],
    );
    expertId = rows[0].id;
  } finally {
    await db.end();
  }
  const address = `e2e-${randomBytes(4).toString("hex")}@staff.harborcityusd.org`;

  await signInAs(page, email, password);
  await page.goto("/dashboard?tab=settings");
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole("heading", { name: "School E-mail", exact: true }) });
  await card.getByLabel("School or district e-mail").fill(address);
  await card.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(card.getByText(`We sent a confirmation link to ${address}.`)).toBeVisible();
  const { link } = await waitForMail(address, "Confirm your school e-mail");
  await page.goto(pathOf(link));
  await page.getByRole("button", { name: "Confirm my school e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: "School e-mail verified" })).toBeVisible();

  const client = await browser.newContext();
  const clientPage = await client.newPage();
  try {
    await signInAs(clientPage, DEMO.client);
    await clientPage.goto(`/experts/${expertId}`);
    const badge = clientPage.getByTestId("district-badge");
    await expect(badge).toContainText("District verified: Sample Harbor City Unified, CA");
    await expect(badge).toContainText(/NCES: (City|Suburb|Town|Rural)/);
    await expect(clientPage.locator("body")).not.toContainText(address);
    // The self-reported size and urbanicity give way to the directory's.
    await expect(clientPage.getByText("Urbanicity", { exact: true })).toHaveCount(0);
  } finally {
    await client.close();
  }

  // A visitor sees neither the district nor the address.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  try {
    await visitorPage.goto(`/experts/${expertId}`);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitorPage.getByTestId("district-badge")).toHaveCount(0);
    await expect(visitorPage.locator("body")).not.toContainText(address);
  } finally {
    await visitor.close();
  }
});

test("the admin's review lists a school e-mail whose domain several districts share, and links the expert to the picked one", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { userId } = await createAccount("expert");
  const db = await e2eDb();
  try {
    // Verified on the shared sample domain with no district yet (as an admin-verified address reads).
    await db.query(
      `UPDATE experts SET work_email = $2, work_email_domain = 'sampleriver.org', work_email_confirmed_at = now(),
         work_email_verified_at = now(), work_email_school_year = 2026 WHERE user_id = $1`,
      [userId, `e2e-${randomBytes(4).toString("hex")}@sampleriver.org`],
    );
  } finally {
    await db.end();
  }
  await signInAs(page, DEMO.admin);
  await page.goto("/admin/trust");
  const item = page.getByTestId("district-link-review").filter({ hasText: "sampleriver.org" });
  await expect(item).toContainText("2 candidate districts");
  const pick = item.getByTestId("district-pick").first();
  await pick.getByRole("button", { name: /^Link to Sample River Elementary, CA/ }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "District linked" })).toBeVisible();
  await axeClean(page);
});

test("a client filters the search by the verified district's locale group, and an admin reads the coverage by cell", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { userId } = await createAccount("expert");
  const lastName = `Locale${randomBytes(3).toString("hex")}`;
  const db = await e2eDb();
  let locale: string;
  try {
    // Linked to a district the first test imported: the database copies its locale, band and poverty onto the expert.
    await db.query("UPDATE users SET first_name = 'District', last_name = $2 WHERE id = $1", [userId, lastName]);
    const { rows } = await db.query<{ locale: string }>(
      `UPDATE experts SET verification_status = 'verified', is_public_profile = true, role_title = 'Superintendent',
         district_leaid = '0699001' WHERE user_id = $1 RETURNING district_locale_group::text AS locale`,
      [userId],
    );
    locale = rows[0].locale;
  } finally {
    await db.end();
  }
  const otherLocale = locale === "rural" ? "city" : "rural";
  const name = `District ${lastName}`;

  const client = await browser.newContext();
  const clientPage = await client.newPage();
  try {
    await signInAs(clientPage, DEMO.client);
    await clientPage.goto("/client/experts");
    const district = clientPage.getByRole("search", { name: "Filter experts" }).getByRole("group", { name: "Verified district" });
    await district.getByLabel("Locale").selectOption(locale);
    await expect(clientPage).toHaveURL(new RegExp(`[?&]localeGroup=${locale}`));
    await expect(clientPage.getByText(name).first()).toBeVisible();
    // Another locale group leaves the expert out.
    await clientPage.goto(`/client/experts?localeGroup=${otherLocale}`);
    await expect(clientPage.getByRole("search", { name: "Filter experts" }).getByLabel("Locale")).toHaveValue(otherLocale);
    await expect(clientPage.getByText(name)).toHaveCount(0);
  } finally {
    await client.close();
  }

  // The membership file brings the enrollment bands (the first test imported locale and poverty),
  // so every sample district with all three values has its cell.
  await signInAs(page, DEMO.admin);
  await page.goto("/admin/districts");
  await page.getByLabel("District files").setInputFiles(fixture("ccd_lea_052_2223_l_sample.csv"));
  await page.getByRole("button", { name: "Upload and import" }).click();
  const run = page.getByTestId("district-import").filter({ hasText: "ccd_lea_052_2223_l_sample.csv" }).first();
  await expect(run.getByTestId("district-import-status")).toHaveText("Done", { timeout: 60_000 });

  await page.getByRole("link", { name: "District coverage" }).click();
  await expect(page.getByRole("heading", { name: "District coverage", level: 1 })).toBeVisible();
  await expect(page.getByTestId("coverage-summary")).toContainText(
    /\d+ verified experts? with a linked district across \d+ open districts on file/,
  );
  await expect(page.getByTestId(`coverage-${locale}`)).toBeVisible();
  await page.getByLabel("Role", { exact: true }).selectOption("Superintendent");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/role=Superintendent/);
  await expect(page.getByTestId("coverage-summary")).toContainText(/verified superintendents? with a linked district/);
  await expect(
    page
      .getByTestId("coverage-cell-gaps")
      .getByText(/^No [a-z]+, [a-z-]+-poverty, [^ ]+ superintendents yet/)
      .first(),
  ).toBeVisible();
  await axeClean(page);
});
