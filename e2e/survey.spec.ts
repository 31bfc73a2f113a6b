import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, signInAs, waitForMail, withDb, confirmIn } from "./helpers";
import { newClient, newVerifiedExpert, openListOf } from "./support/engagements";

// A survey end to end, each person in their own browser: the client creates it (a research type
// that suggests the survey Type, their own survey link with the participant placeholder) and
// reads the three end addresses to put in their survey tool. One expert joins, opens their own
// link (a stand-in for the client's survey tool, served by the test, that receives their id and
// own completion code), tries a wrong code, and comes back through the completion address to
// confirm; opening an end address records nothing, and another expert cannot use the first one's
// code. The second is screened out by the survey. Nobody approves: the review window's end does,
// and the expert cashes out.

const SURVEY_HOST = "https://surveys.k12-e2e.test";
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const opportunity = (page: Page, title: string) =>
  page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const pipelineCard = (page: Page, state: string, name: string) =>
  page.getByTestId(`column-${state}`).getByTestId("engagement-card").filter({ hasText: name, visible: true });

async function signedIn(browser: Browser, email: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, password);
  return { page, close: () => context.close() };
}

/**
 * The client's survey tool: a page that reads the participant id and completion code from its own
 * address and whose last page sends the expert to whichever end address the test gives it, with
 * both piped in.
 */
