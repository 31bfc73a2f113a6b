import { describe, expect, it } from "vitest";
import { chartFromRows, monthLabel, niceMax, totalAt, weekLabel } from "@/lib/platform/charts/chart-data";

describe("chart data", () => {
  it("the scale's top is round, covers the largest bar, and halves to a whole number for counts", () => {
    expect(niceMax(0, true)).toBe(2);
    expect(niceMax(0, false)).toBe(1);
    expect(niceMax(1, true)).toBe(2);
    expect(niceMax(3, true)).toBe(4);
    expect(niceMax(5, true)).toBe(6);
    expect(niceMax(9, true)).toBe(10);
    expect(niceMax(15, true)).toBe(20);
    expect(niceMax(45_000, false)).toBe(50_000);
    expect(niceMax(45_001, false)).toBe(50_000);
    expect(niceMax(50_001, false)).toBe(100_000);
    expect(niceMax(100_000, false)).toBe(100_000);
    for (const max of [1, 2, 3, 7, 11, 19, 99, 101]) expect((niceMax(max, true) / 2) % 1, `half of ${niceMax(max, true)}`).toBe(0);
  });

  it("reads buckets as months and weeks", () => {
    expect(monthLabel("2026-11-01")).toBe("Nov");
    expect(monthLabel("2026-01-01", true)).toBe("Jan 2026");
    expect(weekLabel("2026-11-02")).toBe("Nov 2");
  });

  it("turns SQL rows (bigint counts) into series in bucket order, with stacked totals", () => {
    const chart = chartFromRows(
      [
        { bucket: "2026-10-01", a: 1n, b: 2n },
        { bucket: "2026-11-01", a: 3n, b: 0n },
      ],
      [
        { key: "a", label: "A" },
        { key: "b", label: "B" },
      ],
    );
    expect(chart).toEqual({
      buckets: ["2026-10-01", "2026-11-01"],
      series: [
        { key: "a", label: "A", values: [1, 3] },
        { key: "b", label: "B", values: [2, 0] },
      ],
    });
    expect([totalAt(chart, 0), totalAt(chart, 1)]).toEqual([3, 3]);
  });
});
