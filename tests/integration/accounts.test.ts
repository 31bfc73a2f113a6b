import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { registerClient, registerExpert, verifyEmail } from "@/lib/accounts/registration";
import { authenticate } from "@/lib/accounts/sign-in";
import { registerClientSchema, registerExpertSchema } from "@/lib/accounts/schemas/auth";
import { hashToken } from "@/lib/accounts/tokens";
import { firstLink, startTestSmtp } from "../helpers/mail";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { uniqueEmail } from "../factories";

const meta = { ip: "203.0.113.7", userAgent: "vitest" };
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => smtp.stop());

const expertInputRaw = (email: string) => ({
  firstName: "Maria",
  lastName: "Gonzalez",
  email,
  organization: "Lincoln USD",
  role: "principal",
  password: "Maple-Orbit-77",
  confirmPassword: "Maple-Orbit-77",
  countryCode: "+1",
  mobileNumber: "555 010 1000",
  city: "Stockton",
  zipCode: "95207",
  privacyAgreement: true,
});
const expertInput = (email: string) => registerExpertSchema.parse(expertInputRaw(email));
const clientInput = (email: string) =>
  registerClientSchema.parse({
    firstName: "Jordan",
    lastName: "Reyes",
    email,
    organization: "Research Co",
    role: "Research Director",
    password: "Maple-Orbit-77",
    confirmPassword: "Maple-Orbit-77",
  });

describe("expert registration", () => {
  it("creates user, expert role, expert row and the 1.0 consents together", async () => {
    const email = uniqueEmail("expert");
    const { userId } = await registerExpert(expertInput(email), meta);
    const user = await db().user.findUniqueOrThrow({ where: { id: userId }, include: { roles: true, expert: true, consents: true } });
    expect(user.roles.map((r) => r.role)).toEqual(["expert"]);
    expect(user.expert).toMatchObject({
      roleTitle: "Principal",
      organizationName: "Lincoln USD",
      city: "Stockton",
      zipCode: "95207",
      phone: "555 010 1000",
      countryCode: "+1",
      verificationStatus: "pending",
    });
    expect(user.expert).toMatchObject({
      isPublicProfile: true,
      showOrganization: true,
      showExperience: true,
      showRates: true,
      showContactInfo: false,
      timeZone: "America/New_York",
    });
    // The ticked privacy box, and what the form states creating the account accepts.
    expect(user.consents.map((c) => c.consentType).sort()).toEqual(["EXPERT_AGREEMENT", "PAYMENT", "PRIVACY", "TERMS"]);
    expect(user.consents.find((c) => c.consentType === "PRIVACY")).toMatchObject({
      version: "1.0",
      ipAddress: "203.0.113.7",
      userAgent: "vitest",
    });
    const identity = await authenticate({ email, password: "Maple-Orbit-77", portal: "expert" }, meta.ip);
    expect(identity).toMatchObject({ roles: ["expert"], onboardingComplete: false });
  });

  it("refuses a duplicate e-mail in any case and spacing, creating nothing", async () => {
    const email = uniqueEmail("dup");
    await registerExpert(expertInput(email), meta);
    const before = await db().user.count();
    const again = expertInput(`  ${email.toUpperCase()} `);
    await expect(registerExpert(again, meta)).rejects.toThrow("An account with this e-mail already exists");
    expect(await db().user.count()).toBe(before);
  });

  it("does not mark the e-mail verified: it mails a link, and the expert can sign in meanwhile", async () => {
    const email = uniqueEmail("unverified-expert");
    const { userId } = await registerExpert(expertInput(email), meta);
    expect((await db().user.findUniqueOrThrow({ where: { id: userId } })).emailVerifiedAt).toBeNull();
    expect((await authenticate({ email, password: "Maple-Orbit-77", portal: "expert" }, meta.ip)).id).toBe(userId);
    await runDueJobsOnce(); // account mail goes out through the queue
    const mail = smtp.messages().find((m) => m.to.includes(email) && m.subject === "Verify your K12 Experts account");
    expect(mail?.text).toContain("as an education expert");
    const token = decodeURIComponent(new URL(firstLink(mail!)!).searchParams.get("token")!);
    expect((await verifyEmail(token)).roles).toEqual(["expert"]);
    expect((await db().user.findUniqueOrThrow({ where: { id: userId } })).emailVerifiedAt).not.toBeNull();
  });

  it("refuses weak and common passwords with a field error, without trimming", async () => {
    const weak = registerExpertSchema.parse({
      ...expertInputRaw(uniqueEmail("weak")),
      password: "password123",
      confirmPassword: "password123",
    });
    await expect(registerExpert(weak, meta)).rejects.toMatchObject({
      fieldErrors: { password: [expect.stringContaining("common or breached")] },
    });
    const padded = registerExpertSchema.parse({
      ...expertInputRaw(uniqueEmail("pad")),
      password: " Maple-Orbit-77",
      confirmPassword: " Maple-Orbit-77",
    });
    await expect(registerExpert(padded, meta)).rejects.toThrow("Password cannot start or end with a space.");
  });

  it("leaves nothing behind when a write fails midway", async () => {
    const email = uniqueEmail("half");
    const input = expertInput(email);
    // A consent type the database rejects makes the last write of the transaction fail.
    await db().$executeRawUnsafe(`ALTER TABLE user_consents ADD CONSTRAINT test_block CHECK (user_agent <> 'block-me')`);
    try {
      await expect(registerExpert(input, { ip: "1.1.1.1", userAgent: "block-me" })).rejects.toThrow();
    } finally {
      await db().$executeRawUnsafe(`ALTER TABLE user_consents DROP CONSTRAINT test_block`);
    }
    expect(await db().user.findUnique({ where: { email } })).toBeNull();
    expect(await db().expert.count({ where: { user: { email } } })).toBe(0);
  });
});

