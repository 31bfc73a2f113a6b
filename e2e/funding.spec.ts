import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO, organizationMember, signedInPage, withDb } from "./helpers";
import { createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// A funded balance, end to end: finance adds funds (an invoice to pay), the money desk records
// the payment, finance sees the balance; a researcher's project with a small budget says, before
// anyone clicks, that the next acceptance cannot be covered. The organization is new (not the
// demo client's) so its balance does not change what other specs read of the demo accounts.
test.describe.configure({ timeout: 180_000 });

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

async function noAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("finance adds funds by invoice, the money desk records the payment, finance sees the balance", async ({ browser }) => {
  const owner = await newClient();
  const finance = await organizationMember(owner.userId, "finance");
  // Registration names the organization; a unique name finds it on the money desk.
  const orgName = owner.organization;
  await withDb((db) =>
    db.query("UPDATE organizations SET name = $2 WHERE id = (SELECT organization_id FROM organization_members WHERE user_id = $1)", [
      owner.userId,
      orgName,
    ]),
  );

  // ── Finance: an empty balance, then an invoice for $2,500.
  const f = await signedInPage(browser, finance.email, finance.password);
  await f.goto("/client/billing");
  const balance = f.getByTestId("balance").filter({ visible: true });
  await expect(balance.getByTestId("balance-funds")).toHaveText("$0.00");
  await expect(f.getByTestId("invoices-empty")).toBeVisible();
  await noAxeViolations(f);
  const amount = f.getByLabel("Amount to add (USD)").filter({ visible: true });
  await amount.fill("0.5");
  await f.getByRole("button", { name: "Create invoice" }).click();
  await expect(amount).toHaveAccessibleDescription(/Enter an amount between \$1 and \$1,000,000/);
  await amount.fill("2,500");
  await f.getByRole("button", { name: "Create invoice" }).click();
  await expect(toast(f, "Invoice created")).toBeVisible();
  const link = f.getByRole("link", { name: /^Open invoice K12-\d{6}$/ });
  const number = ((await link.textContent()) ?? "").replace("Open invoice ", "");
  await expect(f.getByTestId("funding-invoice").filter({ hasText: number, visible: true })).toContainText("Open");

  // ── The invoice: printable, with the organization, the amount and how to pay.
  await link.click();
  await expect(f).toHaveURL(new RegExp(`/client/billing/invoices/${number}$`));
  await expect(f.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${number}`);
  await expect(f.getByTestId("invoice-organization")).toHaveText(orgName);
  await expect(f.getByTestId("invoice-amount")).toHaveText("$2,500.00");
  await expect(f.getByTestId("invoice-status").filter({ visible: true })).toContainText("Open");
  await expect(f.getByTestId("payment-instructions")).toContainText("Put the invoice number in the payment reference");
  await expect(f.getByRole("button", { name: "Print" })).toBeVisible();
  await noAxeViolations(f);

  // ── Someone else's organization does not find it.
  const stranger = await newClient();
  const s = await signedInPage(browser, stranger.email, stranger.password);
  const response = await s.goto(`/client/billing/invoices/${number}`);
  expect(response?.status()).toBe(404);

  // ── The money desk records the payment and sets the credit limit.
  const a = await signedInPage(browser, DEMO.admin);
  await a.goto(`/admin/billing?org=${encodeURIComponent(orgName)}`);
  const row = a.getByTestId("funding-open-invoice").filter({ hasText: number });
  await row.getByRole("button", { name: `Record payment of invoice ${number}` }).click();
  const dialog = a.getByRole("dialog", { name: `Record the payment of ${number}` });
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(dialog.getByLabel("Payment reference")).toHaveAccessibleDescription(/Enter the payment's reference/);
  await dialog.getByLabel("Payment reference").fill("WIRE-E2E-1");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(a, `${number} recorded as paid`)).toBeVisible();
  await expect(a.getByTestId("funding-paid-invoice").filter({ hasText: number })).toContainText("WIRE-E2E-1");
  await expect(a.getByTestId("funding-open-invoice").filter({ hasText: number })).toHaveCount(0);
  const credit = a.getByTestId("credit-limit-row").filter({ hasText: orgName });
  await credit.getByLabel(`Credit limit for ${orgName} (USD)`).fill("1000");
  await credit.getByRole("button", { name: `Save ${orgName}'s credit limit` }).click();
  await expect(toast(a, `${orgName}'s credit limit saved`)).toBeVisible();
  await expect(credit).toContainText("$1,000.00");

  // ── Finance sees the funds, the credit and the paid invoice.
  await f.goto("/client/billing");
  await expect(balance.getByTestId("balance-funds")).toHaveText("$2,500.00");
  await expect(balance.getByTestId("balance-available")).toHaveText("$3,500.00");
  await expect(balance).toContainText("Of a $1,000.00 credit limit");
  await expect(f.getByTestId("funding-invoice").filter({ hasText: number, visible: true })).toContainText("Paid");
  await expect(f.getByTestId("spend-empty")).toBeVisible();
  // Finance asked for these funds, so the bell says they arrived, linked to the invoice.
  await f.getByRole("button", { name: "Notifications, 1 unread" }).click();
  const notice = f.getByRole("menu", { name: "Notifications" }).getByRole("menuitem").filter({ hasText: "Funds added" });
  await expect(notice).toContainText(`${number} for $2,500.00 is paid`);
  await notice.click();
  await expect(f).toHaveURL(new RegExp(`/client/billing/invoices/${number}$`));
});

test("finance pays by card: the payment page, back to a paid invoice, the funds added once; leaving unpaid keeps it open", async ({
  browser,
}) => {
  const owner = await newClient();
  const finance = await organizationMember(owner.userId, "finance");
  const f = await signedInPage(browser, finance.email, finance.password);
  await f.goto("/client/billing");
  await expect(f.getByTestId("balance").filter({ visible: true }).getByTestId("balance-funds")).toHaveText("$0.00");

  // ── Leave the card page without paying: the invoice stays open and says so.
  await f.getByLabel("Amount to add (USD)").filter({ visible: true }).fill("300");
  await f.getByRole("radio", { name: /^Card/ }).check();
  await f.getByRole("button", { name: "Create invoice" }).click();
  await expect(f.getByRole("heading", { name: "Card payment sandbox" })).toBeVisible();
  await expect(f.getByText(/^K12 Experts funds, invoice K12-\d{6}$/)).toBeVisible();
  await f.getByRole("link", { name: "Back without paying" }).click();
  await expect(f).toHaveURL(/\/client\/billing\/invoices\/K12-\d{6}\?card=cancelled$/);
  await expect(f.getByTestId("card-return").filter({ visible: true })).toHaveText(
    /The card payment was cancelled\. The invoice is still open/,
  );
  await expect(f.getByTestId("invoice-status").filter({ visible: true })).toContainText("Open");
  await noAxeViolations(f);

  // ── Pay it from the invoice: back on a paid invoice, and the balance has the money, once.
  await f.getByRole("button", { name: "Pay by card" }).click();
  await f.getByRole("button", { name: "Pay $300.00" }).click();
  await expect(f).toHaveURL(/\/client\/billing\/invoices\/K12-\d{6}\?card=returned$/);
  await expect(f.getByTestId("invoice-status").filter({ visible: true })).toHaveText("Paid");
  await expect(f.getByText(/^Received with reference stripe cs_test_/).filter({ visible: true })).toBeVisible();
  await expect(f.getByRole("button", { name: "Pay by card" })).toHaveCount(0);
  await f.goto("/client/billing");
  await expect(f.getByTestId("balance").filter({ visible: true }).getByTestId("balance-funds")).toHaveText("$300.00");
  // The payer's return and Stripe's webhook both said "paid": one ledger posting.
  const postings = await withDb(
    async (db) =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM ledger_transactions t JOIN funding_invoices i ON t.idempotency_key = 'funding:' || i.id
          WHERE i.organization_id = (SELECT organization_id FROM organization_members WHERE user_id = $1)`,
          [owner.userId],
        )
      ).rows[0].n,
  );
  expect(postings).toBe(1);
});

test("a bank debit: the invoice says Payment processing, Pay by card and Void open nothing new, and the cleared debit adds the funds once", async ({
  browser,
}) => {
  const owner = await newClient();
  const finance = await organizationMember(owner.userId, "finance");
  const f = await signedInPage(browser, finance.email, finance.password);
  await f.goto("/client/billing");
  await f.getByLabel("Amount to add (USD)").filter({ visible: true }).fill("400");
  await f.getByRole("radio", { name: /^Card/ }).check();
  await f.getByRole("button", { name: "Create invoice" }).click();
  await expect(f.getByRole("heading", { name: "Card payment sandbox" })).toBeVisible();
  const payPage = new URL(f.url());
  const sessionId = payPage.pathname.split("/").pop()!;

  // ── The payer chooses a bank debit: the page completes, the money is days away.
  await f.getByRole("button", { name: "Pay by bank debit" }).click();
  await expect(f).toHaveURL(/\/client\/billing\/invoices\/K12-\d{6}\?card=returned$/);
  const number = /K12-\d{6}/.exec(f.url())![0];
  await expect(f.getByTestId("invoice-status").filter({ visible: true })).toHaveText("Payment processing");
  await expect(f.getByTestId("card-processing").filter({ visible: true })).toContainText("there is nothing more to pay");
  await expect(f.getByRole("button", { name: "Pay by card" })).toHaveCount(0);
  await noAxeViolations(f);

  // ── The list says so too, and voiding is refused while the debit is on its way.
  await f.goto("/client/billing");
  const row = f.getByTestId("funding-invoice").filter({ hasText: number, visible: true });
  await expect(row).toContainText("Payment processing");
  await row.getByRole("button", { name: `Void invoice ${number}` }).click();
  await f.getByRole("alertdialog").getByRole("button", { name: "Void invoice" }).click();
  await expect(f.locator("[data-sonner-toast]").filter({ hasText: "card payment in progress, so it cannot be voided" })).toBeVisible();
  await expect(row).toContainText("Payment processing");

  // ── The bank pays: Stripe's async success for that same page credits the invoice, once.
  const cleared = await f.request.post(`${payPage.origin}/debit/${sessionId}/clear`);
  expect(cleared.ok()).toBe(true);
  await f.goto(`/client/billing/invoices/${number}`);
  await expect(f.getByTestId("invoice-status").filter({ visible: true })).toHaveText("Paid");
  await expect(f.getByText(`Received with reference stripe ${sessionId}.`).filter({ visible: true })).toBeVisible();
  await f.goto("/client/billing");
  await expect(f.getByTestId("balance").filter({ visible: true }).getByTestId("balance-funds")).toHaveText("$400.00");
  const postings = await withDb(
    async (db) =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM ledger_transactions t JOIN funding_invoices i ON t.idempotency_key = 'funding:' || i.id
          WHERE i.organization_id = (SELECT organization_id FROM organization_members WHERE user_id = $1)`,
          [owner.userId],
        )
      ).rows[0].n,
  );
  expect(postings).toBe(1);
});

