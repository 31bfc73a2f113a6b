import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { organizationMember, signedInPage, withDb } from "./helpers";
import { createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// A bonus above the organization's approval threshold, end to end: the researcher asks for it
// from the expert's card (nothing is paid), finance approves it on the billing page after a
// confirmation, and the card shows it in Pending QC. The organization is new, so nothing the
// other specs read of the demo accounts changes.
test.describe.configure({ timeout: 180_000 });

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

test("a researcher's $150 bonus waits for finance, who approves it; the card shows it in Pending QC", async ({ browser }) => {
  const owner = await newClient();
  const researcher = await organizationMember(owner.userId, "researcher");
  const finance = await organizationMember(owner.userId, "finance");
  const expert = await newVerifiedExpert();
  const study = await createStudy(owner, { title: `Bonus approval study ${Date.now()}` });
  // An expert who took part (completed), so the card offers a bonus.
  await withDb((db) =>
    db.query(
      `WITH e AS (
         INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, completed_at, updated_at)
         SELECT gen_random_uuid(), p.id, $2, $3, p.organization_id, 'application', 'completed', p.compensation_cents, now(), now() FROM projects p WHERE p.id = $1
         RETURNING id)
       INSERT INTO engagement_events (id, engagement_id, actor_user_id, actor_side, kind, from_state, to_state)
       SELECT gen_random_uuid(), e.id, $3, 'client', 'completed', NULL, 'completed' FROM e`,
      [study.projectId, expert.expertId, owner.userId],
    ),
  );

  const r = await signedInPage(browser, researcher.email, researcher.password);
  await r.goto(`/client/projects/${study.projectId}`);
  const card = r.getByTestId("engagement-card").filter({ visible: true });
  await card.getByRole("button", { name: /^Pay .* a bonus$/ }).click();
  const dialog = r.getByRole("dialog", { name: /^Pay .* a bonus$/ });
  await dialog.getByLabel("Amount ($)").fill("150");
  await dialog.getByRole("button", { name: "Pay bonus" }).click();
  await expect(toast(r, "Bonus sent for approval")).toBeVisible();
  await expect(card.getByTestId("engagement-bonuses")).toContainText("Waiting for approval");

  const f = await signedInPage(browser, finance.email, finance.password);
  await f.goto("/client/billing");
  const row = f.getByTestId("bonus-approval");
  await expect(row).toContainText("$150.00");
  await row.getByRole("button", { name: "Approve" }).click();
  await f.getByRole("alertdialog").getByRole("button", { name: "Approve and pay" }).click();
  await expect(toast(f, "Bonus approved and paid")).toBeVisible();
  await expect(f.getByTestId("bonus-approvals-empty")).toBeVisible();
  const axe = await new AxeBuilder({ page: f }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await r.reload();
  await expect(r.getByTestId("engagement-card").filter({ visible: true }).getByTestId("engagement-bonuses")).toContainText("Pending QC");
});
