import { describe, expect, it } from "vitest";
import { can, hasAnyRole, refusalFor, requirePermission, rolesWith } from "@/lib/accounts/permissions";

const as = (roles: ("admin" | "client" | "expert")[], impersonating = false) => ({ roles, primaryRole: roles[0], impersonating });

describe("the permission table", () => {
  it("gives each role its own areas and nothing else", () => {
    expect(can(as(["expert"]), "update:expert:own")).toBe(true);
    expect(can(as(["expert"]), "search:expert:any")).toBe(false);
    expect(can(as(["client"]), "search:expert:any")).toBe(true);
    expect(can(as(["client"]), "review:expert:any")).toBe(false);
    expect(can(as(["admin"]), "review:expert:any")).toBe(true);
    expect(can(as(["admin"]), "update:expert:own")).toBe(false);
    expect(can(as(["admin"]), "manage:platform:any")).toBe(true);
    for (const role of ["expert", "client"] as const) expect(can(as([role]), "manage:platform:any")).toBe(false);
    for (const role of ["expert", "client", "admin"] as const) expect(can(as([role]), "manage:account:own")).toBe(true);
    expect(can(null, "manage:account:own")).toBe(false);
  });

  it("an admin viewing as an expert acts as the expert, but may still stop impersonating", () => {
    const viewing = as(["expert"], true);
    expect(can(viewing, "update:expert:own")).toBe(true);
    expect(can(viewing, "review:expert:any")).toBe(false);
    expect(can(viewing, "manage:platform:any")).toBe(false);
    expect(can(viewing, "impersonate:user:any")).toBe(true);
    expect(can(as(["client"]), "impersonate:user:any")).toBe(false);
  });

  it("refuses with one wording: 401 signed out, 403 naming the roles that may", () => {
    expect(() => requirePermission(null, "update:expert:own")).toThrow("No authentication token");
    expect(() => requirePermission(as(["expert"]), "search:expert:any")).toThrow(
      "This area requires client or admin access. You are signed in as expert.",
    );
    expect(rolesWith("review:expert:any")).toEqual(["admin"]);
    expect(() => requirePermission(as(["client"]), "search:expert:any")).not.toThrow();
  });

  it("gates an area by role list (requireActor, apiRoute) with the same refusal wording", () => {
    expect(hasAnyRole(as(["client", "expert"]), ["expert"])).toBe(true);
    expect(hasAnyRole(as(["client"]), ["expert", "admin"])).toBe(false);
    expect(hasAnyRole(null, ["expert"])).toBe(false);
    expect(refusalFor(null, ["expert"])).toMatchObject({ code: "UNAUTHENTICATED", message: "No authentication token" });
    expect(refusalFor(as(["client"]), ["expert", "admin"])).toMatchObject({
      code: "FORBIDDEN",
      message: "This area requires expert or admin access. You are signed in as client.",
    });
  });
});
