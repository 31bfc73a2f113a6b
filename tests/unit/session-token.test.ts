import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { decodeSessionToken, encodeSessionToken } from "@/lib/accounts/session-token";
import { TEST_ENV } from "../setup/test-env";

// decodeSessionToken derives next-auth's key once instead of per call: it must accept exactly
// the tokens next-auth issues with our secret, and nothing else.
const claims = {
  sub: "7b1f7a0e-0000-4000-8000-000000000001",
  email: "a@example.com",
  roles: ["expert" as const],
  onboardingComplete: true,
  sv: 0,
  sid: "7b1f7a0e-0000-4000-8000-000000000002",
};

describe("session token", () => {
  it("reads a token next-auth encoded with our secret, ours and its own alike", async () => {
    expect(await decodeSessionToken(await encodeSessionToken(claims))).toMatchObject(claims);
    expect(await decodeSessionToken(await encode({ token: claims, secret: TEST_ENV.NEXTAUTH_SECRET }))).toMatchObject(claims);
  });

  it("refuses another secret's token, an expired one, a tampered one and garbage", async () => {
    expect(await decodeSessionToken(await encode({ token: claims, secret: "another-secret-0123456789abcdef0123456789" }))).toBeNull();
    expect(await decodeSessionToken(await encode({ token: claims, secret: TEST_ENV.NEXTAUTH_SECRET, maxAge: -60 }))).toBeNull();
    const token = await encodeSessionToken(claims);
    const parts = token.split(".");
    parts[3] = parts[3].slice(0, -2) + (parts[3].endsWith("AA") ? "BB" : "AA");
    expect(await decodeSessionToken(parts.join("."))).toBeNull();
    expect(await decodeSessionToken("not-a-token")).toBeNull();
    expect(await decodeSessionToken(undefined)).toBeNull();
  });
});
