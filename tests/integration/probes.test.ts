import { describe, expect, it, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import * as database from "@/lib/platform/db";

describe("liveness and readiness", () => {
  it("/api/ready answers 200 with the round trip when PostgreSQL answers", async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { status: "ok" } });
  });

  it("/api/ready answers 503 when the database does not; /api/health still answers 200 and asks no database", async () => {
    const spy = vi.spyOn(database, "db").mockImplementation(() => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    });
    try {
      const down = await ready();
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ success: false, error: "Database unreachable" });
      const live = health();
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ success: true, data: { status: "ok" } });
      expect(spy).toHaveBeenCalledTimes(1); // the readiness probe only
    } finally {
      spy.mockRestore();
    }
  });
});
