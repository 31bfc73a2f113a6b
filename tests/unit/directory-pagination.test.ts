import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { pageItems, totalPages } from "@/lib/experts/directory-pagination";
import { activeFilterCount, filtersFromSearchParams, searchParamsFromFilters } from "@/lib/experts/schemas/directory";

describe("pagination maths", () => {
  it("counts pages of 12", () => {
    expect(totalPages(0, 12)).toBe(1);
    expect(totalPages(12, 12)).toBe(1);
    expect(totalPages(13, 12)).toBe(2);
    expect(totalPages(100_000, 12)).toBe(8334);
  });

  it("shows first, last and pages within 2 of the current, with ellipses", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 5)).toEqual([1, 2, 3, "ellipsis-end", 5]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 10)).toEqual([1, 2, 3, "ellipsis-end", 10]);
    expect(pageItems(5, 10)).toEqual([1, "ellipsis-start", 3, 4, 5, 6, 7, "ellipsis-end", 10]);
    expect(pageItems(10, 10)).toEqual([1, "ellipsis-start", 8, 9, 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, "ellipsis-end", 10]);
    expect(pageItems(99, 10)).toEqual([1, "ellipsis-start", 8, 9, 10]);
  });

  it("always holds first, last, current±2, in order, no duplicates", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (pages, cur) => {
        const current = Math.min(cur, pages);
        const items = pageItems(current, pages);
        const nums = items.filter((i): i is number => typeof i === "number");
        expect(nums[0]).toBe(1);
        expect(nums.at(-1)).toBe(pages);
        for (let p = Math.max(1, current - 2); p <= Math.min(pages, current + 2); p++) expect(nums).toContain(p);
        expect([...nums].sort((a, b) => a - b)).toEqual(nums);
        expect(new Set(nums).size).toBe(nums.length);
        for (const n of nums) expect(n === 1 || n === pages || Math.abs(n - current) <= 2).toBe(true);
      }),
    );
  });
});

describe("filters in the URL", () => {
  it("round-trips and drops defaults", () => {
    const { filters, view } = filtersFromSearchParams({ state: "CA", tag: "Leadership", rateMin: "100", page: "3", view: "table" });
    expect(filters).toMatchObject({ state: "CA", tag: "Leadership", rateMin: 100, page: 3, verification: "verified" });
    expect(view).toBe("table");
    expect(searchParamsFromFilters(filters, view).toString()).toBe("state=CA&tag=Leadership&rateMin=100&page=3&view=table");
    expect(activeFilterCount(filters)).toBe(3);
  });

  it("drops values that do not parse instead of failing", () => {
    const { filters } = filtersFromSearchParams({ state: "ZZ", rateMin: "abc", page: "-4", role: "Principal" });
    expect(filters).toMatchObject({ role: "Principal", page: 1 });
    expect(filters.state).toBeUndefined();
    expect(filters.rateMin).toBeUndefined();
  });
});
