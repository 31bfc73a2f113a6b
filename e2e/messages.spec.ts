import { expect, test, type Browser } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { DEMO, signInAs, withDb } from "./helpers";
import { createInviteEngagement, createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// One conversation per engagement, each side in its own browser: the client writes from the
// pipeline card, the expert reads it from their dashboard with its unread count, is warned before
// sending a phone number (edits it, then sends one anyway), and the admin finds the flagged
// message and reads the conversation, which is recorded.

async function signedIn(browser: Browser, email: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, password);
  return { page, close: () => context.close() };
}

test("the expert and the client talk about their engagement on the platform, with the off-platform warning", async ({ browser }) => {
  test.setTimeout(180_000);
  const clientAccount = await newClient();
  const study = await createStudy(clientAccount);
  const expert = await newVerifiedExpert();
  await withDb((db) => db.query("UPDATE users SET first_name = 'Mira', last_name = 'Messenger' WHERE id = $1", [expert.userId]));
  const engagementId = await createInviteEngagement(study, expert, clientAccount, "accepted");
  const client = await signedIn(browser, clientAccount.email, clientAccount.password);
  const x = await signedIn(browser, expert.email, expert.password);
  try {
    // ── The client writes from the pipeline card.
    await client.page.goto(`/client/projects/${study.projectId}`);
    const card = client.page.getByTestId("engagement-card").filter({ hasText: "Mira Messenger", visible: true });
    await card.getByTestId("messages-button").click();
    const clientThread = client.page.getByRole("dialog", { name: "Messages with Mira Messenger" });
    await expect(clientThread.getByText("No messages yet.")).toBeVisible();
    await clientThread
      .getByLabel("Message to Mira Messenger")
      .fill("Could we move the session to 4:30 PM? Agenda: https://docs.example.org/agenda");
    await clientThread.getByRole("button", { name: "Send" }).click();
    await expect(clientThread.getByTestId("message")).toHaveCount(1);
    await expect(clientThread.getByRole("link", { name: "https://docs.example.org/agenda" })).toHaveAttribute(
      "rel",
      "noopener noreferrer nofollow ugc",
    );
    expect((await new AxeBuilder({ page: client.page }).exclude("[data-sonner-toaster]").analyze()).violations).toEqual([]);
    await client.page.keyboard.press("Escape");

    // ── The expert sees one unread message on their card, reads it and answers.
    await x.page.goto("/dashboard?tab=opportunities");
    await x.page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
    const mine = x.page.getByTestId("opportunity").filter({ has: x.page.getByRole("heading", { name: study.title, exact: true }) });
    await expect(mine.getByTestId("unread-messages")).toHaveText("1 unread");
    // The notice in the bell opens the conversation itself, not just the card.
    await x.page.getByTestId("notifications-bell").filter({ visible: true }).click();
    await x.page
      .getByRole("menu", { name: "Notifications" })
      .getByRole("menuitem")
      .filter({ hasText: `New message: ${study.title}` })
      .click();
    const thread = x.page.getByRole("dialog", { name: /^Messages with / });
    await expect(thread.getByTestId("message")).toContainText("Could we move the session to 4:30 PM?");
    const box = thread.getByLabel(/^Message to /);
    await box.fill("Yes. Easier to call me: 415-555-0134");
    await thread.getByRole("button", { name: "Send" }).click();
    const warning = thread.getByTestId("message-warning");
    await expect(warning).toContainText("Keep contact and payment on K12 Experts. This message looks like it shares a phone number.");
    expect((await new AxeBuilder({ page: x.page }).exclude("[data-sonner-toaster]").analyze()).violations).toEqual([]);
    await warning.getByRole("button", { name: "Edit message" }).click();
    await box.fill("Yes, 4:30 PM works for me.");
    await thread.getByRole("button", { name: "Send" }).click();
    await expect(thread.getByTestId("message")).toHaveCount(2);
    await box.fill("Or call me: 415-555-0134");
    await thread.getByRole("button", { name: "Send" }).click();
    await thread.getByTestId("message-warning").getByRole("button", { name: "Send anyway" }).click();
    await expect(thread.getByTestId("message")).toHaveCount(3);
    await x.page.keyboard.press("Escape");
    await expect(mine.getByTestId("unread-messages")).toHaveCount(0);

    // ── The client has two unread, and a notice in the menu that opens the conversation itself.
    await client.page.reload();
    await expect(card.getByTestId("unread-messages")).toHaveText("2 unread");
    await client.page.getByTestId("notifications-bell").filter({ visible: true }).click();
    await client.page
      .getByRole("menu", { name: "Notifications" })
      .getByRole("menuitem")
      .filter({ hasText: `New message: ${study.title}` })
      .click();
    const opened = client.page.getByRole("dialog", { name: "Messages with Mira Messenger" });
    await expect(opened.getByTestId("message")).toHaveCount(3);
    // The address no longer asks for it: closing and reloading leaves it closed.
    await client.page.keyboard.press("Escape");
    await expect(opened).toHaveCount(0);
    expect(new URL(client.page.url()).searchParams.get("thread")).toBeNull();

    // ── The admin finds the flagged message and reads the conversation; the reading is recorded.
    const admin = await signedIn(browser, DEMO.admin);
    await admin.page.goto("/admin/messages");
    const flagged = admin.page.getByTestId("flagged-messages").getByRole("listitem").filter({ hasText: "Or call me: 415-555-0134" });
    await expect(flagged).toContainText("shares phone number");
    await flagged.getByRole("link", { name: "Read the conversation (recorded)" }).click();
    await expect(admin.page.getByTestId("admin-thread").getByRole("listitem")).toHaveCount(3);
    const views = await withDb(
      async (db) => (await db.query("SELECT 1 FROM message_thread_views WHERE engagement_id = $1", [engagementId])).rowCount,
    );
    expect(views).toBe(1);
    await admin.close();
  } finally {
    await Promise.all([client.close(), x.close()]);
  }
});

