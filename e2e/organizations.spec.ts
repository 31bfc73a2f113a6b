import { expect, test, type Browser, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { DEMO, NONCE_SCRIPT_POLICY, pathOf, scriptPolicyOf, signInAs, uniqueEmail, waitForMail, withDb } from "./helpers";
import { callAction } from "./support/server-actions";

// An organization grows by invitation, each person in their own browser: the demo client (an
// owner) invites a researcher and a finance member from /client/organization; each opens the
// e-mailed link signed out, creates their account there and lands in the organization. The
// researcher sees the organization's projects; finance sees billing, and is refused a project
// change with the role message. The owner then removes both again, so the demo organization is
// as it was.

const PASSWORD = "Quiet-Harbor-Lantern-58";

const axe = async (page: Page) =>
  expect((await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze()).violations).toEqual([]);

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

/** Opens the e-mailed link signed out and creates the account there; lands on the organization page. */
async function acceptByMail(page: Page, email: string, first: string, last: string, organization: string, role: string) {
  const { link, mail } = await waitForMail(email, "invited you to join");
  expect(mail.subject).toContain(organization);
  const response = await page.goto(pathOf(link));
  // Rendered for this request (it reads the invitation and the session), so its scripts run by nonce.
  expect(scriptPolicyOf(await response!.headersArray())).toMatch(NONCE_SCRIPT_POLICY);
  await expect(page.getByRole("heading", { level: 1, name: `Join ${organization}` })).toBeVisible();
  await expect(page.getByTestId("invitation-details")).toContainText(role);
  // The expiry is a date and time in the reader's zone, named; the mail's in the inviter's, never a raw GMT string.
  await expect(page.getByTestId("invitation-details")).toContainText(/Valid until[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \S+/);
  expect(mail.text).not.toContain("GMT");
  expect(mail.text).toContain(`as ${role === "Finance" ? "a finance member" : `a ${role.toLowerCase()}`}.`);
  const form = page.getByRole("form", { name: "Create your account" });
  await expect(form.getByLabel("E-mail")).toHaveValue(email);
  await form.getByLabel("First name").fill(first);
  await form.getByLabel("Last name").fill(last);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create account and join" }).click();
  await page.waitForURL("**/client/organization");
  await expect(page.getByRole("heading", { level: 1, name: organization })).toBeVisible();
  return pathOf(link);
}

test("an owner invites a researcher and a finance member; each joins by the e-mailed link with the role's reach", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const researcherEmail = uniqueEmail("org-researcher");
  const financeEmail = uniqueEmail("org-finance");
  const project = await withDb(
    async (db) =>
      (
        await db.query<{ id: string; title: string }>(
          "SELECT p.id, p.title, p.status::text FROM projects p JOIN users u ON u.id = p.client_user_id WHERE u.email = $1 ORDER BY p.created_at LIMIT 1",
          [DEMO.client],
        )
      ).rows[0],
  );
  const owner = await newPage(browser);
  const researcher = await newPage(browser);
  const finance = await newPage(browser);
  try {
    // ── The owner invites both from the organization page.
    await signInAs(owner.page, DEMO.client);
    await owner.page.goto("/client/organization");
    const organization = (await owner.page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await expect(owner.page.getByTestId("my-org-role").filter({ visible: true })).toContainText("You are an owner");
    await axe(owner.page);
    const invite = owner.page.getByRole("form", { name: "Invite a member" });
    await invite.getByLabel("E-mail").fill(researcherEmail);
    await invite.getByLabel("Role").selectOption("researcher");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    const pending = owner.page.getByTestId("invitation-row");
    await expect(pending.filter({ hasText: researcherEmail })).toContainText("Researcher");
    await invite.getByLabel("E-mail").fill(financeEmail);
    await invite.getByLabel("Role").selectOption("finance");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(pending.filter({ hasText: financeEmail })).toContainText("Finance");
    // Inviting the same address again is refused beside the field, nothing sent twice.
    await invite.getByLabel("E-mail").fill(financeEmail);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByText(`${financeEmail} already has a pending invitation.`, { exact: false })).toBeVisible();

    // ── The researcher joins signed out, with a new account, and sees the organization's projects.
    const researcherLink = await acceptByMail(researcher.page, researcherEmail, "Rhea", "Search", organization, "Researcher");
    await axe(researcher.page);
    await expect(researcher.page.getByTestId("my-org-role").filter({ visible: true })).toContainText("You are a researcher");
    await researcher.page.goto("/client/projects");
    await expect(researcher.page.getByText(project.title).filter({ visible: true }).first()).toBeVisible();
    // The link was single use.
    await researcher.page.goto(researcherLink);
    await expect(researcher.page.getByTestId("invitation-refused")).toContainText("This invitation has already been used.");

    // ── Finance joins the same way; sees billing, not projects, and cannot change a project.
    const financeLink = await acceptByMail(finance.page, financeEmail, "Fiona", "Ledger", organization, "Finance");
    await finance.page.goto("/client/billing");
    await expect(finance.page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
    await expect(finance.page.getByTestId("amount-owed").filter({ visible: true })).toBeVisible();
    await finance.page.goto("/client/projects");
    await expect(finance.page.getByText(/role in your organization\. You are a finance member\.$/).filter({ visible: true })).toBeVisible();
    const change = await callAction(
      finance.page.request,
      "lib/projects/actions/projects.ts#projectStatusAction",
      { projectId: project.id, status: "paused" },
      { via: "/client/projects", headers: { origin: new URL(baseURL!).origin } },
    );
    expect(change.result).toMatchObject({ ok: false });
    expect(change.result?.message).toMatch(/role in your organization\. You are a finance member\.$/);
    const status = await withDb(
      async (db) => (await db.query("SELECT status::text FROM projects WHERE id = $1", [project.id])).rows[0].status,
    );
    expect(status).not.toBe("paused");

    // ── The invitation page for someone signed in with another address: one clear refusal.
    await researcher.page.goto(financeLink);
    await expect(researcher.page.getByTestId("invitation-refused")).toBeVisible();
    await axe(researcher.page);

    // ── The owner sees both, then removes them with the dialog (who takes their projects is asked).
    await owner.page.reload();
    const rows = owner.page.getByTestId("member-row").filter({ visible: true });
    await expect(rows.filter({ hasText: "Rhea Search" })).toBeVisible();
    await expect(rows.filter({ hasText: "Fiona Ledger" })).toBeVisible();
    await expect(owner.page.getByTestId("invitation-row")).toHaveCount(0);
    for (const name of ["Fiona Ledger", "Rhea Search"]) {
      await owner.page.getByRole("button", { name: `Remove ${name}` }).click();
      const dialog = owner.page.getByRole("alertdialog", { name: `Remove ${name} from the organization?` });
      await expect(dialog.getByLabel("Who takes over their projects")).toBeVisible();
      await dialog.getByRole("button", { name: "Remove member" }).click();
      await expect(rows.filter({ hasText: name })).toHaveCount(0);
    }

    // ── The researcher, removed, keeps an account in an organization of their own.
    await researcher.page.goto("/client/organization");
    await expect(researcher.page.getByRole("heading", { level: 1, name: "Rhea Search" })).toBeVisible();
    await expect(researcher.page.getByTestId("my-org-role").filter({ visible: true })).toContainText("You are an owner");
  } finally {
    await Promise.all([owner.close(), researcher.close(), finance.close()]);
  }
});