describe("client registration and e-mail verification", () => {
  it("mails a single-use link; sign-in is refused until it is used", async () => {
    const email = uniqueEmail("client");
    await registerClient(clientInput(email), meta);
    await expect(authenticate({ email, password: "Maple-Orbit-77", portal: "client" }, meta.ip)).rejects.toThrow(
      "Please verify your e-mail address before signing in.",
    );
    await runDueJobsOnce(); // account mail goes out through the queue
    const mail = smtp.messages().find((m) => m.to.includes(email));
    expect(mail?.subject).toBe("Verify your K12 Experts account");
    const link = firstLink(mail!);
    expect(link).toMatch(/\/verify-email\?token=/);
    const token = decodeURIComponent(new URL(link!).searchParams.get("token")!);
    // Only the hash is stored.
    expect(await db().oneTimeToken.count({ where: { tokenHash: token } })).toBe(0);
    expect(await db().oneTimeToken.count({ where: { tokenHash: hashToken(token) } })).toBe(1);

    await verifyEmail(token);
    await expect(verifyEmail(token)).rejects.toThrow("invalid or has expired");
    const identity = await authenticate({ email, password: "Maple-Orbit-77", portal: "client" }, meta.ip);
    expect(identity.roles).toEqual(["client"]);
  });

  it("refuses an expired verification link", async () => {
    const email = uniqueEmail("late");
    await registerClient(clientInput(email), meta);
    await runDueJobsOnce(); // account mail goes out through the queue
    const mail = smtp.messages().find((m) => m.to.includes(email))!;
    const token = decodeURIComponent(new URL(firstLink(mail)!).searchParams.get("token")!);
    await db().oneTimeToken.updateMany({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(verifyEmail(token)).rejects.toThrow("invalid or has expired");
  });
});

describe("client registration with an e-mail that has an account", () => {
  it("answers exactly like a new registration and e-mails the owner instead", async () => {
    const email = uniqueEmail("owner");
    await registerClient(clientInput(email), meta);
    const before = await db().user.count();
    const answer = await registerClient(clientInput(email.toUpperCase()), meta);
    expect(answer).toEqual(await registerClient(clientInput(uniqueEmail("fresh")), meta).then((a) => ({ ...a, email: answer.email })));
    expect(answer).toEqual({ email });
    expect(await db().user.count()).toBe(before + 1); // only the fresh one
    await runDueJobsOnce(); // account mail goes out through the queue
    const notes = smtp.messages().filter((m) => m.to.includes(email) && m.subject === "Someone tried to register with your address");
    expect(notes).toHaveLength(1);
    expect(notes[0].text).toContain("/reset-password");
  });
});
