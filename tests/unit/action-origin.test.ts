import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { crossOriginAction } from "@/lib/platform/security/action-origin";

const h = (init: Record<string, string>) => new Headers(init);

describe("crossOriginAction", () => {
  it("accepts the app's own origin, directly or behind a reverse proxy, and posts without Origin", () => {
    expect(crossOriginAction(h({ host: "localhost:3000", origin: "http://localhost:3000" }))).toBe(false);
    expect(
      crossOriginAction(h({ host: "127.0.0.1:3211", "x-forwarded-host": "k12experts.org, lb.internal", origin: "https://k12experts.org" })),
    ).toBe(false);
    expect(crossOriginAction(h({ host: "localhost:3000" }))).toBe(false);
  });

  it("refuses another site, a look-alike port or scheme-less host, and the opaque origin", () => {
    expect(crossOriginAction(h({ host: "localhost:3000", origin: "https://evil.example" }))).toBe(true);
    expect(crossOriginAction(h({ host: "localhost:3000", origin: "http://localhost:3001" }))).toBe(true);
    expect(crossOriginAction(h({ host: "localhost:3000", origin: "null" }))).toBe(true);
    expect(crossOriginAction(h({ host: "localhost:3000", origin: "localhost:3000" }))).toBe(true);
  });
});

describe("proxy", () => {
  it("answers a cross-origin server action with 403 and a message before Next runs it", async () => {
    const res = await proxy(
      new NextRequest("http://localhost:3000/dashboard", {
        method: "POST",
        headers: { "next-action": "abc123", origin: "https://evil.example", "content-type": "text/plain;charset=UTF-8" },
        body: "[{}]",
      }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: "Cross-origin requests are not allowed.", code: "FORBIDDEN" });
  });
});
