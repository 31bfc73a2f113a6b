import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, e2eDb, signInAs } from "./helpers";
import { createStudy, newVerifiedExpert } from "./support/engagements";

// A new client from the first sign-in to an answered pipeline: every client page one tap from
// the others, the dashboard leading with what waits on them, a new project opened at once, a
// pipeline that shows every column without sideways scrolling, and invite dialogs that say
// before sending what the client already did and what a cap will refuse.

const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function sql(text: string, params: unknown[] = []) {
  const db = await e2eDb();
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.end();
  }
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** An expert only this test finds: a verified, public profile whose organization nobody else has. */
async function findableExpert() {
  const expert = await newVerifiedExpert();
  const org = `Cedar Hollow ${randomBytes(3).toString("hex")}`;
  const last = `Quill${randomBytes(2).toString("hex")}`;
  await sql("UPDATE experts SET organization_name = $2 WHERE id = $1", [expert.expertId, org]);
  await sql("UPDATE users SET last_name = $2 WHERE id = $1", [expert.userId, last]);
  return { ...expert, org, name: `Session ${last}` };
}

async function applyTo(projectId: string, expertId: string) {
  await sql(
    `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, updated_at)
     SELECT gen_random_uuid(), p.id, $2, p.client_user_id, p.organization_id, 'application', 'applied', p.compensation_cents, now() FROM projects p WHERE p.id = $1`,
    [projectId, expertId],
  );
}

