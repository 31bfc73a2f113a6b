import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { readMailDir } from "../tests/helpers/mail";

export const DEMO = {
  admin: "admin@example.com",
  client: "client@example.com",
  expert: "expert@example.com",
  password: "DemoPass!2026",
} as const;

export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@example.org`;

/** Signs in through next-auth's credentials endpoint (fast); the page's context keeps the cookie. */
export async function signInAs(page: Page, email: string, password: string = DEMO.password, portal = "general") {
  const csrf = await (await page.request.get("/api/auth/csrf")).json();
  const res = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf.csrfToken, email, password, portal, json: "true" },
  });
  expect(res.ok()).toBeTruthy();
  const session = await (await page.request.get("/api/me")).json();
  expect(session.data?.email).toBe(email);
}

const MAIL_DIR = path.resolve(".data/e2e-mail");

/** Waits for the e-mail sent to `to` by the app (through the loopback SMTP server). */
export async function waitForMail(to: string, subject: string) {
  let found: ReturnType<typeof readMailDir>[number] | undefined;
  await expect
    .poll(() => {
      found = existsSync(MAIL_DIR) ? readMailDir(MAIL_DIR).find((m) => m.to.includes(to) && m.subject.includes(subject)) : undefined;
      return Boolean(found);
    }, { timeout: 15_000 })
    .toBe(true);
  const link = /https?:\/\/[^\s"<>]+/.exec(found!.text)?.[0];
  return { mail: found!, link: link! };
}

/** The path part of an absolute link from an e-mail (the test server's origin may differ). */
export const pathOf = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};
