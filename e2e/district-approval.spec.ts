import { expect, test, type Page } from "@playwright/test";
import { signInAs, withDb } from "./helpers";
import { createStudy, newClient, newVerifiedExpert } from "./support/engagements";

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
