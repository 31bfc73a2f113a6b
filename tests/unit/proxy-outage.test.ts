import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { isDatabaseDown, noteDatabaseReachable } from "@/lib/platform/db-outage";

const get = (path: string, method = "GET") => proxy(new NextRequest(`http://localhost${path}`, { method }));
const outage = () => isDatabaseDown(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));

afterEach(() => noteDatabaseReachable());

describe("proxy during a database outage", () => {
  it("answers a page that needs the database with a readable 503 and Retry-After", async () => {
    outage();
    const res = await get("/experts/7f1c2d1e-1111-4111-8111-111111111111");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain("Service temporarily unavailable");
  });

  it("still serves prerendered pages, /api-status, route handlers and posts", async () => {
    outage();
    for (const path of ["/", "/help-center", "/terms", "/api-status"]) expect((await get(path)).status, path).toBe(200);
    expect((await get("/api/experts-search")).status).toBe(200); // passed on: the handler answers its own 503
    expect((await get("/contact", "POST")).status).toBe(200);
  });

  it("lets pages through again once a connection succeeds", async () => {
    const profile = "/experts/7f1c2d1e-1111-4111-8111-111111111111";
    outage();
    expect((await get(profile)).status).toBe(503);
    noteDatabaseReachable();
    expect((await get(profile)).status).toBe(200);
  });
});
