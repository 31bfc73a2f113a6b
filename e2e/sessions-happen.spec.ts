import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomInt } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signInAs, withDb } from "./helpers";
import { addProposal, createInviteEngagement, createStudy, newClient, newVerifiedExpert } from "./support/engagements";

// Sessions that happen, on a phone: an expert opts in to text reminders (a code texted to their
// number), picks the client's time five minutes from now, and then the demo's text log holds the
// booking text, the card offers "Join meeting" (it is within 10 minutes of the start), the
// expert's subscribed calendar feed lists the session with its meeting link, and both sides'
// Overview pages offer "Join meeting" as well.

const PHONE = { width: 390, height: 844 };
const SMS_DIR = path.resolve(".data/e2e-sms");
test.describe.configure({ timeout: 120_000 });

/** A zone whose local hour is between 09:00 and 19:00 now. */
function daytimeZone() {
  const zones = ["America/New_York", "America/Los_Angeles", "Pacific/Honolulu", "Asia/Tokyo", "Asia/Kolkata", "Europe/London"];
  const hourIn = (zone: string) =>
    Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
  return zones.find((zone) => hourIn(zone) >= 9 && hourIn(zone) < 19)!;
}

/** The texts the log provider wrote to this number, newest last. */
const textsTo = (number: string) =>
  existsSync(SMS_DIR)
    ? readdirSync(SMS_DIR)
        .sort()
        .map((f) => readFileSync(path.join(SMS_DIR, f), "utf8"))
        .filter((t) => t.startsWith(`To: ${number}\n`))
    : [];
async function textMatching(number: string, pattern: RegExp) {
  let found = "";
  await expect
    .poll(() => (found = textsTo(number).find((t) => pattern.test(t)) ?? ""), {
      timeout: 20_000,
      message: `a text to ${number} matching ${pattern}`,
    })
    .not.toBe("");
  return found;
}
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("an expert opts in to texts on a phone, books a time, gets the booking text, joins from the card and finds it in their feed", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  const [expert, client] = await Promise.all([newVerifiedExpert(), newClient()]);
  const study = await createStudy(client, { title: `Texts and links ${Date.now()}` });
  const engagementId = await createInviteEngagement(study, expert, client, "accepted");
  await addProposal(engagementId, new Date(Date.now() + 5 * 60_000));
  const digits = `312555${String(randomInt(0, 10_000)).padStart(4, "0")}`;
  const number = `+1${digits}`;
  await signInAs(page, expert.email, expert.password);

  // Opt in: the number, the consent, the code from the text.
  await page.goto("/settings/reminders");
  const sms = page.getByTestId("sms-settings").filter({ visible: true });
  await sms.getByLabel("Mobile number").fill(digits);
  await sms.getByRole("checkbox", { name: /I agree to receive text messages/ }).check();
  await sms.getByRole("button", { name: "Text me a code" }).click();
  const codeText = await textMatching(number, /your code is \d{6}/);
  expect(codeText).toContain("Reply STOP to stop.");
  await sms.getByLabel("Code from the text").fill(/your code is (\d{6})/.exec(codeText)![1]);
  await sms.getByRole("button", { name: "Confirm" }).click();
  await expect(sms.getByText("Text reminders are on for")).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  // The booking text waits out the receiver's quiet hours (21:00–08:00), a rule Vitest proves; here
  // the receiver lives where it is daytime now, so the run does not depend on the hour it starts.
  await withDb((db) => db.query("UPDATE sms_subscriptions SET time_zone = $2 WHERE phone = $1", [number, daytimeZone()]));

  // Book the client's time.
  await page.goto("/dashboard?tab=opportunities");
  await page.getByRole("tab", { name: /^Invited \(\d+\)$/ }).click();
  const card = page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: study.title, exact: true }) });
  await card.getByRole("button", { name: "Pick Time" }).click();
  await page.getByRole("dialog", { name: "Pick Time" }).getByRole("button", { name: "Confirm Time" }).click();
  await expect(page.getByRole("tab", { name: /^Scheduled \(\d+\)$/ })).toBeVisible();

  // The log has the booking text, with the meeting link.
  const booking = await textMatching(number, /is booked for/);
  expect(booking).toContain(study.title.slice(0, 20));
  const link = /Join: (https:\/\/meet\.jit\.si\/K12Experts-[A-Za-z0-9_-]{22})/.exec(booking)![1];

  // The card: Join meeting, since the session starts within 10 minutes.
  await page.getByRole("tab", { name: /^Scheduled \(\d+\)$/ }).click();
  const join = card.getByRole("link", { name: /^Join meeting/ });
  await expect(join).toHaveAttribute("href", link);
  await expect(join).toHaveAttribute("target", "_blank");
  expect(await noSidewaysScroll(page)).toBe(true);

  // The feed: made in Settings, subscribed by its address, the session in it with the link.
  await page.goto("/settings/reminders");
  await page.getByRole("button", { name: "Make my calendar address" }).click();
  const address = await page.getByLabel("Your calendar address").inputValue();
  expect(address).toMatch(/^webcal:\/\/.+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByRole("link", { name: "Subscribe in Google Calendar" })).toHaveAttribute("href", /calendar\.google\.com/);
  const feed = await page.request.get(new URL(address.replace(/^webcal:/, "http:")).pathname);
  expect(feed.status()).toBe(200);
  const ics = (await feed.text()).replace(/\r\n[ \t]/g, "");
  expect(ics).toContain(`LOCATION:${link}`);
  expect(ics).toContain(`URL;VALUE=URI:${link}`);
  expect(ics).toContain(`SUMMARY:${study.title}`);
  expect(await noSidewaysScroll(page)).toBe(true);

  // The expert's Overview offers Join meeting too.
  await page.goto("/dashboard");
  await expect(page.locator(`a[href="${link}"]`, { hasText: "Join meeting" }).filter({ visible: true })).toBeVisible();

  // And so does the client's, on their phone, under "Sessions coming up".
  const clientContext = await browser.newContext({ viewport: PHONE });
  const clientPage = await clientContext.newPage();
  await signInAs(clientPage, client.email, client.password);
  await clientPage.goto("/client/dashboard");
  const upcoming = clientPage.getByTestId("upcoming-sessions").filter({ visible: true });
  const row = upcoming.getByTestId("upcoming-session").filter({ hasText: study.title });
  await expect(row.getByRole("link", { name: /^Join meeting/ })).toHaveAttribute("href", link);
  expect(await noSidewaysScroll(clientPage)).toBe(true);
  await clientContext.close();
});
