import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signInAs, waitForMail, withDb } from "./helpers";
import { createInviteEngagement, createStudy, newClient, newVerifiedExpert } from "./support/engagements";
import { signedInContext } from "./support/identities";
import { callAction } from "./support/server-actions";

// Experts know a client by the name the organization has now (organizations.name), not by the
// text a member typed at sign-up or the name a listing was posted under: after a rename, the
// card, the conversation and the e-mails all say the new name, and never the old one.
test.describe.configure({ timeout: 120_000 });

test("a renamed organization: the expert sees the new name on the card, in the conversation and in the e-mail", async ({
  page,
  baseURL,
}) => {
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client);
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  const renamed = `Harbor Learning Lab ${randomBytes(2).toString("hex")}`;
  await withDb(async (db) => {
    await db.query("UPDATE organizations SET name = $2 WHERE id = (SELECT organization_id FROM organization_members WHERE user_id = $1)", [
      client.userId,
      renamed,
    ]);
    await db.query(
      "INSERT INTO engagement_messages (id, engagement_id, sender_user_id, sender_side, body) VALUES (gen_random_uuid(), $1, $2, 'client', 'Does Tuesday suit you?')",
      [engagementId, client.userId],
    );
  });

  await signInAs(page, expert.email, expert.password);
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Opportunities", exact: true }).click();
  await page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  const card = page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: study.title, exact: true }) });
  await expect(card.getByTestId("counterpart")).toHaveText(`Client:${client.name}, ${renamed}`);
  await expect(card).toContainText(renamed);
  await expect(card).not.toContainText(client.organization);

  await card.getByTestId("messages-button").click();
  const thread = page.getByRole("dialog");
  await expect(thread.getByTestId("message-list")).toContainText("Does Tuesday suit you?");
  await expect(thread.getByTestId("message-list")).toContainText(renamed);
  await expect(thread).not.toContainText(client.organization);
  await page.keyboard.press("Escape");

  // The client cancels: the notice e-mail to the expert names the organization the new way.
  const http = await signedInContext(baseURL!, client.email, {}, client.password);
  try {
    const answer = await callAction(
      http,
      "lib/engagements/actions/engagements.ts#cancelEngagementAction",
      { engagementId, reason: "Our study was rescheduled." },
      { via: `/client/projects/${study.projectId}` },
    );
    expect(answer.result?.ok, answer.raw.slice(0, 200)).toBe(true);
  } finally {
    await http.dispose();
  }
  const { mail } = await waitForMail(expert.email, (m) => m.text.includes(study.title) && /cancel/i.test(m.subject + m.text));
  expect(mail.text).toContain(renamed);
  expect(mail.text).not.toContain(client.organization);
});
