import { expect, test, type Page } from "@playwright/test";
import { DEMO, organizationMember, signedInPage, withDb } from "./helpers";
import { addSlot, bookSession, createStudy, newClient, newVerifiedExpert, schoolDayAhead } from "./support/engagements";

// One organization, three people in their own browsers: finance funds the balance, a researcher
// (not the project's creator) accepts an applicant from those funds, talks with the expert on the
// platform (the expert is warned before sharing a phone number) and marks the session completed;
// finance then sees the balance paid it and the project's spend, with no statement to pay.

test.describe.configure({ timeout: 240_000 });

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const pipelineCard = (page: Page, state: string, name: string) =>
  page.getByTestId(`column-${state}`).getByTestId("engagement-card").filter({ hasText: name, visible: true });

test("finance funds, a researcher runs the study from those funds and talks with the expert, finance sees the spend", async ({
  browser,
}) => {
  const owner = await newClient();
  const [researcher, finance, expert] = await Promise.all([
    organizationMember(owner.userId, "researcher"),
    organizationMember(owner.userId, "finance"),
    newVerifiedExpert(),
  ]);
  await withDb((db) => db.query("UPDATE users SET first_name = 'Rosa', last_name = 'Research' WHERE id = $1", [researcher.userId]));
  await withDb((db) => db.query("UPDATE users SET first_name = 'Omar', last_name = 'Okafor' WHERE id = $1", [expert.userId]));
  const expertName = "Omar Okafor";
  // The owner's project (its incentive $125); the expert has applied.
  const study = await createStudy(owner, { title: `Organization study ${Date.now()}` });
  const engagementId = await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, updated_at)
       SELECT gen_random_uuid(), p.id, $2, p.client_user_id, p.organization_id, 'application', 'applied', p.compensation_cents, now()
       FROM projects p WHERE p.id = $1 RETURNING id`,
      [study.projectId, expert.expertId],
    );
    await db.query(
      `INSERT INTO engagement_events (id, engagement_id, actor_user_id, actor_side, kind, from_state, to_state)
       VALUES (gen_random_uuid(), $1, $2, 'expert', 'applied', NULL, 'applied')`,
      [rows[0].id, expert.userId],
    );
    return rows[0].id;
  });

  // ── Finance asks for $500 by invoice; the money desk records the payment.
  const f = await signedInPage(browser, finance.email, finance.password);
  await f.goto("/client/billing");
  await f.getByLabel("Amount to add (USD)").filter({ visible: true }).fill("500");
  await f.getByRole("button", { name: "Create invoice" }).click();
  const link = f.getByRole("link", { name: /^Open invoice K12-\d{6}$/ });
  const number = ((await link.textContent()) ?? "").replace("Open invoice ", "");
  const a = await signedInPage(browser, DEMO.admin);
  await a.goto(`/admin/billing?org=${encodeURIComponent(owner.organization)}`);
  await a
    .getByTestId("funding-open-invoice")
    .filter({ hasText: number })
    .getByRole("button", { name: `Record payment of invoice ${number}` })
    .click();
  const record = a.getByRole("dialog", { name: `Record the payment of ${number}` });
  await record.getByLabel("Payment reference").fill("ACH-ORG-1");
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(a, `${number} recorded as paid`)).toBeVisible();
  await f.goto("/client/billing");
  await expect(f.getByTestId("balance").filter({ visible: true }).getByTestId("balance-funds")).toHaveText("$500.00");
  // Finance does not run studies: the projects page says so.
  await f.goto("/client/projects");
  await expect(f.getByRole("status")).toHaveText(
    "This needs the owner, admin, researcher or viewer role in your organization. You are a finance member.",
  );

  // ── The researcher accepts the applicant: $125 is reserved from the funds.
  const r = await signedInPage(browser, researcher.email, researcher.password);
  await r.goto(`/client/projects/${study.projectId}`);
  await pipelineCard(r, "applied", expertName)
    .getByRole("button", { name: `Accept ${expertName}` })
    .click();
  await expect(pipelineCard(r, "accepted", expertName)).toBeVisible();
  const reservation = await withDb(
    async (db) =>
      (await db.query("SELECT state, funded_cents, credit_cents FROM reservations WHERE engagement_id = $1", [engagementId])).rows[0],
  );
  expect(reservation).toEqual({ state: "held", funded_cents: 12_500, credit_cents: 0 });

  // ── They talk on the platform; the expert is warned before sharing a phone number.
  await pipelineCard(r, "accepted", expertName).getByTestId("messages-button").click();
  const thread = r.getByRole("dialog", { name: `Messages with ${expertName}` });
  await thread.getByLabel(`Message to ${expertName}`).fill("Thanks for applying. Does Tuesday after school suit you?");
  await thread.getByRole("button", { name: "Send" }).click();
  await expect(thread.getByTestId("message")).toHaveCount(1);
  await r.keyboard.press("Escape");

  const x = await signedInPage(browser, expert.email, expert.password);
  // The message's notice leads to the engagement, in whichever list it is.
  await x.goto(`/dashboard?tab=opportunities&engagement=${engagementId}`);
  const mine = x.getByTestId("opportunity").filter({ has: x.getByRole("heading", { name: study.title, exact: true }), visible: true });
  await mine.getByTestId("messages-button").click();
  const expertThread = x.getByRole("dialog", { name: /^Messages with / });
  await expect(expertThread.getByTestId("message")).toContainText("Does Tuesday after school suit you?");
  await expertThread.getByLabel(/^Message to /).fill("Tuesday works. Or call me at 415-555-0199");
  await expertThread.getByRole("button", { name: "Send" }).click();
  await expect(expertThread.getByTestId("message-warning")).toContainText(
    "Keep contact and payment on K12 Experts. This message looks like it shares a phone number.",
  );
  await expertThread.getByTestId("message-warning").getByRole("button", { name: "Edit message" }).click();
  await expertThread.getByLabel(/^Message to /).fill("Tuesday works.");
  await expertThread.getByRole("button", { name: "Send" }).click();
  await expect(expertThread.getByTestId("message")).toHaveCount(2);

  await r.goto(`/client/projects/${study.projectId}`);
  await pipelineCard(r, "accepted", expertName).getByTestId("messages-button").click();
  await expect(
    r
      .getByRole("dialog", { name: `Messages with ${expertName}` })
      .getByTestId("message")
      .last(),
  ).toHaveText(/Tuesday works\./);
  await r.keyboard.press("Escape");

  // ── The session happens; the researcher marks it completed. The funds pay it.
  const slot = await addSlot(expert.expertId, schoolDayAhead(3), "16:00", "17:00");
  await bookSession(engagementId, slot, 45, expert.userId);
  await withDb((db) =>
    db.query(
      "UPDATE engagement_sessions SET starts_at = now() - interval '2 hours', ends_at = now() - interval '75 minutes', agreed_at = now() - interval '1 day' WHERE engagement_id = $1",
      [engagementId],
    ),
  );
  await r.goto(`/client/projects/${study.projectId}`);
  await pipelineCard(r, "scheduled", expertName)
    .getByRole("button", { name: `Mark the session with ${expertName} completed` })
    .click();
  await r
    .getByRole("alertdialog", { name: `Mark the session with ${expertName} completed?` })
    .getByRole("button", { name: "Mark completed" })
    .click();
  await expect(pipelineCard(r, "completed", expertName)).toBeVisible();
  // The history names the member who did it.
  const who = await withDb(
    async (db) =>
      (
        await db.query(
          "SELECT u.first_name FROM engagement_events v JOIN users u ON u.id = v.actor_user_id WHERE v.engagement_id = $1 AND v.to_state = 'completed'",
          [engagementId],
        )
      ).rows[0],
  );
  expect(who).toEqual({ first_name: "Rosa" });

  // ── Finance sees the balance paid it, the spend by project and month, and nothing to pay on a statement.
  await f.goto("/client/billing");
  await expect(f.getByTestId("balance").filter({ visible: true }).getByTestId("balance-funds")).toHaveText("$375.00");
  await expect(f.getByTestId("spend").getByRole("row").filter({ hasText: study.title })).toContainText("$125.00");
  const earning = await withDb(
    async (db) => (await db.query("SELECT amount_cents, prepaid_cents FROM earnings WHERE engagement_id = $1", [engagementId])).rows[0],
  );
  expect(earning).toEqual({ amount_cents: 12_500, prepaid_cents: 12_500 });
});
