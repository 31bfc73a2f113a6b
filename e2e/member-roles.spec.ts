import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { organizationMember, signInAs, withDb } from "./helpers";
import { createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// What a viewer and a finance member of one organization see, at laptop and phone width: the
// navigation holds only the pages their role opens (on a phone, behind a Menu that never scrolls
// sideways), a viewer's project page offers no action the server would refuse, and each
// dashboard leads with what that role does. The server's refusals are covered per role in
// tests/integration/member-roles.test.ts.

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const axe = async (page: Page) =>
  expect((await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze()).violations).toEqual([]);
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

/** The client navigation's links a person can reach at this width: the tab row, or the phone menu opened. */
async function navLinks(page: Page, phone: boolean) {
  const nav = page.getByRole("navigation", { name: "Client", exact: true });
  if (phone) {
    const menu = nav.getByRole("button", { name: /^Menu/ });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
  }
  return nav.getByRole("link").allTextContents();
}

test.describe.configure({ timeout: 120_000 });

test("a viewer and a finance member are offered what their roles do, at laptop and phone width", async ({ browser }) => {
  const owner = await newClient();
  const [viewer, finance, expert] = await Promise.all([
    organizationMember(owner.userId, "viewer"),
    organizationMember(owner.userId, "finance"),
    newVerifiedExpert(),
  ]);
  const study = await createStudy(owner, { title: `Role study ${Date.now()}` });
  // An applicant waits on the project, and an earlier one is scheduled: the actions a researcher would see.
  await withDb(async (db) => {
    for (const state of ["applied", "accepted"])
      await db.query(
        `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, updated_at)
         SELECT gen_random_uuid(), p.id, $2, p.client_user_id, p.organization_id, 'application', $3, p.compensation_cents, now()
         FROM projects p WHERE p.id = $1`,
        [study.projectId, state === "applied" ? expert.expertId : (await newVerifiedExpert()).expertId, state],
      );
    // The owner shortlisted the applicant: the viewer reads that row, without Invite or Remove.
    await db.query(
      `INSERT INTO shortlists (id, organization_id, client_user_id, expert_id)
       SELECT gen_random_uuid(), organization_id, client_user_id, $2 FROM projects WHERE id = $1`,
      [study.projectId, expert.expertId],
    );
  });

  for (const size of [LAPTOP, PHONE]) {
    const phone = size === PHONE;
    await test.step(`viewer at ${size.width} px`, async () => {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      await signInAs(page, viewer.email, viewer.password);
      await page.goto("/client/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Client Dashboard" })).toBeVisible();
      await expect(page.getByTestId("dashboard-role").filter({ visible: true })).toHaveText("Viewer");
      // Progress, no to-dos: the project and how full it is, no "Applications to answer", no Create Project.
      await expect(page.getByTestId("recent-projects").filter({ visible: true })).toContainText(study.title);
      await expect(page.getByRole("region", { name: "Needs your attention" })).toHaveCount(0);
      await expect(page.getByText("Applications to answer")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Create Project" })).toHaveCount(0);
      await noSidewaysScroll(page);
      expect(await navLinks(page, phone)).toEqual(["Dashboard", "Projects", "Find Experts", "Shortlist", "Calendar", "Organization"]);
      await noSidewaysScroll(page);
      if (phone) {
        // The menu's links are one tap each, and following one closes it.
        const nav = page.getByRole("navigation", { name: "Client", exact: true });
        await nav.getByRole("link", { name: "Organization" }).click();
        await expect(page).toHaveURL(/\/client\/organization$/);
        await expect(nav.getByRole("button", { name: /^Menu/ })).toHaveAttribute("aria-expanded", "false");
        await expect(page.getByTestId("my-org-role").filter({ visible: true })).toContainText("You are a viewer");
      }
      await axe(page);

      await page.goto(`/client/projects/${study.projectId}`);
      await expect(page.getByRole("heading", { level: 1, name: study.title })).toBeVisible();
      await expect(page.getByTestId("engagement-card").filter({ visible: true })).toHaveCount(2);
      for (const name of [/^Edit/, /^Pause/, /^Close/, /^Pay bonuses/, /^Message experts/, /^Accept/, /^Decline/, /^Propose/, /^Cancel/])
        await expect(page.getByRole("button", { name }).filter({ visible: true }), String(name)).toHaveCount(0);
      await expect(page.getByRole("group", { name: "Project actions" })).toHaveCount(0);
      // They read a conversation, without a reply box.
      await page.getByTestId("messages-button").filter({ visible: true }).first().click();
      const thread = page.getByRole("dialog");
      await expect(thread.getByTestId("thread-read-only")).toBeVisible();
      await expect(thread.getByRole("textbox")).toHaveCount(0);
      await axe(page);
      await page.keyboard.press("Escape");
      await noSidewaysScroll(page);
      if (!phone) {
        // Find Experts and the shortlist are read-only for them: no Shortlist, Invite or Remove.
        await page.goto("/client/experts");
        await expect(page.getByTestId("expert-card").first()).toBeVisible();
        await expect(page.getByRole("button", { name: /^(Invite|Shortlist|Remove)/ })).toHaveCount(0);
        await page.goto("/client/shortlist");
        await expect(page.getByRole("heading", { level: 1, name: "My Shortlist" })).toBeVisible();
        await expect(page.getByText("1 expert shortlisted.").filter({ visible: true })).toBeVisible();
        await expect(page.getByRole("button", { name: /^(Invite|Remove)/ })).toHaveCount(0);
      }
      await context.close();
    });

    await test.step(`finance at ${size.width} px`, async () => {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      await signInAs(page, finance.email, finance.password);
      await page.goto("/client/dashboard");
      await expect(page.getByTestId("dashboard-role").filter({ visible: true })).toHaveText("Finance");
      // Leads with the money: the balance, invoices and spend; no project counts, invites or schedules.
      const money = page.getByTestId("money-overview").filter({ visible: true });
      await expect(money).toBeVisible();
      await expect(money.getByTestId("money-funds")).toHaveText("$0.00");
      await expect(money.getByTestId("money-open-invoices")).toContainText("None open");
      await expect(page.getByTestId("count-projects")).toHaveCount(0);
      await expect(page.getByTestId("count-invites")).toHaveCount(0);
      await expect(page.getByTestId("count-schedules")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "View Calendar" })).toHaveCount(0);
      await noSidewaysScroll(page);
      expect(await navLinks(page, phone)).toEqual(["Dashboard", "Find Experts", "Billing", "Organization"]);
      await axe(page);
      await page.goto("/client/billing");
      await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
      await expect(page.locator('a[href^="/client/projects"]')).toHaveCount(0);
      await noSidewaysScroll(page);
      await context.close();
    });
  }
});
