import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { POST as postContact } from "@/app/api/contact-form/route";
import { POST as postToken } from "@/app/api/auth/token/route";
import { peerHeaderFor } from "@/lib/platform/security/peer-address";
import { PASSWORD, createExpert } from "../factories";

// A cross-site page can POST "text/plain; application/json" without a preflight,
// so route handlers take only an exact application/json media type, and check Origin.
const ctx = { params: Promise.resolve({}) };
let n = 1;
const contact = {
  name: "Dana Whitfield",
  email: "dana@example.org",
  role: "expert",
  subject: "Boundary",
  message: "Testing content types.",
};

function post(url: string, body: unknown, headers: Record<string, string>) {
  return new NextRequest(url, {
    method: "POST",
    headers: { host: "localhost", ...peerHeaderFor(`198.51.100.${n++}`), ...headers },
    body: JSON.stringify(body),
  });
}

describe("route handler boundary", () => {
  it("refuses a body whose media type is not exactly application/json; parameters are fine", async () => {
    for (const type of ["text/plain; application/json", "text/plain", "application/jsonx", "application/x-www-form-urlencoded"]) {
      const res = await postContact(post("http://localhost/api/contact-form", contact, { "content-type": type }), ctx);
      expect(res.status, type).toBe(400);
    }
    const { user } = await createExpert();
    const tokenRes = await postToken(
      post(
        "http://localhost/api/auth/token",
        { email: user.email, password: PASSWORD },
        { "content-type": "text/plain; application/json" },
      ),
      ctx,
    );
    expect(tokenRes.status).toBe(400);
    expect((await tokenRes.json()).error).toBe("Content-Type must be application/json");
    const ok = await postToken(
      post(
        "http://localhost/api/auth/token",
        { email: user.email, password: PASSWORD },
        { "content-type": "application/json; charset=utf-8" },
      ),
      ctx,
    );
    expect(ok.status).toBe(200);
    expect(
      (await postContact(post("http://localhost/api/contact-form", contact, { "content-type": "Application/JSON; charset=UTF-8" }), ctx))
        .status,
    ).toBe(200);
  });

  it("refuses a write whose Origin names another site, and allows its own origin or none", async () => {
    const { user } = await createExpert();
    const body = { email: user.email, password: PASSWORD };
    const evil = await postToken(
      post("http://localhost/api/auth/token", body, { "content-type": "application/json", origin: "https://evil.example" }),
      ctx,
    );
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject({ success: false, error: "Cross-origin requests are not allowed.", code: "CROSS_ORIGIN" });
    const nullOrigin = await postContact(
      post("http://localhost/api/contact-form", contact, { "content-type": "application/json", origin: "null" }),
      ctx,
    );
    expect(nullOrigin.status).toBe(403);
    expect(
      (
        await postToken(
          post("http://localhost/api/auth/token", body, { "content-type": "application/json", origin: "http://localhost" }),
          ctx,
        )
      ).status,
    ).toBe(200);
    expect((await postToken(post("http://localhost/api/auth/token", body, { "content-type": "application/json" }), ctx)).status).toBe(200);
  });

  it("a throttled sign-in answers 429 with Retry-After", async () => {
    const { user } = await createExpert();
    const ip = "198.51.100.250";
    const wrong = { email: user.email, password: "Wrong-Guess-123" };
    for (let i = 0; i < 10; i++)
      await postToken(post("http://localhost/api/auth/token", wrong, { "content-type": "application/json", ...peerHeaderFor(ip) }), ctx);
    const res = await postToken(
      post(
        "http://localhost/api/auth/token",
        { email: user.email, password: PASSWORD },
        { "content-type": "application/json", ...peerHeaderFor(ip) },
      ),
      ctx,
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await res.json()).error).toBe("Too many sign-in attempts. Try again in 15 minutes.");
  });
});
