import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { expect, test } from "@playwright/test";
import { e2eDb, uniqueEmail } from "./helpers";

test("a user without a role is signed out with the access-denied message", async ({ page }) => {
  const email = uniqueEmail("norole");
  const db = await e2eDb();
  try {
    const id = randomUUID();
    await db.query(
      `INSERT INTO users (id, email, first_name, last_name, email_verified_at, updated_at) VALUES ($1, $2, 'No', 'Role', now(), now())`,
      [id, email],
    );
    await db.query(`INSERT INTO password_credentials (user_id, hash, updated_at) VALUES ($1, $2, now())`, [
      id,
      await hash("role-less-pass"),
    ]);
  } finally {
    await db.end();
  }
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("role-less-pass");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No valid role found for your account. Please contact support." })).toBeVisible();
  expect((await (await page.request.get("/api/me")).json()).data.signedIn).toBe(false);
});

test("ten failures lock the e-mail with the throttling message", async ({ page }) => {
  const email = uniqueEmail("throttle");
  const csrf = (await (await page.request.get("/api/auth/csrf")).json()).csrfToken;
  for (let i = 0; i < 10; i++) {
    await page.request.post("/api/auth/callback/credentials", {
      form: { csrfToken: csrf, email, password: "wrong-password", json: "true" },
    });
  }
  await page.goto("/expert/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In as Expert" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /Too many sign-in attempts\. Try again in 1[45] minutes\./ })).toBeVisible();
});
