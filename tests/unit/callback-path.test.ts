import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { safeCallbackPath } from "@/lib/accounts/route-rules";

const ORIGIN = "https://k12experts.example";

/** Where a browser on our site goes when told to navigate to `path`. */
const landsOn = (path: string) => new URL(path, `${ORIGIN}/login?callbackUrl=x`);

// Open-redirect strings from published bypass lists, and three that once got past this app's own check.
const BYPASSES = [
  "/.//evil.com",
  "/..//evil.com",
  "/%2e//evil.com",
  "/%2E//evil.com",
  "/%2e%2e//evil.com",
  "/./\\evil.com",
  "//evil.com",
  "///evil.com",
  "////evil.com/",
  "/\\evil.com",
  "/\\/evil.com",
  "\\\\evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r//evil.com",
  "/ /evil.com",
  "https://evil.com",
  "http:evil.com",
  "javascript:alert(1)",
  "//evil.com/%2f..",
  "/%09/evil.com",
  "/%5cevil.com",
  "/.%2f/evil.com",
  " /evil",
  "",
  "evil.com",
  "/x/../..//evil.com",
  "/a/..//evil.com",
  "/%2e%2e/%2e%2e//evil.com",
  "/.\\/evil.com",
];

describe("safeCallbackPath", () => {
  it("keeps ordinary paths with their query and fragment", () => {
    expect(safeCallbackPath("/admin/users?q=1")).toBe("/admin/users?q=1");
    expect(safeCallbackPath("/experts/abc#connect")).toBe("/experts/abc#connect");
    expect(safeCallbackPath("/payments")).toBe("/payments");
    expect(safeCallbackPath("/a/./b/../c")).toBe("/a/c");
    expect(safeCallbackPath(null)).toBeNull();
    expect(safeCallbackPath(undefined)).toBeNull();
  });

  it.each(BYPASSES)("refuses or defuses %j", (value) => {
    const out = safeCallbackPath(value);
    if (out !== null) {
      expect(landsOn(out).origin).toBe(ORIGIN);
      expect(out.startsWith("//")).toBe(false);
    }
  });

  it("refuses outright the three bypasses that once got through", () => {
    expect(safeCallbackPath("/.//evil.com")).toBeNull();
    expect(safeCallbackPath("/..//evil.com")).toBeNull();
    expect(safeCallbackPath("/%2e//evil.com")).toBeNull();
  });

  // Strings built from the characters that matter for URL parsing.
  const tricky = fc.string({
    unit: fc.constantFrom("/", "\\", ".", "%2e", "%2f", "%5c", "%09", "\t", "\n", ":", "@", "?", "#", "evil.com", "a", " ", "http:", "%"),
    maxLength: 12,
  });

  it("whatever it returns stays on our origin, starts with one slash and has no backslash (property)", () => {
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string(), fc.webUrl(), fc.webPath()), (value) => {
        const out = safeCallbackPath(value);
        if (out === null) return;
        expect(out.startsWith("/")).toBe(true);
        expect(out.startsWith("//")).toBe(false);
        expect(out.includes("\\")).toBe(false);
        expect(landsOn(out).origin).toBe(ORIGIN);
        // The answer is a fixed point: checking it again changes nothing.
        expect(safeCallbackPath(out)).toBe(out);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps every ordinary path it is given (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9_-]{1,12}$/), { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join("/")}`;
        expect(safeCallbackPath(path)).toBe(path);
      }),
    );
  });
});