test("the owner sets a small budget; the researcher sees it read-only, and the pipeline says Accept cannot be covered before the click", async ({
  browser,
}) => {
  const owner = await newClient();
  const researcher = await organizationMember(owner.userId, "researcher");
  const expert = await newVerifiedExpert();
  const study = await createStudy(owner, { title: `Budgeted study ${Date.now()}` });
  // An application waiting for the client's answer ($125, the study's incentive).
  await withDb((db) =>
    db.query(
      `WITH e AS (
         INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, updated_at)
         SELECT gen_random_uuid(), p.id, $2, $3, p.organization_id, 'application', 'applied', p.compensation_cents, now() FROM projects p WHERE p.id = $1
         RETURNING id)
       INSERT INTO engagement_events (id, engagement_id, actor_user_id, actor_side, kind, from_state, to_state)
       SELECT gen_random_uuid(), e.id, $4, 'expert', 'applied', NULL, 'applied' FROM e`,
      [study.projectId, expert.expertId, owner.userId, expert.userId],
    ),
  );

  const r = await signedInPage(browser, researcher.email, researcher.password);
  await r.goto(`/client/projects/${study.projectId}`);
  await expect(r.getByTestId("project-budget")).toHaveText("No budget set");
  await expect(
    r
      .getByTestId("engagement-card")
      .filter({ visible: true })
      .getByRole("button", { name: /^Accept / }),
  ).toBeEnabled();

  // Only billing roles set a budget: the owner does, in the same Edit dialog.
  const o = await signedInPage(browser, owner.email, owner.password);
  await o.goto(`/client/projects/${study.projectId}`);
  await o.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = o.getByRole("dialog", { name: "Edit Project" });
  const budget = dialog.getByLabel("Budget ($, optional)");
  await expect(budget).toHaveAccessibleDescription(/Leave empty for no limit/);
  await budget.fill("100");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(o, "Project Saved")).toBeVisible();

  // The researcher sees it, read-only, and is held to it.
  await r.reload();
  await r.getByRole("button", { name: "Edit", exact: true }).click();
  const theirs = r.getByRole("dialog", { name: "Edit Project" });
  await expect(theirs.getByTestId("budget-read-only")).toContainText("$100");
  await expect(theirs.getByLabel("Budget ($, optional)")).toHaveCount(0);
  await r.keyboard.press("Escape");
  await expect(r.getByTestId("project-budget")).toHaveText("Budget $100.00 · committed $0.00 · $100.00 left");
  const card = r.getByTestId("engagement-card").filter({ visible: true });
  const accept = card.getByRole("button", { name: /^Accept / });
  await expect(accept).toBeDisabled();
  const why = "This project's budget has $100.00 left, and this expert's incentive is $125.00. Raise the budget to accept more.";
  await expect(card.getByTestId("accept-refusal")).toHaveText(why);
  await expect(accept).toHaveAccessibleDescription(why);
  await noAxeViolations(r);
});
