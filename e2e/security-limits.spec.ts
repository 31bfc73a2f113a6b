import { expect, test } from "@playwright/test";
import { DEMO, e2eDb, foundOrganization, uniqueEmail } from "./helpers";
import { actionFrom, requestFrom, untrustedLoopback } from "./support/peer-http";

// Open redirects after sign-in, the sign-in race, per-IP registration limits, and
// client addresses that a forged X-Forwarded-For cannot choose. The e2e server trusts only
// 127.0.0.1 as a proxy and allows 20 registrations an hour per IP (scripts/run.mjs).
const REGISTRATION_LIMIT = 20;

test.describe("callback paths after sign-in", () => {
  for (const bypass of ["/.//evil.com", "/..//evil.com", "/%2e//evil.com"]) {
    test(`callbackUrl=${bypass} lands on the account's home, not on another site`, async ({ page, baseURL }) => {
      const offSite: string[] = [];
      page.on("request", (r) => {
        if (!r.url().startsWith(baseURL!)) offSite.push(r.url());
      });
      await page.goto(`/login?callbackUrl=${encodeURIComponent(bypass)}`);
      await page.getByLabel("Email").fill(DEMO.client);
      await page.getByLabel("Password").fill(DEMO.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(`${baseURL}/client/dashboard`);
      expect(offSite.filter((u) => u.includes("evil.com"))).toEqual([]);
    });
  }
});

test("a burst of 20 parallel wrong passwords records 20 attempts; the 11th onwards and then the right password are refused", async () => {
  const email = uniqueEmail("burst");
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO users (id, email, first_name, last_name, email_verified_at, updated_at) VALUES (gen_random_uuid(), $1, 'Burst', 'Target', now(), now()) RETURNING id",
      [email],
    );
    await db.query(
      "INSERT INTO password_credentials (user_id, hash, updated_at) SELECT $1, p.hash, now() FROM password_credentials p JOIN users u ON u.id = p.user_id WHERE u.email = $2",
      [rows[0].id, DEMO.admin],
    );
    await db.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'client')", [rows[0].id]);
    await foundOrganization(db, rows[0].id, "Burst Research");

    const from = untrustedLoopback();
    const token = (password: string) =>
      requestFrom(from, {
        method: "POST",
        path: "/api/auth/token",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
    const answers = await Promise.all(Array.from({ length: 20 }, () => token("Wrong-Guess-123")));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(JSON.parse(a.text).error).toMatch(/^Too many sign-in attempts\. Try again in 1[45] minutes\.$/);
      expect(Number(a.headers["retry-after"])).toBeGreaterThan(800);
    }
    const { rows: attempts } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM sign_in_attempts WHERE email = $1", [email]);
    expect(attempts[0].n).toBe(20);

    const right = await token(DEMO.password);
    expect(right.status).toBe(429);
  } finally {
    await db.end();
  }
});

const clientRegistration = (email: string) => ({
  firstName: "Limit",
  lastName: "Tester",
  email,
  organization: "Shared District Network",
  role: "Research Director",
  password: "Maple-Orbit-77",
  confirmPassword: "Maple-Orbit-77",
});

test("30 registrations from one IP: the first 20 succeed, the rest are refused with the limit's message", async () => {
  const from = untrustedLoopback();
  const answers = await Promise.all(
    Array.from({ length: 30 }, () =>
      actionFrom(from, "lib/accounts/actions/register.ts#registerClientAction", clientRegistration(uniqueEmail("limit")), "/register"),
    ),
  );
  const ok = answers.filter((a) => a.result?.ok === true);
  const refused = answers.filter((a) => a.result?.ok === false);
  expect(ok).toHaveLength(REGISTRATION_LIMIT);
  expect(refused).toHaveLength(30 - REGISTRATION_LIMIT);
  for (const r of refused)
    expect(r.result?.message).toMatch(/^Too many accounts have been created from your network\. Try again in \d+ minutes\.$/);
  // Another address is not affected.
  const other = await actionFrom(
    untrustedLoopback(),
    "lib/accounts/actions/register.ts#registerClientAction",
    clientRegistration(uniqueEmail("limit-other")),
    "/register",
  );
  expect(other.result).toMatchObject({ ok: true });
});

test("rotating X-Forwarded-For from an untrusted peer neither lifts the limit nor chooses the recorded IP", async () => {
  const from = untrustedLoopback();
  const expertRegistration = (email: string, i: number) => ({
    firstName: "Rotating",
    lastName: "Header",
    email,
    organization: "Spoofed District",
    role: "teacher",
    password: "Maple-Orbit-77",
    confirmPassword: "Maple-Orbit-77",
    countryCode: "+1",
    mobileNumber: `555 010 ${String(3000 + i)}`,
    city: "Stockton",
    zipCode: "95207",
    privacyAgreement: true,
  });
  const emails: string[] = [];
  const results = [];
  for (let i = 0; i < REGISTRATION_LIMIT + 2; i++) {
    const email = uniqueEmail("spoof");
    emails.push(email);
    const forged = `203.0.113.${i + 1}`;
    // Every header a client could use to claim another address, a new value each time.
    results.push(
      await actionFrom(from, "lib/accounts/actions/register.ts#registerExpertAction", expertRegistration(email, i), "/register", {
        "x-forwarded-for": forged,
        "x-real-ip": forged,
        "x-k12-peer-address": `guess ${forged}`,
      }),
    );
  }
  expect(results.slice(0, REGISTRATION_LIMIT).every((r) => r.result?.ok === true)).toBe(true);
  for (const r of results.slice(REGISTRATION_LIMIT)) {
    expect(r.result).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Too many accounts have been created from your network\./),
    });
  }
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{ ip_address: string }>(
      "SELECT DISTINCT c.ip_address FROM user_consents c JOIN users u ON u.id = c.user_id WHERE u.email = ANY($1)",
      [emails],
    );
    expect(rows.map((r) => r.ip_address)).toEqual([from]);
  } finally {
    await db.end();
  }
});

test("a trusted proxy's X-Forwarded-For is believed (127.0.0.1 in the e2e server)", async () => {
  const email = uniqueEmail("proxied");
  const answer = await actionFrom(
    "127.0.0.1",
    "lib/accounts/actions/register.ts#registerExpertAction",
    {
      firstName: "Behind",
      lastName: "Proxy",
      email,
      organization: "Proxy District",
      role: "teacher",
      password: "Maple-Orbit-77",
      confirmPassword: "Maple-Orbit-77",
      countryCode: "+1",
      mobileNumber: "555 010 4000",
      city: "Stockton",
      zipCode: "95207",
      privacyAgreement: true,
    },
    "/register",
    { "x-forwarded-for": "6.6.6.6, 198.51.100.42" },
  );
  expect(answer.result).toMatchObject({ ok: true });
  const db = await e2eDb();
  try {
    const { rows } = await db.query<{ ip_address: string }>(
      "SELECT DISTINCT c.ip_address FROM user_consents c JOIN users u ON u.id = c.user_id WHERE u.email = $1",
      [email],
    );
    expect(rows.map((r) => r.ip_address)).toEqual(["198.51.100.42"]);
  } finally {
    await db.end();
  }
});