test("on a phone, the off-platform warning opens in view and Send says the message went", async ({ browser }) => {
  const clientAccount = await newClient();
  const study = await createStudy(clientAccount);
  const expert = await newVerifiedExpert();
  const engagementId = await createInviteEngagement(study, expert, clientAccount, "accepted");
  // A conversation long enough to scroll: the message box sits at its foot.
  await withDb((db) =>
    db.query(
      `INSERT INTO engagement_messages (id, engagement_id, sender_user_id, sender_side, body, created_at)
       SELECT gen_random_uuid(), $1, $2, 'client', 'Thanks for joining. Here is what the session covers, point ' || g || ': the agenda, the consent form, the recording and how long it takes.', now() - (10 - g) * interval '1 minute'
       FROM generate_series(1, 8) g`,
      [engagementId, clientAccount.userId],
    ),
  );
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await signInAs(page, expert.email, expert.password);
    await page.goto("/dashboard?tab=opportunities");
    await page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
    const mine = page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: study.title, exact: true }) });
    await mine.getByTestId("messages-button").click();
    const thread = page.getByRole("dialog", { name: /^Messages with / });
    await expect(thread.getByTestId("message")).toHaveCount(8);
    await thread.getByLabel(/^Message to /).fill("Easier to call me: 415-555-0134");
    await thread.getByRole("button", { name: "Send", exact: true }).click();
    const warning = thread.getByTestId("message-warning");
    await expect(warning).toBeInViewport({ ratio: 1 });
    await warning.getByRole("button", { name: "Send anyway" }).click();
    await expect(thread.getByTestId("message")).toHaveCount(9);
    await expect(thread.getByTestId("message-sent")).toHaveText("Message sent");
    await expect(thread.getByTestId("message-sent")).toBeInViewport({ ratio: 1 });
    // The next keystroke starts a new message: the confirmation goes.
    await thread.getByLabel(/^Message to /).fill("One more thing");
    await expect(thread.getByTestId("message-sent")).toHaveText("");
  } finally {
    await context.close();
  }
});