async function serveSurveyTool(page: Page, ends: { complete: string; screenOut: string }) {
  await page.route(`${SURVEY_HOST}/**`, async (route) => {
    const query = new URL(route.request().url()).searchParams;
    const pid = query.get("pid") ?? "";
    const code = query.get("k12_code") ?? "";
    const to = (end: string) =>
      end.replace("{{participant_id}}", encodeURIComponent(pid)).replace("{{completion_code}}", encodeURIComponent(code));
    await route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><title>Survey tool</title><main><h1>Reading survey</h1>
        <p data-testid="pid">${pid}</p>
        <a href="${to(ends.complete)}">Finish survey</a> <a href="${to(ends.screenOut)}">Not eligible</a></main></html>`,
    });
  });
}

test("a survey from creation to automatic approval and cash out, with a wrong code and a screen-out", async ({ browser }) => {
  test.setTimeout(180_000);
  const clientAccount = await newClient();
  const [first, second] = [await newVerifiedExpert(), await newVerifiedExpert()];
  const names = await withDb(async (db) => {
    await db.query("UPDATE users SET first_name = 'Sofia', last_name = 'Surveyfield' WHERE id = $1", [first.userId]);
    await db.query("UPDATE users SET first_name = 'Omar', last_name = 'Outscreen' WHERE id = $1", [second.userId]);
    return { first: "Sofia Surveyfield", second: "Omar Outscreen" };
  });
  const client = await signedIn(browser, clientAccount.email, clientAccount.password);
  const a = await signedIn(browser, first.email, first.password);
  const b = await signedIn(browser, second.email, second.password);
  try {
    // ── The client creates the survey: the research type suggests the Type.
    await client.page.goto("/client/projects");
    await client.page.getByRole("button", { name: "Create Project" }).click();
    const dialog = client.page.getByRole("dialog", { name: "Create Project" });
    const title = `Reading survey ${Date.now()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("A 10-minute survey about reading intervention time.");
    await dialog.getByLabel("Research type").selectOption("online_surveys");
    await expect(dialog.getByLabel("Type", { exact: true })).toHaveValue("survey");
    // A survey is taken online on the expert's own time: no location is asked for.
    await expect(dialog.getByLabel("Location Type")).toHaveCount(0);
    // A link without the placeholder is refused beside its field.
    await dialog.getByLabel("Survey link").fill(`${SURVEY_HOST}/s/reading`);
    await dialog.getByLabel("Incentive per response ($)").fill("20");
    await dialog.getByLabel("Survey length (minutes)").fill("10");
    await dialog.getByLabel("Responses wanted").fill("2");
    await dialog.getByLabel("Screen-out pay ($)").fill("2");
    await dialog.getByLabel("Deadline").fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByLabel(/This is research, not a sales contact/).check();
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(dialog.getByText("Survey link must contain {{participant_id}} where the participant's id goes")).toBeVisible();
    await dialog.getByLabel("Survey link").fill(`${SURVEY_HOST}/s/reading?pid={{participant_id}}`);
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(toast(client.page, "Project Created")).toBeVisible();
    await expect(client.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const projectUrl = client.page.url();
    const setup = client.page.getByTestId("survey-setup");
    await expect(setup).toContainText("Places left2");
    const complete = await setup.getByLabel("Completion address", { exact: true }).inputValue();
    const screenOut = await setup.getByLabel("Screen-out address", { exact: true }).inputValue();
    expect(complete).toMatch(/\/survey\/[0-9a-f-]{36}\/complete\?pid=\{\{participant_id\}\}&code=\{\{completion_code\}\}$/);
    expect(screenOut).toMatch(/\/screened-out\?pid=\{\{participant_id\}\}&code=[A-Z0-9]{10}$/);
    await expect(setup.getByTestId("survey-instructions")).toContainText("their own completion code");
    // Each end address has its own Copy button, which says so once it has copied.
    await client.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    for (const [what, value] of [
      ["completion address", complete],
      ["screen-out address", screenOut],
      ["over-quota address", await setup.getByLabel("Over-quota address", { exact: true }).inputValue()],
    ]) {
      const copy = setup.getByRole("button", { name: `Copy ${what}` });
      await copy.click();
      await expect(copy).toHaveText("Copied");
      expect(await client.page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    }
    for (const page of [a.page, b.page]) await serveSurveyTool(page, { complete, screenOut });

    // ── The first expert joins: no one has to accept a survey applicant.
    await a.page.goto(openListOf(title));
    const listing = opportunity(a.page, title);
    await expect(listing.getByTestId("places-left")).toHaveText("2 of 2 places left");
    await expect(listing).toContainText("if the survey screens you out: $2.00");
    await expect(listing).not.toContainText("Location");
    await listing.getByRole("button", { name: "Apply" }).click();
    const apply = a.page.getByRole("dialog", { name: `Apply to ${title}` });
    await expect(apply).toContainText("Applying accepts the study at $20.00 per response");
    await apply.getByLabel(/outside-activity policy/).check();
    await apply.getByRole("button", { name: "Submit Application" }).click();
    await expect(toast(a.page, "You're In")).toBeVisible();
    // The card stays under Open, where the expert applied, now with the survey to start; the
    // Invited list never shows it.
    await expect(a.page.getByRole("tab", { name: /^Open \(\d+\)$/ })).toHaveAttribute("aria-selected", "true");
    const mine = opportunity(a.page, title);
    await expect(mine.getByTestId("next-step")).toContainText("Start survey");
    await expect(mine.getByRole("link", { name: "Start survey" })).toBeVisible();
    await a.page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
    await expect(a.page.getByRole("tabpanel", { name: /^Invited/ }).getByRole("heading", { name: title })).toHaveCount(0);
    // The Overview's "Surveys to take" offers the code beside the link, for a survey that did not bring the expert back.
    await a.page.goto("/dashboard");
    const toTake = a.page.getByTestId("attention-surveys");
    await expect(toTake.getByRole("link", { name: "Start survey" })).toBeVisible();
    await expect(toTake.getByRole("button", { name: `Enter completion code — ${title}` })).toBeVisible();
    await expect(toTake.getByRole("link", { name: title })).toHaveAttribute("href", /tab=opportunities/);

    // ── A wrong code is refused when confirmed, and nothing is recorded.
    const placeOf = (expertId: string) =>
      withDb(
        async (db) =>
          (
            await db.query<{ participant_id: string; state: string }>(
              "SELECT participant_id, state FROM engagements WHERE expert_id = $1",
              [expertId],
            )
          ).rows[0],
      );
    const pid = (await placeOf(first.expertId)).participant_id;
    await a.page.goto(complete.replace("{{completion_code}}", "WRONG12345").replace("{{participant_id}}", pid));
    await a.page.getByRole("button", { name: "Submit response" }).click();
    await expect(a.page.getByTestId("survey-problem")).toHaveText("That code is not right for this survey. Check it and try again.");

    // ── Start survey: the client's tool gets only the opaque id and the expert's own code.
    await a.page.goto(openListOf(title));
    await opportunity(a.page, title).getByRole("link", { name: "Start survey" }).click();
    await expect(a.page.getByRole("heading", { name: "Reading survey" })).toBeVisible();
    const code = new URL(a.page.url()).searchParams.get("k12_code") ?? "";
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    expect(a.page.url()).toBe(`${SURVEY_HOST}/s/reading?pid=${pid}&k12_code=${code}`);
    expect(a.page.url()).not.toContain(first.email);
    // Opening the filled-in completion address (as a link on another site would, with the expert's cookies) records nothing.
    const ownAddress = complete.replace("{{participant_id}}", pid).replace("{{completion_code}}", code);
    expect((await a.page.request.get(ownAddress)).status()).toBe(200);
    expect((await placeOf(first.expertId)).state).toBe("accepted");
    // Before the page's script runs, its button cannot send the form without the id and code.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const unhydrated = await noScript.newPage();
    await signInAs(unhydrated, first.email, first.password);
    await unhydrated.goto(ownAddress);
    await expect(unhydrated.getByRole("button", { name: "Submit response" })).toBeDisabled();
    await noScript.close();
    // The survey's last page brings the expert back; they confirm.
    await a.page.getByRole("link", { name: "Finish survey" }).click();
    await a.page.getByRole("button", { name: "Submit response" }).click();
    await expect(a.page.getByRole("heading", { name: "Response submitted" })).toBeVisible();
    await expect(a.page.getByTestId("survey-outcome")).toContainText("your response is recorded and in the client's review");
    // A reload of the thank-you page says so calmly.
    await a.page.reload();
    await expect(a.page.getByRole("heading", { name: "Already recorded" })).toBeVisible();
    await expect(a.page.getByText("Not recorded")).toHaveCount(0);
    await waitForMail(clientAccount.email, "Response submitted");
    await a.page.goto("/dashboard?tab=opportunities");
    await a.page.getByRole("tab", { name: /^Scheduled \(\d+\)$/ }).click();
    await expect(opportunity(a.page, title).getByTestId("next-step")).toContainText(/^Submitted, in review until \w{3}, /);

    // ── The second expert is screened out by the survey itself, and paid what the client set.
    await b.page.goto(openListOf(title));
    await opportunity(b.page, title).getByRole("button", { name: "Apply" }).click();
    const applyB = b.page.getByRole("dialog", { name: `Apply to ${title}` });
    await applyB.getByLabel(/outside-activity policy/).check();
    await applyB.getByRole("button", { name: "Submit Application" }).click();
    await expect(toast(b.page, "You're In")).toBeVisible();
    // The first expert's code is theirs alone: the second cannot be submitted with it.
    const pidB = (await placeOf(second.expertId)).participant_id;
    await b.page.goto(complete.replace("{{participant_id}}", pidB).replace("{{completion_code}}", code));
    await b.page.getByRole("button", { name: "Submit response" }).click();
    await expect(b.page.getByTestId("survey-problem")).toHaveText("That code is not right for this survey. Check it and try again.");
    expect((await placeOf(second.expertId)).state).toBe("accepted");
    await b.page.goto(openListOf(title));
    await expect(opportunity(b.page, title).getByTestId("places-left")).toHaveText("1 of 2 places left");
    await opportunity(b.page, title).getByRole("link", { name: "Start survey" }).click();
    await b.page.getByRole("link", { name: "Not eligible" }).click();
    await b.page.getByRole("button", { name: "Confirm" }).click();
    await expect(b.page.getByRole("heading", { name: "Thanks for your time" })).toBeVisible();

    // ── The client's pipeline: one response in review, one screened out, the median time.
    await client.page.goto(projectUrl);
    await expect(pipelineCard(client.page, "submitted", names.first)).toContainText("Survey incentive $20.00");
    await expect(pipelineCard(client.page, "submitted", names.first).getByTestId("participant-id")).toHaveText(pid);
    await expect(client.page.getByTestId("survey-median")).toHaveText(/^\d+ min$/);
    await client.page
      .getByTestId("column-screened_out")
      .getByText(/^Screened out \(\d+\)$/)
      .click();
    await expect(client.page.getByTestId("column-screened_out")).toContainText(names.second);
    await expect(client.page.getByTestId("column-screened_out")).toContainText("Survey screen-out pay $2.00");

    // ── A bonus for the first expert, from their card: in Pending QC like any earning.
    await pipelineCard(client.page, "submitted", names.first)
      .getByRole("button", { name: `Pay ${names.first} a bonus` })
      .click();
    const bonus = client.page.getByRole("dialog", { name: `Pay ${names.first} a bonus` });
    await bonus.getByLabel("Amount ($)").fill("5");
    await bonus.getByRole("button", { name: "Pay bonus" }).click();
    await expect(toast(client.page, "Bonus paid")).toBeVisible();
    await waitForMail(first.email, "Bonus from");

    // ── Nobody approves: the review window's end does (the demo clock runs the money job a week ahead).
    const admin = await signedIn(browser, DEMO.admin);
    const settled = await admin.page.request.post("/api/admin-test-clock", {
      data: { at: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    });
    expect(settled.status()).toBe(200);
    await admin.close();
    await client.page.reload();
    await expect(pipelineCard(client.page, "completed", names.first)).toContainText("Approved");
    await expect(client.page.getByTestId("column-completed").getByRole("heading", { name: /^Approved/ })).toBeVisible();

    // ── The expert cashes out the $20 and the $5 bonus (and the second expert has their $2 available).
    await a.page.goto("/dashboard?tab=wallet");
    await expect(a.page.getByTestId("wallet-available").filter({ visible: true })).toHaveText("$25.00");
    await a.page.getByRole("button", { name: /^Cash Out/ }).click();
    await confirmIn(a.page, "Confirm Cash Out");
    await expect(toast(a.page, "Cash Out Initiated")).toBeVisible();
    await expect(a.page.getByTestId("wallet-available").filter({ visible: true })).toHaveText("$0.00");
    await b.page.goto("/dashboard?tab=wallet");
    await expect(b.page.getByTestId("wallet-available").filter({ visible: true })).toHaveText("$2.00");
  } finally {
    await Promise.all([client.close(), a.close(), b.close()]);
  }
});

test("the demo's survey runs on its sample survey page, end to end", async ({ page }) => {
  const expert = await newVerifiedExpert();
  await signInAs(page, expert.email, expert.password);
  const title = "School Safety Technology Survey";
  await page.goto(openListOf(title));
  // The demo survey has its own consent form: read and signed before applying.
  await opportunity(page, title)
    .getByRole("link", { name: `Read and sign the consent for ${title}` })
    .click();
  await page.getByLabel("Type your full name to sign").fill("Session Tester");
  await page.getByRole("button", { name: "I agree and sign" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=opportunities$/);
  await page.goto(openListOf(title));
  await opportunity(page, title).getByRole("button", { name: "Apply" }).click();
  const apply = page.getByRole("dialog", { name: `Apply to ${title}` });
  await apply.getByLabel(/outside-activity policy/).check();
  await apply.getByRole("button", { name: "Submit Application" }).click();
  await expect(toast(page, "You're In")).toBeVisible();
  await opportunity(page, title).getByRole("link", { name: "Start survey" }).click();
  await expect(page).toHaveURL(/\/demo-survey\?pid=[A-Za-z0-9_-]{22}&k12_code=[A-Z0-9]{10}$/);
  await page.getByRole("link", { name: "Finish the survey" }).click();
  await page.getByRole("button", { name: "Submit response" }).click();
  await expect(page.getByRole("heading", { name: "Response submitted" })).toBeVisible();
});
