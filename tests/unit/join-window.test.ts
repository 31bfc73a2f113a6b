import { describe, expect, it } from "vitest";
import { joinPhase, msToNextPhase } from "@/lib/meetings/join-window";

// "Join meeting" shows from 10 minutes before the start until the end.
describe("the join window", () => {
  const startsAt = "2026-12-03T15:00:00Z";
  const endsAt = "2026-12-03T15:45:00Z";
  const at = (iso: string) => new Date(iso).getTime();

  it("opens 10 minutes before the start and closes at the end", () => {
    expect(joinPhase(startsAt, endsAt, at("2026-12-03T14:49:59Z"))).toBe("before");
    expect(joinPhase(startsAt, endsAt, at("2026-12-03T14:50:00Z"))).toBe("open");
    expect(joinPhase(startsAt, endsAt, at("2026-12-03T15:44:59Z"))).toBe("open");
    expect(joinPhase(startsAt, endsAt, at("2026-12-03T15:45:00Z"))).toBe("over");
  });

  it("says when to look again", () => {
    expect(msToNextPhase(startsAt, endsAt, at("2026-12-03T14:40:00Z"))).toBe(600_000);
    expect(msToNextPhase(startsAt, endsAt, at("2026-12-03T15:00:00Z"))).toBe(45 * 60_000);
    expect(msToNextPhase(startsAt, endsAt, at("2026-12-03T16:00:00Z"))).toBeNull();
  });
});
