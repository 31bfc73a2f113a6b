import { describe, expect, it } from "vitest";
import { sampleWeights, type WeightCell } from "@/lib/samples/weights";
import { proportionalTargets, universeShares } from "@/lib/samples/targets";
import { expertCellKey, roleGroupOf } from "@/lib/samples/cells";
import { censusRegionOf } from "@/lib/vocabulary/places";

const cell = (key: string, values: Record<string, string>, population: number): WeightCell => ({ key, values, population });

describe("post-stratification weights", () => {
  it("gives each completed engagement its cell's population share over its sample share", () => {
    // By hand: 4 completed, 3 in the city cell (population 30%) and 1 rural (population 70%).
    // city: 0.30 / (3/4) = 0.4; rural: 0.70 / (1/4) = 2.8. Check: 3 × 0.4 + 1 × 2.8 = 4 = n.
    const cells = [cell("city", { locale_group: "city" }, 0.3), cell("rural", { locale_group: "rural" }, 0.7)];
    const w = sampleWeights(
      cells,
      new Map([
        ["city", 3],
        ["rural", 1],
      ]),
    );
    expect(w.method).toBe("post-stratification");
    expect(w.byCell.get("city")).toBeCloseTo(0.4, 12);
    expect(w.byCell.get("rural")).toBeCloseTo(2.8, 12);
  });

  it("rakes to the margins when a populated cell has no one in it", () => {
    // Population: city·teacher .4, city·principal .1, rural·teacher .3, rural·principal .2, so the
    // margins are city .5, rural .5, teacher .7, principal .3. Completed: city·teacher 2,
    // city·principal 1, rural·teacher 1, rural·principal 0 (n = 4).
    // By hand: rural holds only rural·teacher, so its total is .5 × 4 = 2 → weight 2.
    // Principal holds only city·principal: .3 × 4 = 1.2 → weight 1.2.
    // City is .5 × 4 = 2, of which 1.2 is principal, so city·teacher totals 0.8 over 2 → 0.4.
    // Check teacher: 2 × 0.4 + 1 × 2 = 2.8 = .7 × 4.
    const cells = [
      cell("ct", { locale_group: "city", role: "teacher" }, 0.4),
      cell("cp", { locale_group: "city", role: "principal" }, 0.1),
      cell("rt", { locale_group: "rural", role: "teacher" }, 0.3),
      cell("rp", { locale_group: "rural", role: "principal" }, 0.2),
    ];
    const w = sampleWeights(
      cells,
      new Map([
        ["ct", 2],
        ["cp", 1],
        ["rt", 1],
      ]),
    );
    expect(w.method).toBe("raking");
    expect(w.converged).toBe(true);
    expect(w.byCell.get("ct")).toBeCloseTo(0.4, 8);
    expect(w.byCell.get("cp")).toBeCloseTo(1.2, 8);
    expect(w.byCell.get("rt")).toBeCloseTo(2, 8);
    expect(w.byCell.has("rp")).toBe(false);
  });

  it("gives nothing when nothing was completed", () => {
    expect(sampleWeights([cell("a", { role: "teacher" }, 1)], new Map()).byCell.size).toBe(0);
  });
});

describe("proportional targets", () => {
  it("splits the sample size by largest remainders", () => {
    // 7 × (.5, .3, .2) = 3.5, 2.1, 1.4 → floors 3, 2, 1 (6); the one left goes to the largest fraction (.5).
    const t = proportionalTargets(
      new Map([
        ["a", 0.5],
        ["b", 0.3],
        ["c", 0.2],
      ]),
      7,
    );
    expect([...t.values()]).toEqual([4, 2, 1]);
  });

  it("counts the universe by district or by enrollment, leaving out districts it cannot place", () => {
    const d = (localeGroup: string | null, enrollment: number | null) => ({
      localeGroup,
      enrollment,
      enrollmentBand: null,
      povertyQuartile: null,
      state: "OH",
    });
    const districts = [d("city", 9000), d("rural", 500), d("rural", 500), d(null, 100)];
    const cells = [{ locale_group: "city" }, { locale_group: "rural" }];
    const byDistrict = universeShares(["locale_group"], cells, districts, "district");
    expect(byDistrict.get("locale_group=city")).toBeCloseTo(1 / 3);
    const byEnrollment = universeShares(["locale_group"], cells, districts, "enrollment");
    expect(byEnrollment.get("locale_group=city")).toBeCloseTo(0.9);
  });
});

describe("an expert's cell", () => {
  const district = { localeGroup: "rural", enrollmentBand: "under_1000", povertyQuartile: 4, state: "TX" };
  it("comes from the linked district and the role group", () => {
    expect(censusRegionOf("tx")).toBe("south");
    expect(roleGroupOf("Curriculum Director")).toBe("administrator");
    expect(expertCellKey(["census_region", "poverty_quartile", "role"], { roleTitle: "Superintendent", district })).toBe(
      "census_region=south|poverty_quartile=4|role=superintendent",
    );
  });
  it("is unknown without a linked district when the plan needs one", () => {
    expect(expertCellKey(["locale_group"], { roleTitle: "Teacher", district: null })).toBeNull();
    expect(expertCellKey(["role"], { roleTitle: "Teacher", district: null })).toBe("role=teacher");
    expect(expertCellKey(["role"], { roleTitle: "Chief Wizard", district })).toBeNull();
  });
});
