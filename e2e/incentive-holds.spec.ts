import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAs } from "./helpers";
import { createInviteEngagement, createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// The price an expert said yes to holds: the client cuts the project's pay after inviting an
// expert; the expert's card and the accept dialog still show the amount the invite was sent
// with, and the history does not name the client before the expert accepts.
test.describe.configure({ timeout: 120_000 });

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const card = (page: Page, title: string) =>
  page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

async function signedIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, password);
  return page;
}

test("a cut after the invite leaves the invited expert's amount as it was; the client's pipeline shows both amounts", async ({
  browser,
}) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client, { title: `Held pay ${Date.now()}` });
  await createInviteEngagement(study, expert, client, "invited");

  // ── The client lowers the incentive from $125 to $40; the form says who the cut reaches.
  const c = await signedIn(browser, client.email, client.password);
  await c.goto(`/client/projects/${study.projectId}`);
  await c.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = c.getByRole("dialog", { name: "Edit Project" });
  const incentive = dialog.getByLabel("Incentive per session ($)");
  await expect(incentive).toHaveAccessibleDescription(/a cut applies only to experts invited or applying after it/);
  await incentive.fill("40");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(c, "Project Saved")).toBeVisible();
  await expect(c.getByText("$40.00 per session").first()).toBeVisible();
  await expect(c.getByTestId("engagement-card").filter({ visible: true }).getByTestId("engagement-incentive")).toHaveText(
    "$125.00 per session",
  );

  // ── The expert's card and the accept dialog still say $125; the history reads "Client", unnamed.
  const e = await signedIn(browser, expert.email, expert.password);
  await e.goto("/dashboard");
  await e.getByRole("tab", { name: "Opportunities", exact: true }).click();
  await e.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  const item = card(e, study.title);
  await expect(item).toContainText("$125.00");
  await expect(item).not.toContainText("$40.00");
  await item.getByText("History").click();
  await expect(item.getByRole("list", { name: "History" })).toContainText("Invited by Client");
  await expect(item).not.toContainText(client.name);
  await item.getByRole("button", { name: "Accept" }).click();
  const confirm = e.getByRole("alertdialog", { name: "Accept this invitation?" });
  await expect(confirm.getByTestId("accept-pay")).toHaveText("$125.00");
  await confirm.getByLabel(/outside-activity policy/).check();
  await confirm.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(toast(e, "Invitation Accepted")).toBeVisible();
  await expect(item).toContainText("$125.00");
  await expect(item.getByRole("list", { name: "History", includeHidden: true })).toContainText(`Invited by ${client.name}`);
});
