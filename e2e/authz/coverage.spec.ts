import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { FUZZ_TARGETS } from "../fuzz/targets";
import { builtActionRefs } from "../support/server-actions";
import { ROUTES } from "./routes";

// The matrix and the fuzzer are tables a person extends by hand. These checks make a forgotten
// row a failed test instead of a reviewer's catch: every page, every route handler method and
// every server action the production build can be called through must have its row.

const APP = path.resolve("app");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function filesNamed(dir: string, names: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesNamed(full, names);
    return names.includes(entry.name) ? [full] : [];
  });
}

/** "app/client/(area)/projects/[id]/page.tsx" → ["client", "projects", "[id]"] (groups dropped). */
function routeSegments(file: string): string[] {
  return path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith("@"));
}

/** Whether a row's concrete path ("/client/projects/{demoProjectId}?tab=x") fits a route's segments. */
function fits(segments: string[], rowPath: string): boolean {
  const parts = rowPath.split(/[?#]/)[0].split("/").filter(Boolean);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (/^\[\[?\.\.\./.test(s)) return s.startsWith("[[") || parts.length > i;
    if (parts[i] === undefined) return false;
    if (/^\[.+\]$/.test(s)) continue;
    // A static segment the row writes literally (a placeholder stands only for a dynamic one).
    if (parts[i] !== s) return false;
  }
  return parts.length === segments.length;
}

const label = (segments: string[]) => `/${segments.join("/")}`;

test.describe("every way in has its row", () => {
  test("every page has an access-matrix row", () => {
    const pageRows = ROUTES.filter((r) => r.kind === "page").map((r) => r.path);
    const missing = filesNamed(APP, ["page.tsx", "page.ts"])
      .map(routeSegments)
      .filter((segments) => !pageRows.some((p) => fits(segments, p)))
      .map(label);
    expect(missing, "pages without a row in e2e/authz/routes.ts").toEqual([]);
  });

  test("every route handler method has an access-matrix row and a fuzz target", () => {
    const apiRows = ROUTES.flatMap((r) => (r.kind === "api" ? [r] : []));
    const fuzzed = FUZZ_TARGETS.flatMap((t) => (t.http ? [t.http] : []));
    const missingRow: string[] = [];
    const missingFuzz: string[] = [];
    for (const file of filesNamed(APP, ["route.ts"])) {
      const source = readFileSync(file, "utf8");
      const segments = routeSegments(file);
      for (const method of METHODS) {
        const exported = new RegExp(`export\\s+(async\\s+)?(function|const)\\s+${method}\\b|export\\s*\\{[^}]*\\b${method}\\b`).test(
          source,
        );
        if (!exported) continue;
        const name = `${method} ${label(segments)}`;
        if (!apiRows.some((r) => r.method === method && fits(segments, r.path))) missingRow.push(name);
        if (method !== "GET" && !fuzzed.some((t) => t.method === method && fits(segments, t.path))) missingFuzz.push(name);
      }
    }
    expect(missingRow, "route handlers without a row in e2e/authz/routes.ts").toEqual([]);
    expect(missingFuzz, "route handlers that take input without a target in e2e/fuzz/targets.ts").toEqual([]);
  });

  test("every server action in the build has an access-matrix row and a fuzz target", () => {
    const rows = new Set(ROUTES.flatMap((r) => (r.kind === "action" ? [r.action] : [])));
    const targets = new Set(FUZZ_TARGETS.flatMap((t) => (t.action ? [t.action] : [])));
    const built = builtActionRefs();
    expect(built.length, "the build's server reference manifest lists the actions").toBeGreaterThan(0);
    expect(
      built.filter((ref) => !rows.has(ref)),
      "server actions without a row in e2e/authz/routes.ts",
    ).toEqual([]);
    expect(
      built.filter((ref) => !targets.has(ref)),
      "server actions without a target in e2e/fuzz/targets.ts",
    ).toEqual([]);
  });
});
