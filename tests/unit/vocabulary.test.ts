import { describe, expect, it } from "vitest";
import { EXPERT_ROLE_TITLES, ROLE_FILTERS, ROLE_TITLE_LABELS, roleFilterTitles, storedRoleTitle } from "@/lib/vocabulary/roles";
import { DISTRICT_SIZES, fromPrismaDistrictSize, toPrismaDistrictSize } from "@/lib/vocabulary/districts";
import { CLIENT_FILTER_STATES, DIRECTORY_FILTER_STATES, US_STATES } from "@/lib/vocabulary/places";
import { labelOf, pick, valuesOf } from "@/lib/vocabulary/options";
import { PAYMENT_METHODS } from "@/lib/vocabulary/payments";
import { matchingTimeZone } from "@/lib/vocabulary/time";

describe("the directory's role filter", () => {
  it("offers exactly the spec's five labels, in its order", () => {
    expect(ROLE_FILTERS.map((f) => f.label)).toEqual(["Teacher", "Principal", "Administrator", "Superintendent", "Coordinator"]);
  });
  it("no label finds nobody: each names at least one role onboarding can store", () => {
    for (const filter of ROLE_FILTERS) {
      const titles = roleFilterTitles(filter.label);
      expect(titles.length, filter.label).toBeGreaterThan(0);
      for (const title of titles) expect(Object.values(ROLE_TITLE_LABELS), filter.label).toContain(title);
    }
  });
  it("every role onboarding can store sits under a label", () => {
    const covered = new Set(ROLE_FILTERS.flatMap((f) => f.roles));
    expect(EXPERT_ROLE_TITLES.filter((r) => !covered.has(r))).toEqual([]);
  });
  it("Administrator covers assistant principals and the director roles", () => {
    expect(roleFilterTitles("administrator")).toEqual(
      expect.arrayContaining(["Assistant Principal", "Curriculum Director", "Special Education Director"]),
    );
    expect(roleFilterTitles("princ")).toEqual([]); // free text adds no titles
  });
});

describe("role titles: one conversion between the spec's value and the stored label", () => {
  it("accepts the value or the label, in any case", () => {
    expect(storedRoleTitle("assistant-principal")).toBe("Assistant Principal");
    expect(storedRoleTitle(" Assistant principal ")).toBe("Assistant Principal");
    expect(storedRoleTitle("Principal")).toBe("Principal");
    expect(storedRoleTitle("dean")).toBeNull();
  });
});

describe("district sizes", () => {
  it("one list of four bands with the spec's labels", () => {
    expect(valuesOf(DISTRICT_SIZES)).toEqual(["small", "medium", "large", "very-large"]);
    expect(labelOf(DISTRICT_SIZES, "large")).toBe("Large (10,000-25,000)");
  });
  it("meets Prisma's identifier in one place, both ways", () => {
    expect(toPrismaDistrictSize("very-large")).toBe("very_large");
    expect(fromPrismaDistrictSize("very_large")).toBe("very-large");
    for (const v of valuesOf(DISTRICT_SIZES)) expect(fromPrismaDistrictSize(toPrismaDistrictSize(v))).toBe(v);
  });
});

describe("one list of states", () => {
  it("the filters' states are states of the one list", () => {
    const codes = valuesOf(US_STATES);
    expect(codes).toHaveLength(51);
    for (const s of [...DIRECTORY_FILTER_STATES, ...CLIENT_FILTER_STATES]) expect(codes).toContain(s);
    expect(pick(US_STATES, DIRECTORY_FILTER_STATES).map((s) => s.label)).toEqual([
      "California",
      "Texas",
      "New York",
      "Florida",
      "Illinois",
    ]);
  });
});

describe("labels", () => {
  it("shows the label of a known value, the value itself otherwise, null for none", () => {
    expect(labelOf(PAYMENT_METHODS, "bank_transfer")).toBe("Bank transfer (ACH)");
    expect(labelOf(PAYMENT_METHODS, "cheque")).toBe("cheque");
    expect(labelOf(PAYMENT_METHODS, null)).toBeNull();
  });
});

describe("the onboarding's time zone from the browser's", () => {
  it("keeps a listed zone, maps one with the same clock all year, and has none for the rest", () => {
    expect(matchingTimeZone("America/Chicago")).toBe("America/Chicago");
    expect(matchingTimeZone("America/Detroit")).toBe("America/New_York");
    expect(matchingTimeZone("America/Indiana/Knox")).toBe("America/Chicago");
    expect(matchingTimeZone("America/Boise")).toBe("America/Denver");
    // Arizona keeps no daylight time: no choice keeps its clock all year.
    expect(matchingTimeZone("America/Phoenix")).toBeNull();
    expect(matchingTimeZone("Europe/London")).toBeNull();
    expect(matchingTimeZone("Not/AZone")).toBeNull();
    expect(matchingTimeZone(null)).toBeNull();
  });
});