test("a first sign-in is welcomed, the navigation reaches every client page, and the dashboard leads with what needs the client", async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  const client = await createAccount("client");
  await signInThroughForm(page, client.email, client.password);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Welcome! Redirecting to your dashboard..." })).toBeVisible();
  await expect(page).toHaveURL(/\/client\/dashboard$/);

  const nav = page.getByRole("navigation", { name: "Client", exact: true });
  for (const name of ["Dashboard", "Projects", "Find Experts", "Shortlist", "Calendar", "Billing", "Organization"])
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
  // One Logout, the header's.
  await expect(page.getByRole("link", { name: "Logout" })).toHaveCount(1);

  // Nothing waits yet, and the page says so rather than showing an empty box.
  const attention = page.getByRole("region", { name: "Needs your attention" });
  await expect(attention).toContainText("Nothing needs you right now.");

  // The zone is taken from the browser and named; the list of zones opens only on Change.
  await expect(page.getByTestId("client-time-zone")).toContainText("Times are shown in");
  await expect(page.getByLabel("Time zone", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Change time zone" }).click();
  await expect(page.getByLabel("Time zone", { exact: true })).toBeFocused();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel("Time zone", { exact: true })).toHaveCount(0);

  await nav.getByRole("link", { name: "Billing", exact: true }).click();
  await expect(page).toHaveURL(/\/client\/billing$/);
  await expect(
    page.getByRole("navigation", { name: "Client", exact: true }).getByRole("link", { name: "Billing", exact: true }),
  ).toHaveAttribute("aria-current", "page");

  // An application arrives on a project of theirs: the dashboard leads with it, linked.
  const study = await createStudy({ userId: client.userId, organization: "Session Research" }, { title: `Attention study ${Date.now()}` });
  const expert = await newVerifiedExpert();
  await applyTo(study.projectId, expert.expertId);
  await page.goto("/client/dashboard");
  const applications = page.getByTestId("attention-applications").filter({ visible: true });
  await expect(applications).toContainText(`1 application on ${study.title}`);
  await applications.getByRole("link", { name: `1 application on ${study.title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: study.title })).toBeVisible();
});

test("from sign-in to the newest project's pipeline is two taps on a phone: Sign In, then the project", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const client = await createAccount("client");
  const owner = { userId: client.userId, organization: "Session Research" };
  await createStudy(owner, { title: `Older study ${Date.now()}` });
  const newest = await createStudy(owner, { title: `Newest study ${Date.now()}` });
  let taps = 0;
  const tap = async (target: ReturnType<Page["getByRole"]>) => {
    taps++;
    await target.click();
  };

  await page.goto("/login");
  await page.getByLabel("Email").fill(client.email);
  await page.getByLabel("Password").fill(client.password);
  await tap(page.getByRole("button", { name: "Sign In" }));
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  const latest = page.getByRole("region", { name: "Your latest projects" });
  await expect(latest.getByRole("listitem").first()).toContainText(newest.title);
  await tap(latest.getByRole("link", { name: newest.title }));
  await expect(page).toHaveURL(new RegExp(`/client/projects/${newest.projectId}$`));
  await expect(page.getByRole("heading", { level: 1, name: newest.title })).toBeVisible();
  expect(taps).toBe(2);
});

test("a second sign-in is welcomed back", async ({ page }) => {
  const client = await createAccount("client");
  await signInThroughForm(page, client.email, client.password);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Welcome! Redirecting to your dashboard..." })).toBeVisible();
  // Signed in by now (the toast follows the sign-in); a new browser session signs in again.
  await page.context().clearCookies();
  await signInThroughForm(page, client.email, client.password);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Welcome back! Redirecting to your dashboard..." })).toBeVisible();
});

for (const [name, size] of [
  ["laptop", LAPTOP],
  ["phone", PHONE],
] as const) {
  test(`the pipeline at ${name} width shows every column without sideways scrolling, empty ones folded into one line`, async ({ page }) => {
    await page.setViewportSize(size);
    const client = await createAccount("client");
    const study = await createStudy(
      { userId: client.userId, organization: "Session Research" },
      { title: `Pipeline ${name} ${Date.now()}` },
    );
    const experts = await Promise.all([newVerifiedExpert(), newVerifiedExpert(), newVerifiedExpert(), newVerifiedExpert()]);
    await applyTo(study.projectId, experts[0].expertId);
    await applyTo(study.projectId, experts[1].expertId);
    // One of each further state, so four columns hold someone.
    const states = ["accepted", "declined"];
    for (const [i, state] of states.entries()) {
      await sql(
        `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, (SELECT organization_id FROM projects WHERE id = $1), 'invite', $4, 12500, now())`,
        [study.projectId, experts[i + 2].expertId, client.userId, state],
      );
    }
    await sql(
      `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, (SELECT organization_id FROM projects WHERE id = $1), 'invite', 'invited', 12500, now())`,
      [study.projectId, (await newVerifiedExpert()).expertId, client.userId],
    );
    await signInAs(page, client.email, client.password);
    await page.goto(`/client/projects/${study.projectId}`);
    await expect(page.getByRole("heading", { level: 1, name: study.title })).toBeVisible();

    for (const state of ["applied", "invited", "accepted", "declined"]) {
      const column = page.getByTestId(`column-${state}`).filter({ visible: true });
      await expect(column).toBeVisible();
      const box = (await column.boundingBox())!;
      expect(box.x, state).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, state).toBeLessThanOrEqual(size.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    // Empty states do not each take a section.
    await expect(page.getByText("None", { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("empty-columns").filter({ visible: true })).toContainText(
      "No one yet: Scheduled · Completed · Cancelled · No-show",
    );

    // The quota bar's empty part is a light track, not the strong colour of a full bar.
    const bar = page.getByRole("progressbar").filter({ visible: true });
    const [track, fill] = await bar.evaluate((el) => [
      getComputedStyle(el).backgroundColor,
      getComputedStyle(el.firstElementChild!).backgroundColor,
    ]);
    expect(track).toBe("rgb(241, 245, 249)");
    expect(fill).not.toBe(track);
  });
}

test("create a project and land on it; a card and the invite dialog say what the client already did and what a cap refuses, before sending", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const client = await createAccount("client");
  const [first, paused] = await Promise.all([findableExpert(), findableExpert()]);
  await signInAs(page, client.email, client.password);

  await page.goto("/client/projects");
  await page.getByRole("button", { name: "Create Project" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  const title = `Journey study ${Date.now()}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Interviews about how schools schedule interventions.");
  await dialog.getByLabel("Incentive per session ($)").fill("80");
  await dialog.getByLabel("Session length (minutes)").fill("30");
  await dialog.getByLabel("Deadline").fill(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
  await dialog.getByLabel(/This is research, not a sales contact/).check();
  await dialog.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/client\/projects\/[0-9a-f-]{36}$/);

  // Invite the first expert; the card then says so.
  await page.goto(`/client/experts?q=${encodeURIComponent(first.org)}`);
  // The card on screen: while a streamed page reveals itself it briefly holds a hidden copy.
  const card = page.getByTestId("expert-card").filter({ hasText: first.org, visible: true });
  await expect(card.getByTestId("already-engaged")).toHaveCount(0);
  await card.getByRole("button", { name: "Invite" }).click();
  let invite = page.getByRole("dialog", { name: `Invite ${first.name}` });
  await expect(invite.getByLabel("Project")).toHaveValue(/.+/);
  await invite.getByRole("button", { name: "Send Invite" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Invite Sent" })).toBeVisible();
  await page.reload();
  await expect(card.getByTestId("already-engaged")).toContainText(`You invited them to ${title} (invited)`);
  // Opened again, the dialog offers that project no more and says why.
  await card.getByRole("button", { name: "Invite" }).click();
  invite = page.getByRole("dialog", { name: `Invite ${first.name}` });
  await expect(invite.getByTestId("invite-already")).toContainText(`${first.name} is already in ${title} (invited).`);
  await expect(invite.getByRole("option", { name: `${title} (invited)` })).toBeDisabled();
  await expect(invite.getByRole("button", { name: "Send Invite" })).toBeDisabled();
  await invite.getByRole("button", { name: "Cancel" }).click();

  // An expert who paused invites: the dialog says so before anything is sent.
  await sql("UPDATE experts SET invites_paused_until = current_date + 30 WHERE id = $1", [paused.expertId]);
  await page.goto(`/client/experts?q=${encodeURIComponent(paused.org)}`);
  await page.getByTestId("expert-card").filter({ hasText: paused.org }).getByRole("button", { name: "Invite" }).click();
  invite = page.getByRole("dialog", { name: `Invite ${paused.name}` });
  const cap = invite.getByTestId("invite-cap");
  await expect(cap).toContainText(`You cannot invite ${paused.name} right now`);
  await expect(cap).toContainText("This expert has paused invites until");
  const send = invite.getByRole("button", { name: "Send Invite" });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription(/paused invites until/);
  expect(await sql("SELECT 1 FROM engagements WHERE expert_id = $1", [paused.expertId])).toHaveLength(0);
});
