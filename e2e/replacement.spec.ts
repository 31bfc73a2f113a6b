import { expect, test, type Page } from "@playwright/test";
import { signInAs, waitForMail, withDb } from "./helpers";
import {
  addSlot,
  bookSession,
  createInviteEngagement,
  createStudy,
  newClient,
  newVerifiedExpert,
  startedAnHourAgo,
} from "./support/engagements";

// A no-show replaced in one click: the client records that the expert did not attend, then
// "Replace" accepts the next qualified applicant (the oldest one still waiting), who is told by
// e-mail to pick a time; the pipeline says how many more experts the quota needs.

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });
const card = (page: Page, state: string, name: string) =>
  page.getByTestId(`column-${state}`).getByTestId("engagement-card").filter({ hasText: name, visible: true });

async function named(first: string, last: string) {
  const expert = await newVerifiedExpert();
  await withDb((db) => db.query("UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1", [expert.userId, first, last]));
  return { ...expert, name: `${first} ${last}` };
}

async function applied(study: { projectId: string }, expert: { expertId: string }, client: { userId: string }, minutesAgo: number) {
  await withDb((db) =>
    db.query(
      `INSERT INTO engagements (id, project_id, expert_id, client_user_id, organization_id, origin, state, incentive_cents, created_at, updated_at)
       SELECT gen_random_uuid(), p.id, $2, $3, p.organization_id, 'application', 'applied', p.compensation_cents, now() - make_interval(mins => $4), now()
       FROM projects p WHERE p.id = $1`,
      [study.projectId, expert.expertId, client.userId, minutesAgo],
    ),
  );
}

test("a no-show is replaced in one click by the next qualified applicant", async ({ page }) => {
  const clientAccount = await newClient();
  const study = await createStudy(clientAccount, { minutes: 30 });
  const [absent, earliest, later] = [await named("Nadia", "Noshow"), await named("Ezra", "Earliest"), await named("Lena", "Later")];
  const engagementId = await createInviteEngagement(study, absent, clientAccount, "accepted");
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await bookSession(engagementId, await addSlot(absent.expertId, day, "16:00", "16:30"), study.minutes, absent.userId);
  await startedAnHourAgo(engagementId);
  await applied(study, later, clientAccount, 5);
  await applied(study, earliest, clientAccount, 30);

  await signInAs(page, clientAccount.email, clientAccount.password);
  await page.goto(`/client/projects/${study.projectId}`);
  // Quota 5, one scheduled: four more needed.
  await expect(page.getByTestId("more-needed")).toContainText("4 more needed to reach the quota");
  await card(page, "scheduled", absent.name)
    .getByRole("button", { name: `Record that ${absent.name} did not attend` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Record no-show" }).click();
  await expect(toast(page, "No-show recorded")).toBeVisible();

  const missed = card(page, "no_show", absent.name);
  await expect(missed).toContainText("Accepts the next qualified applicant (2 waiting)");
  await missed.getByRole("button", { name: `Replace ${absent.name}` }).click();
  await expect(toast(page, "Replacement accepted")).toBeVisible();
  // The oldest application takes the place; the later one still waits.
  await expect(card(page, "accepted", earliest.name)).toBeVisible();
  await expect(card(page, "applied", later.name)).toBeVisible();
  await expect(card(page, "no_show", absent.name).getByRole("button", { name: `Replace ${absent.name}` })).toHaveCount(0);
  await card(page, "no_show", absent.name).getByText("History").click();
  await expect(card(page, "no_show", absent.name)).toContainText(`Replaced by ${earliest.name}`);
  await waitForMail(earliest.email, "Accepted:");
});
