import { expect, test, type Page } from "@playwright/test";
import { signInAs, withDb } from "./helpers";
import { createStudy, newClient, newVerifiedExpert } from "./support/engagements";
import { simplePdf } from "../lib/engagements/consent/pdf";

// District research approval, end to end: a researcher finds a target district that requires
// approval and requests it in one action; the district's research officer answers on a phone;
// the researcher then invites a member of the district's staff, and the expert's card says who
// approved the study and until when.

const OFFICER = "district@example.com";
const DISTRICT = "Westside Mesa ISD (sample, not real data)";
const LEAID = "4899902";
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

test("a researcher requests a district's approval, its officer approves on a phone, and the invited staff member sees the approval", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const client = await newClient();
  const study = await createStudy(client);
  const staff = await newVerifiedExpert();
  const name = `Wren Mesastaff${staff.expertId.slice(0, 4)}`;
  await withDb(async (db) => {
    await db.query("UPDATE users SET first_name = 'Wren', last_name = $2 WHERE id = $1", [staff.userId, name.split(" ")[1]]);
    await db.query(
      `UPDATE experts SET is_public_profile = true, district_leaid = $2, work_email = 'wren@westsidemesaisd.example',
         work_email_domain = 'westsidemesaisd.example', work_email_confirmed_at = now(), work_email_verified_at = now() WHERE id = $1`,
      [staff.expertId, LEAID],
    );
  });

  // ── The researcher adds the district by a search and requests its approval.
  await signInAs(page, client.email, client.password);
  await page.goto(`/client/projects/${study.projectId}`);
  const section = page.locator("#district-approvals");
  await section.getByLabel("Find a district").fill("Westside Mesa");
  await section.getByRole("button", { name: "Search" }).click();
  await section.getByRole("button", { name: `Add ${DISTRICT}` }).click();
  await expect(toast(page, "1 district added")).toBeVisible();
  const row = section.getByTestId(`district-${LEAID}`).filter({ visible: true });
  await expect(row).toContainText("Approval required: recruiting here is closed until the district approves.");
  await row.getByRole("button", { name: "Request approval" }).click();
  await row.getByLabel("Instruments (the survey link or the interview guide)").fill("Eight questions on intervention time.");
  await row.getByRole("button", { name: `Send to ${DISTRICT}` }).click();
  await expect(toast(page, "Approval requested")).toBeVisible();
  await expect(row).toContainText("Requested");

  // ── The district's officer answers on a 390 px phone, in one click.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const officer = await phone.newPage();
  await signInAs(officer, OFFICER);
  await officer.goto("/district-office");
  const request = officer.getByRole("article", { name: study.title });
  await expect(request).toContainText("What it asks of staff");
  await expect(request).toContainText("Eight questions on intervention time.");
  await request.getByRole("button", { name: "Approve" }).click();
  // The answered request leaves the queue; the confirmation stays in the toast.
  await expect(toast(officer, "Approved. The researcher has been told.")).toBeVisible();
  await expect(request).toHaveCount(0);
  expect(await officer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();

  // ── The researcher sees the answer, then invites the staff member.
  await page.reload();
  await expect(row).toContainText(`Approved by ${DISTRICT}'s research office until`);
  await page.goto(`/client/experts?q=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `Invite ${name}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Invite ${name}` });
  await dialog.getByLabel("Project").selectOption({ label: study.title });
  await expect(dialog.getByTestId("invite-district-note")).toContainText(`Approved by ${DISTRICT}'s research office until`);
  await dialog.getByRole("button", { name: "Send Invite" }).click();
  await expect(dialog).toBeHidden();

  // ── The expert's card says who approved the study, and until when.
  const expertContext = await browser.newContext();
  const expert = await expertContext.newPage();
  await signInAs(expert, staff.email, staff.password);
  await expert.goto("/dashboard?tab=opportunities");
  await expert.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  const card = expert.getByTestId("opportunity").filter({ hasText: study.title, visible: true });
  await expect(card.getByTestId("district-approved")).toContainText(`Approved by ${DISTRICT}'s research office until`);
  await expertContext.close();
});

test("a researcher uploads a district's signed letter; an admin rejects it with a reason, then accepts a new one, and the district counts as approved", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const OTHER = "Lakeshore Township SD (sample, not real data)";
  const OTHER_LEAID = "1799902";
  const client = await newClient();
  const study = await createStudy(client);
  await signInAs(page, client.email, client.password);
  await page.goto(`/client/projects/${study.projectId}`);
  const section = page.locator("#district-approvals");
  await section.getByLabel("Find a district").fill("Lakeshore");
  await section.getByRole("button", { name: "Search" }).click();
  await section.getByRole("button", { name: `Add ${OTHER}` }).click();
  await expect(toast(page, "1 district added")).toBeVisible();
  const row = section.getByTestId(`district-${OTHER_LEAID}`).filter({ visible: true });

  const uploadLetter = async (lines: string[]) => {
    await row.getByRole("button", { name: "Upload a signed approval letter" }).click();
    const form = row.getByRole("form", { name: `Upload ${OTHER}'s approval letter` });
    await form.getByLabel("Signed letter (PDF, up to 10 MB)").setInputFiles({
      name: "lakeshore-approval.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(simplePdf(lines)),
    });
    await form.getByLabel("Approved until (the last day the letter states)").fill("2099-06-30");
    await form.getByRole("button", { name: "Upload the letter" }).click();
    await expect(toast(page, "Letter uploaded")).toBeVisible();
    await expect(row.getByTestId("district-letter-status").first()).toContainText("approved until Jun 30, 2099): waiting for our check");
  };
  await uploadLetter(["Lakeshore Township SD", "Research approval for another study"]);
  // Waiting for the check, the district stays closed.
  await expect(row).toContainText("Approval required: recruiting here is closed until the district approves.");

  // ── An admin reads the queue and rejects the letter with a reason.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, "admin@example.com");
  await admin.goto("/admin/districts/letters");
  const queued = admin.getByTestId("district-letter").filter({ hasText: study.title, visible: true });
  await expect(queued).toContainText(`${OTHER}, IL`);
  await expect(queued).toContainText("holds until Jun 30, 2099");
  const pdf = await admin.request.get((await queued.getByRole("link", { name: "Open lakeshore-approval.pdf" }).getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await queued.getByRole("button", { name: "Reject" }).click();
  const dialog = admin.getByRole("alertdialog", { name: `Reject the letter for ${OTHER}?` });
  await dialog.getByLabel("Reason (the researcher reads it)").fill("The letter approves another study.");
  await dialog.getByRole("button", { name: "Reject the letter" }).click();
  await expect(toast(admin, "Letter rejected")).toBeVisible();
  await expect(queued).toHaveCount(0);

  // ── The researcher reads why, and uploads the right letter.
  await page.reload();
  await expect(row.getByTestId("district-letter-status").first()).toContainText("not accepted. Why: The letter approves another study.");
  await uploadLetter(["Lakeshore Township SD", `Research approval for ${study.title}`]);

  // ── The admin accepts it: the district counts as approved until the day it states.
  await admin.reload();
  await queued.getByRole("button", { name: "Accept the letter" }).click();
  await expect(toast(admin, "Letter accepted")).toBeVisible();
  await expect(queued).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  await expect(row).toContainText(`Approved by ${OTHER}'s research office until Jun 30, 2099: you may recruit its staff.`);
  await expect(row.getByTestId("district-letter-status").first()).toContainText("accepted");
  await expect(row.getByRole("button", { name: "Upload a signed approval letter" })).toHaveCount(0);
});
