import { describe, expect, it } from "vitest";
import { directoryCondition, prefixQuery } from "@/lib/experts/directory-sql";
import { directoryFiltersSchema } from "@/lib/experts/schemas/directory";

describe("directory SQL", () => {
  it("turns free text into word prefixes, and nothing else into tsquery syntax", () => {
    expect(prefixQuery("Robot lit")).toBe("'robot':* & 'lit':*");
    expect(prefixQuery("K-12 & !(x) 'y'")).toBe("'k':* & '12':* & 'x':* & 'y':*");
    expect(prefixQuery("Élève")).toBe("'élève':*");
    expect(prefixQuery("!!! ---")).toBeNull();
  });

  it("keeps every value a parameter and takes %, _ and \\ in partial matches literally", () => {
    const condition = directoryCondition(
      directoryFiltersSchema.parse({ department: "50%_off\\", state: "CA", q: "'; DROP TABLE experts; --" }),
      "directory",
    );
    expect(condition.sql).not.toMatch(/DROP|50%/);
    expect(condition.values).toEqual(expect.arrayContaining(["verified", "CA", "%50\\%\\_off\\\\%", "'drop':* & 'table':* & 'experts':*"]));
  });

  it("matches nothing for a search box holding no word", () => {
    expect(directoryCondition(directoryFiltersSchema.parse({ q: "***" }), "directory").sql).toMatch(/FALSE$/);
  });
});
