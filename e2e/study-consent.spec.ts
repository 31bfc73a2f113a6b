import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAs, waitForMail } from "./helpers";
import { createStudy, newClient, newVerifiedExpert, openListOf } from "./support/engagements";
import { simplePdf } from "../lib/engagements/consent/pdf";

// A study's own consent, each person in their own browser: the client uploads the consent form
// on the project page; an expert on a 390 px phone finds the study's card asking for it, reads
// the form in the page, is told when the typed name is not theirs, signs, gets the copy by
// e-mail and applies; the client downloads the signature records as CSV.

const PHONE = { width: 390, height: 844 };
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const opportunity = (page: Page, title: string) =>
  page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title, exact: true }), visible: true });

async function signedIn(browser: Browser, email: string, password: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signInAs(page, email, password);
  return { page, close: () => context.close() };
}

test("a client uploads a consent form; an expert on a phone reads it, signs it and applies; the client downloads the records", async ({
  browser,
}) => {
  const clientAccount = await newClient();
  const expertAccount = await newVerifiedExpert();
  const study = await createStudy(clientAccount);
  const client = await signedIn(browser, clientAccount.email, clientAccount.password);
  const expert = await signedIn(browser, expertAccount.email, expertAccount.password, PHONE);
  try {
    // ── The client uploads version 1 of the form.
    await client.page.goto(`/client/projects/${study.projectId}`);
    const section = client.page.getByTestId("study-consent").filter({ visible: true });
    await expect(section.getByTestId("no-consent")).toBeVisible();
    await section.getByLabel("PDF file (up to 10 MB)").setInputFiles({
      name: "consent.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(simplePdf(["Informed consent", "A short interview about intervention time."])),
    });
    await section.getByRole("button", { name: "Upload" }).click();
    await expect(toast(client.page, "Document Uploaded")).toBeVisible();
    await expect(section.getByRole("link", { name: "Consent form, version 1" })).toBeVisible();

    // ── The expert's card asks for the consent in place of Apply.
    const page = expert.page;
    await page.goto(openListOf(study.title));
    const card = opportunity(page, study.title);
    await expect(card.getByRole("button", { name: "Apply" })).toHaveCount(0);
    await card.getByRole("link", { name: `Read and sign the consent for ${study.title}` }).click();
    await expect(page.getByRole("heading", { name: `Consent for “${study.title}”` })).toBeVisible();
    await expect(page.getByTestId("consent-frame")).toHaveAttribute("src", /^\/api\/study-documents\/[0-9a-f-]{36}$/);
    const pdf = await page.request.get((await page.getByTestId("consent-download").getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // The form may be framed by this site's own page, and by no other.
    expect(pdf.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(pdf.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const name = page.getByLabel("Type your full name to sign");
    await name.fill("Someone Else");
    await page.getByRole("button", { name: "I agree and sign" }).click();
    await expect(page.getByText("Type your full name exactly as it is on your account")).toBeVisible();
    await name.fill("  session   TESTER ");
    await page.getByRole("button", { name: "I agree and sign" }).click();
    await expect(toast(page, "Consent Signed")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\?tab=opportunities$/);
    const { link } = await waitForMail(expertAccount.email, "Your signed consent");
    expect(link).toContain("/api/study-documents/");

    // ── Signed: the card offers Apply, and applying starts the engagement.
    await page.goto(openListOf(study.title));
    await opportunity(page, study.title).getByRole("button", { name: "Apply" }).click();
    const apply = page.getByRole("dialog", { name: `Apply to ${study.title}` });
    await apply.getByLabel(/outside-activity policy/).check();
    await apply.getByRole("button", { name: "Submit Application" }).click();
    await expect(toast(page, "Application Submitted")).toBeVisible();

    // ── The client downloads the records.
    await client.page.reload();
    const [download] = await Promise.all([
      client.page.waitForEvent("download"),
      client.page.getByTestId("consent-records-csv").filter({ visible: true }).click(),
    ]);
    const csv = readFileSync((await download.path())!, "utf8");
    const [header, row] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(
      "participant,participant_id,engagement_id,consent_version,document_sha256,typed_name,signed_at_utc,ip_address,user_agent,withdrawn_at_utc,data_flag",
    );
    expect(row).toContain("Session Tester,,");
    expect(row).toContain(",1,");
    expect(row).toContain("session TESTER");
  } finally {
    await Promise.all([client.close(), expert.close()]);
  }
});
