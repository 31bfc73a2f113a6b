import { describe, expect, it } from "vitest";
import { registerClientSchema, registerExpertSchema, signInSchema } from "@/lib/accounts/schemas/auth";
import { MESSAGES } from "@/lib/accounts/schemas/auth-rules";

const expert = {
  firstName: "Maria",
  lastName: "Gonzalez",
  email: "  Maria@Example.COM ",
  organization: "Lincoln USD",
  role: "principal",
  password: "longenough",
  confirmPassword: "longenough",
  countryCode: "+1",
  mobileNumber: "555 010 1000",
  city: "Stockton",
  zipCode: "95207",
  privacyAgreement: true,
};

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path.join(".") === field)?.message;

describe("sign-in schema", () => {
  it("trims and lowercases the e-mail and trims the password", () => {
    const r = signInSchema.parse({ email: "  Someone@Example.COM ", password: "  secret  " });
    expect(r).toEqual({ email: "someone@example.com", password: "secret", portal: "general" });
  });
  it("requires e-mail and password", () => {
    const r = signInSchema.safeParse({ email: "", password: "" });
    expect(r.success).toBe(false);
    expect(firstMessage(r, "email")).toBe("Email is required");
    expect(firstMessage(r, "password")).toBe("Password is required");
  });
});

describe("expert registration schema", () => {
  it("accepts a complete expert and normalises the e-mail", () => {
    const r = registerExpertSchema.parse(expert);
    expect(r.email).toBe("maria@example.com");
    expect(r.countryCode).toBe("+1");
  });

  it.each([
    ["12345", true],
    ["12345-6789", true],
    ["1234", false],
    ["123456", false],
    ["12345-678", false],
    ["abcde", false],
  ])("ZIP %s valid=%s", (zipCode, valid) => {
    const r = registerExpertSchema.safeParse({ ...expert, zipCode });
    expect(r.success).toBe(valid);
    if (!valid) expect(firstMessage(r, "zipCode")).toBe(MESSAGES.zip);
  });

  it("rejects mismatched passwords with the spec's message", () => {
    const r = registerExpertSchema.safeParse({ ...expert, confirmPassword: "different1" });
    expect(firstMessage(r, "confirmPassword")).toBe("Passwords do not match. Please try again.");
  });

  it("requires the privacy agreement with the spec's message", () => {
    const r = registerExpertSchema.safeParse({ ...expert, privacyAgreement: false });
    expect(firstMessage(r, "privacyAgreement")).toBe("You must agree to the Privacy & Data Policy to continue.");
  });

  it("requires a password of at least 8 characters", () => {
    const r = registerExpertSchema.safeParse({ ...expert, password: "short", confirmPassword: "short" });
    expect(firstMessage(r, "password")).toBe("Password must be at least 8 characters.");
  });

  it("only accepts roles from the list and country codes from the list", () => {
    expect(registerExpertSchema.safeParse({ ...expert, role: "janitor" }).success).toBe(false);
    expect(registerExpertSchema.safeParse({ ...expert, countryCode: "+999" }).success).toBe(false);
    expect(registerExpertSchema.safeParse({ ...expert, countryCode: "+44" }).success).toBe(true);
  });

  it.each(["firstName", "lastName", "email", "organization", "mobileNumber", "city", "zipCode"])("requires %s", (field) => {
    const r = registerExpertSchema.safeParse({ ...expert, [field]: "" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.some((i) => i.path[0] === field)).toBe(true);
  });
});

describe("client registration schema", () => {
  it("takes a free-text role and needs no phone, city, ZIP or privacy box", () => {
    const r = registerClientSchema.safeParse({
      firstName: "Jordan",
      lastName: "Reyes",
      email: "j@r.org",
      organization: "Research Co",
      role: "Research Director",
      password: "longenough",
      confirmPassword: "longenough",
    });
    expect(r.success).toBe(true);
  });
  it("requires the role text", () => {
    const r = registerClientSchema.safeParse({
      firstName: "Jordan",
      lastName: "Reyes",
      email: "j@r.org",
      organization: "Research Co",
      role: " ",
      password: "longenough",
      confirmPassword: "longenough",
    });
    expect(firstMessage(r, "role")).toBe("Role is required");
  });
});
