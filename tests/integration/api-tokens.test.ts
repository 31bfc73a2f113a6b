import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { verifyAccessToken } from "@/lib/accounts/access-token";
import { POST as postToken } from "@/app/api/auth/token/route";
import { POST as postRefresh } from "@/app/api/auth/token/refresh/route";
import { GET as getMe } from "@/app/api/experts-me/route";
import { peerHeaderFor } from "@/lib/platform/security/peer-address";
import { PASSWORD, createExpert } from "../factories";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
let ipCounter = 1;
const freshIp = () => `203.0.113.${ipCounter++}`;

async function call(handler: Handler, body: unknown, opts: { ip?: string; token?: string; method?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", ...peerHeaderFor(opts.ip ?? freshIp()) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await handler(
    new NextRequest("http://localhost/api/auth/token", {
      method: opts.method ?? "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
  return {
    status: res.status,
    json: (await res.json()) as { success: boolean; data: Record<string, string> & { user: { id: string } }; error?: string },
  };
}

describe("bearer tokens", () => {
  it("issues a 1-hour access token and a 30-day refresh token that work against experts-me", async () => {
    const { user } = await createExpert();
    const res = await call(postToken, { email: ` ${user.email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
    const { access_token, refresh_token, expires_at } = res.json.data;
    expect(Number(expires_at) - Date.now() / 1000).toBeGreaterThan(3590);
    expect(Number(expires_at) - Date.now() / 1000).toBeLessThanOrEqual(3600);
    expect(verifyAccessToken(access_token)?.sub).toBe(user.id);
    const row = await db().refreshToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).not.toBe(refresh_token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const me = await call(getMe, undefined, { token: access_token, method: "GET" });
    expect(me.json.data).toMatchObject({ userId: user.id });
  });

  it("wrong password: the sign-in message; bad body: 400 naming the field", async () => {
    const { user } = await createExpert();
    expect(await call(postToken, { email: user.email, password: "nope-nope" })).toMatchObject({
      status: 401,
      json: { error: "Account not found or password incorrect." },
    });
    const bad = await call(postToken, { password: "x" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("email");
  });

  it("is throttled like sign-in (10 failures per e-mail in 15 minutes)", async () => {
    const { user } = await createExpert();
    for (let i = 0; i < 10; i++) await call(postToken, { email: user.email, password: `wrong-${i}-password` });
    const res = await call(postToken, { email: user.email, password: PASSWORD });
    expect(res.status).toBe(429);
    expect(res.json.error).toMatch(/^Too many sign-in attempts/);
  });

  it("refresh rotates; a reused refresh token is refused and revokes the family", async () => {
    const { user } = await createExpert();
    const first = (await call(postToken, { email: user.email, password: PASSWORD })).json.data;
    const second = await call(postRefresh, { refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.json.data.refresh_token).not.toBe(first.refresh_token);
    expect(verifyAccessToken(second.json.data.access_token)?.sub).toBe(user.id);

    const reuse = await call(postRefresh, { refresh_token: first.refresh_token });
    expect(reuse).toMatchObject({ status: 401, json: { error: "Invalid or expired refresh token" } });
    // The thief's (or our) newer token is now dead too.
    expect((await call(postRefresh, { refresh_token: second.json.data.refresh_token })).status).toBe(401);
    expect(await db().refreshToken.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
  });

  it("refuses unknown, expired and pre-password-change refresh tokens; throttles guessing", async () => {
    const { user } = await createExpert();
    expect((await call(postRefresh, { refresh_token: "x".repeat(43) })).status).toBe(401);
    const pair = (await call(postToken, { email: user.email, password: PASSWORD })).json.data;
    await db().refreshToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(postRefresh, { refresh_token: pair.refresh_token })).status).toBe(401);

    const pair2 = (await call(postToken, { email: user.email, password: PASSWORD })).json.data;
    await db().passwordCredential.update({ where: { userId: user.id }, data: { hash: "changed" } });
    expect((await call(postRefresh, { refresh_token: pair2.refresh_token })).status).toBe(401);

    const ip = freshIp();
    for (let i = 0; i < 10; i++) await call(postRefresh, { refresh_token: `guess-${i}-${"y".repeat(30)}` }, { ip });
    expect((await call(postRefresh, { refresh_token: "z".repeat(43) }, { ip })).status).toBe(429);
  });
});
